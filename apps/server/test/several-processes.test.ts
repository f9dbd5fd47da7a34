import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { paths, withQuery } from '@fuliaotong/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { users } from '../src/modules/account/account.schema.js';
import { productBody } from './products.js';
import { parseScrape } from './prometheus-text.js';
import { createStaff, startServer, type HealthBody, type ServerProcess } from './production-server.js';
import { databaseUrl, dropDatabase, runStatements, testName } from './template-database.js';

/**
 * Several server processes on one PostgreSQL database (docs/decisions/0032-growing-past-one-machine.md):
 * two real servers (`npm run serve`, each with a DATA_DIR of its own, as on two hosts) share sessions,
 * log-outs and log-in limits, a staff change made on one empties the other's cached pages and API reads,
 * and a cart change made on one shows in the other's cart count; `npm start` runs WEB_CONCURRENCY workers that all answer. PostgreSQL
 * only: the embedded database serves one process, so the run without DATABASE_URL skips this file.
 */

const serverUrl = process.env.DATABASE_URL;
const PASSWORD = 'Two-Servers-2026-ok';

/** A database of this file's own on the test server, dropped afterwards. */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = testName('procs_');
  await runStatements(serverUrl!, `CREATE DATABASE "${name}"`);
  return { url: databaseUrl(serverUrl!, name), drop: () => dropDatabase(serverUrl!, name) };
}

/** A member's account (no staff role: staff sign in with a second factor), made with the operator's tool. */
async function member(env: NodeJS.ProcessEnv, url: string, account: string): Promise<void> {
  await createStaff(env, account, PASSWORD);
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.db.update(users).set({ roles: [] }).where(eq(users.account, account));
  } finally {
    await database.close();
  }
}

