/**
 * Memory of a server worker under a long mixed load: whether the resident memory (RSS) of the process
 * that answers the requests stays under a ceiling and flat, or grows with the requests it has served.
 *
 * The app is started as `npm start` starts it in production (test/production-server.ts, command
 * `start`: NODE_ENV=production, LOG_LEVEL=info with the log in a file of the run), with
 * WEB_CONCURRENCY=--workers (default 1): node:cluster forks the workers, one or several, and each
 * worker's RSS is read (the primary serves nothing and is shown apart); on PGlite the start process
 * serves itself. On PostgreSQL when DATABASE_URL is set (a database of the run's own on that server,
 * dropped afterwards), else on PGlite in a temporary DATA_DIR (one process only), with the demo content.
 *
 * The load, from autocannon in this process, four kinds at once for --warmup seconds and then
 * --minutes, each kind at its own rate (requests a second; 0 leaves it out):
 *
 *   pages    GET /home, /excipientsinfo, /excipientsdetail?id=…, /search?q=… with a cookie (past the
 *            page cache: rendered every time), compressed as browsers ask for it
 *   api      GET the catalogue (a page and the `_t` timestamp browsers add), the registrations with a
 *            keyword, the site search; every other one signed in (past every shared cache)
 *   sign-ins POST /api/app/account/login with the password of a member account made for the run (by
 *            the operator's tool: nobody can sign in to the demo members), each from another client
 *            address through X-Forwarded-For (TRUST_PROXY=127.0.0.1, as behind nginx: the per-address
 *            log-in limit is the limit of one address, not of the whole run)
 *   uploads  POST /api/app/account/avatar, a PNG of about 75 KB as multipart, with that member's token
 *            (each replaces the one before, as a member changing the picture does)
 *
 * Every --interval seconds the worker's VmRSS is read from /proc/<pid>/status (and the V8 heap in use
 * from GET /metrics). The report: RSS when the warm-up ended, min / median / max over the measured
 * minutes, the slope (MB a minute, least squares over the second half of the measured samples, when
 * whatever warms up slowly has warmed up), the requests of each kind with their errors (any status
 * outside 2xx/3xx, any socket error or timeout: each status is printed with the start of one body),
 * and a verdict: max < --max-mb and slope < SLOPE_LIMIT_MB_PER_MINUTE. Exits 1 when the verdict fails
 * or any request failed.
 *
 *   npm run bench:memory -- [--minutes 10] [--warmup 60] [--interval 5] [--workers 1]
 *                           [--page-rate 10] [--api-rate 40] [--sign-in-rate 2] [--upload-rate 2] [--max-mb 300]
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { TIMESTAMP_PARAM } from '@fuliaotong/contracts/api-paths';
import { isCompleteBuild } from '../src/web/build-store.js';
import { resolveWebBuildDir } from '../src/web/web-build.js';
import { spawnServer, waitForHealth, type ServerProcess } from '../test/production-server.js';
import { cleanUpOnExit, describeFailure, loadAverage, machineLine, parseBenchArgs } from './bench-args.js';
import { benchDatabase, createMember } from './bench-database.js';

/** A worker whose RSS grows by less than this a minute, once warm, is taken as flat. */
const SLOPE_LIMIT_MB_PER_MINUTE = 1;
/** Connections of the pages and the API (each); sign-ins and uploads have one each. */
const CONNECTIONS = 2;

const usage =
  'usage: npm run bench:memory -- [--minutes N=10] [--warmup SECONDS=60] [--interval SECONDS=5] [--workers N=1] ' +
  '[--page-rate N=10] [--api-rate N=40] [--sign-in-rate N=2] [--upload-rate N=2] [--max-mb N=300] [--log-level info]\n' +
  '  rates are requests a second of each kind (0 leaves the kind out)';

