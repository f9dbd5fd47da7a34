import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.js';
import type { PageCache } from './page-cache.js';

/*
 * The server's metrics in Prometheus' text format (docs/decisions/0056): `GET /metrics` with
 * `Authorization: Bearer $METRICS_TOKEN`. Three kinds of metric:
 *
 * - what a process counts (requests, their durations, cache hits and misses, job attempts): counters
 *   and histograms without a `worker` label, summed over the workers of a cluster by its primary;
 * - what a process is (its connection pool, its page cache, its memory and event-loop lag: gauges, and
 *   prom-client's process metrics): labelled `worker`, one series per process;
 * - what the database holds for the whole site (the job queue, the outbox): gauges without a `worker`
 *   label, asked once per scrape by the process that answers it.
 */

/** Where the metrics are scraped. Not under /api: not part of the API's contract, nor of its document. */
export const METRICS_PATH = '/metrics';

/** The `route` of a request no route matched (and of the API's catch-all, which only answers 404). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Whether a cache lookup found its answer: counted by `page_cache_lookups_total`. */
export type CacheLookup = 'hit' | 'miss';

/** The answer cache's two users: rendered pages, and the API's shared reads (docs/decisions/0030, 0035). */
export type CacheName = 'page' | 'shared_answer';

/** Seconds: from a cached page (~1 ms) to a slow render or a large export. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const routeLabels = new WeakMap<FastifyRequest, string>();

/**
 * Names the route of a request for `http_requests_total` when its route's pattern says less than it
 * could: a page served by the web app's catch-all, the web build's static files. A bounded set only
 * (patterns, never addresses as sent).
 */
export function labelRoute(request: FastifyRequest, route: string): void {
  routeLabels.set(request, route);
}

let processRegistry: Registry | undefined;

/**
 * prom-client's metrics of the process itself (resident memory, heap, CPU, event-loop lag, garbage
 * collection, handles): made once per process, whatever number of apps it builds (tests build many),
 * every one labelled with the process's worker.
 */
function processMetrics(worker: string): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, labels: { worker } });
  }
  return processRegistry;
}

export interface ServerMetricsOptions {
  /**
   * The process among the workers of `npm start` (the `worker` label of its gauges): node:cluster's
   * worker id, "0" for a process that is not a worker of a cluster.
   */
  worker: string;
  /**
   * Answers the metrics of every worker of the cluster, counters summed (cluster-metrics.ts): given in
   * a worker of a cluster, whose own counts are only its share. Without it a scrape answers this
   * process's own.
   */
  cluster?: () => Promise<string>;
  logger?: FastifyBaseLogger;
}

type Labels<L extends string> = Partial<Record<L, string | number>>;

/** One process's metrics, and what a scrape answers. */
export class ServerMetrics {
  /** What this process counts and its gauges (labelled `worker`): in a cluster, summed over the workers by the primary. */
  readonly registry = new Registry();
  /** Gauges of what the database holds for the whole site: asked once per scrape, by the process that answers it. */
  private readonly databaseRegistry = new Registry();
  private readonly databaseCollectors: Array<() => Promise<void>> = [];
  /** The database's part of a scrape in progress: scrapes at the same moment share it. */
  private databaseText: Promise<string> | undefined;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly cacheLookups: Counter<'cache' | 'result'>;
  readonly worker: string;

  constructor(private readonly options: ServerMetricsOptions) {
    this.worker = options.worker;
    const labelNames = ['method', 'route', 'status'] as const;
    this.httpRequests = this.counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.cacheLookups = this.counter({
      name: 'page_cache_lookups_total',
      help: 'Lookups in the answer cache of anonymous requests that may be answered from it: cache (page, shared_answer), result (hit, miss).',
      labelNames: ['cache', 'result'],
    });
  }

  /** What the cluster's primary sums over the workers: this process's registries. */
  get processRegistries(): Registry[] {
    return [this.registry, processMetrics(this.worker)];
  }

  /** A counter of this process (summed over the workers of a cluster). */
  counter<L extends string>(configuration: { name: string; help: string; labelNames?: readonly L[] }): Counter<L> {
    return new Counter<L>({ ...configuration, labelNames: configuration.labelNames ?? [], registers: [this.registry] });
  }

