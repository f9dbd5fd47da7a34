import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { AVATAR_MAX_BYTES, endpoints, type BuildInfo } from '@fuliaotong/contracts';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { CONTENT_CHANGED } from './db/signals.js';
import { clientErrorHandler } from './http/client-errors.js';
import { registeredOperations } from './http/endpoint-routes.js';
import { AppError, frameworkErrors, notFoundBody, registerErrorHandling } from './http/errors.js';
import { registerOpenApi } from './http/openapi.js';
import { PageCache } from './http/page-cache.js';
import { validatorCompiler } from './http/request-validation.js';
import { labelRoute, registerMetrics, ServerMetrics, UNMATCHED_ROUTE } from './http/metrics.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSharedAnswers } from './http/shared-answers.js';
import { ServiceRegistry, type AccountDeletionPart, type ModuleContext, type ModuleOptions } from './kernel/module.js';
import { loggerOptions, RequestLog, type LogDestination } from './logging/logger.js';
import type { JobRunner } from './modules/jobs/job-runner.js';
import type { MessageService } from './modules/messages/message.service.js';
import { serverModules, transactorOf } from './modules.js';
import type { WebBuild, WebDevSource } from './web/web-build.js';
import { inProcessApiFetch } from './web/load-context.js';
import { webPlugin } from './web/web.plugin.js';

/** What the app is built from: the process's settings and database, and each module's options (ModuleOptions). */
export interface AppDependencies extends ModuleOptions {
  config: Pick<
    Config,
    'LOG_LEVEL' | 'API_BASE' | 'NODE_ENV' | 'TRUST_PROXY' | 'SITE_URL' | 'PAGE_CACHE_SECONDS' | 'PAGE_CACHE_MAX_ENTRIES' | 'PAGE_CACHE_MAX_MB' | 'METRICS_TOKEN'
  >;
  database: Database;
  /** The web app's production build, or its sources in development; without it only the API is served (API tests). */
  web?: WebBuild | WebDevSource;
  /** Used when there is no web build. */
  build?: BuildInfo;
  /** The clock of every time-dependent rule (codes, consent and deletion times, jobs); the real one unless a test moves it. */
  now?: () => Date;
  /** Told of every route as it is registered. */
  onRoute?: (route: RegisteredRoute) => void;
  /** Where log lines go (default: stdout); tests read them. */
  logDestination?: LogDestination;
  /**
   * The process among the workers of a cluster and how to ask for the cluster's metrics
   * (http/cluster-metrics.ts); default: a process of its own, worker "0".
   */
  metrics?: { worker: string; cluster?: () => Promise<string> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's background-job runner (docs/decisions/0019). */
    jobs: JobRunner;
    /** Outbound SMS and e-mail, sent by jobs after the commit of the change they report. */
    messages: MessageService;
    /** The process's metrics (GET /metrics, docs/decisions/0056). */
    metrics: ServerMetrics;
  }
}

/** A registered route, as `onRoute` reports it (tests check every one is authorised as intended). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const developmentBuild: BuildInfo = { id: 'dev', timestamp: 0 };

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Logs never hold a whole mobile number, e-mail address or code (logging/logger.ts).
    logger: deps.config.LOG_LEVEL === 'silent' ? false : loggerOptions(deps.config.LOG_LEVEL, deps.logDestination),
    logController: new RequestLog(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) {
    const report = deps.onRoute;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) report({ method, url: route.url });
    });
  }
  // First of the hooks: every answer is counted, and GET /metrics is answered before anything else runs.
  const metrics = new ServerMetrics({ worker: deps.metrics?.worker ?? '0', cluster: deps.metrics?.cluster, logger: app.log });
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, deps.config.METRICS_TOKEN);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  // Pages and API answers are compressed on the fly (brotli at a quality cheap enough per request);
  // the web build's scripts and stylesheets are sent from their precompressed copies instead.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // What every anonymous caller gets alike, pages and the API's shared reads: kept in this process and
  // emptied on any content change, in any process (docs/decisions/0030, 0035).
  const answerCache = PageCache.fromConfig(deps.config);
  if (answerCache) {
    const stop = deps.database.signals.subscribe(CONTENT_CHANGED, () => answerCache.clear());
    app.addHook('onClose', async () => stop());
    registerSharedAnswers(app, answerCache, deps.database.signals, (result) => metrics.cacheLookup('shared_answer', result));
  }
  metrics.measureResources(deps.database.poolUse, answerCache);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await registerOpenApi(app);

  const build = deps.web?.info ?? deps.build ?? developmentBuild;
  // Signals between the processes on this database (docs/decisions/0030): what goes wrong with them is logged.
  const signals = deps.database.signals;
  const signalLog = app.log.child({ module: 'signals' });
  const stopSignalLog = signals.onProblem(({ message, error }) => signalLog.warn({ err: error }, message));
  app.addHook('onClose', async () => stopSignalLog());
  app.decorateRequest('principal', null);
  const operations = registeredOperations(app);
  // The modules (src/modules.ts): their services first, then their routes, jobs and parts of a deletion.
  const registry = new ServiceRegistry();
  const deletionParts: AccountDeletionPart[] = [];
  const context: ModuleContext = {
    db: deps.database.db,
    transactor: transactorOf(deps.database.db, signals),
    signals,
    services: registry.services,
    options: deps,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
    logger: app.log,
    app,
    build,
    dbKind: deps.database.kind,
    migrationsSchema: deps.database.migrationsSchema,
    accountDeletion: () => deletionParts,
    metrics,
  };
  for (const module of serverModules) registry.provide((await module.provide?.(context)) ?? {});
  const { jobs, messages } = registry.services;
  app.decorate('jobs', jobs);
  app.decorate('messages', messages);
  for (const module of serverModules) await module.routes?.(app, context);
  for (const module of [...serverModules].reverse()) if (module.accountDeletion) deletionParts.push(module.accountDeletion(context));
  for (const module of serverModules) for (const job of module.jobs?.(context) ?? []) jobs.every(job.name, job.everyMs, () => job.run(), job.leaseMs ? { leaseMs: job.leaseMs } : {});
  registry.check();
  const missing = Object.keys(endpoints).filter((operation) => !operations.has(operation));
  if (missing.length > 0) throw new Error(`operations of the endpoint table without a route: ${missing.join(', ')}`);
  if (deps.jobs?.start !== false) app.addHook('onReady', async () => jobs.start());
  // Jobs in flight finish (or are left to their lease) before the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    messages.close();
  });

  // Unknown API paths answer the JSON error shape, never an HTML page.
  app.all('/api/*', async (request) => {
    labelRoute(request, UNMATCHED_ROUTE);
    throw new AppError('not_found', notFoundBody(request).error.message);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(notFoundBody(request));
  });

  if (deps.web) {
    await app.register(webPlugin, {
      build: deps.web,
      mode: deps.config.NODE_ENV === 'production' ? 'production' : 'development',
      apiBase: deps.config.API_BASE,
      siteUrl: deps.config.SITE_URL,
      pageCache: answerCache,
      onPageCacheLookup: (result) => metrics.cacheLookup('page', result),
      pageCacheSeconds: deps.config.PAGE_CACHE_SECONDS,
      signals: deps.database.signals,
      loadContext: () => ({ buildId: build.id, apiBase: deps.config.API_BASE, apiFetch: inProcessApiFetch(app) }),
    });
  }

  return app;
}
