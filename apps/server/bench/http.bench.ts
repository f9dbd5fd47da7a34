/**
 * HTTP throughput of the production server, relative to a bare `node:http` hello-world measured in
 * the same run on the same machine:
 *
 *   hello     GET /            (bare node:http, `{"hello":"world"}`: the ceiling of this machine; the ratios are taken to it)
 *   fastify   GET /            (bare Fastify 5, same answer: what the framework alone costs)
 *   health    GET /api/health  (real app: routing, zod response schema, one database round trip)
 *   home      GET /home        (real app: served from the page cache, as every anonymous visitor gets it)
 *   home-render GET /home with a cookie (real app: a request that carries anything of a user bypasses the
 *             page cache, so this is React Router + antd server rendering of the production build every
 *             time); on ONE connection, so that its p50 is the time of one render, not a queue of them
 *   cart-num  GET /api/app/sample/sample-cart-num with a bearer token (real app: token and session
 *             check, one count; an account made for the run with 3 items in the sample cart; text/plain)
 *   excipient GET /api/app/excipient?page=1&pageSize=20 (real app, anonymous: the catalogue's first page)
 *   list-…    GET the public lists (catalogue, registrations, standards, usage, news, regulations), first
 *             page of 20, signed in: past every cache, what a signed-in or first view pays; asked for
 *             by name or all of them with `--targets lists`
 *   proxy-home GET https://…/home through Debian's nginx with deploy/nginx.conf (TLS, HTTP/1.1 keep-alive;
 *             the page from nginx's one-second cache, docs/decisions/0058), beside `home`, the app's own
 *             cache; measured when nginx is installed (test/nginx-proxy.ts starts it)
 *
 * Every server is a child process listening on 127.0.0.1 (own event loops); autocannon runs here.
 * The app is started exactly as `npm run serve` starts it (test/production-server.ts): the compiled
 * server, `apps/server/dist/main.js`, with NODE_ENV=production and LOG_LEVEL=info (as in production;
 * the log goes to a file of the run, not to the terminal), on PGlite in a temporary DATA_DIR, or, with
 * DATABASE_URL set, on a database of its own created on that server for the run and dropped afterwards.
 * `--workers N` starts it as `npm start` does with WEB_CONCURRENCY=N instead (node:cluster, PostgreSQL only).
 *
 *   npm run bench:http -- [--rounds 5] [--duration 5] [--connections 10] [--warmup 3] [--cpu-prof DIR]
 *                         [--targets hello,cart-num,...] [--workers N]
 *   npm run bench:proxy   (= bench:http -- --targets home,proxy-home: the proxy's cache beside the app's)
 *
 * Each round measures every target once, in a rotating order; the report gives medians over rounds, and
 * the CPU time the answering process spent a request (from /proc: nearly the same on a busy machine as on
 * a quiet one, where requests a second are not), with its ratio to hello's.
 * Exits 1 when the web build is missing or any target answered an error, a timeout or a non-2xx.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIMESTAMP_PARAM } from '@fuliaotong/contracts/api-paths';
import { isCompleteBuild } from '../src/web/build-store.js';
import { resolveWebBuildDir } from '../src/web/web-build.js';
import { nginxBinary, request, SERVER_NAME, startNginx } from '../test/nginx-proxy.js';
import { repoRoot, spawnServer, waitForHealth } from '../test/production-server.js';
import { cleanUpOnExit, describeFailure, machineLine, parseBenchArgs } from './bench-args.js';
import { benchDatabase, createMember } from './bench-database.js';

const mainEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** The public list endpoints, each asked for past every cache (signed in): what a first or personal view pays. */
const LISTS = {
  'list-excipient': '/api/app/excipient?page=1&pageSize=20',
  'list-registration': '/api/app/registration?page=1&pageSize=20',
  'list-standard': '/api/app/database/standard/records?page=1&pageSize=20',
  'list-usage': '/api/app/database/usage/records?page=1&pageSize=20',
  'list-news': '/api/app/news?page=1&pageSize=20',
  'list-regulation': '/api/app/regulation?page=1&pageSize=20',
} as const;
type ListName = keyof typeof LISTS;
const LIST_NAMES = Object.keys(LISTS) as ListName[];
const TARGET_NAMES = ['hello', 'fastify', 'health', 'home', 'home-render', 'cart-num', 'excipient', 'excipient-t', 'proxy-home', ...LIST_NAMES] as const;
/** Measured by default when nginx is installed; the lists with `--targets lists` (or by name). */
const DEFAULT_TARGETS = TARGET_NAMES.filter((name) => (name !== 'proxy-home' || nginxBinary()) && !name.startsWith('list-'));
const helloEntry = fileURLToPath(new URL('./hello-server.ts', import.meta.url));
const host = '127.0.0.1';

