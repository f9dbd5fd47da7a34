import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { paths, withQuery } from '@fuliaotong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebBuild, resolveWebBuildDir } from '../src/web/web-build.js';
import { listedOperations, redoclyErrors, swaggerParserProblem, tableOperations, type OpenApiDocument } from './openapi-document.js';
import { startServer, type HealthBody, type ServerProcess } from './production-server.js';
import { databaseUrl, dropDatabase, runStatements, testName } from './template-database.js';

/**
 * The production server as people run it, with the web build loaded (what no test through
 * app.inject() loads): every page route of the build at a concrete address (ids from the demo content
 * it seeds on start), each page's scripts and styles, each route's navigation data (`.data`), pages
 * with a malformed Host header, and the OpenAPI document (valid, every operation of the endpoint table,
 * no error under Redocly's recommended rules). Any 5xx, and any error-level line the server logs, fails.
 *
 * Without DATABASE_URL: `npm run serve` (the compiled server, one process) on an embedded database of its
 * own. With DATABASE_URL: `npm start` (apps/server/scripts/start.ts: checks, builds when due, then the
 * cluster) with WEB_CONCURRENCY=2 on a new database of that PostgreSQL server, dropped afterwards.
 * SMOKE_COMMAND=serve or start chooses the other way. Needs the web build (`npm run build`).
 */

const postgresServer = process.env.DATABASE_URL;
const command = (process.env.SMOKE_COMMAND ?? (postgresServer ? 'start' : 'serve')) as 'serve' | 'start';
if (command !== 'serve' && command !== 'start') throw new Error(`SMOKE_COMMAND must be serve or start, not ${String(command)}`);
const workers = postgresServer && command === 'start' ? 2 : 1;

/** Error-level lines of the server's log (pino level ≥ 50), and anything it printed that reads like an uncaught error. */
const errorLines: string[] = [];
let partial = '';
function readOutput(chunk: string) {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line) as { level?: unknown };
        if (typeof entry.level === 'number' && entry.level >= 50) errorLines.push(line);
        continue;
      } catch {
        // not a log line: checked below
      }
    }
    if (/\b(Error|Unhandled|uncaught)\b/.test(line)) errorLines.push(line);
  }
}

let server: ServerProcess & { health: HealthBody };
let dataDir: string;
let database: { name: string; url: string } | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-smoke-'));
  if (postgresServer) {
    const name = testName('smoke_');
    await runStatements(postgresServer, `CREATE DATABASE "${name}"`);
    database = { name, url: databaseUrl(postgresServer, name) };
  }
  if (command === 'serve' && !(await resolveWebBuildDir(process.env.WEB_BUILD_DIR))) {
    throw new Error('The web build is missing: run npm run build first.');
  }
  server = await startServer({
    command,
    env: {
      DATABASE_URL: database?.url ?? '',
      DATABASE_SCHEMA: '',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_CONCURRENCY: String(workers),
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'info',
    },
    onOutput: readOutput,
    // Seeding the demo content (and with `start`, a web build when the sources changed) comes first.
    healthTimeoutMs: 240_000,
  });
  if (workers > 1) {
    const deadline = Date.now() + 60_000;
    while (!server.output().includes(`all ${workers} workers listening`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (database) await dropDatabase(postgresServer!, database.name);
  await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** The answer to a GET, redirects not followed. */
async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string; location: string | null }> {
  const response = await fetch(`${server.origin}${url}`, { redirect: 'manual', headers });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text(), location: response.headers.get('location') };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.status, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return JSON.parse(response.body) as T;
}

/** A GET through node:http, which sends a Host header as given (fetch sets its own). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.origin}${url}`, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** A GET on a connection of its own (not kept alive): with several workers, any of them may answer. */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag?: string; policy?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.origin}${url}`, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: response.headers.etag,
          policy: String(response.headers['content-security-policy']),
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

/** Every page route of the build the server loaded, as its path pattern (`/account/payment`, `/*`, `/`). */
async function pageRoutes(): Promise<string[]> {
  const dir = await resolveWebBuildDir(process.env.WEB_BUILD_DIR);
  const build = dir ? await loadWebBuild(dir) : undefined;
  if (!build) throw new Error('The web build is missing: run npm run build first.');
  expect(server.health.build, 'the server serves the current web build').toBe(build.info.id);
  const routes = build.server.routes;
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  const paths: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route || parents.has(route.id) || route.id === 'root') continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) if (at.path) segments.unshift(at.path);
    paths.push(`/${segments.join('/')}`);
  }
  return [...new Set(paths)].sort();
}

type Page = { items: Array<{ id: number }> };

