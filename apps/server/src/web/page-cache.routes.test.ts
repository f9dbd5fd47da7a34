import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminExcipient, type ExcipientBody, paths, withQuery } from '@fuliaotong/contracts';
import { openDatabase, selectRows, type Database } from '../db/database.js';
import type { PostgresSignalBus } from '../db/signals.js';
import { bearer, registerMember } from '../../test/accounts.js';
import { parseScrape } from '../../test/prometheus-text.js';
import { parsed } from '../../test/responses.js';
import { productBody } from '../../test/products.js';
import { registerStaff } from '../../test/samples.js';
import { databaseUrl } from '../../test/template-database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { productionWebBuild } from '../../test/web-app-build.js';
import type { WebBuild } from './web-build.js';

/**
 * Pages every visitor gets alike are served from the page cache with the policy they were rendered
 * with (docs/decisions/0030, 0017); personal pages never are; a staff change empties it at once, in
 * every process on the database.
 */

const SHARED = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
const METRICS_TOKEN = '0b7e2d94c1a36f58e9d2';

let web: WebBuild;
let release: () => Promise<void>;
let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  ({ web, release } = await productionWebBuild());
  t = await createTestApp({ web, metricsToken: METRICS_TOKEN });
  editor = await registerStaff(t.app, t.database, ['editor']);
});
afterAll(async () => {
  await t?.close();
  await release?.();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** The page cache's lookups so far, from the metrics: a miss is a page rendered for the cache. */
async function pageLookups(app: FastifyInstance): Promise<{ hit: number; miss: number }> {
  const scrape = parseScrape((await get(app, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body);
  return { hit: scrape.sum('page_cache_lookups_total', { cache: 'page', result: 'hit' }), miss: scrape.sum('page_cache_lookups_total', { cache: 'page', result: 'miss' }) };
}

/** The hashes a shared page's policy names for its scripts (none when it is a nonce policy). */
function scriptHashes(response: LightMyRequestResponse): string[] {
  const scripts = /script-src ([^;]+)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
  return [...scripts.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]!);
}

/** The hash source of each inline script of a page, as the browser computes it. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1]!))
    .map((m) => `sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}`);
}

/** The nonce the page's policy allows. */
function headerNonce(response: LightMyRequestResponse): string {
  const match = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']));
  expect(match, String(response.headers['content-security-policy'])).not.toBeNull();
  return match![1]!;
}

/** Every nonce the page's body carries (scripts, styles, preloads). */
function bodyNonces(html: string): Set<string> {
  return new Set([...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]!));
}

let names = 0;
function product(overrides: Partial<ExcipientBody> = {}): ExcipientBody {
  names += 1;
  return productBody(`缓存页测试微晶纤维素${names}号`, overrides);
}

async function createProduct(app: FastifyInstance, headers: Record<string, string>, body: ExcipientBody) {
  const response = await app.inject({ method: 'POST', url: '/api/admin/excipient', headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, AdminExcipient);
}

async function renameProduct(app: FastifyInstance, headers: Record<string, string>, id: number, body: ExcipientBody) {
  const response = await app.inject({ method: 'PUT', url: `/api/admin/excipient/${id}`, headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

describe('metrics of pages', () => {
  it('name each page by its path, and count the hits and misses of the page cache', async () => {
    const scrape = async () => parseScrape((await get(t.app, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body);
    const page = withQuery(paths.news, { page: '3' });
    const before = await scrape();
    const first = await get(t.app, page);
    expect(first.statusCode).toBe(200);
    expect((await get(t.app, page)).statusCode).toBe(200);
    expect((await get(t.app, `${paths.news}.data?page=3`)).statusCode).toBe(200);
    const notFound = await get(t.app, '/no-such-page/12345');
    expect(notFound.statusCode).toBe(404);
    // Without the right token /metrics is the site's 404 page, as any address that does not exist.
    const hidden = await get(t.app, '/metrics', { authorization: 'Bearer 0b7e2d94c1a36f58e9d3' });
    expect([hidden.statusCode, hidden.headers['content-type']]).toEqual([404, notFound.headers['content-type']]);
    expect(hidden.body).toContain('<html');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(first.body)?.[1] ?? /"(\/assets\/[^"]+\.js)"/.exec(first.body)?.[1];
    expect(script, 'a script of the page').toBeDefined();
    expect((await get(t.app, script!)).statusCode).toBe(200);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) => after.sum(name, labels) - before.sum(name, labels);
    expect(moved('http_requests_total', { method: 'GET', route: paths.news, status: '200' })).toBe(2);
    expect(moved('http_requests_total', { method: 'GET', route: `${paths.news}.data`, status: '200' })).toBe(1);
    expect(moved('http_requests_total', { method: 'GET', route: '/*', status: '404' })).toBe(2);
    expect(moved('http_requests_total', { method: 'GET', route: '/assets/*', status: '200' })).toBe(1);
    // The page twice (a miss, then a hit), its loader data and the unknown address (misses: nothing to keep).
    expect(moved('page_cache_lookups_total', { cache: 'page', result: 'hit' })).toBe(1);
    expect(moved('page_cache_lookups_total', { cache: 'page', result: 'miss' })).toBe(3);
    // (The refused scrape carried a token: a request of a user is no lookup.)
    const routes = after.find('http_requests_total').map((one) => one.labels.route!);
    expect(routes.filter((route) => route.includes('12345') || /\.js$/.test(route))).toEqual([]);
  });
});

describe('shared pages', () => {
  it('are served from the cache: the same body, ETag and policy, which names the hashes of the body’s scripts and no nonce', async () => {
    const first = await get(t.app, paths.about);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(SHARED);
    expect(first.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(bodyNonces(first.body)).toEqual(new Set());
    expect(String(first.headers['content-security-policy'])).not.toContain('nonce-');
    expect(scriptHashes(first).length).toBeGreaterThan(1);
    expect(new Set(scriptHashes(first))).toEqual(new Set(inlineScriptHashes(first.body)));
    // No inline module script: what one imports would be refused (0060).
    expect(first.body).not.toMatch(/<script[^>]*type="module"[^>]*>[^<]/);

    const second = await get(t.app, paths.about);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('are the same bytes whenever they are rendered on the same content: a render after the cache is emptied has the same ETag', async () => {
    const body = product();
    const created = await createProduct(t.app, editor.headers, body);
    const first = await get(t.app, paths.links);
    // A staff change that changes nothing empties the cache all the same.
    await renameProduct(t.app, editor.headers, created.id, body);
    const before = await pageLookups(t.app);
    const again = await get(t.app, paths.links);
    expect((await pageLookups(t.app)).miss - before.miss).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await get(t.app, paths.links, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('answer HEAD with the headers of the GET, the policy of the body it does not send among them', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: paths.regulations });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const page = await get(t.app, paths.regulations);
    expect(head.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(head.headers.etag).toBe(page.headers.etag);
  });

  it('answer If-None-Match with 304 and the policy the stored body was rendered with', async () => {
    const page = await get(t.app, paths.links);
    const again = await get(t.app, paths.links, { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(page.headers.etag);
    expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(again.headers['cache-control']).toBe(SHARED);
    // Another validator is not this page: the whole page comes back.
    const other = await get(t.app, paths.links, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(page.body);
  });

  it('are sent compressed once per encoding, each encoding with its own ETag', async () => {
    const plain = await get(t.app, paths.agreement);
    const br = await get(t.app, paths.agreement, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'));
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await get(t.app, paths.agreement, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await get(t.app, paths.agreement, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    // The identity validator does not stand for the compressed bytes.
    expect((await get(t.app, paths.agreement, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(200);
  });

  it('are rendered afresh for a request that carries a token or cookies, and not kept', async () => {
    const cached = await get(t.app, paths.privacy);
    const member = await registerMember(t.app);
    for (const headers of [bearer(member.token), { cookie: 'a=b' }]) {
      const personal = await get(t.app, paths.privacy, headers);
      expect(personal.statusCode).toBe(200);
      expect(personal.headers['cache-control']).toBe('private, no-store');
      expect(personal.headers.etag).toBeUndefined();
      // Still the page every visitor gets, under the policy of its hashes.
      expect(new Set(scriptHashes(personal))).toEqual(new Set(inlineScriptHashes(personal.body)));
    }
    const before = await pageLookups(t.app);
    expect((await get(t.app, paths.privacy)).headers.etag).toBe(cached.headers.etag);
    expect((await pageLookups(t.app)).hit - before.hit).toBe(1);
  });

  it('do not show the Host header, which is not in their key', async () => {
    const fresh = await get(t.app, paths.excipients, { host: 'elsewhere.example', cookie: 'render=1' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).not.toContain('elsewhere.example');
    const stored = await get(t.app, paths.excipients, { host: 'elsewhere.example' });
    expect((await get(t.app, paths.excipients)).headers.etag).toBe(stored.headers.etag);
  });

  it.each(['a.example:80@127.0.0.1', '[::1', 'user:pw@elsewhere.example', 'elsewhere.example:99999', '[::1]:x'])(
    'answer a malformed Host header (%s) as any other: rendered for SITE_URL, stored under the same key',
    async (host) => {
      const fresh = await get(t.app, paths.about, { host, cookie: 'render=1' });
      expect(fresh.statusCode, fresh.body).toBe(200);
      const stored = await get(t.app, paths.about, { host });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.headers.etag).toBe((await get(t.app, paths.about)).headers.etag);
      const missing = await get(t.app, '/no-such-page', { host });
      expect(missing.statusCode).toBe(404);
    },
  );

  it('keep only 200s: a missing page is rendered each time', async () => {
    const [first, second] = [await get(t.app, '/no-such-page'), await get(t.app, '/no-such-page')];
    expect(first.statusCode).toBe(404);
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['cache-control']).toMatch(/^private/);
    const before = await pageLookups(t.app);
    await get(t.app, '/no-such-page');
    expect((await pageLookups(t.app)).miss - before.miss).toBe(1);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('leave navigation data and site search out of every cache (each search is logged)', async () => {
    const data = await get(t.app, '/showabout.data');
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('private, no-cache');
    const [first, second] = [await get(t.app, withQuery(paths.search, { q: '乳糖' })), await get(t.app, withQuery(paths.search, { q: '乳糖' }))];
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBeUndefined();
    expect(headerNonce(second)).not.toBe(headerNonce(first));
  });
});

describe('personal pages', () => {
  it.each([paths.account, paths.favorites, paths.notices, paths.sampleCart, paths.adminProducts, paths.login, paths.register])(
    '%s is private, never stored, each response with its own nonce',
    async (url) => {
      const [first, second] = [await get(t.app, url), await get(t.app, url)];
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers.etag).toBeUndefined();
      expect(headerNonce(second)).not.toBe(headerNonce(first));
      expect(bodyNonces(first.body)).toEqual(new Set([headerNonce(first)]));
      expect((await get(t.app, url, { 'if-none-match': '*' })).statusCode).toBe(200);
    },
  );
});

describe('a staff change', () => {
  it('empties the cache at once: the product page shows the new name on the next request', async () => {
    const body = product();
    const created = await createProduct(t.app, editor.headers, body);
    const url = withQuery(paths.excipientDetail, { id: created.id });
    const before = await get(t.app, url);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(body.nameZh);
    const home = await get(t.app, paths.home);
    expect((await get(t.app, url)).headers.etag).toBe(before.headers.etag);

    const renamed = { ...body, nameZh: `${body.nameZh}（新名）` };
    await renameProduct(t.app, editor.headers, created.id, renamed);
    const after = await get(t.app, url);
    expect(after.body).toContain(renamed.nameZh);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // Coarse, but never stale: every page was dropped (the home page is rendered again).
    const lookups = await pageLookups(t.app);
    expect((await get(t.app, paths.home)).statusCode).toBe(home.statusCode);
    expect((await pageLookups(t.app)).miss - lookups.miss).toBe(1);
  });

  it('to what no shared page shows (a user’s roles) keeps the cache: the home page is not rendered again', async () => {
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const member = await registerMember(t.app);
    const page = await get(t.app, paths.home);
    expect((await get(t.app, paths.home)).headers.etag).toBe(page.headers.etag);
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/admin/user/${member.user.id}`, headers: admin.headers, payload: { roles: ['editor'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const lookups = await pageLookups(t.app);
    expect((await get(t.app, paths.home)).headers.etag).toBe(page.headers.etag);
    expect((await pageLookups(t.app)).miss - lookups.miss).toBe(0);
    // A change to a product, beside it, still empties it.
    await createProduct(t.app, editor.headers, product());
    const after = await pageLookups(t.app);
    expect((await get(t.app, paths.home)).statusCode).toBe(200);
    expect((await pageLookups(t.app)).miss - after.miss).toBe(1);
  });

  it('empties it even when the audit view shows no difference (a page may show what an audit view leaves out)', async () => {
    const body = product();
    const created = await createProduct(t.app, editor.headers, body);
    const page = await get(t.app, paths.home);
    expect((await get(t.app, paths.home)).headers.etag).toBe(page.headers.etag);
    await renameProduct(t.app, editor.headers, created.id, body);
    const lookups = await pageLookups(t.app);
    expect((await get(t.app, paths.home)).statusCode).toBe(200);
    expect((await pageLookups(t.app)).miss - lookups.miss).toBe(1);
  });
});

const postgres = process.env.DATABASE_URL;
describe.skipIf(!postgres)('two server instances on one PostgreSQL database', () => {
  it('a change made through one empties the other’s cached page within a second', async () => {
    // The second instance has a pool and a signal connection of its own, as another process would.
    const [row] = await selectRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const second: Database = await openDatabase({ kind: 'postgres', url: databaseUrl(postgres!, row!.name) });
    const other = await createTestApp({ web, database: second });
    try {
      await (second.signals as PostgresSignalBus).listening();
      const body = product();
      const created = await createProduct(t.app, editor.headers, body);
      const url = withQuery(paths.excipientDetail, { id: created.id });
      // The creation's own signal reaches the other instance a moment later, and empties its cache too.
      const deadline = Date.now() + 5_000;
      let cached = await get(other.app, url);
      let again = await get(other.app, url);
      while (again.headers.etag !== cached.headers.etag && Date.now() < deadline) {
        cached = again;
        again = await get(other.app, url);
      }
      expect(cached.body).toContain(body.nameZh);
      expect(again.headers.etag).toBe(cached.headers.etag);

      const renamed = { ...body, nameZh: `${body.nameZh}（改名）` };
      await renameProduct(t.app, editor.headers, created.id, renamed);
      const changedAt = Date.now();
      let page = await get(other.app, url);
      while (!page.body.includes(renamed.nameZh) && Date.now() - changedAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        page = await get(other.app, url);
      }
      expect(page.body).toContain(renamed.nameZh);
      expect(Date.now() - changedAt).toBeLessThan(1_000);

      // Rendered by each instance on its own, the page is the same bytes with the same ETag, and either
      // answers 304 to the ETag the other sent.
      const [one, two] = [await get(t.app, url), await get(other.app, url)];
      expect(two.body).toBe(one.body);
      expect(two.headers.etag).toBe(one.headers.etag);
      expect(two.headers['content-security-policy']).toBe(one.headers['content-security-policy']);
      expect((await get(t.app, url, { 'if-none-match': String(two.headers.etag) })).statusCode).toBe(304);
      expect((await get(other.app, url, { 'if-none-match': String(one.headers.etag) })).statusCode).toBe(304);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
