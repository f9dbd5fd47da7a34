import fc from 'fast-check';

/*
 * Input a client should never send, for the fuzz test (src/http/endpoint-fuzz.test.ts): control
 * characters, huge strings, numbers out of every range, impossible dates, wrong types, and the ways to
 * change a valid JSON value, query or path into a bad one. Every arbitrary here is plain data, so that
 * a failing request prints as it was sent.
 */

/**
 * A C0 control character: NUL (which PostgreSQL refuses in text outright, so it comes most often) and
 * the rest below U+0020 (tab, line feed and carriage return included).
 */
export const controlCharacter = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
);

/** About 100 KB and more: far beyond every limit of the API (the body limit is 1 MB). */
export const hugeString = fc
  .record({
    head: fc.constantFrom('', '乳糖', '1', 'a@b.cn'),
    unit: fc.constantFrom('x', '汉', '9', ' ', '\u0000', '%', '\t'),
    length: fc.constantFrom(100_000, 150_000),
  })
  .map(({ head, unit, length }) => head + unit.repeat(length));

/**
 * Integers just beyond what the database's columns hold (int4, and 2^53 where JavaScript stops
 * counting exactly): the most frequent cause of a 500 ("value out of range") when a schema forgets a
 * bound. Kept apart so that they come often.
 */
export const beyondColumns = fc.constantFrom('2147483648', '9007199254740991', '4294967296', '-2147483649', '99999999999');

/** Numbers in strings, as a query or a path carries them: out of range, not integers, with junk. */
export const junkNumberString = fc.constantFrom(
  '-1',
  '0',
  '-0',
  '1.5',
  '0.0000001',
  '2147483647',
  '9007199254740993',
  '1e308',
  '1e999',
  '-1e308',
  '1abc',
  ' 1',
  '1 ',
  '0x10',
  '1e3',
  '+1',
  '--1',
  '1,2',
  '1;2',
  '00000000001',
  '١٢',
  'Infinity',
  '-Infinity',
  'NaN',
  '9'.repeat(400),
);

/** Dates that do not exist, or not in the expected form. */
export const oddDate = fc.constantFrom(
  '2024-02-30',
  '2024-13-45',
  '2023-02-29',
  '0000-00-00',
  '9999-99-99',
  '2024-00-10',
  '2024-2-3',
  '20240230',
  '2024-02-29T25:00:00Z',
  '+275760-09-13',
  '-001-01-01',
  '9999-12-31',
  '0001-01-01',
);

/** Strings that break naive code: empty, blank, unpaired surrogates, markup, SQL, paths, look-alike JSON. */
export const oddString = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  '\uD800',
  'a\uDC00b',
  '\uFFFF',
  '\uFEFF',
  '🧪🧪',
  '\u202Eabc',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '\\',
  '"',
  '{}',
  '[]',
  'null',
  'true',
  '__proto__',
  'constructor',
  'toString',
  'ＡＢＣ１２３',
  '*',
  '_%',
);

/** A string with a control character before, inside or after ordinary text. */
export const controlString = fc
  .record({ before: fc.constantFrom('', '乳糖', 'abc', '13800138000'), c: controlCharacter, after: fc.constantFrom('', 'x', '1') })
  .map(({ before, c, after }) => before + c + after);

/**
 * A string with half of a surrogate pair (`"x\ud800y"`): JSON carries it, UTF-8 and PostgreSQL's JSON
 * columns cannot, so every endpoint must refuse it at the request's parsing.
 */