async function login(server: ServerProcess, account: string, password = PASSWORD): Promise<Response> {
  return fetch(`${server.origin}/api/app/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
}

async function cartCount(server: ServerProcess, token: string): Promise<number> {
  const response = await fetch(`${server.origin}/api/app/sample/sample-cart-num`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

/** The JSON lines of a server's log. */
function logLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The six-digit code of the last SMS a server's log shows sent to `to` (the `log` message driver). */
function lastCodeTo(server: ServerProcess, to: string): string | undefined {
  const texts = logLines(server)
    .filter((line) => line.smsTo === to && typeof line.smsText === 'string')
    .map((line) => String(line.smsText));
  return texts.map((text) => /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1]).filter((code) => code !== undefined).at(-1);
}

/** Signs staff in on a server: password, then the code sent to the account (the second factor). */
async function staffToken(server: ServerProcess, account: string): Promise<string> {
  const first = (await (await login(server, account)).json()) as { challenge?: string };
  expect(first.challenge, 'a staff log-in asks for a code').toBeTypeOf('string');
  const deadline = Date.now() + 10_000;
  let code: string | undefined;
  while (!(code = lastCodeTo(server, account)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const verified = await fetch(`${server.origin}/api/app/account/login-verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: first.challenge, code }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

const mobile = () => `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

describe.skipIf(!serverUrl)('two servers on one PostgreSQL database (skipped without DATABASE_URL: PGlite serves one process)', () => {
  const dataDirs: string[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let a: ServerProcess & { health: HealthBody };
  let b: ServerProcess & { health: HealthBody };
  const accounts = { first: mobile(), second: mobile(), third: mobile(), editor: mobile() };
  /** The editor's token, signed in once on the first server (each sign-in sends a code to read from its log). */
  let editorToken: string | undefined;
  const editor = async () => (editorToken ??= await staffToken(a, accounts.editor));

  beforeAll(async () => {
    database = await ownDatabase();
    for (let i = 0; i < 2; i++) dataDirs.push(await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-procs-')));
    const env = {
      DATABASE_URL: database.url,
      DATABASE_SCHEMA: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_CONTENT: 'false',
      // Info: the log driver's SMS lines carry the staff member's code. The pages are the current web build.
      LOG_LEVEL: 'info',
    };
    // Migrates the database, before either server starts.
    await createStaff({ ...env, DATA_DIR: dataDirs[0] }, accounts.editor, PASSWORD, ['editor']);
    await member({ ...env, DATA_DIR: dataDirs[0] }, database.url, accounts.first);
    await member({ ...env, DATA_DIR: dataDirs[0] }, database.url, accounts.second);
    await member({ ...env, DATA_DIR: dataDirs[0] }, database.url, accounts.third);
    [a, b] = await Promise.all([startServer({ env: { ...env, DATA_DIR: dataDirs[0] } }), startServer({ env: { ...env, DATA_DIR: dataDirs[1] } })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('both serve PostgreSQL', () => {
    expect(a.health.db).toBe('postgres');
    expect(b.health.db).toBe('postgres');
  });

  it('accept each other\'s tokens, and a log-out on one is refused there at once and on the other within a second', async () => {
    const response = await login(a, accounts.first);
    expect(response.status, await response.clone().text()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    // Both have just read (and may keep) the session.
    expect(await cartCount(a, token)).toBe(200);
    expect(await cartCount(b, token)).toBe(200);

    const logout = await fetch(`${a.origin}/api/app/account/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
    const loggedOut = performance.now();
    expect(await cartCount(a, token), 'the server that logged out').toBe(401);

    const polls: Array<{ at: number; status: number }> = [];
    while (performance.now() - loggedOut < 1_400) {
      const at = performance.now() - loggedOut;
      polls.push({ at, status: await cartCount(b, token) });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const late = polls.filter((poll) => poll.at >= 1_000);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((poll) => poll.status !== 401), 'asked a second or more after the log-out').toEqual([]);
    console.info(`the other server refused the token ${Math.round(polls.find((poll) => poll.status === 401)?.at ?? NaN)} ms after the log-out`);
  });

  it("empty each other's cached pages: a product renamed on one shows on the other's page within a second", async () => {
    const token = await editor();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${a.origin}/api/admin/excipient`, { method: 'POST', headers, body: JSON.stringify(productBody('两台服务旧名称')) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const page = async () => {
      const response = await fetch(b.origin + withQuery(paths.excipientDetail, { id }), { headers: { accept: 'text/html' } });
      return { etag: response.headers.get('etag'), html: await response.text() };
    };
    // The creation's own signal reaches the other server a moment later and empties its cache too:
    // ask until two answers in a row are the same stored page.
    const deadline = Date.now() + 5_000;
    let before = await page();
    let again = await page();
    while (again.etag !== before.etag && Date.now() < deadline) {
      before = again;
      again = await page();
    }
    expect(before.html).toContain('两台服务旧名称');
    expect(again.etag, 'served from the cache of the other server').toBe(before.etag);

    const renamed = await fetch(`${a.origin}/api/admin/excipient/${id}`, { method: 'PUT', headers, body: JSON.stringify(productBody('两台服务新名称')) });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const changed = performance.now();
    let html = '';
    while (!html.includes('两台服务新名称') && performance.now() - changed < 1_000) {
      html = (await page()).html;
      if (!html.includes('两台服务新名称')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(html, 'the other server shows the new name within a second').toContain('两台服务新名称');
    console.info(`the other server showed the change ${Math.round(performance.now() - changed)} ms after it was made`);
  });

  it("empty each other's cached API reads: a product renamed on one shows in the other's answer within a second", async () => {
    const headers = { authorization: `Bearer ${await editor()}`, 'content-type': 'application/json' };
    const created = await fetch(`${a.origin}/api/admin/excipient`, { method: 'POST', headers, body: JSON.stringify(productBody('两台服务接口旧名称')) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const read = async () => {
      const response = await fetch(`${b.origin}/api/app/excipient/${id}`);
      return { etag: response.headers.get('etag'), body: await response.text() };
    };
    // As for pages: the creation's own signal may empty the other's cache a moment later.
    const deadline = Date.now() + 5_000;
    let before = await read();
    let again = await read();
    while (again.etag !== before.etag && Date.now() < deadline) {
      before = again;
      again = await read();
    }
    expect(before.body).toContain('两台服务接口旧名称');
    expect(again.etag, 'answered from the cache of the other server').toBeTruthy();
    expect(again.etag).toBe(before.etag);

    const renamed = await fetch(`${a.origin}/api/admin/excipient/${id}`, { method: 'PUT', headers, body: JSON.stringify(productBody('两台服务接口新名称')) });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const changed = performance.now();
    let body = '';
    while (!body.includes('两台服务接口新名称') && performance.now() - changed < 1_000) {
      body = (await read()).body;
      if (!body.includes('两台服务接口新名称')) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(body, 'the other server answers the new name within a second').toContain('两台服务接口新名称');
    console.info(`the other server answered the change ${Math.round(performance.now() - changed)} ms after it was made`);
  });

  it("tell each other of cart changes: a sample added on one shows in the other's cart count within a second", async () => {
    const staff = { authorization: `Bearer ${await editor()}`, 'content-type': 'application/json' };
    const spec = { grade: 'PH-102', packSize: '500 g', sampleAvailable: true };
    const created = await fetch(`${a.origin}/api/admin/excipient`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify(productBody('两台服务样品车', { sampleAvailable: true, specs: [spec] })),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const detail = (await (await fetch(`${a.origin}/api/app/excipient/${id}`)).json()) as { specs: Array<{ id: number }> };

    const signedIn = await login(a, accounts.third);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const count = async (server: ServerProcess) =>
      (await fetch(`${server.origin}/api/app/sample/sample-cart-num`, { headers: { authorization: `Bearer ${token}` } })).text();
    // The other server reads the count, and keeps it.
    expect(await count(b)).toBe('0');
    expect(await count(b)).toBe('0');

    const added = await fetch(`${a.origin}/api/app/sample/sample-cart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ excipientId: id, specId: detail.specs[0]!.id }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const changed = performance.now();
    expect(await count(a), 'the server that added it').toBe('1');
    let seen = await count(b);
    while (seen !== '1' && performance.now() - changed < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await count(b);
    }
    expect(seen, 'the other server counts it within a second').toBe('1');
    console.info(`the other server counted the change ${Math.round(performance.now() - changed)} ms after it was made`);
  });

  it('count failed log-ins across both servers', async () => {
    // Ten failures per account in 15 minutes (defaultAuthLimits), spread over the two servers.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await login(i % 2 === 0 ? a : b, accounts.second, `Wrong-Password-${i}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // Refused on both now, even with the right password.
    expect((await login(a, accounts.second)).status).toBe(429);
    expect((await login(b, accounts.second)).status).toBe(429);
  });
});