describe(`the production server (${command === 'serve' ? 'npm run serve' : 'npm start'}, ${postgresServer ? 'PostgreSQL' : 'embedded database'}, ${workers} process${workers > 1 ? 'es' : ''}, web build loaded)`, () => {
  it('runs the processes it was asked for', () => {
    expect(server.health).toMatchObject({ status: 'ok', db: postgresServer ? 'postgres' : 'pglite' });
    if (workers > 1) {
      expect(server.output()).toContain(`${workers} server processes on PostgreSQL (WEB_CONCURRENCY=${workers})`);
      expect(server.output()).toContain(`all ${workers} workers listening`);
    }
  });

  it("answers every route of the web app, each page's scripts and styles and each route's navigation data", async () => {
    const first = async (url: string) => (await getJson<Page>(url)).items[0]!.id;
    const ids = {
      excipient: await first('/api/app/excipient?page=1&pageSize=1'),
      registration: await first('/api/app/registration?page=1&pageSize=1'),
      // Standards and usage rows are read signed in (the page fetches them in the browser): the first the demo seeds.
      standard: 1,
      usage: 1,
      regulation: await first('/api/app/regulation?page=1&pageSize=1'),
      news: await first('/api/app/news?page=1&pageSize=1'),
    };
    /**
     * The addresses of a route pattern (its detail views with ids from the demo content) and the status
     * each answers to an anonymous visitor. Signed-in pages render their frame on the server (the token
     * is in the browser), so they answer 200 too. A route the build has and this table lacks fails below.
     */
    const addresses: Record<string, Array<[string, number]>> = {
      '/': [['/', 302]],
      '/*': [['/no-such-page', 404], ['/account/no-such-page', 404]],
      [paths.registrationsDeprecated]: [[encodeURI(paths.registrationsDeprecated), 301]],
      [paths.excipientDetail]: [[withQuery(paths.excipientDetail, { id: ids.excipient }), 200], [withQuery(paths.excipientDetail, { id: 999999 }), 404]],
      [paths.topDatabase]: [[withQuery(paths.topDatabase, { code: 'standard' }), 200], [withQuery(paths.topDatabase, { code: 'usage' }), 200]],
      [paths.topDatabaseDetail]: [
        [withQuery(paths.topDatabaseDetail, { id: ids.registration }), 200],
        [withQuery(paths.topDatabaseDetail, { code: 'standard', id: ids.standard }), 200],
        [withQuery(paths.topDatabaseDetail, { code: 'usage', id: ids.usage }), 200],
      ],
      [paths.regulations]: [[paths.regulations, 200], [withQuery(paths.regulations, { id: ids.regulation }), 200]],
      [paths.topRegulations]: [[paths.topRegulations, 200], [withQuery(paths.topRegulations, { id: ids.regulation }), 200]],
      [paths.topNewsDetail]: [[withQuery(paths.topNewsDetail, { id: ids.news }), 200]],
      [paths.search]: [[paths.search, 200], [withQuery(paths.search, { q: '乳糖' }), 200]],
      [paths.applicationOrder]: [[withQuery(paths.applicationOrder, { id: 1 }), 200]],
      [paths.payment]: [[withQuery(paths.payment, { order: 1 }), 200]],
    };
    const routes = await pageRoutes();
    expect(routes.length, routes.join(' ')).toBeGreaterThan(40);
    const problems: string[] = [];
    const assets = new Set<string>();
    for (const route of routes) {
      for (const [url, status] of addresses[route] ?? [[route, 200]]) {
        const page = await get(url);
        if (page.status !== status) problems.push(`${url} answered ${page.status}, not ${status}: ${page.body.slice(0, 200)}`);
        if (status === 200 && !page.type.startsWith('text/html')) problems.push(`${url} answered ${page.type}`);
        for (const match of page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(match[1]!);
        // What a client navigation asks the server for (React Router's single fetch).
        const { pathname, search } = new URL(url, server.origin);
        const data = await get(`${pathname === '/' ? '/_root' : pathname}.data${search}`);
        if (data.status >= 500) problems.push(`${pathname}.data${search} answered ${data.status}`);
      }
    }
    expect(assets.size).toBeGreaterThan(10);
    for (const asset of assets) {
      const response = await get(asset, { 'accept-encoding': 'br, gzip' });
      if (response.status !== 200) problems.push(`${asset} answered ${response.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers pages with a malformed Host header as any other (rendered for SITE_URL)', async () => {
    for (const host of ['a.example:80@127.0.0.1', '[::1', 'user:pw@elsewhere.example', 'elsewhere.example:99999']) {
      for (const url of [paths.home, paths.about, withQuery(paths.excipients, { keyword: '乳糖' }), paths.login]) {
        const page = await getWithHost(url, host);
        expect(page.status, `${host} ${url}: ${page.body.slice(0, 200)}`).toBe(200);
        expect(page.body).not.toMatch(/a\.example|elsewhere\.example/);
      }
    }
  });

  it('answers a shared page and a shared API read with the same bytes and ETag from every process, and 304 to any of them', async () => {
    const anApiRead = '/api/app/excipient?page=1&pageSize=5';
    for (const url of [paths.home, withQuery(paths.news, { page: '2' }), anApiRead]) {
      // A connection each: the cluster hands connections to its workers in turn, so every worker answers some.
      const answers = await Promise.all(Array.from({ length: 4 * workers }, () => getOnNewConnection(url)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((answer) => answer.etag)), url).toEqual(new Set([answers[0]!.etag]));
      expect(new Set(answers.map((answer) => answer.body)).size, url).toBe(1);
      expect(new Set(answers.map((answer) => answer.policy)).size, url).toBe(1);
      const revalidated = await Promise.all(Array.from({ length: 4 * workers }, () => getOnNewConnection(url, { 'if-none-match': answers[0]!.etag! })));
      expect(revalidated.map((answer) => answer.status), url).toEqual(revalidated.map(() => 304));
    }
  });

  it('serves the OpenAPI document: valid, every operation of the endpoint table, no Redocly error', async () => {
    const document = await getJson<OpenApiDocument>('/api/docs/json');
    expect(await swaggerParserProblem(document)).toBeUndefined();
    expect(listedOperations(document)).toEqual(tableOperations());
    expect(await redoclyErrors(document)).toEqual([]);
    const ui = await get('/api/docs');
    expect(ui.status, ui.body.slice(0, 200)).toBeLessThan(400);
  });

  it('logged no error, and stops cleanly', async () => {
    expect(await server.stop()).toBe(0);
    readOutput('\n');
    expect(errorLines).toEqual([]);
  });
});
