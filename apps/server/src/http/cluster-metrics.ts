import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/*
 * The metrics of `npm start`'s cluster (docs/decisions/0056). The primary serves no request: the worker
 * that receives `GET /metrics` asks it over the IPC channel node:cluster keeps to every worker, the
 * primary asks every worker for its registries (prom-client's AggregatorRegistry.clusterMetrics) and
 * answers their sum: counters and histograms added up, gauges one series per worker (their `worker`
 * label keeps them apart; prom-client's process metrics carry it too).
 */

const REQUEST = 'fuliaotong:metrics-request';
const ANSWER = 'fuliaotong:metrics-answer';

/** How long a worker waits for the primary; prom-client's primary gives up on a silent worker after 5 s. */
const ANSWER_TIMEOUT_MS = 8_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** The worker's label of this process: node:cluster's worker id, "0" outside a cluster. */
export function workerLabel(): string {
  return cluster.isWorker && cluster.worker ? String(cluster.worker.id) : '0';
}

/**
 * In a worker of a cluster: answers the primary's requests for this process's metrics (prom-client's
 * listener), none until `share` names the registries (a worker still starting answers nothing rather
 * than keep every scrape waiting), and answers the function that asks the primary for the cluster's
 * metrics. Outside a cluster: undefined.
 */
export function joinClusterMetrics(): { share: (registries: Registry[]) => void; ask: () => Promise<string> } | undefined {
  if (!cluster.isWorker) return undefined;
  // Its constructor adds the worker's listener for the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([]);
  let next = 0;
  const ask = () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const onMessage = (message: unknown) => {
        if (!isMessage<MetricsAnswer>(message, ANSWER) || message.id !== id) return;
        finish();
        if (message.error !== undefined || message.text === undefined) reject(new Error(`the cluster's primary could not gather the metrics: ${message.error}`));
        else resolve(message.text);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`the cluster's primary did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`));
      }, ANSWER_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        process.off('message', onMessage);
      };
      process.on('message', onMessage);
      process.send!({ type: REQUEST, id } satisfies MetricsRequest, undefined, {}, (error) => {
        if (!error) return;
        finish();
        reject(error);
      });
    });
  return { share: (registries) => AggregatorRegistry.setRegistries(registries), ask };
}

/** In the primary of a cluster: answers the workers' requests for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const answer = (reply: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...reply } satisfies MetricsAnswer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