  /** The gauges of this process's connection pool (PostgreSQL) and its answer cache, where it has them. */
  measureResources(poolUse: (() => { total: number; idle: number; waiting: number; max: number }) | undefined, cache: PageCache | undefined): void {
    if (poolUse) {
      this.processGauge({
        name: 'db_pool_connections',
        help: "This process's connections to PostgreSQL: state in_use or idle.",
        labelNames: ['state'],
        collect: (set) => {
          const pool = poolUse();
          set(pool.total - pool.idle, { state: 'in_use' });
          set(pool.idle, { state: 'idle' });
        },
      });
      this.processGauge({ name: 'db_pool_waiting_queries', help: 'Queries of this process waiting for a free connection.', collect: (set) => set(poolUse().waiting) });
      this.processGauge({ name: 'db_pool_max_connections', help: "The bound of this process's connections.", collect: (set) => set(poolUse().max) });
    }
    if (cache) {
      this.processGauge({ name: 'page_cache_entries', help: "Pages and shared API answers in this process's cache.", collect: (set) => set(cache.stats.entries) });
      this.processGauge({ name: 'page_cache_bytes', help: "Bytes of this process's cache (with the compressed copies).", collect: (set) => set(cache.stats.bytes) });
    }
  }

  /**
   * A gauge of this process, read when scraped, labelled `worker` (added to `labelNames`): `collect`
   * sets its values through `set`.
   */
  processGauge<L extends string>(configuration: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    collect: (set: (value: number, labels?: Labels<L>) => void) => void;
  }): void {
    const { worker } = this;
    const { collect, labelNames = [], ...rest } = configuration;
    new Gauge<L | 'worker'>({
      ...rest,
      labelNames: [...labelNames, 'worker'],
      registers: [this.registry],
      collect() {
        this.reset();
        collect((value, labels = {}) => this.set({ ...labels, worker } as Labels<L | 'worker'>, value));
      },
    });
  }

  /**
   * Gauges of what the database holds for the whole site (no `worker` label): `collect` fills them once
   * per scrape. When it fails they are left out of that scrape, and the failure is logged.
   */
  databaseGauges<N extends string, L extends string>(
    definitions: Record<N, { help: string; labelNames?: readonly L[] }>,
    collect: (gauges: Record<N, Gauge<L>>) => Promise<void>,
  ): void {
    const gauges = Object.fromEntries(
      Object.entries<{ help: string; labelNames?: readonly L[] }>(definitions).map(([name, definition]) => [
        name,
        new Gauge<L>({ name, help: definition.help, labelNames: definition.labelNames ?? [], registers: [this.databaseRegistry] }),
      ]),
    ) as Record<N, Gauge<L>>;
    this.databaseCollectors.push(async () => {
      for (const gauge of Object.values<Gauge<L>>(gauges)) gauge.reset();
      try {
        await collect(gauges);
      } catch (error) {
        for (const gauge of Object.values<Gauge<L>>(gauges)) gauge.reset();
        this.options.logger?.warn({ err: error, metrics: Object.keys(gauges) }, 'metrics: reading the database failed; these are left out of this scrape');
      }
    });
  }

  /** Counts a lookup in the answer cache. */
  cacheLookup(cache: CacheName, result: CacheLookup): void {
    this.cacheLookups.inc({ cache, result });
  }

  /** Counts an answered request (Fastify's onResponse). */
  observeRequest(request: FastifyRequest, status: number, seconds: number): void {
    const labels = { method: request.method, route: routeLabels.get(request) ?? request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** The content type of what `scrape` answers: Prometheus' text format 0.0.4. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** What a scrape answers: the cluster's (or this process's) metrics, then the database's. */
  async scrape(): Promise<string> {
    const own = this.options.cluster
      ? this.options.cluster()
      : Promise.all(this.processRegistries.map((registry) => registry.metrics())).then((texts) => texts.join('\n'));
    const texts = await Promise.all([own, this.databaseMetrics()]);
    return `${texts.map((text) => text.trim()).filter(Boolean).join('\n\n')}\n`;
  }

  private databaseMetrics(): Promise<string> {
    this.databaseText ??= (async () => {
      await Promise.all(this.databaseCollectors.map((collect) => collect()));
      return this.databaseRegistry.metrics();
    })().finally(() => {
      this.databaseText = undefined;
    });
    return this.databaseText;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts every answered request, and answers `GET /metrics` with the right bearer token. The metrics
 * are answered in the first onRequest hook, before any other (an unmatched address included), and a
 * request without the token goes on as if the hook were not there: it gets what any unknown address
 * gets (the site's 404 page, or the JSON 404 without the web app), so nothing tells that the metrics
 * exist. The token is compared as SHA-256 digests with timingSafeEqual: in constant time.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  const expected = digest(token);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?', 1)[0] !== METRICS_PATH) return;
    const given = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) return;
    labelRoute(request, METRICS_PATH);
    let text: string;
    try {
      text = await metrics.scrape();
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: the scrape failed');
      throw new AppError('service_unavailable');
    }
    return reply.code(200).header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
