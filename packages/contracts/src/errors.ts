import { z } from 'zod';
import { errorCodes, type errorCatalogue } from './constants/errors.js';

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

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
