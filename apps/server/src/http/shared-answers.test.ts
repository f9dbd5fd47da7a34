import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from '../../test/accounts.js';
import { productBody } from '../../test/products.js';
import { createProduct, registerStaff } from '../../test/samples.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The API's shared reads (docs/decisions/0035): anonymous answers kept in the process and answered
 * again, emptied by every content change; never for a request with a token or a cookie.
 */

let t: TestApp;
let staff: Record<string, string>;
/** Without the cache: the same app's answers as the handler makes them. */
let fresh: TestApp;

const LIST = '/api/app/excipient?page=1&pageSize=20';

beforeAll(async () => {
  t = await createTestApp();
  fresh = await createTestApp({ database: t.database, pageCache: { PAGE_CACHE_SECONDS: 0 } });
  staff = (await registerStaff(t.app, t.database, ['editor'])).headers;
  for (let i = 0; i < 12; i++) await createProduct(t.database, { nameZh: `共享答案辅料${i}` });
  // The products above were written behind the app's back: what it may have kept goes.
  await t.database.signals.publish('content');
});
afterAll(async () => {
  await fresh.close();
  await t.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

describe('a shared read', () => {
  it('answers the same bytes as the handler, from the cache the second time, with an ETag and 304', async () => {
    const first = await get(t, LIST);
    const second = await get(t, LIST);
    const handler = await get(fresh, LIST);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(handler.body);
    expect(first.body).toBe(handler.body);
    expect(second.headers['content-type']).toBe(handler.headers['content-type']);
    expect(handler.headers.etag).toBeUndefined();
    expect(second.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    // The security headers of every API answer are there too.
    expect(second.headers['content-security-policy']).toBe(handler.headers['content-security-policy']);
    expect(second.headers['x-request-id']).toBeTruthy();

    const notModified = await get(t, LIST, { 'if-none-match': second.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(second.headers.etag);
  });

  it('is compressed as the request asks, with an ETag per encoding', async () => {
    const identity = await get(t, LIST);
    const br = await get(t, LIST, { 'accept-encoding': 'br' });
    const gzip = await get(t, LIST, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(br.headers.etag).toBe(`${(identity.headers.etag as string).slice(0, -1)}-br"`);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it('shows a staff edit made through the admin API on the very next request', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/excipient', headers: staff, payload: productBody('共享答案旧名称') });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const url = `/api/app/excipient/${id}`;
    expect((await get(t, url)).json()).toMatchObject({ nameZh: '共享答案旧名称' });
    expect((await get(t, url)).headers.etag, 'kept').toBeTruthy();
    const listed = await get(t, '/api/app/excipient?keyword=共享答案');
    expect(listed.body).toContain('共享答案旧名称');

    const renamed = await t.app.inject({ method: 'PUT', url: `/api/admin/excipient/${id}`, headers: staff, payload: productBody('共享答案新名称') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(t, url)).json()).toMatchObject({ nameZh: '共享答案新名称' });
    const relisted = await get(t, '/api/app/excipient?keyword=共享答案');
    expect(relisted.body).toContain('共享答案新名称');
    expect(relisted.body).toBe((await get(fresh, '/api/app/excipient?keyword=共享答案')).body);
  });

  it('is neither answered from the cache nor stored for a request with a token or a cookie', async () => {
    const member = await registerMember(t.app);
    const url = '/api/app/excipient?page=1&pageSize=5';
    const signedIn = await get(t, url, bearer(member.token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag, 'a signed-in answer is not stored').toBeUndefined();
    const anonymous = await get(t, url);
    expect(anonymous.headers.etag).toBeTruthy();
    expect((await get(t, url, bearer(member.token))).headers.etag, 'nor answered from the cache').toBeUndefined();
    expect((await get(t, url, { cookie: 'a=b' })).headers.etag).toBeUndefined();

    // A personalised answer (the caller's favorite) never reaches anonymous callers.
    const product = await createProduct(t.database, { nameZh: '共享答案收藏' });
    await t.database.signals.publish('content');
    const favorite = await t.app.inject({
      method: 'POST',
      url: '/api/app/favorite',
      headers: bearer(member.token),
      payload: { targetType: 'excipient', targetId: product.excipientId },
    });
    expect(favorite.statusCode, favorite.body).toBeLessThan(300);
    const detail = `/api/app/excipient/${product.excipientId}`;
    expect((await get(t, detail, bearer(member.token))).json<{ favoriteId: number | null }>().favoriteId).not.toBeNull();
    expect((await get(t, detail)).json<{ favoriteId: number | null }>().favoriteId).toBeNull();
    expect((await get(t, detail, bearer(member.token))).json<{ favoriteId: number | null }>().favoriteId).not.toBeNull();
  });

  it("leaves the clients' timestamp parameter _t out of its key, and keeps the other parameters in it", async () => {
    const url = '/api/app/excipient?page=1&pageSize=7';
    const first = await get(t, `${url}&_t=1700000000001`);
    expect(first.statusCode).toBe(200);
    // Written behind the app's back (no content signal): an answer from the cache does not show it.
    await createProduct(t.database, { nameZh: '共享答案时间戳' });
    for (const again of [`${url}&_t=1700000000002`, `/api/app/excipient?_t=3&page=1&pageSize=7`, url]) {
      const answer = await get(t, again);
      expect(answer.body, again).toBe(first.body);
      expect(answer.headers.etag, again).toBe(first.headers.etag);
    }
    expect((await get(t, `${url}&_t=4`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const other = await get(t, '/api/app/excipient?page=1&pageSize=8&_t=1700000000001');
    const total = (answer: { json: <T>() => T }) => answer.json<{ totalCount: number }>().totalCount;
    expect(total(other), 'another page size is another answer, made afresh').toBe(total(first) + 1);
    await t.database.signals.publish('content');
  });

  it('keeps only 200s, and not the reads of endpoints that are not declared shared', async () => {
    const missing = await get(t, '/api/app/excipient/999999');
    expect(missing.statusCode).toBe(404);
    expect((await get(t, '/api/app/excipient/999999')).headers.etag).toBeUndefined();
    const bad = await get(t, '/api/app/excipient?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect((await get(t, '/api/app/excipient?pageSize=1000')).statusCode).toBe(400);
    await get(t, '/api/app/search?q=共享答案');
    expect((await get(t, '/api/app/search?q=共享答案')).headers.etag, 'every search reaches the search log').toBeUndefined();
    const head = await t.app.inject({ method: 'HEAD', url: LIST });
    expect(head.statusCode).toBe(200);
  });
});

describe('the cart count', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ database: t.database, sessionCacheMs: 1000 });
  });
  afterAll(async () => {
    await cached.close();
  });

  it('changes right after adding to and removing from the cart', async () => {
    const member = await registerMember(cached.app);
    const h = bearer(member.token);
    const count = async () => (await get(cached, '/api/app/sample/sample-cart-num', h)).body;
    const product = await createProduct(t.database, { specs: 2 });
    expect(await count()).toBe('0');
    expect(await count()).toBe('0');
    const add = (specId: number | undefined) =>
      cached.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart', headers: h, payload: { excipientId: product.excipientId, specId } });
    const added = await add(product.specIds[0]);
    expect(added.statusCode, added.body).toBe(201);
    expect(await count()).toBe('1');
    const again = await add(product.specIds[1]);
    expect(again.statusCode).toBe(201);
    expect(await count()).toBe('2');
    const removed = await cached.app.inject({
      method: 'POST',
      url: '/api/app/sample/cart-sample-remove',
      headers: h,
      payload: { ids: [added.json<{ item: { id: number } }>().item.id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await count()).toBe('1');
  });
});
