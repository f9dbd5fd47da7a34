/** Cart item ids from `?ids=3,5,8` (the form the API accepts), without repeats; null when there are none or the value is malformed. */
export function idsFrom(value: string | null | undefined): number[] | null {
  if (!value || !/^\d{1,10}(,\d{1,10}){0,499}$/.test(value)) return null;
  const ids = [...new Set(value.split(',').map(Number))];
  return ids.every((id) => id >= 1 && id <= 2_147_483_647) ? ids : null;
}

/** A positive id from the query string (`?id=12`), or null. */
export function idFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
