import { z } from 'zod';
import type { RegistrationQuery } from '@fuliaotong/contracts';
import { validationError } from '../../http/errors.js';
import { normaliseKeyword, queryGrams } from '../../shared/grams.js';

/*
 * The terms a registration record is found by in its gram index, beside the grams of its text
 * (docs/decisions/0076). They are written by fl_registration_terms (migration 0034): keep the two in step.
 * Each starts with U+0001 and is at least three characters long, so no gram (one or two characters)
 * can be mistaken for one.
 */
const MARK = '\u0001';

/** The record's whole name, lower-cased. */
export const nameTerm = (keyword: string): string => `${MARK}=${keyword}`;

/** Names are indexed by their first one to this many characters. */
export const NAME_PREFIX_TERM_LENGTH = 4;

/** "The name starts with `keyword`", for a keyword of at most NAME_PREFIX_TERM_LENGTH characters (else undefined). */
export const prefixTerm = (keyword: string): string | undefined =>
  Array.from(keyword).length <= NAME_PREFIX_TERM_LENGTH ? `${MARK}^${keyword}` : undefined;

/** The terms of the list's filters that the index holds: type, review result and province. */
export function filterTerms(query: Pick<RegistrationQuery, 'type' | 'status' | 'province'>): string[] {
  const terms: string[] = [];
  if (query.type) terms.push(`${MARK}t${query.type}`);
  if (query.status) terms.push(`${MARK}s${query.status}`);
  if (query.province) terms.push(`${MARK}p${query.province}`);
  return terms;
}

/**
 * The keyword's terms in the gram index, and whether holding them is matching the keyword (a keyword
 * that is itself one gram); otherwise the text must still be tested (LIKE).
 */
export function keywordTerms(keyword: string): { terms: string[]; exact: boolean } {
  const q = normaliseKeyword(keyword);
  if (!q) return { terms: [], exact: true };
  const grams = queryGrams(q);
  return { terms: grams, exact: grams.length === 1 && grams[0] === q };
}

/* --------------------------------------------------------------------------------------------- */
/* Cursors: where the next page of a list starts, in the list's order.                             */

/** After a record in date order (`tier`: the relevance tier, 0 for the other orders). */
const DateCursor = z.object({ k: z.number().int().min(0).max(2), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), i: z.number().int().min(0) });
/** After a registration number. */
const RegNoCursor = z.object({ r: z.string().min(1).max(40) });

export type Cursor = z.infer<typeof DateCursor> | z.infer<typeof RegNoCursor>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const invalidCursor = () => validationError([{ path: 'querystring.after', message: '翻页位置无效，请回到第一页' }]);

/** The cursor of `after` for a list in `sort` order; a 400 when it is not one this list wrote. */
export function decodeCursor(after: string, sort: RegistrationQuery['sort']): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = (sort === 'regno_asc' || sort === 'regno_desc' ? RegNoCursor : DateCursor).safeParse(value);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}
