import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server the journeys run against, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** An account of the supplier's staff (role 'staff') on that server, and its password. */
    staffAccount: string;
    staffPassword: string;
  }
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The build the server serves: apps/web/build, or WEB_BUILD_DIR (relative to the repository root). */
const webBuildDir = path.resolve(repoRoot, process.env.WEB_BUILD_DIR || 'apps/web/build');
/** Run artefacts; a snapshot of the build lives here (inside the repository, so its imports resolve). */
const outputDir = fileURLToPath(new URL('../.output/', import.meta.url));
const serverEntry = 'apps/server/src/main.ts';
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** The staff account every run has (made staff with `npm run create-staff`, as an operator would). */
const STAFF_ACCOUNT = '13700000000';
const STAFF_PASSWORD = 'Staff-Review-2026';

let server: ChildProcess | undefined;
/** On PostgreSQL the server works in a schema of its own, dropped afterwards. */
let pgSchema: string | undefined;
let dataDir: string | undefined;
let buildSnapshotDir: string | undefined;

/** A port that nothing listens on right now (the OS picks it). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function serverEnv(port: number, dir: string, buildDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    WEB_BUILD_DIR: buildDir,
  };
  // Vitest's own variables would make the server think it runs inside a test.
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  if (pgSchema) env.DATABASE_SCHEMA = pgSchema;
  return env;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited early (code ${code}, signal ${signal})`));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}: ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The production server ${exited ?? `did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s`} ` +
      `(last: ${last}).\n--- server output ---\n${output() || '(none)'}`,
  );
}

/** Starts the production server (built web app, fresh database) and provides its URL as `baseUrl`. */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(path.join(webBuildDir, 'server')) || !existsSync(path.join(webBuildDir, 'client'))) {
    throw new Error(`The web build is missing (${webBuildDir}): run npm run build first.`);
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'fuliaotong-e2e-'));
  // The server gets a copy of the build: an `npm run build` during the run replaces the hashed assets,
  // and the pages the server renders would then ask for files that no longer exist.
  await mkdir(outputDir, { recursive: true });
  buildSnapshotDir = await mkdtemp(path.join(outputDir, 'web-build-'));
  const buildDir = path.join(buildSnapshotDir, 'build');
  await cp(webBuildDir, buildDir, { recursive: true });
  if (process.env.DATABASE_URL) pgSchema = `test_e2e_${randomBytes(6).toString('hex')}`;
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env = serverEnv(port, dataDir, buildDir);
  try {
    // A staff account, created by the command-line tool as an operator would; it needs the database
    // to itself (PGlite), so it runs before the server starts.
    await createStaff(env, STAFF_ACCOUNT, STAFF_PASSWORD);
    await startServer(baseUrl, env);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('staffAccount', STAFF_ACCOUNT);
  project.provide('staffPassword', STAFF_PASSWORD);
}

/** Starts the production server and waits until it answers /api/health. */
async function startServer(baseUrl: string, env: NodeJS.ProcessEnv): Promise<void> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  // Keep the output for a failed start, and show it as it comes (LOG_LEVEL=warn: only what matters).
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    process.stderr.write(`[server] ${chunk.toString()}`);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  await waitForHealth(baseUrl, child, () => output);
}

/** Stops the server with SIGTERM (SIGKILL if it does not exit in time). */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/** `npm run create-staff -- <account> --password <password>` against the server's database (same environment). */
async function createStaff(env: NodeJS.ProcessEnv, account: string, password: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '--silent', 'create-staff', '--', account, '--password', password], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run create-staff -- ${account} failed (exit ${code}):\n${output}`);
}

/** Stops the server and removes its data and build copy. */
export async function teardown(): Promise<void> {
  await stopServer();
  for (const dir of [dataDir, buildSnapshotDir]) if (dir) await rm(dir, { recursive: true, force: true });
  if (pgSchema && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
  pgSchema = undefined;
  dataDir = undefined;
  buildSnapshotDir = undefined;
}
