import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { TIMESTAMP_PARAM } from '@fuliaotong/contracts/api-paths';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The answers every anonymous caller gets alike, kept in this process as they were made: the pages
 * (docs/decisions/0009) with body, content type and the Content-Security-Policy whose nonce the body
 * carries, served together (docs/decisions/0017, "Cached pages"; docs/decisions/0030), and the JSON
 * of the API's shared reads (docs/decisions/0035). Pages and API answers share one cache: their keys
 * never meet (no page lives under /api). Bounded by entries and bytes, least recently used first out;
 * an entry lives `ttlMs` at most, and `clear()` (a content change) empties it at once.
 */

export type ContentEncoding = 'br' | 'gzip';

export interface CachedPage {
  readonly key: string;
  /** The page as rendered (identity encoding). */
  readonly body: Buffer;
  /** The response headers it was rendered with (content type, policy), lower-case names. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** A strong validator of these bytes and headers; the ETag adds the encoding sent. */
  readonly tag: string;
  readonly expiresAt: number;
  /** Compressed copies, made on the first request that asks for each. */
  readonly encoded: Map<ContentEncoding, Promise<Buffer>>;
  size: number;
}

export interface PageCacheOptions {
  /** How long an entry lives: the bound on how late a page shows what changed by itself (a scheduled article). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/** What an entry costs besides its body: the key, the headers, the bookkeeping. */
const ENTRY_OVERHEAD = 512;

export class PageCache {
  /** The cache the settings ask for, or none when PAGE_CACHE_SECONDS is 0. */
  static fromConfig(config: { PAGE_CACHE_SECONDS: number; PAGE_CACHE_MAX_ENTRIES: number; PAGE_CACHE_MAX_MB: number }): PageCache | undefined {
    if (config.PAGE_CACHE_SECONDS <= 0) return undefined;
    return new PageCache({ ttlMs: config.PAGE_CACHE_SECONDS * 1000, maxEntries: config.PAGE_CACHE_MAX_ENTRIES, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 });
  }

  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Counts the clearings: a render that began before one is not stored (it may hold what changed). */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The entry of `key` (now the most recently used), or undefined when none or it has expired. */
  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    this.entries.delete(key);
    if (page.expiresAt <= this.now()) {
      this.bytes -= page.size;
      return undefined;
    }
    this.entries.set(key, page);
    return page;
  }

  /** A mark to hand to `store`: taken before rendering. */
  mark(): number {
    return this.generation;
  }

  /**
   * Makes an entry of a rendered page and keeps it, unless the cache was cleared since `mark` (the
   * page may show content from before the change) or the page alone is over the byte bound. Answers
   * the entry either way (the request that rendered it is answered from it).
   */
  store(key: string, mark: number, body: Buffer, headers: Array<[string, string]>): CachedPage {
    const hash = createHash('sha256');
    for (const [name, value] of headers) hash.update(`${name}: ${value}\n`);
    const page: CachedPage = {
      key,
      body,
      headers,
      tag: hash.update(body).digest('base64url').slice(0, 27),
      expiresAt: this.now() + this.options.ttlMs,
      encoded: new Map(),
      size: body.length + key.length + ENTRY_OVERHEAD + headers.reduce((n, [name, value]) => n + name.length + value.length, 0),
    };
    if (mark !== this.generation || page.size > this.options.maxBytes || this.options.maxEntries < 1) return page;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    this.entries.set(key, page);
    this.bytes += page.size;
    this.evict();
    return page;
  }

  /** The page compressed with `encoding` (made once per entry; counted in the byte bound while it is kept). */
  encode(page: CachedPage, encoding: ContentEncoding): Promise<Buffer> {
    let copy = page.encoded.get(encoding);
    if (!copy) {
      copy = compressors[encoding](page.body);
      page.encoded.set(encoding, copy);
      void copy.then(
        (bytes) => {
          page.size += bytes.length;
          if (this.entries.get(page.key) === page) {
            this.bytes += bytes.length;
            this.evict();
          }
        },
        () => page.encoded.delete(encoding),
      );
    }
    return copy;
  }

  /** Empties the cache, and keeps renders begun before now out of it. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const [key, page] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= page.size;
    }
  }
}

/** Longer keys (long query strings) are answered afresh every time: they are rarely asked for twice. */
export const MAX_KEY_LENGTH = 2048;
/** Smaller answers are sent as they are (as @fastify/compress would). */
export const COMPRESS_FROM_BYTES = 1024;

/** Whether a request carries anything of a user (a token, cookies): its answer is private, whatever the address. */
export function carriesUser(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
}

/**
 * The cache's key of a request, or undefined when it must not be served from the cache nor stored:
 * a request that carries anything of a user (a token, cookies), or a long address.
 *
 * The key is the scheme (a page's policy upgrades requests over HTTPS) with the path and query as the
 * handler reads them (WHATWG URL parsing: encodings made canonical, an empty `?` dropped). The
 * parameters are not reordered: pages repeat the query in links (the log-in link's way back), so
 * another order is another page.
 */
export function cacheKeyOf(request: FastifyRequest): string | undefined {
  if (carriesUser(request)) return undefined;
  let url: URL;
  try {
    url = new URL(request.url, 'http://page.invalid');
  } catch {
    return undefined;
  }
  const key = `${request.protocol}:${url.pathname}${withoutTimestamp(url.search)}`;
  return key.length > MAX_KEY_LENGTH ? undefined : key;
}

/**
 * A query (`?a=1&_t=…`, or empty) without the clients' timestamp parameter (TIMESTAMP_PARAM), the
 * other parameters as they were written: a page or a shared read is the same whenever it was asked for.
 */
export function withoutTimestamp(search: string): string {
  if (!search.includes(`${TIMESTAMP_PARAM}=`)) return search;
  const kept = search
    .slice(1)
    .split('&')
    .filter((part) => part !== TIMESTAMP_PARAM && !part.startsWith(`${TIMESTAMP_PARAM}=`));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * Sets the headers of a stored answer on `reply` (its own, `cacheControl`, the ETag of the encoding
 * sent, `Vary: Accept-Encoding`) and its status, and answers the bytes to send: the body in the
 * encoding the request prefers (a promise while the compressed copy is being made), or null for a
 * 304 (If-None-Match names the ETag) and a HEAD.
 */
export function storedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  page: CachedPage,
  cacheControl: string,
): Buffer | null | Promise<Buffer> {
  const encoding = page.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  const etag = `"${page.tag}${encoding ? `-${encoding}` : ''}"`;
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('cache-control', cacheControl);
  reply.header('etag', etag);
  reply.header('vary', 'Accept-Encoding');
  // A 304 repeats the headers: a page's policy names the nonce of the body the client holds.
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return null;
  }
  reply.code(200);
  if (request.method === 'HEAD') return null;
  if (!encoding) return page.body;
  reply.header('content-encoding', encoding);
  return cache.encode(page, encoding);
}

/**
 * The encoding to send a cached page in, by the request's Accept-Encoding: brotli, else gzip, else
 * none (a q of 0 refuses one; `*` stands for those not named).
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: ContentEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
  return best;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks of it), or is `*`. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
