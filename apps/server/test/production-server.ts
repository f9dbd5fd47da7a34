import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/server-builder.js';

/**
 * The production server as a child process, started the way `npm run serve` starts it (the compiled
 * server, `node apps/server/dist/main.js`, NODE_ENV=production) with a given environment, on a free
 * port of 127.0.0.1. Used by the process tests, the browser journeys and the HTTP benchmark. The
 * server is compiled first when its sources changed (once per process; docs/decisions/0031).
 */

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const startScript = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));
let compiled: Promise<string> | undefined;

/** The compiled server, brought up to date once per process. */
export function compiledServer(): Promise<string> {
  compiled ??= buildServer().then((built) => built.entry);
  return compiled;
}
const HOST = '127.0.0.1';
/** How much of the server's output is kept (the end of it). */
const OUTPUT_LIMIT = 200_000;

export interface ServerOptions {
  /** Over the environment of this process (without Vitest's own variables) and the defaults below. */
  env?: NodeJS.ProcessEnv;
  /** Defaults to a free port. */
  port?: number;
  /** Extra Node.js options, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Copy the server's output to this process's stderr as it comes, each line after this prefix. */
  echo?: string;
  /** With `echo`: leave out JSON log lines below this pino level (e.g. 40 to show warnings and errors only). */
  echoMinLevel?: number;
  /** Told of every chunk the server writes to stdout or stderr, as it comes (a log file, a filtered echo). */
  onOutput?: (chunk: string) => void;
  /**
   * Write the server's stdout and stderr straight into this file instead of through this process (a
   * benchmark that makes the load here); `output()` then reads what the file holds.
   */
  logFile?: string;
  /**
   * `serve` (default): the compiled server, as `npm run serve` runs it. `start`: `npm start`'s script
   * (apps/server/scripts/start.ts: checks, builds when due, then one process or a cluster of them).
   */
  command?: 'serve' | 'start';
}

export interface HealthBody {
  status: string;
  db: string;
  build: string;
}

export interface ServerProcess {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  port: number;
  child: ChildProcess;
  /** What the server wrote to stdout and stderr so far (the last 200,000 characters). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited after `timeoutMs`; resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** A port that nothing listens on right now (the OS picks it; the server's config refuses PORT=0). */
export async function findFreePort(host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Spawns the server without waiting for it (for a start that is expected to fail); see startServer. */
export async function spawnServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  // The server knows its own origin (links in messages, the payment sandbox's pages) unless told otherwise.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), SITE_URL: `http://${HOST}:${port}`, ...options.env };
  // Vitest's own variables would make the server think it runs inside a test.
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const args =
    options.command === 'start' ? ['--import', 'tsx', startScript] : [await compiledServer()];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    cwd: repoRoot,
    env,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== undefined) closeSync(logFd);
  let output = '';
  const onLine = (line: string) => {
    if (options.echo === undefined || !line.trim()) return;
    const entry = logEntry(line);
    const quiet = options.echoMinLevel !== undefined && entry && typeof entry.level === 'number' && entry.level < options.echoMinLevel;
    if (!quiet) process.stderr.write(`${options.echo}${line}\n`);
  };
  const lineReader = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-OUTPUT_LIMIT);
      options.onOutput?.(text);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    };
  };
  child.stdout?.on('data', lineReader());
  child.stderr?.on('data', lineReader());
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolve(null);
    });
    child.once('exit', (code) => resolve(code));
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return {
    origin: `http://${HOST}:${port}`,
    port,
    child,
    output: () => (options.logFile ? readFileSync(options.logFile, 'utf8').slice(-OUTPUT_LIMIT) : output),
    exited,
    async stop(timeoutMs = 15_000) {
      if (isRunning()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/**
 * Waits until the server answers GET /api/health with 200 and answers its body; throws with the
 * server's output if it exits first or does not answer within `timeoutMs` (a first start migrates a new
 * database, which takes over a minute when the machine runs other test files beside it).
 */
export async function waitForHealth(server: ServerProcess, timeoutMs = 120_000): Promise<HealthBody> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void server.exited.then(() => (exitedEarly = true));
  let last = 'no answer yet';
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const response = await fetch(`${server.origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return (await response.json()) as HealthBody;
      last = `HTTP ${response.status}: ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const why = exitedEarly
    ? `exited during start-up (code ${server.child.exitCode}, signal ${server.child.signalCode})`
    : `did not answer GET /api/health with 200 within ${timeoutMs / 1000} s`;
  throw new Error(`The server ${why} (last: ${last}).\n--- server output ---\n${server.output() || '(none)'}`);
}

/** Spawns the server and waits until it is healthy; stops it again if it does not get there. */
export async function startServer(
  options: ServerOptions & { healthTimeoutMs?: number } = {},
): Promise<ServerProcess & { health: HealthBody }> {
  const server = await spawnServer(options);
  try {
    return { ...server, health: await waitForHealth(server, options.healthTimeoutMs) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A line of pino's JSON output as an object, or undefined for anything else. */
function logEntry(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm run create-staff -- <account> --role <roles> --password <password>` against a server's database
 * (the same environment), as an operator would (before the server starts, or while it runs: on PGlite the
 * command then goes through the server's control socket).
 */
export async function createStaff(env: NodeJS.ProcessEnv, account: string, password: string, roles: readonly string[] = ['reviewer']): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '--silent', 'create-staff', '--', account, '--role', roles.join(','), '--password', password], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run create-staff -- ${account} failed (exit ${code}):\n${output}`);
}