// ---------------------------------------------------------------------------------------------
// Options

const usage =
  'usage: npm run bench:http -- [--rounds N=5] [--duration SECONDS=5] [--connections N=10] ' +
  `[--warmup SECONDS=3] [--cpu-prof DIR] [--log-level info] [--targets ${TARGET_NAMES.join(',')}] [--workers N]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    rounds: { type: 'integer', default: 5, min: 1 },
    duration: { type: 'integer', default: 5, min: 1 },
    connections: { type: 'integer', default: 10, min: 1 },
    warmup: { type: 'integer', default: 3, min: 0 },
    'cpu-prof': { type: 'string' },
    workers: { type: 'integer', default: 0, min: 0 },
    'log-level': { type: 'string', default: 'info', pattern: /^(fatal|error|warn|info|debug|trace|silent)$/, hint: 'a LOG_LEVEL' },
    targets: {
      type: 'string',
      default: DEFAULT_TARGETS.join(','),
      pattern: new RegExp(`^(${[...TARGET_NAMES, 'lists'].join('|')})(,(${[...TARGET_NAMES, 'lists'].join('|')}))*$`),
      hint: `a comma-separated list of ${TARGET_NAMES.join(', ')} (lists: every list-…)`,
    },
  });
  const targets = new Set(values.targets.split(',').flatMap((name) => (name === 'lists' ? ['hello', ...LIST_NAMES] : [name])));
  targets.add('hello'); // the ratios are taken to it
  return {
    ...values,
    targets,
    logLevel: values['log-level'],
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes and clean-up

const children = new Set<ChildProcess>();
const stopRequested = new WeakSet<ChildProcess>();
const tempDirs = new Set<string>();
/** Run after the servers have stopped (the run's PostgreSQL database is dropped). */
const cleanUps: Array<() => Promise<void>> = [];
let running: autocannon.Instance | undefined;

/** Stops the load generator, the servers (gracefully, then by force) and removes temp dirs. */
async function cleanUp() {
  running?.stop();
  running = undefined;
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  for (const dir of tempDirs) {
    await fs.rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

const { interrupted } = cleanUpOnExit(cleanUp, () => {
  for (const child of children) if (isAlive(child)) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 'stopping servers');

function isAlive(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

function exited(child: ChildProcess): Promise<void> {
  if (!isAlive(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess) {
  stopRequested.add(child);
  if (isAlive(child)) {
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(killed);
  }
  children.delete(child);
}

function track(child: ChildProcess, name: string, logFile?: string) {
  children.add(child);
  child.once('exit', (code, signal) => {
    if (!interrupted() && !stopRequested.has(child)) {
      const log = logFile ? `; the end of its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}` : '';
      console.error(`${name} server exited unexpectedly (code ${code}, signal ${signal})${log}`);
    }
  });
  return child;
}

function childFailed(child: ChildProcess, name: string): Promise<never> {
  return exited(child).then(() => {
    throw new Error(`${name} server exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
  });
}

