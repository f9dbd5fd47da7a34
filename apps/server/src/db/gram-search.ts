import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike, queryGrams } from '../shared/grams.js';

/*
 * The SQL of the Chinese-friendly keyword search over the gram-indexed columns, shared by the
 * repositories of every searchable table (docs/decisions/0008; the grams themselves: modules/search/grams.ts).
 */

/** A `text[]` literal of parameters. */
export function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The condition "`text` contains `q`" tested row by row: `text LIKE '%q%'`, exact on its own (every gram
 * of `q` is a gram of a text that contains it). For rows that are read anyway (a walk of another index).
 */
export function containsText(text: AnyColumn | SQL, q: string): SQL {
  return sql`${text} LIKE ${`%${escapeLike(q)}%`}`;
}

/**
 * The condition "`text` contains `q`" using the gram index: `grams @> ARRAY[...] AND text LIKE '%q%'`
 * (the grams alone for a query that is a single gram).
 * `grams` and `text` are the indexed gram expression and the lower-cased text it was built from.
 * `q` must be normalised (see normaliseKeyword) and non-empty.
 */
export function containsCondition(grams: AnyColumn | SQL, text: AnyColumn | SQL, q: string): SQL {
  const wanted = queryGrams(q);
  const like = containsText(text, q);
  if (wanted.length === 0) return like;
  // A query of one or two characters without white space is itself one of the grams: containing the
  // gram is containing the query, so the LIKE would only cost time and spoil the planner's estimate.
  if (wanted.length === 1 && wanted[0] === q) return sql`${grams} @> ${textArray(wanted)}`;
  return sql`(${grams} @> ${textArray(wanted)} AND ${like})`;
}

/** The ordering that puts exact name matches first, then names starting with `q` (`q` normalised). */
export function nameRank(name: AnyColumn | SQL, q: string): SQL[] {
  return [sql`(lower(${name}) = ${q}) DESC`, sql`(lower(${name}) LIKE ${`${escapeLike(q)}%`}) DESC`];
}
