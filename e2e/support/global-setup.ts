import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { isCompleteBuild, readCurrentBuild } from '../../apps/server/src/web/build-store.js';
import { createStaff, repoRoot, startServer, type ServerProcess } from '../../apps/server/test/production-server.js';
import { codesIn } from './messages.js';

/** The staff roles of the people's stories, each person holding one. */
export type StoryRole = 'reviewer' | 'editor' | 'finance' | 'sales' | 'admin' | 'quality';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server the journeys run against, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** An account of the supplier's staff (every role) on that server, and its password. */
    staffAccount: string;
    staffPassword: string;
    /**
     * Two reviewers made by the operator's tool, never signed in before the journeys: each journey
     * that signs staff in through the page takes one (a code to one account goes out at most once a minute).
     */
    reviewers: Array<{ account: string; password: string }>;
    /**
     * Members no code was ever sent to (made by the operator's tool, then made members): journeys that
     * ask for a code for them need not wait the minute after a registration's code.
     */
    quietMembers: Array<{ account: string; password: string }>;
    /**
     * The staff of the people's stories (e2e/*-story.spec.ts), one role each, made by the operator's
     * tool and never signed in before their story: each signs in on the page with a code of its own.
     */
    storyStaff: Record<StoryRole, { account: string; password: string }>;
    /** That account signed in (password and the code sent to it), once for the run. */
    staffSession: { account: string; password: string; token: string; user: { id: number; account: string; nickName: string; roles: string[] } };
    /**
     * An e-mail account made before registration needed a mobile number (created by the operator's
     * tool, then made a plain member by an administrator), and its password: for journeys about
     * e-mail accounts.
     */
    emailAccount: string;
    emailPassword: string;
    /** The server's log (every line it wrote, info level and up): journeys read sent codes from it. */
    serverLog: string;
  }
}

/**
 * The build the server serves: WEB_BUILD_DIR (relative to the repository root), else the current build
 * of apps/web/builds. The server marks it in use, and a build never writes into an existing folder, so
 * an `npm run build` during the run leaves it alone (docs/decisions/0018).
 */
async function webBuildDir(): Promise<string | undefined> {
  if (process.env.WEB_BUILD_DIR) return path.resolve(repoRoot, process.env.WEB_BUILD_DIR);
  return (await readCurrentBuild())?.dir;
}

/** The staff account every run has (made staff with `npm run create-staff`, as an operator would). */
const STAFF_ACCOUNT = '13700000000';
const STAFF_PASSWORD = 'Staff-Review-2026';
const EMAIL_ACCOUNT = 'qa.lab@fuliaotong.example';
const QUIET_MEMBERS = [
  { account: '13700000011', password: 'Quiet-Member-One-2026' },
  { account: '13700000012', password: 'Quiet-Member-Two-2026' },
];
const REVIEWERS = [
  { account: '13700000001', password: 'Reviewer-One-2026' },
  { account: '13700000002', password: 'Reviewer-Two-2026' },
];
const EMAIL_PASSWORD = 'Lab-Account-Before-2026';
const STORY_STAFF: Record<StoryRole, { account: string; password: string }> = {
  reviewer: { account: '13700000021', password: 'Story-Reviewer-2026' },
  editor: { account: '13700000022', password: 'Story-Editor-2026' },
  finance: { account: '13700000023', password: 'Story-Finance-2026' },
  sales: { account: '13700000025', password: 'Story-Sales-2026' },
  admin: { account: '13700000024', password: 'Story-Administrator-2026' },
  /** The quality staff member of the document requests journey (资料申请 desk). */
  quality: { account: '13700000026', password: 'Story-Quality-Documents-2026' },
};

/** The server the journeys run against, and what it was given. */
interface RunningServer {
  server: ServerProcess;
  dataDir: string;
  /** On PostgreSQL the server works in a schema of its own, dropped afterwards. */
  pgSchema: string | undefined;
  staffSession: ProvidedContext['staffSession'];
}

/**
 * Both journey projects (`e2e`, the journeys that may run side by side, and `e2e-serial`, one at a time
 * after them: vitest.config.ts) run against one server. Their global setups run in this one process, each
 * with its own copy of this module: the server and the number of projects using it live on globalThis.
 */
const SHARED = Symbol.for('fuliaotong.e2e.server');
type Shared = { starting: Promise<RunningServer>; users: number };
const sharedSlot = globalThis as { [SHARED]?: Shared };

/**
 * The server's environment over this process's. LOG_LEVEL=info: the log driver's lines of sent codes
 * are info lines (all lines go to the log file; only warnings and errors are shown). TRUST_PROXY: a
 * journey's browser stands for a client network of its own by sending X-Forwarded-For
 * (support/http.ts: ownAddress), so that per-address limits of one journey do not meet another's.
 */
function serverEnv(dir: string, buildDir: string, pgSchema: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { DATA_DIR: dir, LOG_LEVEL: 'info', WEB_BUILD_DIR: buildDir, TRUST_PROXY: 'true' };
  if (!process.env.DATABASE_URL) env.DATABASE_URL = '';
  if (pgSchema) env.DATABASE_SCHEMA = pgSchema;
  return env;
}

/**
 * Provides the production server (built web app, fresh database) as `baseUrl`, with the accounts the
 * journeys use; the first project to ask starts it.
 */