function parseOptions() {
  const values = parseBenchArgs(usage, {
    minutes: { type: 'integer', default: 10, min: 1 },
    warmup: { type: 'integer', default: 60, min: 0 },
    interval: { type: 'integer', default: 5, min: 1 },
    workers: { type: 'integer', default: 1, min: 1 },
    'page-rate': { type: 'integer', default: 10, min: 0 },
    'api-rate': { type: 'integer', default: 40, min: 0 },
    'sign-in-rate': { type: 'integer', default: 2, min: 0 },
    'upload-rate': { type: 'integer', default: 2, min: 0 },
    'max-mb': { type: 'integer', default: 300, min: 1 },
    'log-level': { type: 'string', default: 'info', pattern: /^(fatal|error|warn|info|debug|trace|silent)$/, hint: 'a LOG_LEVEL' },
  });
  return {
    minutes: values.minutes,
    warmup: values.warmup,
    interval: values.interval,
    workers: values.workers,
    rates: { pages: values['page-rate'], api: values['api-rate'], 'sign-ins': values['sign-in-rate'], uploads: values['upload-rate'] } satisfies Record<Kind, number>,
    maxMb: values['max-mb'],
    logLevel: values['log-level'],
  };
}

// ---------------------------------------------------------------------------------------------
// The server and clean-up

let server: ServerProcess | undefined;
const tempDirs = new Set<string>();
/** Run after the server has stopped (the run's PostgreSQL database is dropped). */
const cleanUps: Array<() => Promise<void>> = [];
const running = new Set<autocannon.Instance>();
let serverStopping = false;

