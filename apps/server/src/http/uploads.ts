import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The bytes of the one file of a multipart upload (field `file`), at most `maxBytes` long: every
 * upload endpoint reads its file this way. A request that is not multipart is a 415; a missing file,
 * an empty one, or a body the multipart parser refuses (no boundary, cut short) is a 400 in Chinese;
 * a file over the limit is a 413 naming what was uploaded and this endpoint's own limit
 * (文件过大，COA 文件不能超过 10 MB).
 */
export async function readUpload(request: FastifyRequest, options: { maxBytes: number; what: string }): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', `请以 multipart/form-data 上传${options.what}`);
  let bytes: Buffer;
  let filename: string;
  try {
    const file = await request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
    if (!file || file.fieldname !== 'file') throw new AppError('bad_request', `请选择要上传的${options.what}（字段 file）`);
    filename = file.filename;
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `文件过大，${options.what}不能超过 ${sizeText(options.maxBytes)}`);
    }
    if (error instanceof AppError || typeof (error as FastifyError).statusCode === 'number') throw error;
    throw new AppError('bad_request', '上传的内容不完整或格式不正确');
  }
  if (bytes.length === 0) throw new AppError('bad_request', `${options.what}文件为空`);
  return { bytes, filename };
}

/** A size limit as people read it: whole megabytes (2 MB), otherwise kilobytes (512 KB). */
export function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Answers a PDF as a download with its (Chinese) file name, never sniffed or run as anything else. */
export function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  const ascii = filename.replace(/[^\w.-]+/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** An Excel workbook to download, named in Chinese (with an ASCII name for old clients); never cached. */
export function sendWorkbook(reply: FastifyReply, bytes: Buffer, asciiName: string, name: string): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * A private file of one user's or the staff's (a bank slip, an invoice): a PDF as `sendPdf` sends it,
 * anything else under its stored type, never sniffed, run or cached.
 */
export function sendPrivateFile(reply: FastifyReply, file: { contentType: string; bytes: Buffer }, filename: string): FastifyReply {
  if (file.contentType === 'application/pdf') return sendPdf(reply, file.bytes, filename);
  const ascii = filename.replace(/[^\w.-]+/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** A stored image (an avatar, an article's picture) under an address that never changes: cached for a year. */
export function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(image.bytes);
}
