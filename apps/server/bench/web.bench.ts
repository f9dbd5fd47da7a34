/**
 * What a visitor on a phone feels: Lighthouse (mobile preset: its default phone emulation and
 * simulated slow 4G / 4× CPU throttling) on the production server, with Debian's chromium:
 *
 *   /home · /excipientsinfo · /excipientsdetail?id=1 · /dbregistrationinfolist · /login · /register · /forgot-password
 *   signed in: /account · /account/apply · /account/databaseorder · /account/quotes · /account/sales-orders · /samplecart
 *
 * The signed-in pages are measured as a member who signed in earlier comes back to them: an account
 * made by the operator's tool (npm run create-staff, its roles then taken away) signs in through the
 * API, and its session is put in the browser's localStorage (on /api/health, which loads nothing
 * else: the HTTP cache stays cold) before Lighthouse navigates, with Lighthouse's storage reset off.
 *
 * The app is started exactly as `npm run serve` starts it (test/production-server.ts):
 * `apps/server/src/main.ts` under tsx with NODE_ENV=production, LOG_LEVEL=silent, PGlite in a
 * temporary DATA_DIR with the demo content (or DATABASE_URL if set), the current web build.
 * Chromium is /usr/bin/chromium or CHROMIUM_PATH, started afresh for every run (--headless=new
 * --no-sandbox) through chrome-launcher; Lighthouse measures the performance and accessibility
 * categories. Why Lighthouse 12.8: docs/decisions/0033-lighthouse-12-8-on-node-20.md.
 *
 *   npm run bench:web -- [--runs 3] [--details 5] [--out DIR] [--pages /account,/login]
 *
 * Each round measures every page once (a run that Lighthouse fails to record is tried once more); the report gives, per page, the medians over the runs of the
 * performance and accessibility scores, LCP, FCP, TBT, CLS, speed index, the bytes transferred (all,
 * and scripts; compressed as sent) and PASS/FAIL against the targets (performance ≥ 95, LCP ≤ 2.5 s),
 * then, from each page's median run, where the time goes (--details N items per list; 0: none).
 * --out DIR keeps every run's Lighthouse JSON report (open it in the Lighthouse viewer).
 *
 * A missed target is printed, not an error. Exits 1 when the web build or chromium is missing, the
 * server does not start, or a page could not be measured in any run (an HTTP error, a Lighthouse
 * runtime error).
 */
import { existsSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { isCompleteBuild } from '../src/web/build-store.js';
import { resolveWebBuildDir } from '../src/web/web-build.js';
import { chromium } from 'playwright-core';
import { embeddedDatabaseDir } from '../src/config/config.js';
import { spawnServer, waitForHealth, type ServerProcess } from '../test/production-server.js';
import { cleanUpOnExit, describeFailure, loadAverage, machineLine, parseBenchArgs } from './bench-args.js';
import { createMember } from './bench-database.js';

const PUBLIC_PAGES = ['/home', '/excipientsinfo', '/excipientsdetail?id=1', '/dbregistrationinfolist', '/login', '/register', '/forgot-password'] as const;
/** Pages of the account area, measured signed in. */
const SIGNED_IN_PAGES = ['/account', '/account/apply', '/account/databaseorder', '/account/quotes', '/account/sales-orders', '/samplecart'] as const;
/** The targets: a high Lighthouse score and Core Web Vitals' "good" LCP; the account area's score a little lower. */
const TARGET_PERFORMANCE = 95;
const TARGET_SIGNED_IN_PERFORMANCE = 90;
const TARGET_LCP_MS = 2_500;
/** The member the signed-in pages are measured with (storage key and shape: apps/web/app/features/session/session-store.ts). */
const MEMBER = { account: `139${String(Date.now() % 100_000_000).padStart(8, '0')}`, password: 'Bench-Account-Pages-2026' };
const SESSION_STORAGE_KEY = 'fuliaotong-session';

interface Session {
  token: string;
  user: unknown;
}

// ---------------------------------------------------------------------------------------------
// Options

const usage = 'usage: npm run bench:web -- [--runs N=3] [--details N=5] [--out DIR] [--pages PATH,PATH…]';

function parseOptions() {
  const values = parseBenchArgs(usage, {
    runs: { type: 'integer', default: 3, min: 1 },
    details: { type: 'integer', default: 5, min: 0 },
    out: { type: 'string' },
    pages: { type: 'string' },
  });
  const pages = values.pages ? values.pages.split(',').map((p) => p.trim()).filter(Boolean) : undefined;
  const known = new Set<string>([...PUBLIC_PAGES, ...SIGNED_IN_PAGES]);
  const unknown = pages?.filter((p) => !known.has(p)) ?? [];
  if (unknown.length) throw new Error(`--pages: not a measured page: ${unknown.join(', ')}\n${usage}`);
  return { runs: values.runs, details: values.details, outDir: values.out ? path.resolve(values.out) : undefined, pages };
}

// ---------------------------------------------------------------------------------------------
// The server, the browser and clean-up

let server: ServerProcess | undefined;
let chrome: LaunchedChrome | undefined;
const tempDirs = new Set<string>();

async function cleanUp() {
  killChrome();
  await server?.stop();
  server = undefined;
  for (const dir of tempDirs) {
    await fs.rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

function killChrome() {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  chrome = undefined;
}

const { interrupted } = cleanUpOnExit(cleanUp, () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  if (chrome) chrome.process.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 'stopping the browser and the server');

/** Something the bench needs is missing: said in one line, without a stack. */
class MissingPrerequisite extends Error {}

function chromiumPath(): string {
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    throw new MissingPrerequisite(`No chromium at ${chromePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromePath;
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Sample {
  performance: number;
  accessibility: number;
  /** Milliseconds. */
  lcp: number;
  fcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** Bytes as transferred (compressed), all requests / scripts only. */
  totalBytes: number;
  scriptBytes: number;
  scriptCount: number;
  lhr: Result;
}

interface PageResult {
  page: string;
  /** Measured with the member's session in the browser's storage. */
  signedIn: boolean;
  /** Whether the page answered 200 with HTML before the runs (a page that does not is not measured). */
  answers: boolean;
  samples: Sample[];
  failures: string[];
}

/** Puts the member's session in the browser's storage for the site's origin, from a page that loads nothing else. */
async function storeSession(port: number, origin: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate(
    ([key, value]) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(key, value),
    [SESSION_STORAGE_KEY, JSON.stringify({ state: session, version: 1 })] as const,
  );
  await page.close();
}

/** One Lighthouse run in a fresh browser (signed in with `session`); answers its result or throws why the page could not be measured. */
async function measure(url: string, chromePath: string, session?: Session): Promise<Result> {
  chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    logLevel: 'silent',
    // Our own handler stops the server too.
    handleSIGINT: false,
  });
  try {
    // No config: Lighthouse's default one, whose settings are the mobile preset.
    if (session) await storeSession(chrome.port, new URL(url).origin, session);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The session stays in the storage; the HTTP cache is as cold as Lighthouse leaves it otherwise.
      ...(session ? { disableStorageReset: true } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const id of ['performance', 'accessibility']) {
      if (typeof lhr.categories[id]?.score !== 'number') throw new Error(`no ${id} score (${lhr.runWarnings.join('; ') || 'no warning'})`);
    }
    return lhr;
  } finally {
    killChrome();
  }
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`the report has no value for ${audit}`);
  return value;
}

interface TableItem {
  [key: string]: unknown;
}

/** The rows of an audit's table (details of type table / opportunity), or none. */
function items(lhr: Result, audit: string): TableItem[] {
  const details = lhr.audits[audit]?.details as { items?: unknown } | undefined;
  return Array.isArray(details?.items) ? (details.items as TableItem[]) : [];
}

function sampleOf(lhr: Result): Sample {
  const summary = items(lhr, 'resource-summary');
  const bytesOf = (type: string) => Number(summary.find((row) => row.resourceType === type)?.transferSize ?? 0);
  const scripts = summary.find((row) => row.resourceType === 'script');
  return {
    performance: Math.round(lhr.categories.performance!.score! * 100),
    accessibility: Math.round(lhr.categories.accessibility!.score! * 100),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    speedIndex: numeric(lhr, 'speed-index'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    totalBytes: bytesOf('total'),
    scriptBytes: bytesOf('script'),
    scriptCount: Number(scripts?.requestCount ?? 0),
    lhr,
  };
}

async function preflight(url: string): Promise<void> {
  const response = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('</html>')) {
    throw new Error(`${url} answered HTTP ${response.status}, not a page: ${body.slice(0, 200)}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The run whose performance score is the median one (the lower middle for an even count): the one the details come from. */
function medianRun(samples: Sample[]): Sample {
  const sorted = [...samples].sort((a, b) => a.performance - b.performance || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

// ---------------------------------------------------------------------------------------------
// Output

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const milliseconds = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(header: string[], rows: string[][], rightAligned: Set<number>) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function versionOf(pkg: string) {
  try {
    const require = createRequire(import.meta.url);
    return (require(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return '?';
  }
}

/** A URL of the site without its origin; other URLs (and Lighthouse's labels) as they are. */
function shortUrl(url: unknown, origin: string): string {
  const text = String(url);
  return text.startsWith(origin) ? text.slice(origin.length) || '/' : text.length > 90 ? `${text.slice(0, 87)}…` : text;
}

/** Where the time of a page's median run goes: the lists the people making the pages lighter work from. */
function printDetails(result: PageResult, origin: string, limit: number) {
  const { lhr } = medianRun(result.samples);
  const top = <T>(list: T[]) => list.slice(0, limit);
  console.log('');
  console.log(`${result.page} — median run (performance ${Math.round(lhr.categories.performance!.score! * 100)})`);

  const lcpNode = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Array<{ type?: string; items?: TableItem[]; selector?: string; nodeLabel?: string }> } | undefined)
    ?.items;
  const lcpElement = lcpNode?.find((item) => item.type === 'node');
  const lcpParts = lcpNode?.find((item) => item.type === 'table')?.items ?? [];
  if (lcpElement || lcpParts.length) {
    console.log(
      `  LCP element: ${lcpElement?.selector ?? '?'}${lcpElement?.nodeLabel ? ` “${lcpElement.nodeLabel.slice(0, 40)}”` : ''}` +
        (lcpParts.length ? ` · ${lcpParts.map((part) => `${String(part.label)} ${milliseconds(Number(part.duration))}`).join(', ')}` : ''),
    );
  }

  // The performance audits that lose points or promise savings, largest promise first.
  const opportunities = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => ({ audit, savings: Math.max(0, ...Object.values(audit.metricSavings ?? {}).map(Number)) }))
    .sort((a, b) => b.savings - a.savings);
  if (opportunities.length) {
    console.log('  opportunities and diagnostics (estimated metric savings):');
    for (const { audit, savings } of opportunities) {
      console.log(`    ${audit.id.padEnd(32)} ${(audit.displayValue || audit.title).padEnd(28)} ${savings ? `~${milliseconds(savings)}` : ''}`.trimEnd());
    }
  }

  const blocking = items(lhr, 'render-blocking-insight');
  if (blocking.length) {
    console.log(`  render-blocking resources (${blocking.length}):`);
    for (const row of top(blocking)) console.log(`    ${kib(Number(row.totalBytes)).padStart(10)}  ${shortUrl(row.url, origin)}`);
  }

  const scripts = items(lhr, 'network-requests')
    .filter((row) => row.resourceType === 'Script')
    .sort((a, b) => Number(b.transferSize) - Number(a.transferSize));
  if (scripts.length) {
    console.log(`  largest scripts (of ${scripts.length}; transferred · resource):`);
    for (const row of top(scripts)) console.log(`    ${kib(Number(row.transferSize)).padStart(10)} · ${kib(Number(row.resourceSize)).padStart(10)}  ${shortUrl(row.url, origin)}`);
  }

  const unused = items(lhr, 'unused-javascript');
  if (unused.length) {
    const wasted = unused.reduce((sum, row) => sum + Number(row.wastedBytes), 0);
    console.log(`  unused JavaScript (${kib(wasted)} in ${unused.length} files; unused of transferred):`);
    for (const row of top(unused)) {
      console.log(`    ${kib(Number(row.wastedBytes)).padStart(10)} of ${kib(Number(row.totalBytes)).padStart(10)}  ${shortUrl(row.url, origin)}`);
    }
  }

  const work = items(lhr, 'mainthread-work-breakdown');
  if (work.length) {
    console.log(`  main-thread work (${seconds(numeric(lhr, 'mainthread-work-breakdown'))}): ${work.map((row) => `${String(row.groupLabel)} ${milliseconds(Number(row.duration))}`).join(' · ')}`);
  }
  const bootup = items(lhr, 'bootup-time');
  if (bootup.length) {
    console.log('  JavaScript execution time (total · scripting):');
    for (const row of top(bootup)) {
      console.log(`    ${milliseconds(Number(row.total)).padStart(9)} · ${milliseconds(Number(row.scripting)).padStart(9)}  ${shortUrl(row.url, origin)}`);
    }
  }

  const errored = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
  if (errored.length) console.log(`  audits that failed to run: ${errored.map((audit) => `${audit.id} (${audit.errorMessage ?? '?'})`).join('; ')}`);

  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => `${ref.id} (${items(lhr, ref.id).length})`);
  if (failedA11y.length) console.log(`  accessibility audits failed (elements): ${failedA11y.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions();
  const chromePath = chromiumPath();

  const webBuildDir = await resolveWebBuildDir(process.env.WEB_BUILD_DIR);
  if (!webBuildDir || !(await isCompleteBuild(webBuildDir))) {
    throw new MissingPrerequisite(`No production web build${webBuildDir ? ` in ${webBuildDir}` : ''}: run npm run build first`);
  }
  const buildMeta = JSON.parse(await fs.readFile(path.join(webBuildDir, 'client', 'build-meta.json'), 'utf8')) as { id: string };

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bench-web-'));
  tempDirs.add(dataDir);
  if (options.outDir) await fs.mkdir(options.outDir, { recursive: true });

  // The member, made before the server starts (the embedded database serves one process at a time).
  const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_BUILD_DIR: webBuildDir, DEMO_CONTENT: 'true' };
  await createMember(
    env,
    process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite', dataDir: embeddedDatabaseDir({ DATA_DIR: dataDir }) },
    MEMBER.account,
    MEMBER.password,
  );
  console.error('starting the server…');
  server = await spawnServer({ env, echo: '' });
  const health = await waitForHealth(server, 120_000);
  if (health.build !== buildMeta.id) throw new Error(`the app serves build "${health.build}", expected the web build "${buildMeta.id}"`);
  const origin = server.origin;

  // Every page answers before the browser comes (and the first render of each is not measured).
  const login = await fetch(`${origin}/api/app/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: MEMBER.account, password: MEMBER.password }),
  });
  if (!login.ok) throw new Error(`the member could not sign in: HTTP ${login.status} ${(await login.text()).slice(0, 200)}`);
  const session = (await login.json()) as Session;
  const results: PageResult[] = [
    ...PUBLIC_PAGES.map((page) => ({ page, signedIn: false, answers: true, samples: [], failures: [] })),
    ...SIGNED_IN_PAGES.map((page) => ({ page, signedIn: true, answers: true, samples: [], failures: [] })),
  ].filter((result) => !options.pages || options.pages.includes(result.page));
  for (const result of results) {
    try {
      await preflight(origin + result.page);
    } catch (error) {
      result.answers = false;
      result.failures.push(error instanceof Error ? error.message : String(error));
    }
  }

  console.log('Lighthouse: the production app on a phone');
  console.log(`  ${machineLine()}`);
  console.log(`  db ${health.db} · build ${health.build} · lighthouse ${versionOf('lighthouse')} · chromium ${chromePath}`);

  let settingsLine: string | undefined;
  for (let run = 1; run <= options.runs; run++) {
    const line: string[] = [];
    for (const result of results) {
      if (!result.answers) {
        line.push(`${result.page} skipped`);
        continue;
      }
      try {
        let lhr: Result;
        try {
          lhr = await measure(origin + result.page, chromePath, result.signedIn ? session : undefined);
        } catch (error) {
          // Lighthouse now and then fails to record a trace (NO_NAVSTART on a busy machine): once more.
          if (interrupted()) return;
          console.error(`  ${result.page} run ${run}: ${error instanceof Error ? error.message : String(error)} — trying once more`);
          lhr = await measure(origin + result.page, chromePath, result.signedIn ? session : undefined);
        }
        if (interrupted()) return;
        const sample = sampleOf(lhr);
        result.samples.push(sample);
        line.push(`${result.page} ${sample.performance}`);
        for (const warning of lhr.runWarnings) console.error(`  warning (${result.page}): ${warning}`);
        if (options.outDir) {
          const name = `${result.page.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-run${run}.report.json`;
          await fs.writeFile(path.join(options.outDir, name), JSON.stringify(lhr, null, 2));
        }
        if (!settingsLine) {
          const s = lhr.configSettings;
          settingsLine =
            `  ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? '?'} · ${s.formFactor}, ` +
            `${s.screenEmulation.width}×${s.screenEmulation.height} @${s.screenEmulation.deviceScaleFactor}x · throttling ${s.throttlingMethod}: ` +
            `RTT ${s.throttling.rttMs} ms, ${((s.throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, CPU ×${s.throttling.cpuSlowdownMultiplier} · ` +
            `benchmark index ${lhr.environment.benchmarkIndex}`;
        }
      } catch (error) {
        if (interrupted()) return;
        const message = error instanceof Error ? error.message : String(error);
        result.failures.push(`run ${run}: ${message}`);
        line.push(`${result.page} failed`);
      }
    }
    console.error(`run ${run}/${options.runs}: performance ${line.join(' · ')}`);
  }
  if (settingsLine) console.log(settingsLine);
  console.log(
    `  ${options.runs} runs per page, medians; targets: performance ≥ ${TARGET_PERFORMANCE} (signed in, marked *: ≥ ${TARGET_SIGNED_IN_PERFORMANCE}), ` +
      `LCP ≤ ${seconds(TARGET_LCP_MS)}`,
  );
  console.log('');

  table(
    ['page', 'runs', 'perf', 'perf min–max', 'a11y', 'LCP', 'FCP', 'TBT', 'CLS', 'SI', 'transferred', 'scripts', 'target'],
    results.map((result) => {
      const s = result.samples;
      if (s.length === 0) return [result.page, `0/${options.runs}`, ...Array<string>(10).fill('–'), 'NOT MEASURED'];
      const m = (pick: (x: Sample) => number) => median(s.map(pick));
      const performance = m((x) => x.performance);
      const target = result.signedIn ? TARGET_SIGNED_IN_PERFORMANCE : TARGET_PERFORMANCE;
      const lcp = m((x) => x.lcp);
      const missed = [
        ...(performance < target ? [`perf ${performance} < ${target}`] : []),
        ...(lcp > TARGET_LCP_MS ? [`LCP > ${seconds(TARGET_LCP_MS)}`] : []),
      ];
      return [
        result.signedIn ? `${result.page} *` : result.page,
        `${s.length}/${options.runs}`,
        String(performance),
        `${Math.min(...s.map((x) => x.performance))}–${Math.max(...s.map((x) => x.performance))}`,
        String(m((x) => x.accessibility)),
        seconds(lcp),
        seconds(m((x) => x.fcp)),
        milliseconds(m((x) => x.tbt)),
        m((x) => x.cls).toFixed(3),
        seconds(m((x) => x.speedIndex)),
        kib(m((x) => x.totalBytes)),
        `${kib(m((x) => x.scriptBytes))} (${m((x) => x.scriptCount)})`,
        missed.length ? `FAIL (${missed.join(', ')})` : 'PASS',
      ];
    }),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
  console.log('transferred / scripts: bytes over the network (compressed as sent), scripts with their number of files.');

  if (options.details > 0) for (const result of results) if (result.samples.length) printDetails(result, origin, options.details);

  const failures = results.filter((r) => r.failures.length > 0);
  if (failures.length) {
    console.log('');
    for (const result of failures) for (const failure of result.failures) console.log(`${result.page}: ${failure}`);
  }
  const unmeasured = results.filter((r) => r.samples.length === 0);
  if (unmeasured.length) {
    console.log(`NOT MEASURED: ${unmeasured.map((r) => r.page).join(', ')}`);
    process.exitCode = 1;
  }
  console.log('');
  if (options.outDir) console.log(`Lighthouse reports: ${options.outDir}`);
  console.log(`load avg at the end: ${loadAverage()}`);
}

try {
  await main();
} catch (error) {
  if (!interrupted()) {
    console.error(error instanceof MissingPrerequisite ? error.message : describeFailure(error, usage));
    process.exitCode = 1;
  }
} finally {
  if (!interrupted()) await cleanUp();
}
