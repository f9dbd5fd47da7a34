import { customType } from 'drizzle-orm/pg-core';

/** A Postgres `text[]` (the gram columns of searchable tables). */
export const textArray = customType<{ data: string[]; driverData: string[] }>({ dataType: () => 'text[]' });

/**
 * The values of a contract enum (`SomeEnum.options`) as the non-empty tuple `pgEnum` and
 * `text(..., { enum })` expect, so that a value list is written once, in the contract.
 */
export function enumValues<T extends string>(schema: { options: readonly T[] }): [T, ...T[]] {
  return schema.options as [T, ...T[]];
}
