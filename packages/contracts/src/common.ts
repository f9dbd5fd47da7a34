import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants/information.js';

/** Query parameters of every paged list: `page` counts from 1, `pageSize` is at most 100. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Every list answers `{ items, totalCount }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int().min(0) });
}
export type Page<T> = { items: T[]; totalCount: number };

/** The largest id an integer column holds. */
export const MAX_ID = 2_147_483_647;

/** The id of a row in a request body: a positive integer an integer column holds. */
export const Id = z.number().int().min(1).max(MAX_ID);

/** How a URL writes an id: decimal digits, no sign, no leading zero, no spaces, no exponent. */
const CANONICAL_ID = /^[1-9][0-9]*$/;

/**
 * An id in a path: a positive integer an integer column holds, written one way only. `0x1`, `1e0`,
 * `+1`, `01` and ` 1` are not another spelling of order 1: they name no row (400), so that one row has
 * one address (caches, logs and authorization checks all see the same path; docs/decisions/0039).
 */
export const PathId = z.preprocess((value, context) => {
  if (typeof value !== 'string') return value;
  if (CANONICAL_ID.test(value)) return Number(value);
  context.issues.push({ code: 'custom', message: '编号应为不以 0 开头的十进制数字', input: value });
  return value;
}, Id);

/** `{id}` in a path: a positive integer. */
export const IdParams = z.object({ id: PathId });
export type IdParams = z.infer<typeof IdParams>;