export const loneSurrogateString = fc
  .record({ before: fc.constantFrom('', '乳糖', 'abc', '13800138000'), half: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'), after: fc.constantFrom('', 'y', '🧪') })
  .map(({ before, half, after }) => before + half + after);

/**
 * Host headers that name no host (credentials, a broken IPv6 literal, a path, a port out of range).
 * No answer may depend on them: pages are rendered for SITE_URL, the page cache keys without Host.
 */
export const malformedHost = fc.constantFrom(
  'a.example:80@127.0.0.1',
  'user:pw@127.0.0.1',
  '[::1',
  '[::1]:x',
  '::1',
  'a.example:99999',
  'a.example:-1',
  'a.example/path',
  'a.example?x=1',
  'a.example#x',
  '%61.example',
  'a b',
  '@',
  ':',
  '[',
  '',
  'x'.repeat(300),
);

/** A non-canonical spelling of an id in a path: it must name no row (400 or 404), never the row `id` names. */
export const nonCanonicalId = (id: number) =>
  fc.constantFrom(`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `%2B${id}`, `0${id}`, `000${id}`, `%20${id}`, `${id}%20`, `${id}.0`, `${id}.`, `0b${id.toString(2)}`, `0o${id.toString(8)}`, `%09${id}`);

export const hostileString = fc.oneof(
  { weight: 2, arbitrary: beyondColumns },
  { weight: 2, arbitrary: controlString },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: junkNumberString },
  { weight: 1, arbitrary: oddDate },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: loneSurrogateString },
);

/** Numbers a JSON body can carry beyond every range: past int4 and 2^53, negative, zero, fractions, huge. */
export const hostileNumber = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(2 ** 31, 2 ** 53 - 1, 2 ** 32, -(2 ** 31) - 1, 2 ** 53 + 2) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31 - 1, 1e21, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE) },
);

/** Any value of the wrong kind: strings, numbers, booleans, null, empty and nested containers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  fc.constantFrom(true, false, null, [], {}, [[]], [null], { '': '' }, JSON.parse('{"__proto__":{"role":"staff"}}') as unknown),
  fc.jsonValue({ maxDepth: 2 }),
);

/* ------------------------------------- JSON values ------------------------------------- */

type Path = Array<string | number>;

/** Every place in a JSON value (the root first), with its path. */
function placesOf(value: unknown, path: Path = []): Path[] {
  const places: Path[] = [path];
  if (Array.isArray(value)) value.forEach((item, i) => places.push(...placesOf(item, [...path, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...path, key]));
  }
  return places;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), value);
}

/** A copy of `value` with the value at `path` replaced by what `change` makes of it (`undefined` deletes it). */
function changedAt(value: unknown, path: Path, change: (old: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return (value as unknown[]).map((item, i) => (i === head ? changedAt(item, rest, change) : item));
  // Entries, not assignments: a key named __proto__ stays a key.
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([key, item]): Array<[string, unknown]> => {
    if (key !== head) return [[key, item]];
    const next = changedAt(item, rest, change);
    return next === undefined ? [] : [[key, next]];
  });
  return Object.fromEntries(entries);
}

/** Every string in `value` passed through `f`. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, f));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, f)]));
  }
  return value;
}

const pathText = (path: Path) => (path.length === 0 ? '(root)' : path.join('.'));

export interface Changed<T> {
  value: T;
  /** What was changed, for the report. */
  change: string;
  /** The change makes any request bad: the answer must be an error (4xx). */
  refused?: boolean;
}

/**
 * A valid JSON value made bad in one way: one place replaced by a hostile value, deleted, wrapped in
 * an array, turned into a string or given an extra key; or a control character, or a huge string,
 * in every string.
 */
/** Which place of a value to change (modulo the number of places): any, not mostly the root. */
const somePlace = fc.noBias(fc.nat());

export function mutatedJson(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Changed<unknown>> {
  const mutation = fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('replace' as const), place: somePlace, with: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'wrap' as const, 'stringify' as const), place: somePlace }) },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('extra' as const), place: somePlace, key: fc.constantFrom('extra', 'id', 'userId', 'role', '__proto__', 'constructor', ''), with: hostileValue }),
    },
    // One string at a time: a field that refuses the character must not hide one that lets it through.
    { weight: 3, arbitrary: fc.record({ op: fc.constant('control' as const), place: somePlace, text: controlString }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('surrogate' as const), place: somePlace, text: loneSurrogateString }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('huge' as const), place: somePlace, with: hugeString }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('every' as const), c: controlCharacter }) },
  );
  return fc.tuple(valid, mutation).map(([value, m]): Changed<unknown> => {
    if (m.op === 'every') return { value: mapStrings(value, (s) => s + m.c), change: `every string + ${JSON.stringify(m.c)}` };
    const places = placesOf(value);
    if (m.op === 'control' || m.op === 'surrogate' || m.op === 'huge') {
      const strings = places.filter((path) => typeof valueAt(value, path) === 'string');
      const path = (strings.length ? strings : places)[m.place % (strings.length || places.length)]!;
      const text = m.op === 'huge' ? m.with : m.text;
      const change = `${pathText(path)} → ${m.op === 'huge' ? `${text.length} characters` : JSON.stringify(text)}`;
      // Half a surrogate pair is refused wherever it is; other changes may leave a valid request.
      return { value: changedAt(value, path, () => text), change, ...(m.op === 'surrogate' ? { refused: true } : {}) };
    }
    const path = places[m.place % places.length]!;
    switch (m.op) {
      case 'replace':
        return { value: changedAt(value, path, () => m.with), change: `${pathText(path)} → hostile value` };
      case 'delete':
        return { value: changedAt(value, path, () => undefined) ?? null, change: `${pathText(path)} deleted` };
      case 'wrap':
        return { value: changedAt(value, path, (old) => [old, old]), change: `${pathText(path)} wrapped in an array` };
      case 'stringify':
        return { value: changedAt(value, path, (old) => (typeof old === 'string' ? Number(old) : JSON.stringify(old) ?? 'undefined')), change: `${pathText(path)} as a string (or a string as a number)` };
      case 'extra':
        return {
          value: changedAt(value, path, (old) =>
            old !== null && typeof old === 'object' && !Array.isArray(old) ? { ...old, [m.key]: m.with } : { [m.key]: m.with },
          ),
          change: `${pathText(path)} gets the key ${JSON.stringify(m.key)}`,
        };
    }
  });
}

/** Malformed JSON texts, and JSON the parser may trip over (prototype keys, deep nesting, a BOM). */
export const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,]',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"quantity":1e999}',
  '\u0000',
  ' ',
  '"\\ud800"',
  '{"__proto__":{"role":"staff"}}',
  '{"constructor":{"prototype":{"role":"staff"}}}',
  '\uFEFF{}',
  '{}garbage',
  '[]',
  '"a"',
  '1',
  'true',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
);

/* ---------------------------------------- URLs ---------------------------------------- */

/**
 * Percent-encodes like encodeURIComponent; an unpaired surrogate (which encodeURIComponent refuses)
 * becomes the bytes of U+FFFD, as a browser would send it.
 */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

/** Path segments and query pieces sent as they are, not encoded: broken escapes, encoded slashes and dots. */
export const rawUrlPiece = fc.constantFrom('%', '%E0%A4%A', '%FF', '%C0%AF', '%2F', '%2e%2e', '..', '.', 'a%00b', '%0A', '%20', '+', ';', '%25');

/** The query of a request as key-value pairs (a key may repeat) and a raw tail, sent as they are. */
export interface QueryPairs {
  pairs: Array<[string, string]>;
  raw?: string;
}

export function queryString(query: QueryPairs): string {
  const parts = query.pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);
  if (query.raw !== undefined) parts.push(query.raw);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A valid query object as pairs: arrays repeat their key, everything else as text. */
export function pairsOf(query: Record<string, unknown>): Array<[string, string]> {
  const text = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  return Object.entries(query).flatMap(([key, value]): Array<[string, string]> =>
    value === undefined ? [] : Array.isArray(value) ? value.map((item) => [key, text(item)]) : [[key, text(value)]],
  );
}

/**
 * A valid query made bad in one way: a value replaced (or a key the schema has, added) by a hostile
 * string, a key deleted or repeated, an unknown key added, a control character in every value, a
 * malformed tail, a key with brackets.
 */
export function mutatedQuery(valid: fc.Arbitrary<Array<[string, string]>>, keys: string[], textKeys: string[]): fc.Arbitrary<Changed<QueryPairs>> {
  const known = keys.length ? fc.noBias(fc.constantFrom(...keys)) : fc.constant('page');
  const text = textKeys.length ? fc.noBias(fc.constantFrom(...textKeys)) : known;
  const mutation = fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), key: known, with: hostileString }) },
    fc.record({ op: fc.constant('delete' as const), key: known }),
    fc.record({ op: fc.constant('repeat' as const), key: known, with: fc.oneof(hostileString, fc.constant('1')) }),
    fc.record({
      op: fc.constant('unknown' as const),
      key: fc.oneof(fc.constantFrom('extra', 'userId', '__proto__', 'constructor', 'a[b]', '', '%00'), controlString),
      with: hostileString,
    }),
    fc.record({ op: fc.constant('brackets' as const), key: known, with: fc.constantFrom('1', 'a', '') }),
    // One free-text parameter at a time: a parameter that refuses the character must not hide one that lets it through.
    { weight: 3, arbitrary: fc.record({ op: fc.constant('control' as const), key: text, with: controlString }) },
    fc.record({ op: fc.constant('every' as const), c: controlCharacter }),
    fc.record({ op: fc.constant('raw' as const), raw: fc.oneof(rawUrlPiece, fc.constantFrom('=', '&&', 'a', 'page', '=1', 'a=%', `${'k'.repeat(100_000)}=1`)) }),
  );
  return fc.tuple(valid, mutation).map(([pairs, m]): Changed<QueryPairs> => {
    switch (m.op) {
      case 'set':
        return { value: { pairs: [...pairs.filter(([key]) => key !== m.key), [m.key, m.with]] }, change: `query ${m.key} → hostile value` };
      case 'delete':
        return { value: { pairs: pairs.filter(([key]) => key !== m.key) }, change: `query ${m.key} deleted` };
      case 'repeat':
        return { value: { pairs: [...pairs, [m.key, m.with], [m.key, m.with]] }, change: `query ${m.key} repeated` };
      case 'unknown':
        return { value: { pairs: [...pairs, [m.key, m.with]] }, change: 'unknown query parameter' };
      case 'brackets':
        return { value: { pairs: [...pairs, [`${m.key}[]`, m.with], [`${m.key}[x]`, m.with]] }, change: `query ${m.key}[]` };
      case 'control':
        return { value: { pairs: [...pairs.filter(([key]) => key !== m.key), [m.key, m.with]] }, change: `query ${m.key} → ${JSON.stringify(m.with)}` };
      case 'every':
        return { value: { pairs: pairs.map(([key, value]) => [key, value + m.c]) }, change: `every query value + ${JSON.stringify(m.c)}` };
      case 'raw':
        return { value: { pairs, raw: m.raw }, change: 'malformed query tail' };
    }
  });
}

/** A hostile path parameter, as it is put in the path: encoded, or a raw piece. */
export const hostilePathSegment = fc.oneof(
  { weight: 3, arbitrary: beyondColumns },
  { weight: 2, arbitrary: junkNumberString.map(percentEncode) },
  { weight: 3, arbitrary: fc.oneof(controlString, oddString, hugeString, oddDate, loneSurrogateString).map(percentEncode) },
  { weight: 1, arbitrary: rawUrlPiece },
);

/* ------------------------------------- reporting ------------------------------------- */

/** Long strings shortened for a report: runs of one character become `«x×N»`. */
export function shortened(value: string): string {
  if (value.length <= 300) return value;
  const runs = value.replace(/(.)\1{49,}/gsu, (run: string, c: string) => `«${JSON.stringify(c).slice(1, -1)}×${run.length / c.length}»`);
  return runs.length <= 600 ? runs : `${runs.slice(0, 600)}…(${value.length} characters)`;
}
