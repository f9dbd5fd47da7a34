import { defineErrors } from '../error-definition.js';
import { commerceErrors } from '../commerce.errors.js';
import { companyErrors } from '../company.errors.js';
import { excipientErrors } from '../excipient.errors.js';
import { quoteErrors } from '../quote.errors.js';
import { documentRequestErrors } from '../document-request.errors.js';
import { changeNoticeErrors } from '../change-notice.errors.js';
import { batchErrors } from '../batch.errors.js';
import { salesOrderErrors } from '../sales-order.errors.js';
import { sampleErrors } from '../sample.errors.js';
import { verificationErrors } from '../verification.errors.js';

/** The codes every part of the API uses. */
const coreErrors = defineErrors({
  bad_request: { status: 400, message: '请求有误' },
  validation_failed: { status: 400, message: '提交的内容不符合要求' },
  unauthorized: { status: 401, message: '请先登录' },
  forbidden: { status: 403, message: '没有权限执行此操作' },
  not_found: { status: 404, message: '请求的内容不存在' },
  request_timeout: { status: 408, message: '请求超时，请重试' },
  conflict: { status: 409, message: '操作与当前状态冲突' },
  payload_too_large: { status: 413, message: '提交的内容过大' },
  uri_too_long: { status: 414, message: '请求的网址过长' },
  unsupported_media_type: { status: 415, message: '不支持的内容类型' },
  too_many_requests: { status: 429, message: '操作过于频繁，请稍后再试' },
  headers_too_large: { status: 431, message: '请求头过大' },
  internal_error: { status: 500, message: '服务器开小差了，请稍后再试' },
  service_unavailable: { status: 503, message: '服务暂不可用，请稍后再试' },
});

/**
 * Every error code of the API: the core codes and each module's own. Stable English slugs the clients
 * (web and mini-program) may branch on; a module adds codes with `defineErrors` in its own file and
 * spreads them in here.
 */
export const errorCatalogue = { ...coreErrors, ...sampleErrors, ...verificationErrors, ...commerceErrors, ...companyErrors, ...quoteErrors, ...salesOrderErrors, ...documentRequestErrors, ...changeNoticeErrors, ...batchErrors, ...excipientErrors } as const;

/** The codes, for a client that checks an answer's code without zod. */
export const errorCodes = Object.keys(errorCatalogue) as [keyof typeof errorCatalogue, ...(keyof typeof errorCatalogue)[]];
