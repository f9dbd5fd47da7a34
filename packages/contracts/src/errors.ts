import { z } from 'zod';

/** Stable, English error codes the clients (web and mini-program) may branch on. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'limit_exceeded',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ValidationIssue = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.account"'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** The one error shape every /api response uses. */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string().describe('Chinese, for people'),
      details: z.array(ValidationIssue).optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
