import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDependencies, type RegisteredRoute } from '../src/app.js';
import type { MessagesConfig } from '../src/config/config.js';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from '../src/db/database.js';
import type { AuthLimits } from '../src/modules/account/throttle.js';
import type { WebBuild } from '../src/web/web-build.js';
import { databaseUrl, dropDatabase, runStatements, testName } from './template-database.js';
import { generateSandboxKeys, sandboxSetup, type PaymentSetup, type SandboxKeys } from '../src/modules/payment/payment-setup.js';

export interface TestApp {
  app: FastifyInstance;
  /** Every route the app registered. */
  routes: RegisteredRoute[];
  database: Database;
  /** Runs every background job that is due (by the app's job clock) until none is left. */
  drain(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A real database for one test file: PostgreSQL when DATABASE_URL is set (CI runs the suite on both),
 * otherwise an in-memory PGlite. Each is a copy of the run's migrated template (test/global-setup.ts);
 * closing it drops the PostgreSQL copy.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject('testDatabaseTemplate');
  if (url && template?.kind === 'postgres') {
    const name = testName();
    await runStatements(url, `CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
    try {
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
      return {
        ...database,
        async close() {
          await database.close();
          await dropDatabase(url, name);
        },
      };
    } catch (error) {
      await dropDatabase(url, name);
      throw error;
    }
  }
  // Without the global setup (a file run on its own configuration): migrate an empty database.
  if (url) return openDatabase({ kind: 'postgres', url, schema: `test_${randomBytes(6).toString('hex')}` });
  if (template?.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([new Uint8Array(await fs.readFile(template.file))]) });
  }
  return openDatabase({ kind: 'pglite' });
}

/** The site's public origin in tests (SITE_URL). */
export const TEST_SITE_URL = 'http://www.fuliaotong.example';

export interface TestAppOptions {
  limits?: Partial<AuthLimits>;
  /** Defaults to a random key per app. */
  jwtSecret?: Uint8Array;
  /** A web build to serve pages with (none by default: the API only). */
  web?: WebBuild;
  /** The app's clock (default: the real one): codes, consent and deletion times, jobs; see `testClock`. */
  clock?: TestClock;
  /**
   * Start the job runner in the background as the server does (default: not started; tests run
   * jobs with `drain()`, which is deterministic).
   */
  runJobs?: boolean;
  /** SMS and e-mail drivers over the default `log` ones (e.g. `aliyun` against a local stand-in). */
  messages?: Partial<MessagesConfig>;
  /** Verification-code limits and captcha maker (test/verification.ts). */
  verification?: AppDependencies['verification'];
  /**
   * Another app's database, for a second instance of the server on it (what one instance counts, the
   * other sees); left open when this app closes.
   */
  database?: Database;
  /** How payments are taken (default: the sandbox, with keys made once per test process). */
  payment?: PaymentSetup;
  /** The page cache's settings over the defaults (PAGE_CACHE_SECONDS=30, 1000 entries, 64 MB). */
  pageCache?: Partial<Record<'PAGE_CACHE_SECONDS' | 'PAGE_CACHE_MAX_ENTRIES' | 'PAGE_CACHE_MAX_MB', number>>;
  /** Reuse what a bearer token stands for this long, as the server does (default 0: read it on every request). */
  sessionCacheMs?: number;
  /** Log at debug level into this array (one parsed JSON line each) instead of not at all. */
  logLines?: Array<Record<string, unknown>>;
  /** METRICS_TOKEN: GET /metrics answers with it (default: unset, no /metrics). */
  metricsToken?: string;
}

/** A clock tests move on by hand (job schedules, retries' backoff). */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

let sandboxKeys: SandboxKeys | undefined;
/** Sandbox keys for tests: made once per test process (RSA key generation takes a while). */
export function testSandboxKeys(): SandboxKeys {
  sandboxKeys ??= generateSandboxKeys();
  return sandboxKeys;
}

const databases = new WeakMap<FastifyInstance, Database>();
const jwtSecrets = new WeakMap<FastifyInstance, Uint8Array>();

/** The database a test app was built on. */
export function databaseOf(app: FastifyInstance): Database {
  const database = databases.get(app);
  if (!database) throw new Error('not an app of createTestApp');
  return database;
}

/** The key a test app signs its sessions with (for sessions written straight into its database). */
export function jwtSecretOf(app: FastifyInstance): Uint8Array {
  const secret = jwtSecrets.get(app);
  if (!secret) throw new Error('not an app of createTestApp');
  return secret;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database !== undefined;
  const database = options.database ?? (await openTestDatabase());
  const routes: RegisteredRoute[] = [];
  const jwtSecret = options.jwtSecret ?? randomBytes(32);
  const app = await buildApp({
    onRoute: (route) => routes.push(route),
    // Tests stand for many clients by setting X-Forwarded-For.
    config: {
      LOG_LEVEL: options.logLines ? 'debug' : 'silent',
      API_BASE: '',
      NODE_ENV: 'test',
      TRUST_PROXY: true,
      SITE_URL: TEST_SITE_URL,
      PAGE_CACHE_SECONDS: 30,
      PAGE_CACHE_MAX_ENTRIES: 1000,
      PAGE_CACHE_MAX_MB: 64,
      ...options.pageCache,
      METRICS_TOKEN: options.metricsToken,
    },
    logDestination: options.logLines && {
      write: (line: string) => void options.logLines!.push(JSON.parse(line) as Record<string, unknown>),
    },
    database,
    web: options.web,
    build: { id: 'test-build', timestamp: 1_700_000_000_000 },
    auth: { jwtSecret, limits: options.limits, sessionCacheMs: options.sessionCacheMs },
    jobs: { start: options.runJobs ?? false },
    payment: options.payment ?? sandboxSetup(testSandboxKeys()),
    now: options.clock?.now,
    messages: { SMS_PROVIDER: 'log', SMTP_URL: 'log', ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com', ...options.messages },
    verification: options.verification,
  });
  await app.ready();
  databases.set(app, database);
  jwtSecrets.set(app, jwtSecret);
  return {
    app,
    routes,
    database,
    drain: () => app.jobs.drain(),
    async close() {
      await app.close();
      if (shared) return;
      await dropTestSchema(database);
      await database.close();
    },
  };
}

async function dropTestSchema(database: Database) {
  if (database.kind !== 'postgres') return;
  const [row] = await selectRows<{ schema: string }>(database.db, sql`select current_schema() as schema`);
  const schema = row?.schema;
  if (schema?.startsWith('test_')) await database.db.execute(sql.raw(`DROP SCHEMA "${schema}" CASCADE`));
}
