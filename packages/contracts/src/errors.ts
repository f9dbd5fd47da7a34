import { z } from 'zod';
import { defineErrors } from './error-definition.js';
import { sampleErrors } from './sample.errors.js';

/** The codes every part of the API uses. */
const coreErrors = defineErrors({
  bad_request: { status: 400, message: '请求有误' },
  validation_failed: { status: 400, message: '提交的内容不符合要求' },
  unauthorized: { status: 401, message: '请先登录' },
  forbidden: { status: 403, message: '没有权限执行此操作' },
  not_found: { status: 404, message: '请求的内容不存在' },
  conflict: { status: 409, message: '操作与当前状态冲突' },
  payload_too_large: { status: 413, message: '提交的内容过大' },
  unsupported_media_type: { status: 415, message: '不支持的内容类型' },
  too_many_requests: { status: 429, message: '操作过于频繁，请稍后再试' },
  internal_error: { status: 500, message: '服务器开小差了，请稍后再试' },
  service_unavailable: { status: 503, message: '服务暂不可用，请稍后再试' },
});

/**
 * Every error code of the API: the core codes and each module's own. Stable English slugs the clients
 * (web and mini-program) may branch on; a module adds codes with `defineErrors` in its own file and
 * spreads them in here.
 */
export const errorCatalogue = { ...coreErrors, ...sampleErrors } as const;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];
export const ErrorCode = z.enum(errorCodes);

export const ValidationIssue = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.account"'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** The `details` an error code carries: validation issues by default, or the code's own schema. */
export type ErrorDetails<C extends ErrorCode> = (typeof errorCatalogue)[C] extends { details: z.ZodType }
  ? z.output<(typeof errorCatalogue)[C]['details']>
  : ValidationIssue[];

/** The one error shape every /api response uses. */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string().describe('Chinese, for people'),
      details: z
        .union([z.array(ValidationIssue), z.record(z.string(), z.unknown())])
        .optional()
        .describe('validation_failed: the issues, one per field; other codes: what the code declares'),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
