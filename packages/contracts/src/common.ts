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

/** `{id}` in a path: a positive integer. */
export const IdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
export type IdParams = z.infer<typeof IdParams>;
