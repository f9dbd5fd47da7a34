import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { paths, withQuery } from '@fuliaotong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWebBuildDir } from '../src/web/web-build.js';
import { PNG } from './fixture-files.js';
import { nginxBinary, request, SERVER_NAME, startNginx, type Answer, type NginxProxy, type RequestOptions } from './nginx-proxy.js';
import { productBody } from './products.js';
import { createStaff, startServer, type HealthBody, type ServerProcess } from './production-server.js';
import { databaseUrl, dropDatabase, runStatements, testName } from './template-database.js';

/**
 * The site behind Debian's nginx with the configuration operators copy (deploy/nginx.conf,
 * docs/decisions/0058), over HTTPS: the app's headers arrive once (HSTS, the policy), compression is the
 * app's, pages every visitor gets alike are kept one second and personal ones never, the app counts its
 * limits per address on the client's real address whatever X-Forwarded-For the client sends, /metrics
 * is not reachable from outside, uploads pass up to the app's own limit, and a staff edit shows on a
 * cached page through the proxy within the one to two seconds nginx keeps it ("1 s", counted in whole seconds).
 *
 * The app runs as people run it, on the web build `npm run build` made: with DATABASE_URL, `npm start`
 * with two workers on a new database of that server; without, `npm run serve` on an embedded database.
 * TRUST_PROXY names the proxy's address (127.0.0.1) only. Skipped when nginx is not installed.
 */