async function cleanUp() {
  for (const instance of running) instance.stop();
  running.clear();
  serverStopping = true;
  await server?.stop(30_000);
  server = undefined;
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  for (const dir of tempDirs) {
    await fs.rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

const { interrupted } = cleanUpOnExit(
  cleanUp,
  () => {
    // The workers end with their primary (node:cluster), which ends on SIGTERM; SIGKILL is the last resort.
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  },
  'stopping the server',
);

// ---------------------------------------------------------------------------------------------
// Reading a process's memory

/** VmRSS of a process in MB (from /proc/<pid>/status; Linux), undefined when it is gone. */
function rssMb(pid: number): number | undefined {
  const fields = procStatus(pid);
  return fields?.VmRSS === undefined ? undefined : fields.VmRSS / 1024;
}

/** The kB fields of /proc/<pid>/status (VmRSS, RssAnon, RssFile, VmHWM, …). */
function procStatus(pid: number): Record<string, number> | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const fields: Record<string, number> = {};
  for (const match of text.matchAll(/^(\w+):\s+(\d+)(?: kB)?$/gm)) fields[match[1]!] = Number(match[2]);
  return fields;
}

/** The CPU time a process has used, in seconds (utime + stime of /proc/<pid>/stat), undefined when it is gone. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (in parentheses): state is the 3rd field of the line, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid` (node:cluster's workers of a primary), from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command (in parentheses, which may hold spaces): the state, then the parent.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found.sort((a, b) => a - b);
}

/**
 * The processes that answer requests: the node:cluster workers of the start process (on PostgreSQL,
 * even one is a worker: docs/decisions/0077), or the start process itself when it serves alone (PGlite).
 */
function workerPids(primary: number): number[] {
  // Only node processes: the start process may have other children for a moment (esbuild's service).
  const workers = childrenOf(primary).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
  return workers.length > 0 ? workers : [primary];
}

/**
 * The V8 heap over the app's processes (in use, and reserved) and the memory of Buffers and other
 * objects outside it, in MB, from prom-client's gauges on GET /metrics.
 */
async function heapMb(origin: string, token: string): Promise<{ used: number; total: number; external: number; gcSeconds: number } | undefined> {
  try {
    const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return undefined;
    const text = await response.text();
    const sum = (metric: string) => {
      let total = 0;
      for (const match of text.matchAll(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))) total += Number(match[1]);
      return total;
    };
    const megabytes = (metric: string) => sum(metric) / 1024 / 1024;
    return {
      used: megabytes('nodejs_heap_size_used_bytes'),
      total: megabytes('nodejs_heap_size_total_bytes'),
      external: megabytes('nodejs_external_memory_bytes'),
      // prom-client's nodejs_gc_duration_seconds: the time spent collecting, every kind of collection.
      gcSeconds: sum('nodejs_gc_duration_seconds_sum'),
    };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The load

type Kind = 'pages' | 'api' | 'sign-ins' | 'uploads';
const KINDS: Kind[] = ['pages', 'api', 'sign-ins', 'uploads'];

interface Tally {
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** The start of one body of each failing status. */
  failures: Map<number, { path: string; body: string }>;
  /** Socket errors and timeouts, and the first one's message. */
  errors: number;
  firstError?: string;
  /** Answers when the warm-up ended (the measured ones are the rest). */
  atWarmupEnd: number;
}

const answered = (tally: Tally) => [...tally.statuses.values()].reduce((a, b) => a + b, 0);
const isSuccess = (status: number) => status >= 200 && status < 400;
const failedAnswers = (tally: Tally) => [...tally.statuses].reduce((n, [status, count]) => n + (isSuccess(status) ? 0 : count), 0);

interface LoadSpec {
  kind: Kind;
  description: string;
  connections: number;
  method: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The path of the next request (and, for sign-ins, other headers). */
  next: (n: number) => { path: string; headers?: Record<string, string> };
}

function startLoad(origin: string, spec: LoadSpec, rate: number, seconds: number, tally: Tally): autocannon.Instance {
  let n = 0;
  const instance = autocannon({
    url: origin,
    connections: Math.min(spec.connections, rate),
    duration: seconds,
    timeout: 30,
    overallRate: rate,
    requests: [
      {
        method: spec.method,
        headers: spec.headers,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        setupRequest: (request, context) => {
          const next = spec.next(n++);
          context.path = next.path;
          return { ...request, path: next.path, headers: { ...spec.headers, ...next.headers } };
        },
        onResponse: (status, body, context) => {
          tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
          if (!isSuccess(status) && !tally.failures.has(status)) {
            tally.failures.set(status, { path: typeof context.path === 'string' ? context.path : '?', body: body.slice(0, 300) });
          }
        },
      },
    ],
  });
  instance.on('reqError', (error: Error) => {
    tally.errors++;
    tally.firstError ??= error.message;
  });
  running.add(instance);
  return instance;
}

/** A PNG of `side`×`side` noisy pixels (incompressible: about 3 bytes a pixel), as a phone photo is. */
function noisyPng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits a channel
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipartFile(bytes: Buffer, filename: string, contentType: string): { body: Buffer; contentType: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Figures

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The least-squares slope of y over x. */
function slope(points: Array<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const mb = (n: number) => `${n.toFixed(1)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

function table(header: string[], rows: string[][], rightAligned: Set<number>) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------

/** The member the run signs in with, made by the operator's tool before the app starts (registering needs an SMS code). */
const MEMBER_ACCOUNT = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
const MEMBER_PASSWORD = 'Bench-Memory-Member-2026';
const METRICS_TOKEN = randomBytes(24).toString('hex');

async function main() {
  const options = parseOptions();
  if (process.platform !== 'linux') throw new Error('the bench reads /proc: it runs on Linux');

  const webBuildDir = await resolveWebBuildDir(process.env.WEB_BUILD_DIR);
  if (!webBuildDir || !(await isCompleteBuild(webBuildDir))) {
    console.error(`No production web build${webBuildDir ? ` in ${webBuildDir}` : ''}: run npm run build first`);
    process.exit(1);
  }

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bench-memory-'));
  tempDirs.add(dataDir);

  if (!process.env.DATABASE_URL && options.workers > 1) throw new Error('--workers above 1 needs PostgreSQL (DATABASE_URL): PGlite serves one process');
  const { options: databaseOptions, env: databaseEnv, drop } = await benchDatabase('bench_memory', dataDir);
  if (drop) cleanUps.push(drop);

  const childEnv: NodeJS.ProcessEnv = {
    LOG_LEVEL: options.logLevel,
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: webBuildDir,
    ...databaseEnv,
    WEB_CONCURRENCY: String(options.workers),
    JWT_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN,
    // As behind nginx (deploy/nginx.conf): X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
  };

  // A member with a password (staff sign in with a second factor: the role is taken away again).
  await createMember(childEnv, databaseOptions, MEMBER_ACCOUNT, MEMBER_PASSWORD);

  console.error('starting the server…');
  const logFile = path.join(dataDir, 'server.log');
  server = await spawnServer({ env: childEnv, logFile, command: 'start' });
  const started = server;
  void started.exited.then((code) => {
    if (!serverStopping && !interrupted()) {
      console.error(`the server exited unexpectedly (code ${code}); the end of its log:\n${started.output().slice(-3000)}`);
    }
  });
  const health = await waitForHealth(server, 300_000);
  const origin = server.origin;
  const primary = server.child.pid!;

  // What the load asks for: products, keywords and words of the demo content.
  const json = async <T>(pathname: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${origin}${pathname}`, { ...init, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`set-up: ${init.method ?? 'GET'} ${pathname} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const { token } = await json<{ token: string }>('/api/app/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.255.254' },
    body: JSON.stringify({ account: MEMBER_ACCOUNT, password: MEMBER_PASSWORD }),
  });
  const catalogue = await json<{ items: Array<{ id: number; nameZh: string }>; totalCount: number }>('/api/app/excipient?page=1&pageSize=100');
  const registrations = await json<{ items: Array<{ name: string; company: string }> }>('/api/app/registration?page=1&pageSize=100');
  if (catalogue.items.length === 0 || registrations.items.length === 0) throw new Error('set-up: the demo content has no products or registrations');
  const productIds = catalogue.items.map((p) => p.id);
  const cataloguePages = Math.max(1, Math.ceil(catalogue.totalCount / 20));
  // Two- to four-character words of names, as people type them: some match many records, some few.
  const words = [...new Set([...catalogue.items.map((p) => p.nameZh), ...registrations.items.flatMap((r) => [r.name, r.company])]
    .flatMap((name) => [name.slice(0, 2), name.slice(0, 4), name.slice(-2)])
    .filter((word) => /^[\u4e00-\u9fff]{2,4}$/.test(word)))];
  if (words.length === 0) throw new Error('set-up: found no Chinese words in the demo content');
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  const q = (n: number) => encodeURIComponent(pick(words, n * 7919));

  const browser = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'zh-CN,zh;q=0.9',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    // Anything of a user's is never answered from the page cache: every page is rendered.
    cookie: 'bench=render-every-time',
  };
  const pagePaths = [
    () => '/home',
    () => '/excipientsinfo',
    (n: number) => `/excipientsdetail?id=${pick(productIds, n)}`,
    (n: number) => `/search?q=${q(n)}`,
  ];
  const apiPaths = [
    (n: number) => `/api/app/excipient?page=${1 + (n % cataloguePages)}&pageSize=20&${TIMESTAMP_PARAM}=${Date.now()}`,
    (n: number) => `/api/app/registration?page=1&pageSize=20&keyword=${q(n)}`,
    (n: number) => `/api/app/search?q=${q(n)}`,
  ];
  const upload = multipartFile(noisyPng(160), '头像.png', 'image/png');
  const specs: LoadSpec[] = [
    {
      kind: 'pages',
      description: 'GET /home, /excipientsinfo, /excipientsdetail?id=…, /search?q=… with a cookie (rendered), gzip',
      connections: CONNECTIONS,
      method: 'GET',
      headers: browser,
      next: (n) => ({ path: pick(pagePaths, n)(Math.floor(n / pagePaths.length)) }),
    },
    {
      kind: 'api',
      description: 'GET catalogue page (with _t), registrations ?keyword=, search ?q=; every other one signed in',
      connections: CONNECTIONS,
      method: 'GET',
      headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      next: (n) => ({
        path: pick(apiPaths, n)(Math.floor(n / apiPaths.length)),
        headers: Math.floor(n / apiPaths.length) % 2 ? { authorization: `Bearer ${token}` } : undefined,
      }),
    },
    {
      kind: 'sign-ins',
      description: 'POST /api/app/account/login (a member\'s password), each from another address',
      connections: 1,
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ account: MEMBER_ACCOUNT, password: MEMBER_PASSWORD }),
      // 198.18.0.0/15: addresses set aside for benchmarks (RFC 2544).
      next: (n) => ({ path: '/api/app/account/login', headers: { 'x-forwarded-for': `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}` } }),
    },
    {
      kind: 'uploads',
      description: `POST /api/app/account/avatar (a ${(upload.body.length / 1024).toFixed(0)} KB PNG, multipart, signed in)`,
      connections: 1,
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': upload.contentType, authorization: `Bearer ${token}` },
      body: upload.body,
      next: () => ({ path: '/api/app/account/avatar' }),
    },
  ];

  // Each kind once, checked, before the load.
  for (const spec of specs.filter((s) => options.rates[s.kind] > 0)) {
    for (let n = 0; n < (spec.kind === 'pages' ? pagePaths.length : spec.kind === 'api' ? apiPaths.length * 2 : 1); n++) {
      const next = spec.next(n);
      const response = await fetch(`${origin}${next.path}`, {
        method: spec.method,
        headers: { ...spec.headers, ...next.headers, 'accept-encoding': 'identity' },
        body: spec.body,
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${spec.kind}: ${spec.method} ${next.path} answered HTTP ${response.status}: ${body.slice(0, 300)}`);
      if (spec.kind === 'pages' && (!body.includes('</html>') || response.headers.get('etag'))) {
        throw new Error(`pages: ${next.path} is not a page rendered for this request: ${body.slice(0, 200)}`);
      }
    }
  }

  const workers = workerPids(primary);
  if (workers.length !== options.workers) throw new Error(`expected ${options.workers} worker(s), found ${workers.length} (${workers.join(', ')})`);

  console.log('Memory of a server worker under a mixed load');
  console.log(`  ${machineLine()}`);
  console.log(
    `  db ${health.db} · build ${health.build} · npm start with WEB_CONCURRENCY=${options.workers} ` +
      `(${workers[0] === primary ? `one process, pid ${primary}` : `primary ${primary}, worker(s) ${workers.join(', ')}`}) · NODE_ENV=production · LOG_LEVEL=${options.logLevel}`,
  );
  console.log(
    `  warm-up ${options.warmup} s, then ${options.minutes} min measured · RSS (VmRSS of /proc/<pid>/status) every ${options.interval} s · ` +
      `rates a second: ${KINDS.map((kind) => `${kind} ${options.rates[kind] || 'none'}`).join(', ')}`,
  );
  console.log('');

  const tallies = new Map<Kind, Tally>(KINDS.map((kind) => [kind, { statuses: new Map(), failures: new Map(), errors: 0, atWarmupEnd: 0 }]));
  const seconds = options.warmup + options.minutes * 60;
  const loadStart = Date.now();
  const instances = specs.filter((spec) => options.rates[spec.kind] > 0).map((spec) => ({ spec, instance: startLoad(origin, spec, options.rates[spec.kind], seconds, tallies.get(spec.kind)!) }));
  const results = Promise.all(instances.map(({ instance }) => instance));

  // Samples: seconds since the load began, each worker's RSS, the heap in use.
  const samples: Array<{ t: number; rss: number[]; heap: number | undefined }> = [];
  let warm: { rss: number[]; heap: number | undefined; cpu: number[]; gcSeconds: number | undefined } | undefined;
  let lastHeap: Awaited<ReturnType<typeof heapMb>>;
  let nextSample = loadStart;
  const deadline = loadStart + seconds * 1000;
  while (Date.now() < deadline && !interrupted()) {
    nextSample += options.interval * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(nextSample, deadline) - Date.now())));
    if (interrupted()) break;
    const t = (Date.now() - loadStart) / 1000;
    const now = workerPids(primary);
    if (now.join() !== workers.join()) throw new Error(`the workers changed (${workers.join(', ')} → ${now.join(', ')}): one ended; see the server log`);
    const rss = workers.map((pid) => rssMb(pid) ?? NaN);
    const heaps = await heapMb(origin, METRICS_TOKEN);
    lastHeap = heaps ?? lastHeap;
    const heap = heaps?.used;
    if (!warm && t >= options.warmup) {
      warm = { rss, heap, cpu: workers.map((pid) => cpuSeconds(pid) ?? NaN), gcSeconds: heaps?.gcSeconds };
      for (const tally of tallies.values()) tally.atWarmupEnd = answered(tally);
    }
    if (t >= options.warmup) samples.push({ t, rss, heap });
    const done = KINDS.map((kind) => `${kind} ${int(answered(tallies.get(kind)!))}`).join(' · ');
    const failed = [...tallies.values()].reduce((n, tally) => n + failedAnswers(tally) + tally.errors, 0);
    console.error(
      `${(t / 60).toFixed(1).padStart(5)} min  RSS ${rss.map(mb).join(' / ')}  ` +
        `heap ${heaps ? `${heaps.used.toFixed(0)} of ${heaps.total.toFixed(0)} MB, external ${heaps.external.toFixed(0)} MB` : '?'}  ` +
        `${t < options.warmup ? '(warm-up) ' : ''}answered: ${done}${failed ? ` · FAILED ${failed}` : ''} · load avg ${loadAverage()}`,
    );
  }
  const finished = await results;
  running.clear();
  if (interrupted()) return;
  const status = workers.map((pid) => procStatus(pid));
  const cpuAtEnd = workers.map((pid) => cpuSeconds(pid) ?? NaN);
  const gcAtEnd = (await heapMb(origin, METRICS_TOKEN))?.gcSeconds;

  // -------------------------------------------------------------------------------------------
  // Report

  const elapsedMeasured = samples.length ? samples.at(-1)!.t - options.warmup : 0;
  console.log('requests (autocannon; counts after the warm-up, errors over the whole run):');
  table(
    ['kind', 'requests', 'a second', 'p50 ms', 'p99 ms', 'failed answers', 'socket errors/timeouts', 'what'],
    instances.map(({ spec }, i) => {
      const tally = tallies.get(spec.kind)!;
      const measured = answered(tally) - tally.atWarmupEnd;
      const result = finished[i]!;
      return [
        spec.kind,
        int(measured),
        elapsedMeasured > 0 ? (measured / elapsedMeasured).toFixed(1) : '—',
        String(result.latency.p50),
        String(result.latency.p99),
        int(failedAnswers(tally)),
        int(tally.errors),
        spec.description,
      ];
    }),
    new Set([1, 2, 3, 4, 5, 6]),
  );

  let failures = 0;
  for (const { spec } of instances) {
    const tally = tallies.get(spec.kind)!;
    for (const [code, count] of tally.statuses) {
      if (isSuccess(code)) continue;
      failures += count;
      const sample = tally.failures.get(code)!;
      console.log(`FAIL ${spec.kind}: HTTP ${code} × ${count}, e.g. ${sample.path}: ${sample.body.replace(/\s+/g, ' ')}`);
    }
  }
  for (const { spec } of instances) {
    const tally = tallies.get(spec.kind)!;
    if (tally.errors > 0) {
      failures += tally.errors;
      console.log(`FAIL ${spec.kind}: ${tally.errors} socket error(s) or timeout(s), the first: ${tally.firstError}`);
    }
  }

  console.log('');
  let verdictOk = failures === 0;
  if (!warm || samples.length < 4) {
    console.log(`too few samples after the warm-up (${samples.length}): measure for longer`);
    process.exitCode = 1;
    return;
  }
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  for (const [w, pid] of workers.entries()) {
    const series = samples.map((s) => s.rss[w]!).filter((v) => Number.isFinite(v));
    const max = Math.max(...series);
    const perMinute = slope(secondHalf.map((s) => ({ x: s.t / 60, y: s.rss[w]! })).filter((p) => Number.isFinite(p.y)));
    const fields = status[w];
    const ok = max < options.maxMb && perMinute < SLOPE_LIMIT_MB_PER_MINUTE;
    verdictOk &&= ok;
    console.log(
      `worker ${pid}: RSS after the warm-up ${mb(warm.rss[w]!)} · over ${(elapsedMeasured / 60).toFixed(1)} min (${series.length} samples): ` +
        `min ${mb(Math.min(...series))}, median ${mb(median(series))}, max ${mb(max)} · ` +
        `slope over the second half ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MB/min`,
    );
    if (fields) {
      console.log(
        `  at the end: RssAnon ${mb((fields.RssAnon ?? 0) / 1024)}, RssFile ${mb((fields.RssFile ?? 0) / 1024)}, ` +
          `peak (VmHWM) ${mb((fields.VmHWM ?? 0) / 1024)}, threads ${fields.Threads ?? '?'}`,
      );
    }
  }
  const heaps = samples.map((s) => s.heap).filter((v): v is number => v !== undefined);
  if (heaps.length >= 2 && warm.heap !== undefined) {
    const heapSlope = slope(secondHalf.filter((s) => s.heap !== undefined).map((s) => ({ x: s.t / 60, y: s.heap! })));
    console.log(
      `V8 heap in use${workers.length > 1 ? ' (all workers)' : ''}: after the warm-up ${mb(warm.heap)}, ` +
        `min ${mb(Math.min(...heaps))}, median ${mb(median(heaps))}, max ${mb(Math.max(...heaps))}, slope over the second half ${heapSlope.toFixed(2)} MB/min` +
        (lastHeap ? ` · at the end: ${mb(lastHeap.total)} reserved, ${mb(lastHeap.external)} outside it (Buffers)` : ''),
    );
  }
  // The CPU the serving took, apart from how busy the machine was: a heap held too small shows here as
  // time spent collecting before it shows as requests not served.
  const measuredRequests = [...tallies.values()].reduce((n, tally) => n + answered(tally) - tally.atWarmupEnd, 0);
  const cpu = workers.reduce((sum, _, w) => sum + cpuAtEnd[w]! - warm.cpu[w]!, 0);
  if (Number.isFinite(cpu) && elapsedMeasured > 0) {
    const gc = gcAtEnd !== undefined && warm.gcSeconds !== undefined ? gcAtEnd - warm.gcSeconds : undefined;
    console.log(
      `CPU of the worker${workers.length > 1 ? 's' : ''} after the warm-up: ${cpu.toFixed(1)} s (${((cpu / elapsedMeasured) * 100).toFixed(0)} % of a core), ` +
        `${((cpu * 1000) / Math.max(1, measuredRequests)).toFixed(2)} ms a request` +
        (gc !== undefined ? ` · collecting garbage ${gc.toFixed(1)} s (${((gc / cpu) * 100).toFixed(0)} % of it)` : ''),
    );
  }
  if (workers[0] !== primary) {
    const primaryRss = rssMb(primary);
    if (primaryRss !== undefined) console.log(`primary ${primary} (serves nothing): RSS ${mb(primaryRss)} at the end`);
  }
  console.log('');
  console.log(
    `${verdictOk ? 'PASS' : 'FAIL'}: ${verdictOk ? 'every' : 'not every'} worker stayed under ${options.maxMb} MB with a slope under ` +
      `${SLOPE_LIMIT_MB_PER_MINUTE} MB/min over the second half${failures ? `, and ${int(failures)} request(s) failed` : ', and no request failed'}`,
  );
  if (!verdictOk) process.exitCode = 1;
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