describe.skipIf(!serverUrl)('npm start on PostgreSQL (skipped without DATABASE_URL: PGlite serves one process)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let started: ServerProcess & { health: HealthBody };
  const metricsToken = randomBytes(16).toString('hex');
  const env = () => ({
    DATABASE_URL: database.url,
    DATABASE_SCHEMA: '',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'info',
    WEB_BUILD_DIR: path.join(os.tmpdir(), 'no-web-build'),
  });

  beforeAll(async () => {
    database = await ownDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-cluster-'));
    started = await startServer({
      command: 'start',
      env: { ...env(), WEB_CONCURRENCY: '2', JWT_SECRET: randomBytes(32).toString('hex'), METRICS_TOKEN: metricsToken },
      healthTimeoutMs: 120_000,
    });
  }, 180_000);

  afterAll(async () => {
    await started?.stop();
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('runs WEB_CONCURRENCY workers, and every one of them answers', async () => {
    expect(started.output()).toContain('2 server processes on PostgreSQL (WEB_CONCURRENCY=2)');
    // The first worker listening makes the health check pass; the primary says when all of them do.
    // Each worker's own line may come up to a log batch (100 ms) after the primary's.
    const listeningPids = () => new Set(logLines(started).filter((line) => String(line.msg).includes('listening on')).map((line) => line.pid));
    const deadline = Date.now() + 60_000;
    while (!(started.output().includes('all 2 workers listening') && listeningPids().size === 2) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started.output()).toContain('all 2 workers listening');
    expect(listeningPids().size).toBe(2);

    // Each request on a connection of its own: the primary hands new connections to the workers in turn.
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${started.origin}/api/health`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last log lines
    const answered = logLines(started).filter((line) => line.msg === 'request completed' && (line.req as { url?: string } | undefined)?.url === '/api/health');
    const byWorker = new Set(answered.map((line) => line.pid));
    expect(byWorker, 'workers that answered').toEqual(listeningPids());
  });

  it('runs each worker with the memory settings of a worker: V8 old generation 384 MB, two malloc arenas', async () => {
    const pids = [...new Set(logLines(started).filter((line) => String(line.msg).includes('listening on')).map((line) => Number(line.pid)))];
    expect(pids).toHaveLength(2);
    for (const pid of pids) {
      expect((await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).toContain('--max-old-space-size=384');
      expect((await fs.readFile(`/proc/${pid}/environ`, 'utf8')).split('\0')).toContain('MALLOC_ARENA_MAX=2');
    }
  });

  it("answers GET /metrics with the cluster's sum, whichever worker is asked, each worker's gauges apart", async () => {
    // Each request on a connection of its own: the primary hands new connections to the workers in turn.
    const scrape = async () => {
      const response = await fetch(`${started.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}`, connection: 'close' } });
      expect(response.status, 'a scrape').toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      return parseScrape(await response.text());
    };
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const scrapes = { method: 'GET', route: '/metrics', status: '200' };
    const first = await scrape();
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${started.origin}/api/health`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    for (let i = 1; i <= 5; i++) {
      const metrics = await scrape();
      // Every request of every worker, whichever worker answers the scrape (the scrape itself is counted once it is answered).
      expect(metrics.sum('http_requests_total', health) - first.sum('http_requests_total', health), `scrape ${i}`).toBe(10);
      expect(metrics.sum('http_request_duration_seconds_count', health) - first.sum('http_request_duration_seconds_count', health)).toBe(10);
      expect(metrics.sum('http_requests_total', scrapes) - first.sum('http_requests_total', scrapes), `scrape ${i}`).toBe(i);
      // Gauges of a process: one series per worker. Gauges of the database: one for the site.
      for (const gauge of ['db_pool_max_connections', 'page_cache_entries', 'process_resident_memory_bytes']) {
        expect(metrics.find(gauge).map((one) => one.labels.worker).sort(), gauge).toEqual(['1', '2']);
      }
      expect(metrics.find('db_pool_connections', { state: 'idle' })).toHaveLength(2);
      expect(metrics.find('outbox_pending', { channel: 'sms' }).map((one) => one.labels)).toEqual([{ channel: 'sms' }]);
      expect(metrics.find('job_queue_depth', { kind: 'message.send' })).toHaveLength(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last log lines
    const answeredBy = (url: string) =>
      new Set(logLines(started).filter((line) => line.msg === 'request completed' && (line.req as { url?: string } | undefined)?.url === url).map((line) => line.pid));
    expect(answeredBy('/api/health').size, 'workers that answered the requests counted').toBe(2);
    expect(answeredBy('/metrics').size, 'workers that answered a scrape').toBe(2);
  });

  it('stops every worker on SIGTERM and exits 0', async () => {
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(logLines(started).filter((line) => line.msg === 'database closed; bye')).toHaveLength(2);
  });

  it('serves through a worker with WEB_CONCURRENCY=1 too: the start process serves nothing (docs/decisions/0077)', async () => {
    const one = await startServer({ command: 'start', env: { ...env(), WEB_CONCURRENCY: '1', METRICS_TOKEN: metricsToken }, healthTimeoutMs: 120_000 });
    try {
      const deadline = Date.now() + 60_000;
      while (!one.output().includes('all 1 worker listening') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(one.output()).toContain('one server process on PostgreSQL (WEB_CONCURRENCY=1)');
      expect(one.output()).toContain('all 1 worker listening');
      const response = await fetch(`${one.origin}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last log lines
      const answeredBy = new Set(logLines(one).filter((line) => line.msg === 'request completed').map((line) => line.pid));
      expect([...answeredBy]).toHaveLength(1);
      expect(answeredBy.has(one.child.pid)).toBe(false);
    } finally {
      expect(await one.stop()).toBe(0);
    }
  });

  it('refuses several processes without JWT_SECRET, naming it', async () => {
    const refused = await startServer({ command: 'start', env: { ...env(), WEB_CONCURRENCY: '2', JWT_SECRET: '' } }).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(refused).toContain('JWT_SECRET: is required with DATABASE_URL when several server processes run (WEB_CONCURRENCY=2)');
  });
});