const nginx = nginxBinary();
const postgresServer = process.env.DATABASE_URL;
const workers = postgresServer ? 2 : 1;
const PASSWORD = 'Behind-Nginx-2026-ok';
const METRICS_TOKEN = randomBytes(16).toString('hex');
const editorAccount = `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

let app: ServerProcess & { health: HealthBody };
let proxy: NginxProxy;
let dataDir: string;
let database: { name: string; url: string } | undefined;
let editorToken: string | undefined;

/** Through the proxy, over HTTPS with the test's certificate. */
const viaProxy = (url: string, options: RequestOptions = {}): Promise<Answer> => request(proxy.origin + url, { ca: proxy.ca, ...options });
/** Straight to the app's port (plain HTTP, as nginx reaches it). */
const direct = (url: string, options: RequestOptions = {}): Promise<Answer> => request(app.origin + url, options);
const json = <T>(answer: Answer): T => JSON.parse(answer.text()) as T;
/** How many times a header came in an answer. */
const count = (answer: Answer, name: string) => answer.lines.filter(([n]) => n === name).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The six-digit code of the last SMS the app's log shows sent to `to` (the `log` message driver). */
function lastCodeTo(to: string): string | undefined {
  const codes: string[] = [];
  for (const line of app.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { smsTo?: string; smsText?: string };
    const code = entry.smsTo === to ? /(?<!\d)(\d{6})(?!\d)/.exec(entry.smsText ?? '')?.[1] : undefined;
    if (code) codes.push(code);
  }
  return codes.at(-1);
}

/** The editor's token, signed in through the proxy (password, then the code sent to the account): the API's POSTs. */
async function editor(): Promise<string> {
  if (editorToken) return editorToken;
  const first = await viaProxy('/api/app/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: editorAccount, password: PASSWORD }),
  });
  expect(first.status, first.text()).toBe(200);
  const { challenge } = json<{ challenge?: string }>(first);
  expect(challenge, 'a staff log-in asks for a code').toBeTypeOf('string');
  const deadline = Date.now() + 10_000;
  let code: string | undefined;
  while (!(code = lastCodeTo(editorAccount)) && Date.now() < deadline) await sleep(100);
  const verified = await viaProxy('/api/app/account/login-verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, code }),
  });
  expect(verified.status, verified.text()).toBe(200);
  editorToken = json<{ token: string }>(verified).token;
  return editorToken;
}

/** A multipart/form-data body with one file in the field `file`, as a browser sends it. */
async function multipart(bytes: Buffer, filename: string, type: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

// Run where the site runs behind a proxy: PostgreSQL with two workers (the embedded database serves one
// process; CI's PostgreSQL stage runs this beside the journeys).
describe.skipIf(!nginx || !postgresServer)('the site behind nginx (npm start, PostgreSQL, 2 workers; skipped without DATABASE_URL, or when nginx is not installed: apt-get install nginx-light)', () => {
  beforeAll(async () => {
    if (!postgresServer && !(await resolveWebBuildDir(process.env.WEB_BUILD_DIR))) throw new Error('The web build is missing: run npm run build first.');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-nginx-app-'));
    if (postgresServer) {
      const name = testName('nginx_');
      await runStatements(postgresServer, `CREATE DATABASE "${name}"`);
      database = { name, url: databaseUrl(postgresServer, name) };
    }
    const env = {
      DATABASE_URL: database?.url ?? '',
      DATABASE_SCHEMA: '',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_CONCURRENCY: String(workers),
      DEMO_CONTENT: 'false',
      // Info: the log driver's SMS lines carry the staff member's code.
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      SITE_URL: `https://${SERVER_NAME}`,
      METRICS_TOKEN,
    };
    // Before the server starts: it migrates the database (and on the embedded one, the folder is free).
    await createStaff(env, editorAccount, PASSWORD, ['editor']);
    app = await startServer({ command: postgresServer ? 'start' : 'serve', env, healthTimeoutMs: 120_000 });
    if (workers > 1) {
      const deadline = Date.now() + 60_000;
      while (!app.output().includes(`all ${workers} workers listening`) && Date.now() < deadline) await sleep(100);
    }
    proxy = await startNginx({ appPort: app.port });
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await app?.stop();
    if (database) await dropDatabase(postgresServer!, database.name);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves pages over HTTPS with the app\'s headers once: HSTS, the policy with the hashes of the body\'s scripts, the app\'s brotli', async () => {
    const page = await viaProxy(paths.home, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.status).toBe(200);
    expect(count(page, 'strict-transport-security'), 'HSTS exactly once').toBe(1);
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(count(page, 'content-security-policy')).toBe(1);
    const hash = /'(sha256-[^']+)' [^;]*'strict-dynamic'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(hash).toBeTruthy();
    // Compressed once, by the app (nginx neither compresses again nor takes it off).
    expect(count(page, 'content-encoding')).toBe(1);
    expect(page.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(page.body).toString('utf8');
    expect(html).toContain('<!DOCTYPE html>');
    // The page every visitor gets carries no nonce: its policy names the hashes of its scripts (0060).
    expect(html).not.toContain('nonce="');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!));
    expect(scripts.map((m) => `sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}`)).toContain(hash);
    // Rendered for the https address: the policy upgrades insecure requests only then.
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');

    // A client that takes only gzip gets the app's gzip; one that takes nothing, plain HTML.
    const gzip = await viaProxy(paths.home, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toContain('<!DOCTYPE html>');
    const plain = await viaProxy(paths.home);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text()).toContain('<!DOCTYPE html>');

    // The app sends HSTS only for requests that came over HTTPS: straight to its port, none.
    const straight = await direct(paths.home);
    expect(straight.status).toBe(200);
    expect(count(straight, 'strict-transport-security')).toBe(0);
  });

  it('speaks HTTP/2 and redirects http:// to https:// without HSTS', async () => {
    const session = http2.connect(proxy.origin, { ca: proxy.ca, servername: SERVER_NAME });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': paths.about });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
    const redirected = await request(`${proxy.plainOrigin}${paths.home}?from=plain`);
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe(`https://${SERVER_NAME}${paths.home}?from=plain`);
    expect(count(redirected, 'strict-transport-security')).toBe(0);
  });

  it('keeps pages every visitor gets alike one second, and never what carries a cookie or a token, or is private', async () => {
    const url = `${paths.about}?cached=${randomBytes(4).toString('hex')}`;
    const first = await viaProxy(url);
    expect(first.headers['x-cache-status']).toBe('MISS');
    // The next request finds it stored (on a machine slow enough to let the entry lapse, a later one does).
    let second = await viaProxy(url);
    for (let i = 0; i < 3 && second.headers['x-cache-status'] !== 'HIT'; i++) second = await viaProxy(url);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy'], 'the stored policy with the stored body').toBe(first.headers['content-security-policy']);
    // nginx counts whole seconds: an entry kept "1 s" lives until the clock's second after next, 1 to 2 s.
    await sleep(2_050);
    expect((await viaProxy(url)).headers['x-cache-status'], 'two seconds later').toBe('EXPIRED');

    for (const headers of [{ cookie: 'theme=dark' }, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
      const personal = await viaProxy(url, { headers });
      expect(personal.headers['x-cache-status'], JSON.stringify(headers)).toBe('BYPASS');
      expect(personal.headers['cache-control']).toBe('private, no-store');
    }
    // The log-in page is personal (Cache-Control: private, no-store): fetched from the app every time.
    for (let i = 0; i < 2; i++) {
      const login = await viaProxy(paths.login);
      expect(login.headers['cache-control']).toBe('private, no-store');
      expect(login.headers['x-cache-status']).toBe('MISS');
    }
    // The API's answers say no-cache (their ETag is checked each time): never stored either.
    for (let i = 0; i < 2; i++) expect((await viaProxy('/api/app/excipient?page=1&pageSize=1')).headers['x-cache-status']).toBe('MISS');
  });

  it('answers 304 to If-None-Match, with the policy of the body the client holds', async () => {
    const page = await viaProxy(paths.home, { headers: { 'accept-encoding': 'br' } });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await viaProxy(paths.home, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);

    const list = await viaProxy('/api/app/excipient?page=1&pageSize=1');
    expect(list.headers.etag).toBeTruthy();
    expect((await viaProxy('/api/app/excipient?page=1&pageSize=1', { headers: { 'if-none-match': String(list.headers.etag) } })).status).toBe(304);
  });

  it('passes the API through: a GET, POSTs that sign a staff member in, an upload up to the app\'s own limit', async () => {
    const list = await viaProxy('/api/app/excipient?page=1&pageSize=5');
    expect(list.status).toBe(200);
    expect(json<{ items: unknown[] }>(list).items).toEqual(expect.any(Array));

    const token = await editor();
    const upload = await multipart(PNG, 'avatar.png', 'image/png');
    const uploaded = await viaProxy('/api/app/account/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.type },
      body: upload.body,
    });
    expect(uploaded.status, uploaded.text()).toBe(200);
    const avatar = json<{ avatar: string }>(uploaded).avatar;
    expect(avatar).toMatch(/^\/api\/app\/account\/avatar\//);
    const image = await viaProxy(avatar);
    expect(image.status).toBe(200);
    expect(image.body.equals(PNG)).toBe(true);

    // Over the avatar's 2 MB but under nginx's 25 MB: the app answers, with its own message.
    const large = await multipart(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'large.png', 'image/png');
    const tooLarge = await viaProxy('/api/app/account/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': large.type },
      body: large.body,
    });
    expect(tooLarge.status).toBe(413);
    const { error } = json<{ error: { code: string; message: string } }>(tooLarge);
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toContain('2 MB');

    // Over what any upload of the app may be: nginx refuses it before the app reads a byte.
    const huge = await multipart(Buffer.alloc(26 * 1024 * 1024), 'huge.pdf', 'application/pdf');
    const refused = await viaProxy('/api/app/account/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': huge.type },
      body: huge.body,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
  });

  it('counts the limits per address on the client\'s own address, whatever X-Forwarded-For it sends', async () => {
    const captcha = (options: RequestOptions, via: typeof viaProxy = viaProxy) => via('/api/app/account/captcha', { method: 'POST', ...options });
    // Thirty captchas per address in ten minutes (the app's limit); each request claims another address.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await captcha({ localAddress: '127.0.0.2', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    expect((await captcha({ localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7, 127.0.0.3' } })).status).toBe(429);
    // Another client (another address) is not held back by the first one's count: the app sees each one's own address.
    expect((await captcha({ localAddress: '127.0.0.3' })).status).toBe(200);
    // The app does trust its proxy's X-Forwarded-For (here the test stands where nginx stands): so
    // nginx must be what sets it.
    expect((await captcha({ headers: { 'x-forwarded-for': '198.51.100.200' } }, direct)).status).toBe(200);
  });

  it('does not let /metrics out, however it is spelled', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    expect((await direct('/metrics', { headers: { authorization } })).status, 'the app answers a scrape on its own port').toBe(200);
    for (const url of ['/metrics', '/metrics?x=1', '/%6Detrics', '//metrics']) {
      const answer = await viaProxy(url, { headers: { authorization } });
      expect(answer.status, url).toBe(403);
      expect(answer.text()).not.toContain('http_requests_total');
    }
  });

  it('shows a staff edit on a page kept by the proxy as soon as its entry lapses (nginx keeps it 1 to 2 s)', async () => {
    const headers = { authorization: `Bearer ${await editor()}`, 'content-type': 'application/json' };
    const created = await viaProxy('/api/admin/excipient', { method: 'POST', headers, body: JSON.stringify(productBody('代理缓存旧名称')) });
    expect(created.status, created.text()).toBe(201);
    const { id } = json<{ id: number }>(created);
    const url = withQuery(paths.excipientDetail, { id });
    // Until the proxy serves it from its cache (the creation's own signal may empty a worker's a moment later).
    const deadline = Date.now() + 5_000;
    let page = await viaProxy(url);
    while (page.headers['x-cache-status'] !== 'HIT' && Date.now() < deadline) page = await viaProxy(url);
    expect(page.headers['x-cache-status']).toBe('HIT');
    expect(page.text()).toContain('代理缓存旧名称');

    const renamed = await viaProxy(`/api/admin/excipient/${id}`, { method: 'PUT', headers, body: JSON.stringify(productBody('代理缓存新名称')) });
    expect(renamed.status, renamed.text()).toBe(200);
    const changed = performance.now();
    const seen: string[] = [];
    while (performance.now() - changed < 5_000) {
      page = await viaProxy(url);
      seen.push(String(page.headers['x-cache-status']));
      if (page.text().includes('代理缓存新名称')) break;
      await sleep(50);
    }
    const after = performance.now() - changed;
    expect(page.text(), `the proxy's answers after the edit: ${seen.join(' ')}`).toContain('代理缓存新名称');
    // At most the entry's 1 to 2 s (see above; the app's own cache was emptied at once), and a request's
    // time on a busy machine.
    expect(after).toBeLessThan(3_000);
    console.info(`the proxy showed the edit ${Math.round(after)} ms after it was made (${seen.join(' ')})`);
  });
});
