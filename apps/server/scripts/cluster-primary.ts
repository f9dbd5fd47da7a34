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

/** Node options of this process that the workers must not inherit (this process runs under tsx; they run JavaScript). */
function workerExecArgv(): string[] {
  const kept: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const option = argv[i]!;
    if (option === '--import' || option === '--require' || option === '-r' || option === '--loader') {
      i++; // and its value: tsx's hooks
    } else if (/^--(import|require|loader|experimental-loader)=/.test(option)) {
      // tsx's hooks
    } else {
      kept.push(option);
    }
  }
  return kept;
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
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker.id);
      const live = Object.values(cluster.workers ?? {}).filter((w) => w && listening.has(w.id)).length;
      if (!allListening && live === count) {
        allListening = true;
        line(`all ${count} workers listening`);
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

  line(`starting ${count} workers`);
  for (let i = 0; i < count; i++) fork();
  return new Promise<never>(() => {});
}