async function startApp(env: NodeJS.ProcessEnv, cpuProfDir: string | undefined, logFile: string, workers: number): Promise<{ origin: string; pid: number | undefined }> {
  const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  // The log goes to a file (as a production log would), not through this process, which makes the load.
  const app =
    workers > 0
      ? await spawnServer({ env: { ...env, WEB_CONCURRENCY: String(workers), JWT_SECRET: randomBytes(32).toString('hex') }, logFile, command: 'start' })
      : await spawnServer({ env, nodeArgs, logFile });
  track(app.child, 'app', logFile);
  await waitForHealth(app, 120_000);
  // With workers the requests are served by the primary's children: their CPU time is not read.
  return { origin: app.origin, pid: workers > 0 ? undefined : app.child.pid };
}

async function startHello(kind: 'node' | 'fastify'): Promise<{ origin: string; pid: number | undefined }> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', helloEntry], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', HELLO_KIND: kind, HOST: host, PORT: '0' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
    `hello (${kind})`,
  );
  const port = await Promise.race([
    new Promise<number>((resolve) => child.once('message', (message: { port: number }) => resolve(message.port))),
    childFailed(child, 'hello'),
  ]);
  return { origin: `http://${host}:${port}`, pid: child.pid };
}

/**
 * CPU time (user + system) a process has used so far, in µs, from /proc (Linux); undefined elsewhere.
 * Unlike requests a second, CPU time a request hardly depends on what else the machine is doing.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return undefined;
  }
}
/** USER_HZ: Linux reports CPU times in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS = 100;

// ---------------------------------------------------------------------------------------------
// Targets and measurements

interface Target {
  name: string;
  description: string;
  url: string;
  headers: Record<string, string>;
  /** The process that answers it: its CPU time a request is measured (undefined: not read). */
  pid: number | undefined;
  /** Connections of this target (default: --connections). */
  connections?: number;
  /** An https target: the certificate to trust in the check (the load generator takes any). */
  ca?: Buffer;
  /** A new path for each request (as a browser makes one, e.g. with its `_t` timestamp); default: the URL's. */
  eachPath?: () => string;
  /** Checks one real response before the load starts; returns a short description of it. */
  check(response: Response, body: string): string;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU time of the answering process a completed request, in µs (undefined when not read). */
  cpuPerRequest: number | undefined;
}

async function measure(target: Target, seconds: number, connections: number): Promise<Sample> {
  const instance = autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
    timeout: 10,
    ...(target.ca ? { servername: SERVER_NAME } : {}),
    ...(target.eachPath ? { requests: [{ setupRequest: (request: { path?: string }) => ({ ...request, path: target.eachPath!() }) }] } : {}),
  });
  running = instance;
  const cpuBefore = cpuMicros(target.pid);
  const result = await instance;
  const cpuAfter = cpuMicros(target.pid);
  running = undefined;
  if (interrupted()) throw new Error('interrupted');
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    // Completed responses over the measured time (autocannon's own `requests.average` is the mean
    // of whole one-second samples, which is coarse for short runs).
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpuPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : undefined,
  };
}

async function preflight(target: Target): Promise<string> {
  let response: Response;
  if (target.ca) {
    // fetch() takes no certificate of its own: node:https with the proxy's.
    const answer = await request(target.url, { headers: target.headers, ca: target.ca });
    response = new Response(answer.status === 304 ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.lines });
  } else {
    response = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(30_000) });
  }
  const body = await response.text();
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${target.name}: ${target.url} answered HTTP ${response.status}: ${body.slice(0, 300)}`);
  }
  return target.check(response, body);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The member the run signs in with, made by the operator's tool before the app starts (registering needs an SMS code). */
const BENCH_ACCOUNT = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
const BENCH_PASSWORD = 'Bench-Sample-Cart-2026';

/** Signs in the run's account and puts `items` sample options in its cart; answers its bearer token. */
async function signedInWithCart(origin: string, items: number): Promise<string> {
  const call = async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`cart set-up: ${init.method ?? 'GET'} ${path} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  };
  const { token } = await call<{ token: string }>('/api/app/account/login', {
    method: 'POST',
    body: { account: BENCH_ACCOUNT, password: BENCH_PASSWORD },
  });
  const { items: products } = await call<{ items: Array<{ id: number; sampleAvailable: boolean }> }>('/api/app/excipient?pageSize=20');
  let added = 0;
  for (const product of products.filter((p) => p.sampleAvailable)) {
    const { specs } = await call<{ specs: Array<{ id: number; sampleAvailable: boolean }> }>(`/api/app/excipient/${product.id}`);
    const spec = specs.find((s) => s.sampleAvailable);
    if (!spec) continue;
    await call('/api/app/sample/sample-cart', { method: 'POST', token, body: { excipientId: product.id, specId: spec.id } });
    if (++added === items) return token;
  }
  throw new Error(`cart set-up: found only ${added} products offering samples (the demo content should have them)`);
}

