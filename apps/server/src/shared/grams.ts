/**
 * Chinese-friendly keyword search over the gram-indexed columns (docs/decisions/0008).
 *
 * Every searchable table stores `search_text` (its searchable fields, lower-cased) and `search_grams`
 * (every distinct 1- and 2-character gram of it) with a GIN index. A query is answered by
 * `search_grams @> <the query's grams>` (the index narrows the rows) followed by
 * `search_text LIKE %q%` (the exact check on those rows only). The SQL conditions built from these
 * grams are in src/db/gram-search.ts.
 */

/** The normalised form of a keyword: trimmed and lower-cased (as `search_text` is). */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().toLowerCase();
}

/**
 * The grams a text must contain to match `q` (already normalised): the character itself for a
 * one-character query, otherwise every distinct 2-character gram without white space. A query of
 * single characters separated by spaces falls back to its single characters.
 */
export function queryGrams(q: string): string[] {
  const chars = Array.from(q);
  if (chars.length === 1) return /\s/.test(q) ? [] : [q];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const gram = chars[i]! + chars[i + 1]!;
    if (!/\s/.test(gram)) grams.add(gram);
  }
  if (grams.size === 0) for (const c of chars) if (!/\s/.test(c)) grams.add(c);
  return [...grams];
}

/** `q` escaped for use inside a LIKE pattern (the default escape character is the backslash). */
export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The [start, end) ranges (JavaScript string indices) of every non-overlapping, case-insensitive
 * occurrence of `q` in `text`.
 */
export function highlightRanges(text: string, q: string): Array<[number, number]> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  const lowered = text.toLowerCase();
  // Lower-casing may change the length of a few letters (İ): then only exact-case matches count.
  const haystack = lowered.length === text.length ? lowered : text;
  const ranges: Array<[number, number]> = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    ranges.push([at, at + needle.length]);
  }
  return ranges;
}
