import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

/**
 * PDFs read back as a reader's software reads them: poppler's command-line tools (Debian's
 * poppler-utils, which .ci/run installs), given the file on standard input.
 */
const poppler = (command: string, args: string[], pdf: Buffer) => execFileSync(command, args, { input: pdf, maxBuffer: 64 * 2 ** 20 });

/**
 * The text, line by line, as `pdftotext` reads it (through each font's ToUnicode map): a run of spaces
 * reads as one. With `layout`, as laid out on the page: a table's row is one line, its cells apart.
 */
export function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  return poppler('pdftotext', ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), '-', '-'], pdf).toString('utf8');
}

export interface PdfFont {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** Every font the pages use, as `pdffonts` lists them. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = poppler('pdffonts', ['-'], pdf).toString('utf8').trimEnd().split('\n');
  // name, type (two or three words), encoding, emb, sub, uni, object, generation
  return lines.slice(2).map((line) => {
    const match = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line);
    if (!match) throw new Error(`pdffonts line not understood: ${line}`);
    const [, name, type, encoding, emb, sub, uni] = match;
    return { name: name!, type: type!, encoding: encoding!, embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
  });
}

/** The document information as `pdfinfo` states it (Title, Producer, CreationDate, Pages, PDF version, …). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of poppler('pdfinfo', ['-isodates', '-'], pdf).toString('utf8').split('\n')) {
    const match = /^([^:]+):\s+(.*)$/.exec(line);
    if (match) info[match[1]!] = match[2]!;
  }
  return info;
}

/** The catalogue's XMP metadata packet, as `pdfinfo -meta` prints it. */
export function pdfMetadata(pdf: Buffer): string {
  return poppler('pdfinfo', ['-meta', '-'], pdf).toString('utf8');
}

/** A page rendered by `pdftoppm` in shades of grey (0 black … 255 white), one byte a pixel, row by row. */
export interface RenderedPage {
  width: number;
  height: number;
  pixels: Buffer;
}

export function renderPage(pdf: Buffer, page: number, dpi: number): RenderedPage {
  const pgm = poppler('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-'], pdf);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm gave no greymap');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length, header[0].length + width * height) };
}

/** The file's objects that are not streams, by number, as written (the writer leaves them uncompressed). */
export function pdfObjects(pdf: Buffer): Map<number, string> {
  const objects = new Map<number, string>();
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(/(?:^|\n)(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(match[1]), match[2]!);
  return objects;
}

/** The data of stream object `number`, inflated when it is compressed. */
export function pdfStream(pdf: Buffer, number: number): Buffer {
  const source = pdf.toString('latin1');
  const match = new RegExp(`(?:^|\\n)${number} 0 obj\\n(<<[\\s\\S]*?>>)\\nstream\\n`).exec(source);
  if (!match) throw new Error(`no stream object ${number}`);
  const length = Number(/\/Length (\d+)/.exec(match[1]!)![1]);
  const start = match.index + match[0].length;
  const data = pdf.subarray(start, start + length);
  return match[1]!.includes('/FlateDecode') ? inflateSync(data) : data;
}

/** The trailer dictionary. */
export function pdfTrailer(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return source.slice(source.lastIndexOf('trailer'), source.lastIndexOf('startxref'));
}
