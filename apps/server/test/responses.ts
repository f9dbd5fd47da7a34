import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

/**
 * The body of an answer parsed with the contract's schema — the success body's (a named schema, or
 * `endpoints.<operation>.responses[status]`) or `ErrorResponse` — so that a test reads checked, typed
 * fields and never untyped JSON. A body that does not match fails with the status and the body.
 */
export function parsed<Schema extends z.ZodType>(response: LightMyRequestResponse, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(response.json());
  if (result.success) return result.data;
  throw new Error(
    `the ${response.statusCode} answer does not match the schema:\n${z.prettifyError(result.error)}\n${response.body}`,
  );
}
