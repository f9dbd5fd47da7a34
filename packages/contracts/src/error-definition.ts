import type { z } from 'zod';

/**
 * One error code: the HTTP status it goes with, the default message for people (Chinese), and, when
 * the answer carries more than a message, the schema of its `details`.
 */
export interface ErrorDefinition {
  status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 429 | 431 | 500 | 503;
  message: string;
  details?: z.ZodType;
}

/** Declares a module's own error codes (see `sample.errors.ts`); they join the catalogue below. */
export function defineErrors<const T extends Record<string, ErrorDefinition>>(definitions: T): T {
  return definitions;
}
