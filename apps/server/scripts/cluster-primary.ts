/**
 * `npm start` with several server processes (docs/decisions/0032-growing-past-one-machine.md): this
 * process forks the workers with node:cluster, each running the compiled server, which share the one
 * port (the primary hands each new connection to the next worker). It serves nothing itself:
 *
 * - a worker that ends before it listens stops the start (the others are stopped, exit 1): a
 *   configuration or database problem would only repeat in a new one;
 * - a worker that ends later (a crash) is replaced, unless workers keep ending (more than
 *   RESTART_LIMIT in RESTART_WINDOW_MS), which stops the start too;
 * - SIGTERM or SIGINT stops every worker gracefully (each closes its server and database), SIGKILL
 *   after STOP_TIMEOUT_MS; the primary exits 0 when all of them exited 0;
 * - the worker that receives GET /metrics asks this process for the cluster's metrics: it gathers every
 *   worker's and answers their sum (src/http/cluster-metrics.ts, docs/decisions/0056).
 */
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from '../src/http/cluster-metrics.js';

const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The V8 old-generation limit of a worker (MB) when the operator sets none (docs/decisions/0077). V8
 * grows the old generation to the live set times a factor whose ceiling it derives from this limit: 4
 * when the limit is 2 GB or more (by default a quarter of the machine's memory, up to 4 GB), about 1.35
 * at 384 MB. A worker's live set is 100–150 MB under load: its heap then stays under ~200 MB, and the
 * limit is far enough above the live set that collecting never takes the time of serving.
 */
export const WORKER_OLD_SPACE_MB = 384;

/**
 * The Node options of a worker: this process's, without tsx's hooks (this process runs under tsx; they
 * run JavaScript), and the old-generation limit unless the operator sets one in NODE_OPTIONS or in
 * node's own options.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i]!;
    if (option === '--import' || option === '--require' || option === '-r' || option === '--loader') {
      i++; // and its value: tsx's hooks
    } else if (/^--(import|require|loader|experimental-loader)=/.test(option)) {
      // tsx's hooks
    } else {
      kept.push(option);
    }
  }
  if (![...kept, nodeOptions].some((option) => /--max[-_]old[-_]space[-_]size\b/.test(option))) {
    kept.push(`--max-old-space-size=${WORKER_OLD_SPACE_MB}`);
  }
  return kept;
}

/**
 * What a worker's environment adds to this process's: glibc's malloc at two arenas unless the operator
 * sets MALLOC_ARENA_MAX (docs/decisions/0077). By default each thread that allocates at the same moment
 * gets an arena of its own, up to eight a core, and keeps what it freed (zlib's buffers on libuv's
 * threads, the driver's).
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: '2' };
}

function line(message: string) {
  console.log(`[cluster ${process.pid}] ${message}`);
}

export async function runCluster(entry: string, count: number): Promise<never> {
  cluster.setupPrimary({ exec: entry, execArgv: workerExecArgv() });
  serveClusterMetrics();
  const listening = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = Math.max(exitCode, code);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(exitCode);
    line(`stopping ${workers.length} worker(s)`);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  };

  let allListening = false;
  const fork = () => {
    const worker = cluster.fork(workerEnv());
    worker.once('listening', () => {
      listening.add(worker.id);
      const live = Object.values(cluster.workers ?? {}).filter((w) => w && listening.has(w.id)).length;
      if (!allListening && live === count) {
        allListening = true;
        line(`all ${count} worker${count === 1 ? '' : 's'} listening`);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        line(`all workers stopped; bye`);
        process.exit(exitCode);
      }
      return;
    }
    if (!listening.has(worker.id)) {
      line(`worker ${worker.process.pid} ended before it listened (${how}): stopping`);
      stopAll(1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > RESTART_LIMIT) {
      line(`worker ${worker.process.pid} ended (${how}), the ${restarts.length}th in a minute: stopping`);
      stopAll(1);
      return;
    }
    line(`worker ${worker.process.pid} ended (${how}): starting another`);
    fork();
  });

  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));

  line(`starting ${count} worker${count === 1 ? '' : 's'}`);
  for (let i = 0; i < count; i++) fork();
  return new Promise<never>(() => {});
}
