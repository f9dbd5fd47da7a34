import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorCode, type ErrorDetails, type ErrorResponse, type ValidationIssue } from '@fuliaotong/contracts';
import { quietAbortedResponses } from './aborted-responses.js';

/** The one error class of the API: a stable code, a Chinese message, the HTTP status that goes with it. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  constructor(
    readonly code: C,
    message: string = errorCatalogue[code].message,
    readonly details?: ErrorDetails<C>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

/** A 400 naming the fields at fault (`path` like `body.specs.1.grade`), the first one's message as the summary. */
export function validationError(issues: ValidationIssue[]): AppError<'validation_failed'> {
  return new AppError('validation_failed', issues[0]!.message, issues);
}

const defaultMessage = (code: ErrorCode) => errorCatalogue[code].message;

export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  details?: ErrorResponse['error']['details'],
): ErrorResponse {
  return { error: { code, message, ...(details ? { details } : {}), requestId: String(request.id) } };
}

function sendError(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Maps every error to the one error shape; 5xx details never reach the client. A client that closes
 * the connection during a response is logged at debug, not as an error (aborted-responses.ts).
 */
export function registerErrorHandling(app: FastifyInstance) {
  quietAbortedResponses(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.status, errorBody(request, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        path: [context, ...String(issue.instancePath ?? '').split('/').filter(Boolean)].join('.'),
        message: issue.message ?? '格式不正确',
      }));
      return sendError(reply, 400, errorBody(request, 'validation_failed', defaultMessage('validation_failed'), details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return sendError(reply, 500, errorBody(request, 'internal_error', defaultMessage('internal_error')));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, status, errorBody(request, status === 503 ? 'service_unavailable' : 'internal_error', defaultMessage('internal_error')));
    }
    const code = codeOfFastifyError(error, status);
    return sendError(reply, status, errorBody(request, code, messageOfFastifyError(error, code)));
  });
}

function codeOfFastifyError(error: FastifyError, status: number): ErrorCode {
  const byStatus = (Object.keys(errorCatalogue) as ErrorCode[]).find(
    (code) => errorCatalogue[code].status === status && code !== 'validation_failed',
  );
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  return byStatus ?? 'bad_request';
}

function messageOfFastifyError(error: FastifyError, code: ErrorCode): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求体不是有效的 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '提交的内容过大';
    case 'FST_REQ_FILE_TOO_LARGE':
      // Uploads read through readUpload name their own limit; this is only a fallback.
      return '上传的文件过大';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '请以 multipart/form-data 上传文件';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的内容类型';
    default:
      return defaultMessage(code);
  }
}

/**
 * Requests the router refuses before any route sees them — a path with a broken percent escape, a path
 * parameter beyond the router's length limit — get the API's error shape too (Fastify's own answer is
 * English and of another shape). Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No route, so no onSend hook either: the request id header is set here.
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, 400, errorBody(request, 'bad_request', '网址格式不正确'));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, errorBody(request, 'uri_too_long', defaultMessage('uri_too_long')));
  } else {
    request.log.error({ err: error }, 'router error');
    void sendError(reply, 500, errorBody(request, 'internal_error', defaultMessage('internal_error')));
  }
}

/** How much of the path a 404 repeats: a path can be as long as the HTTP parser allows (16 KB). */
const NOT_FOUND_PATH_MAX = 200;

export function notFoundBody(request: FastifyRequest): ErrorResponse {
  const path = request.url.split('?')[0]!;
  const shown = path.length > NOT_FOUND_PATH_MAX ? `${path.slice(0, NOT_FOUND_PATH_MAX)}…` : path;
  return errorBody(request, 'not_found', `接口不存在：${request.method} ${shown}`);
}
