import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BuildInfo, DatabaseKind } from '@fuliaotong/contracts';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { DeletionBlocker, RecordAnonymiser } from '../db/personal-data.js';
import type { SignalBus } from '../db/signals.js';
import type { Transactor, Tx } from '../db/transactor.js';
import type { ServerMetrics } from '../http/metrics.js';

/*
 * A server module is one unit with one manifest (docs/decisions/0053): it brings its tables, its
 * repositories, its services, its routes (from the endpoint table), its recurring jobs and its part of
 * what deleting an account does. The composition root (src/app.ts, src/modules.ts) iterates over the
 * list of manifests; nothing else names a module.
 *
 * What a module offers other modules it names here, by augmenting these interfaces from its manifest:
 *
 *   declare module '../../kernel/module.js' {
 *     interface Services { orders: OrderService }
 *   }
 */

/** The services the modules provide, by name (filled in list order; reading one not yet provided throws). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by every module's manifest
export interface Services {}

/** Each module's part of the options of `buildApp` (its test settings, keys, limits). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by the modules that take options
export interface ModuleOptions {}

/**
 * What a module lower in the graph lets a higher one supply to its repositories (a piece of SQL the
 * lower one cannot name without importing the higher): given by the higher module's manifest.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by the modules that declare ports
export interface Ports {}

/** What the composition root hands every module. */
export interface ModuleContext {
  /** The database handle, for repositories outside a transaction. */
  db: Db;
  /**
   * Runs transactions over the repositories of every module. A module hands it to its services typed
   * by its own repositories (`Transactor<OrderRepositories>`): the bag holds every module's, but each
   * module sees only its own.
   */
  transactor: Transactor<never>;
  signals: SignalBus;
  /** The services of the modules listed before this one. */
  services: Services;
  /** Every module's options, as given to `buildApp`. */
  options: ModuleOptions;
  config: Pick<Config, 'SITE_URL' | 'NODE_ENV'>;
  /** The clock of every time-dependent rule; the real one unless a test moves it. */
  now: () => Date;
  logger: FastifyBaseLogger;
  /** The Fastify instance, for hooks and decorations (routes are registered by `routes`). */
  app: FastifyInstance;
  /** The build of the web app served (or the development one). */
  build: BuildInfo;
  dbKind: DatabaseKind;
  /** The schema of the database's record of applied migrations (for the readiness check). */
  migrationsSchema: string;
  /** Every module's part of deleting an account, the modules higher in the list first. */
  accountDeletion(): readonly AccountDeletionPart[];
  /** The process's metrics: a module adds its counters and gauges (docs/decisions/0056). */
  metrics: ServerMetrics;
}

/** A job run on a fixed period in every process (the job table makes sure one process runs each turn). */
export interface RecurringJob {
  name: string;
  everyMs: number;
  /** How long a run may take before another process may take the turn over (default: the runner's, 2 minutes). */
  leaseMs?: number;
  run(): Promise<void>;
}

/** What a module's records make of a deletion of an account (docs/decisions/0042). */
export interface AccountDeletionPart {
  /** Says why the account cannot be deleted now, or nothing. */
  blocker?: DeletionBlocker;
  /** Erases or anonymises the module's records of the person, in the deletion's transaction. */
  anonymise?: RecordAnonymiser;
}

export interface ServerModule {
  /** The folder under src/modules. */
  name: string;
  /** The module's `*.schema.ts` exports: its tables and the personal-data declarations beside them. */
  tables?: ReadonlyArray<Record<string, unknown>>;
  /** The module's repositories, on the database handle or a transaction (the transactor's bag). */
  repositories?: (db: Db, tx: Tx, ports: Ports) => object;
  /** What this module supplies to lower modules' repositories. */
  ports?: Partial<Ports>;
  /** The ports this module's repositories use: the server refuses to start when no module supplies one. */
  portsNeeded?: ReadonlyArray<keyof Ports>;
  /** Builds the module's services; what it returns other modules may use. */
  provide?: (context: ModuleContext) => Partial<Services> | Promise<Partial<Services>>;
  /** Registers the module's routes, once every module's services exist. */
  routes?: (app: FastifyInstance, context: ModuleContext) => Promise<void>;
  /** Recurring jobs. */
  jobs?: (context: ModuleContext) => RecurringJob[];
  /** The module's part of deleting an account. */
  accountDeletion?: (context: ModuleContext) => AccountDeletionPart;
}

/** Declares a module's manifest (typed, unchanged). */
export function defineModule<const M extends ServerModule>(manifest: M): M {
  return manifest;
}

/**
 * The services of every module by name. A service asked for before its module has provided it is
 * handed out as a stand-in that forwards to it once provided, so that the order of the list does not
 * matter to construction; `check` fails the start when a name asked for was never provided.
 */
export class ServiceRegistry {
  private readonly provided = new Map<string, object>();
  private readonly asked = new Set<string>();
  readonly services: Services;

  constructor() {
    const standIn = (name: string) =>
      new Proxy(
        {},
        {
          get: (_target, property) => {
            const service = this.provided.get(name) as Record<string | symbol, unknown> | undefined;
            if (!service) throw new Error(`the service "${name}" is used before any module provided it`);
            const value = service[property];
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(service) : value;
          },
        },
      );
    this.services = new Proxy({} as Services, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        const service = this.provided.get(name);
        if (service) return service;
        this.asked.add(name);
        return standIn(name);
      },
    });
  }

  provide(part: Partial<Services>): void {
    for (const [name, service] of Object.entries(part) as Array<[string, object]>) {
      if (this.provided.has(name)) throw new Error(`two modules provide the service "${name}"`);
      this.provided.set(name, service);
    }
  }

  /** Fails when a module asked for a service no module provides. */
  check(): void {
    const missing = [...this.asked].filter((name) => !this.provided.has(name));
    if (missing.length > 0) throw new Error(`no module provides the services ${missing.join(', ')}`);
  }
}