export async function setup(project: TestProject): Promise<void> {
  const shared = (sharedSlot[SHARED] ??= { starting: startRunningServer(), users: 0 });
  shared.users += 1;
  let running: RunningServer;
  try {
    running = await shared.starting;
  } catch (error) {
    delete sharedSlot[SHARED];
    throw error;
  }
  project.provide('baseUrl', running.server.origin);
  project.provide('staffAccount', STAFF_ACCOUNT);
  project.provide('staffPassword', STAFF_PASSWORD);
  project.provide('staffSession', running.staffSession);
  project.provide('quietMembers', QUIET_MEMBERS);
  project.provide('emailAccount', EMAIL_ACCOUNT);
  project.provide('reviewers', REVIEWERS);
  project.provide('storyStaff', STORY_STAFF);
  project.provide('emailPassword', EMAIL_PASSWORD);
  project.provide('serverLog', serverLog);
}

async function startRunningServer(): Promise<RunningServer> {
  const buildDir = await webBuildDir();
  if (!buildDir || !(await isCompleteBuild(buildDir))) {
    throw new Error(`The web build is missing${buildDir ? ` (${buildDir})` : ''}: run npm run build first.`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fuliaotong-e2e-'));
  const pgSchema = process.env.DATABASE_URL ? `test_e2e_${randomBytes(6).toString('hex')}` : undefined;
  const env = serverEnv(dataDir, buildDir, pgSchema);
  let server: ServerProcess | undefined;
  try {
    // The staff accounts are created by the command-line tool, as an operator would: the first on the
    // database before the server starts (the first administrator), the others while it runs, side by
    // side (on the embedded database the tool then asks the server through its control channel).
    await createStaff(env, STAFF_ACCOUNT, STAFF_PASSWORD, ['admin', 'editor', 'reviewer', 'finance']);
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(serverLog, '');
    // A busy machine (another lane's lint and typecheck beside it) can take minutes to start it: up to five.
    server = await startServer({ env, echo: '[server] ', echoMinLevel: WARN, healthTimeoutMs: 300_000, onOutput: (chunk) => appendFileSync(serverLog, chunk) });
    await Promise.all([
      createStaff(env, EMAIL_ACCOUNT, EMAIL_PASSWORD),
      ...REVIEWERS.map((reviewer) => createStaff(env, reviewer.account, reviewer.password, ['reviewer'])),
      ...QUIET_MEMBERS.map((member) => createStaff(env, member.account, member.password, ['reviewer'])),
      ...Object.entries(STORY_STAFF).map(([role, person]) => createStaff(env, person.account, person.password, [role])),
    ]);
    const staffSession = await signInStaff(server.origin);
    for (const account of [EMAIL_ACCOUNT, ...QUIET_MEMBERS.map((member) => member.account)]) await makeMember(server.origin, staffSession.token, account);
    return { server, dataDir, pgSchema, staffSession };
  } catch (error) {
    await stopRunningServer({ server, dataDir, pgSchema });
    throw error;
  }
}

/**
 * Signs the staff account in as a person would (password, then the code sent to it), once for the
 * whole run: codes to one account are limited to one a minute.
 */
async function signInStaff(origin: string): Promise<ProvidedContext['staffSession']> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const first = await post('/api/app/account/login', { account: STAFF_ACCOUNT, password: STAFF_PASSWORD });
  if (typeof first.challenge !== 'string') throw new Error('the staff log-in asked for no code');
  const deadline = Date.now() + 10_000;
  let code: string | undefined;
  while (!(code = codesIn(readFileSync(serverLog, 'utf8'), STAFF_ACCOUNT).at(-1))) {
    if (Date.now() > deadline) throw new Error(`no code reached ${STAFF_ACCOUNT}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const session = (await post('/api/app/account/login-verify', { challenge: first.challenge, code })) as Pick<ProvidedContext['staffSession'], 'token' | 'user'>;
  return { account: STAFF_ACCOUNT, password: STAFF_PASSWORD, ...session };
}

/**
 * The operator's tool makes accounts as staff; the e-mail account stands for a member, so an
 * administrator takes its roles away on the users desk (its journeys sign in without a second factor).
 */
async function makeMember(origin: string, token: string, account: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const found = await fetch(`${origin}/api/admin/user?keyword=${encodeURIComponent(account)}`, { headers });
  const { items } = (await found.json()) as { items: Array<{ id: number; account: string }> };
  const user = items.find((item) => item.account === account);
  if (!user) throw new Error(`${account} is not on the users desk`);
  const changed = await fetch(`${origin}/api/admin/user/${user.id}`, { method: 'PATCH', headers, body: JSON.stringify({ roles: [] }) });
  if (!changed.ok) throw new Error(`making ${account} a member answered ${changed.status}: ${await changed.text()}`);
}

/** The server's whole output, for the journeys to read (e2e/support/messages.ts). */
const outputDir = fileURLToPath(new URL('../.output/', import.meta.url));
const serverLog = path.join(outputDir, 'server.log');
/** pino's warn level: the terminal shows warnings, errors and anything that is not a log line. */
const WARN = 40;
/** When the last project using it is done: stops the server and removes its data. */
export async function teardown(): Promise<void> {
  const shared = sharedSlot[SHARED];
  if (!shared || --shared.users > 0) return;
  delete sharedSlot[SHARED];
  const running = await shared.starting.catch(() => undefined);
  if (running) await stopRunningServer(running);
}

async function stopRunningServer({ server, dataDir, pgSchema }: Pick<RunningServer, 'dataDir' | 'pgSchema'> & { server: ServerProcess | undefined }): Promise<void> {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (pgSchema && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
}
