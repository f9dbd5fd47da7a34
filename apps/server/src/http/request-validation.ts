import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A code unit of a UTF-16 surrogate pair without its other half (`"x\ud800y"` in a JSON body). Such
 * a string is no text: UTF-8 cannot hold it, and PostgreSQL refuses it in a JSON column (the audit log,
 * the site's settings), so it must never get past the request's parsing.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const LONE_SURROGATE_MESSAGE = '不能包含无效的字符（不成对的 Unicode 代理项）';

type Path = Array<string | number>;

/** The path of every string (or object key) in `value` that holds a lone surrogate. */
function loneSurrogates(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => loneSurrogates(item, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) found.push([...path, key]);
      loneSurrogates(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * The validator of every route with a schema (the whole endpoint table: params, query, body and
 * headers alike): a string with a lone surrogate anywhere is a validation failure of its own, reported
 * like any other (400 `validation_failed`, the field's path), before the route's schema reads the value
 * (docs/decisions/0039).
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) =>
  zodValidatorCompiler({
    ...route,
    schema: z.preprocess((value, context) => {
      for (const path of loneSurrogates(value)) context.issues.push({ code: 'custom', message: LONE_SURROGATE_MESSAGE, path, input: value });
      return value;
    }, route.schema as z.ZodType),
  });