// ---------------------------------------------------------------------------------------------
// Output

const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** autocannon records latency in whole milliseconds. */
const ms = (n: number) => (n < 1 ? '<1' : String(Math.round(n)));

function table(header: string[], rows: string[][], rightAligned: Set<number>) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function versionOf(pkg: string, from: string) {
  try {
    const require = createRequire(from);
    return (require(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return '?';
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions();

  const webBuildDir = await resolveWebBuildDir(process.env.WEB_BUILD_DIR);
  if (!webBuildDir || !(await isCompleteBuild(webBuildDir))) {
    console.error(`No production web build${webBuildDir ? ` in ${webBuildDir}` : ''}: run npm run build first`);
    process.exit(1);
  }
  const buildMetaPath = path.join(webBuildDir, 'client', 'build-meta.json');
  const buildMeta = JSON.parse(await fs.readFile(buildMetaPath, 'utf8')) as { id: string };

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bench-'));
  tempDirs.add(dataDir);
  if (options.cpuProfDir) await fs.mkdir(options.cpuProfDir, { recursive: true });

  // With DATABASE_URL: a database of the run's own on that server, dropped at the end.
  const { options: databaseOptions, env: databaseEnv, drop } = await benchDatabase('bench_http', dataDir);
  if (drop) cleanUps.push(drop);

  // A throw-away instance (spawnServer sets NODE_ENV=production as `npm run serve` does).
  const childEnv: NodeJS.ProcessEnv = {
    LOG_LEVEL: options.logLevel,
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: webBuildDir,
    ...databaseEnv,
  };

  // The operator's tool makes the account; the cart is a member's, so it keeps no staff role (staff
  // sign in with a second factor).
  await createMember(childEnv, databaseOptions, BENCH_ACCOUNT, BENCH_PASSWORD);
  console.error('starting servers…');
  const logFile = path.join(dataDir, 'server.log');
  const [app, helloServer, bareFastify] = await Promise.all([
    startApp(childEnv, options.cpuProfDir, logFile, options.workers),
    startHello('node'),
    options.targets.has('fastify') ? startHello('fastify') : undefined,
  ]);

  // nginx in front of the app, with the site configuration operators copy (deploy/nginx.conf).
  const appOrigin = app.origin;
  const helloOrigin = helloServer.origin;
  const fastifyOrigin = bareFastify?.origin;
  const proxy = options.targets.has('proxy-home') ? await startNginx({ appPort: Number(new URL(appOrigin).port) }) : undefined;
  if (proxy) cleanUps.unshift(() => proxy.stop());

  const health = (await (await fetch(`${appOrigin}/api/health`)).json()) as { status: string; db: string; build: string };
  if (health.build !== buildMeta.id) {
    throw new Error(`the app serves build "${health.build}", expected the web build "${buildMeta.id}"`);
  }

  const cartToken = await signedInWithCart(appOrigin, 3);
  const browserHeaders = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'zh-CN,zh;q=0.9',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  };
  const checkHome = (response: Response, body: string, name: string) => {
    if (!response.headers.get('content-type')?.startsWith('text/html') || !body.includes('</html>')) {
      throw new Error(`${name}: not a server-rendered HTML page: ${body.slice(0, 200)}`);
    }
    if (!body.includes('药用辅料')) throw new Error(`${name}: the page does not contain the home page text`);
  };

  const allTargets: Target[] = [
    {
      name: 'hello',
      pid: helloServer.pid,
      description: 'GET / (bare node:http)',
      url: `${helloOrigin}/`,
      headers: { accept: 'application/json' },
      check: (_response, body) => {
        if (body !== '{"hello":"world"}') throw new Error(`hello: unexpected body ${body}`);
        return `${body.length} B JSON`;
      },
    },
    {
      name: 'fastify',
      pid: bareFastify?.pid,
      description: 'GET / (bare Fastify)',
      url: `${fastifyOrigin}/`,
      headers: { accept: 'application/json' },
      check: (_response, body) => {
        if (body !== '{"hello":"world"}') throw new Error(`fastify: unexpected body ${body}`);
        return `${body.length} B JSON`;
      },
    },
    {
      name: 'health',
      pid: app.pid,
      description: 'GET /api/health (app)',
      url: `${appOrigin}/api/health`,
      headers: { accept: 'application/json' },
      check: (_response, body) => {
        const json = JSON.parse(body) as { status?: string };
        if (json.status !== 'ok') throw new Error(`health: unexpected body ${body}`);
        return `${body.length} B JSON`;
      },
    },
    {
      name: 'home',
      pid: app.pid,
      description: 'GET /home (app, SSR from the page cache)',
      url: `${appOrigin}/home`,
      headers: browserHeaders,
      check: (response, body) => {
        checkHome(response, body, 'home');
        if (!response.headers.get('etag')?.length) throw new Error('home: not served from the page cache (no ETag)');
        return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB HTML`;
      },
    },
    {
      name: 'home-render',
      pid: app.pid,
      description: 'GET /home with a cookie (app, SSR rendered each time; 1 connection)',
      url: `${appOrigin}/home`,
      headers: { ...browserHeaders, cookie: 'bench=render-every-time' },
      connections: 1,
      check: (response, body) => {
        checkHome(response, body, 'home-render');
        if (response.headers.get('etag')) throw new Error('home-render: answered from the page cache');
        return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB HTML`;
      },
    },
    {
      name: 'cart-num',
      pid: app.pid,
      description: 'GET /api/app/sample/sample-cart-num (app, bearer token)',
      url: `${appOrigin}/api/app/sample/sample-cart-num`,
      headers: { authorization: `Bearer ${cartToken}` },
      check: (response, body) => {
        if (!response.headers.get('content-type')?.startsWith('text/plain') || body !== '3') {
          throw new Error(`cart-num: expected text/plain "3", got ${response.headers.get('content-type')} ${body.slice(0, 100)}`);
        }
        return `${body.length} B text`;
      },
    },
    {
      name: 'excipient',
      pid: app.pid,
      description: 'GET /api/app/excipient?page=1&pageSize=20 (app, anonymous)',
      url: `${appOrigin}/api/app/excipient?page=1&pageSize=20`,
      headers: { accept: 'application/json' },
      check: (response, body) => {
        const json = JSON.parse(body) as { items?: unknown[] };
        if (!response.headers.get('content-type')?.startsWith('application/json') || json.items?.length !== 20) {
          throw new Error(`excipient: expected a JSON page of 20 products, got ${body.slice(0, 200)}`);
        }
        return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB JSON`;
      },
    },
    {
      name: 'excipient-t',
      pid: app.pid,
      description: `GET /api/app/excipient?page=1&pageSize=20&${TIMESTAMP_PARAM}=… as browsers send it (a new timestamp each request)`,
      url: `${appOrigin}/api/app/excipient?page=1&pageSize=20&${TIMESTAMP_PARAM}=${Date.now()}`,
      headers: { accept: 'application/json' },
      eachPath: () => `/api/app/excipient?page=1&pageSize=20&${TIMESTAMP_PARAM}=${Date.now()}${Math.random().toString().slice(2, 6)}`,
      check: (response, body) => {
        const json = JSON.parse(body) as { items?: unknown[] };
        if (json.items?.length !== 20) throw new Error(`excipient-t: expected a JSON page of 20 products, got ${body.slice(0, 200)}`);
        return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB JSON`;
      },
    },
    ...LIST_NAMES.map(
      (name): Target => ({
        name,
        pid: app.pid,
        description: `GET ${LISTS[name]} signed in (app, past every cache)`,
        url: `${appOrigin}${LISTS[name]}`,
        // Signed in: the databases open to signed-in users answer, and no shared cache may answer.
        headers: { accept: 'application/json', authorization: `Bearer ${cartToken}` },
        check: (response, body) => {
          const json = JSON.parse(body) as { items?: unknown[] };
          if (!response.headers.get('content-type')?.startsWith('application/json') || !json.items?.length) {
            throw new Error(`${name}: expected a JSON page of records, got ${body.slice(0, 200)}`);
          }
          if (response.headers.get('etag')) throw new Error(`${name}: answered from the shared cache`);
          return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB JSON, ${json.items.length} rows`;
        },
      }),
    ),
    {
      name: 'proxy-home',
      pid: undefined,
      description: 'GET https://…/home through nginx (its one-second cache)',
      url: `${proxy?.origin}/home`,
      headers: browserHeaders,
      ca: proxy?.ca,
      check: (response, body) => {
        checkHome(response, body, 'proxy-home');
        if (!response.headers.get('x-cache-status')) throw new Error('proxy-home: not answered through nginx\'s cache (no X-Cache-Status)');
        return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB HTML`;
      },
    },
  ];
  const targets = allTargets.filter((target) => options.targets.has(target.name));

  const sizes = new Map<string, string>();
  for (const target of targets) sizes.set(target.name, await preflight(target));

  console.log('HTTP benchmark: production app vs bare node:http');
  console.log(`  ${machineLine()}`);
  console.log(
    `  db ${health.db} · build ${health.build} · fastify ${versionOf('fastify', mainEntry)} · ` +
      `autocannon ${versionOf('autocannon', import.meta.url)} · NODE_ENV=production · LOG_LEVEL=${options.logLevel}`,
  );
  console.log(
    `  ${options.rounds} rounds × ${options.duration}s per target, ${options.connections} connections, ` +
      `warm-up ${options.warmup}s per target${options.cpuProfDir ? ` · app CPU profile → ${options.cpuProfDir}` : ''} · ` +
      (options.workers > 0 ? `app: npm start with WEB_CONCURRENCY=${options.workers} (node:cluster)` : 'app: one process (npm run serve)'),
  );
  console.log('');

  if (options.warmup > 0) {
    console.error('warm-up…');
    for (const target of targets) await measure(target, options.warmup, target.connections ?? options.connections);
  }

  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    // Rotate the order so that no target always runs first (or right after the heaviest one).
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    const line: string[] = [];
    for (const target of order) {
      const sample = await measure(target, options.duration, target.connections ?? options.connections);
      samples.get(target.name)!.push(sample);
      line.push(`${target.name} ${int(sample.rps)}`);
    }
    console.error(`round ${round + 1}/${options.rounds}: ${line.join(' · ')} req/s`);
  }

  const summary = targets.map((target) => {
    const list = samples.get(target.name)!;
    const statusCodes: Record<string, number> = {};
    for (const s of list) for (const [code, n] of Object.entries(s.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
    return {
      target,
      rps: median(list.map((s) => s.rps)),
      min: Math.min(...list.map((s) => s.rps)),
      max: Math.max(...list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      requests: list.reduce((n, s) => n + s.requests, 0),
      bytes: median(list.map((s) => s.bytesPerResponse)),
      cpu: list.every((s) => s.cpuPerRequest !== undefined) ? median(list.map((s) => s.cpuPerRequest!)) : undefined,
      non2xx: list.reduce((n, s) => n + s.non2xx, 0),
      errors: list.reduce((n, s) => n + s.errors + s.timeouts, 0),
      statusCodes,
    };
  });

  console.log('');
  table(
    ['target', 'request', 'req/s (median)', 'min–max', 'mean ms*', 'p50 ms', 'p99 ms', 'CPU µs/req**', 'resp size', 'requests', 'non-2xx', 'errors'],
    summary.map((s) => [
      s.target.name,
      s.target.description,
      int(s.rps),
      `${int(s.min)}–${int(s.max)}`,
      (((s.target.connections ?? options.connections) / s.rps) * 1000).toFixed(2),
      ms(s.p50),
      ms(s.p99),
      s.cpu === undefined ? '—' : int(s.cpu),
      sizes.get(s.target.name)!,
      int(s.requests),
      int(s.non2xx),
      int(s.errors),
    ]),
    new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
  console.log(
    `* mean latency = connections / median req/s (closed loop); autocannon's p50/p99 have 1 ms resolution. ` +
      `p50/p99 are medians over rounds; requests/non-2xx/errors are totals over rounds (warm-up excluded).`,
  );
  console.log(
    `** CPU time (user + system) of the answering process a request, median over rounds, from /proc: what a request costs the ` +
      `server whatever else the machine is doing (the database server's own CPU is not in it; not read with --workers).`,
  );

  const hello = summary.find((s) => s.target.name === 'hello')!;
  console.log('');
  console.log('ratios of medians (req/s) to the bare node:http hello-world:');
  for (const s of summary) {
    if (s === hello) continue;
    const ratio = s.rps / hello.rps;
    console.log(
      `  ${s.target.name.padEnd(11)} ${ratio.toPrecision(3)}  (${(ratio * 100).toPrecision(3)}% of hello; 1/${(1 / ratio).toFixed(1)})` +
        (s.target.connections ? ` on ${s.target.connections} connection(s)` : '') +
        (s.cpu !== undefined && hello.cpu !== undefined ? ` · by CPU a request: ${(hello.cpu / s.cpu).toPrecision(3)}` : ''),
    );
  }

  const proxied = summary.find((s) => s.target.name === 'proxy-home');
  const cached = summary.find((s) => s.target.name === 'home');
  const rendered = summary.find((s) => s.target.name === 'home-render');
  if (cached && rendered) {
    console.log('');
    console.log(
      `/home from the page cache: ${int(cached.rps)} req/s, p50 ${ms(cached.p50)} ms at ${options.connections} connections ` +
        `(${(cached.rps / hello.rps).toPrecision(3)} of hello); an uncached render: p50 ${ms(rendered.p50)} ms ` +
        `(${int(rendered.rps)} renders/s on one connection)`,
    );
  }

  if (proxied && cached) {
    console.log(
      `/home through nginx over TLS (its one-second cache): ${int(proxied.rps)} req/s, p50 ${ms(proxied.p50)} ms; ` +
        `the app's own page cache: ${int(cached.rps)} req/s (the proxy at ${(proxied.rps / cached.rps).toPrecision(3)}× the app)`,
    );
  }

  const failed = summary.filter((s) => s.non2xx > 0 || s.errors > 0);
  if (failed.length > 0) {
    console.log('');
    for (const s of failed) {
      const codes = Object.entries(s.statusCodes)
        .map(([code, n]) => `${code}×${n}`)
        .join(', ');
      console.log(`FAIL ${s.target.name}: ${s.non2xx} non-2xx, ${s.errors} errors/timeouts (status codes: ${codes})`);
    }
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  if (!interrupted()) {
    console.error(describeFailure(error, usage));
    process.exitCode = 1;
  }
} finally {
  if (!interrupted()) await cleanUp();
}
