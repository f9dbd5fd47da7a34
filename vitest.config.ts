import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** CI sums the results of every `vitest run` from JSON reports written to this folder. */
const jsonReportDir = process.env.VITEST_JSON_REPORT_DIR;

/** The people's stories (e2e/<person>-story.spec.ts), in the order they run. */
const STORIES = ['buyer', 'reviewer', 'editor', 'finance', 'administrator'];

/**
 * Journeys that change what other journeys see or use — the sample limits, products and their
 * documents, plans, the site's settings and content, the staff desks' shared lists — or that sign in
 * the people's staff accounts (a code to one account goes out at most once a minute), the journey that
 * compares every page loaded two ways (a row another journey adds between the two loads would differ),
 * and the people's stories: they run one at a time, after the others (project `e2e-serial`). The other journeys each
 * work with accounts and rows of their own and run two at a time (project `e2e`): a journey spends
 * most of its time waiting on the browser and the server, not computing.
 */
const ONE_AT_A_TIME = [
  'sample-cart',
  'sample-workflow',
  'downloads',
  'plans',
  'client-navigation',
  'company-accounts',
  'quotes',
  'company-purchase',
  'document-requests',
  'change-notices',
  'batch-coa',
  'staff-*',
  '*-story',
].map((name) => `${name}.spec.ts`);

/** The tests that call every operation of the endpoint table (docs/decisions/0071). */
const TABLE_WALKING_TESTS = ['src/modules/account/authorization.routes.test.ts', 'src/http/endpoint-fuzz.test.ts'];

/**
 * Vitest's order, except that the people's stories run after the other journeys and one after the
 * other in STORIES' order: the administrator's story reads in the audit log what the others did.
 */
class StoriesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => STORIES.findIndex((person) => spec.moduleId.endsWith(`/e2e/${person}-story.spec.ts`));
    const stories = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((spec) => rank(spec) < 0);
    const lastJourney = rest.findLastIndex((spec) => spec.project.name.startsWith('e2e'));
    return [...rest.slice(0, lastJourney + 1), ...stories, ...rest.slice(lastJourney + 1)];
  }
}

/**
 * The browser journeys against one production server (e2e/support/global-setup.ts starts it once for
 * both projects). `npm run test:e2e` runs both: `e2e` first, then `e2e-serial`.
 */
const journeys = (name: string, files: { include?: string[]; exclude?: string[] }, groupOrder: number, maxWorkers: number) => ({
  test: {
    name,
    root: './e2e',
    include: files.include ?? ['**/*.spec.ts'],
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    sequence: { groupOrder },
    maxWorkers,
    // One more try for a journey that fails on a loaded machine. (The failure once seen about one run
    // in two, a sample application "not submitted", was a choice in an antd Select lost while its list
    // was still moving: `choose` in e2e/support/app.ts now checks the field and tries again.)
    retry: 1,
    // A step waits up to 30 s (e2e/support/browser.ts) and a test up to 90 s: CI runs the journeys beside
    // the other stages (docs/decisions/0063).
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    sequence: { sequencer: StoriesLast },
    // Vitest's default (one worker less than the cores) is a single worker on a 2-core machine. Test files
    // wait on their database for much of their time, so two workers finish the server project in about
    // 60 % of the time there (docs/decisions/0015). Journeys still run one file at a time (below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: jsonReportDir
      ? ['default', ['json', { outputFile: `${jsonReportDir}/vitest-${process.pid}-${Date.now()}.json` }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Where the server tests run on both databases (.ci/run), each of these runs in one of the two runs
          // only (docs/decisions/0071): the process tests run commands on an embedded database of their own,
          // whatever DATABASE_URL says, so they stay in the embedded run; the table-walking tests (the
          // authorization matrix and the endpoint fuzz) check the HTTP contract, not SQL, so they go to the
          // PostgreSQL run, where they take a third of the time.
          exclude: process.env.DATABASE_URL
            ? ['test/{backup-command,create-staff,server-process,start-command,web-builder}.test.ts']
            : process.env.SERVER_TESTS_ON_POSTGRES_TOO
              ? TABLE_WALKING_TESTS
              : [],
          // Migrates the template database each test file copies (test/template-database.ts).
          globalSetup: ['./test/global-setup.ts'],
          environment: 'node',
          // The files of a worker share its modules (docs/decisions/0015): every file builds its own app
          // on its own database, and no module keeps state between apps, so importing the server (and
          // PGlite's WebAssembly) once per worker instead of once per file saves minutes of each run.
          isolate: false,
          testTimeout: 180_000, // seeding and process tests run long on a loaded machine (a first start: up to 2 min)
          hookTimeout: 180_000, // a file's fixtures (the table-walking tests make a member owning a row of every kind) on a loaded machine
        },
      },
      {
        test: {
          name: 'client',
          root: './packages/client',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      journeys('e2e', { exclude: ONE_AT_A_TIME }, 1, 2),
      journeys('e2e-serial', { include: ONE_AT_A_TIME }, 2, 1),
    ],
  },
});
