import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerMember } from '../../../test/accounts.js';
import { createTestApp, openTestDatabase, testClock, type TestClock } from '../../../test/test-app.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions } from '../account/auth.schema.js';
import { jobs as jobsTable } from './jobs.schema.js';
import { transactorOf } from '../../modules.js';
import { JobRepository } from './job.repository.js';
import { JobRunner, PermanentJobError, type JobLogger } from './job-runner.js';

const MINUTE = 60_000;

interface Logged {
  level: 'info' | 'warn' | 'error';
  object: object;
  message: string;
}

function memoryLogger(lines: Logged[]): JobLogger {
  return {
    info: (object, message) => void lines.push({ level: 'info', object, message }),
    warn: (object, message) => void lines.push({ level: 'warn', object, message }),
    error: (object, message) => void lines.push({ level: 'error', object, message }),
  };
}

let database: Database;
let repository: JobRepository;
let transactor: ReturnType<typeof transactorOf>;
beforeAll(async () => {
  database = await openTestDatabase();
  repository = new JobRepository(database.db);
  transactor = transactorOf(database.db);
});
afterAll(async () => {
  await database.close();
});

let kinds = 0;
/** A kind name of its own for each test: runners only claim the kinds they registered. */
const newKind = (name: string) => `test.${name}.${(kinds += 1)}`;

function runner(clock: TestClock, lines: Logged[] = []) {
  return new JobRunner(repository, { logger: memoryLogger(lines), now: () => clock.now(), pollMs: 50 });
}

describe('job runner', () => {
  it('runs a queued job once and records it as done', async () => {
    const clock = testClock();
    const jobs = runner(clock);
    const seen: string[] = [];
    const greet = jobs.register(newKind('greet'), {
      payload: z.object({ name: z.string() }),
      handle: async ({ name }) => void seen.push(name),
    });
    const id = await greet.enqueue({ name: '乳糖' });
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.drain()).toBe(0);
    expect(seen).toEqual(['乳糖']);
    expect(await repository.find(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: null });
  });

  it('queues a job in the caller\'s transaction: none if it rolls back, run after it commits', async () => {
    const clock = testClock();
    const jobs = runner(clock);
    const seen: number[] = [];
    const kind = jobs.register(newKind('outbox'), { payload: z.object({ n: z.number() }), handle: async ({ n }) => void seen.push(n) });

    let rolledBack: number | undefined;
    await expect(
      transactor.transaction(async (repositories) => {
        rolledBack = await kind.enqueue({ n: 1 }, { within: repositories });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await repository.find(rolledBack!)).toBeUndefined();

    await transactor.transaction(async (repositories) => {
      await kind.enqueue({ n: 2 }, { within: repositories });
    });
    await jobs.drain();
    expect(seen).toEqual([2]);
  });

  it('refuses a payload that does not fit its kind when it is queued', async () => {
    const jobs = runner(testClock());
    const kind = jobs.register(newKind('typed'), { payload: z.object({ n: z.number() }), handle: async () => {} });
    await expect(kind.enqueue({ n: 'one' } as unknown as { n: number })).rejects.toThrow();
  });

  it('retries a failing job with growing waits, then records it done', async () => {
    const clock = testClock();
    const lines: Logged[] = [];
    const jobs = runner(clock, lines);
    let calls = 0;
    const flaky = jobs.register(newKind('flaky'), {
      payload: z.object({}),
      backoffMs: 10_000,
      handle: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`gateway timeout ${calls}`);
      },
    });
    const id = await flaky.enqueue({});

    expect(await jobs.drain()).toBe(1);
    const first = (await repository.find(id))!;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: gateway timeout 1' });
    const firstWait = first.runAt.getTime() - clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(8_000);
    expect(firstWait).toBeLessThanOrEqual(12_000);
    // Not due yet: nothing runs.
    expect(await jobs.drain()).toBe(0);

    clock.advance(firstWait);
    expect(await jobs.drain()).toBe(1);
    const second = (await repository.find(id))!;
    expect(second).toMatchObject({ status: 'pending', attempts: 2, lastError: 'Error: gateway timeout 2' });
    const secondWait = second.runAt.getTime() - clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(16_000); // doubled (±20 %)
    expect(secondWait).toBeLessThanOrEqual(24_000);

    clock.advance(secondWait);
    expect(await jobs.drain()).toBe(1);
    expect(await repository.find(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(calls).toBe(3);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'job attempt failed; it will be retried',
      'job attempt failed; it will be retried',
    ]);
  });

  it('ends a job that keeps failing as failed with its last error, and says so once', async () => {
    const clock = testClock();
    const lines: Logged[] = [];
    const jobs = runner(clock, lines);
    const failures: string[] = [];
    const broken = jobs.register(newKind('broken'), {
      payload: z.object({ to: z.string() }),
      maxAttempts: 3,
      handle: async () => {
        throw new Error('connection refused');
      },
      onFailure: async ({ to }, error) => void failures.push(`${to}: ${error}`),
    });
    const id = await broken.enqueue({ to: 'a' });
    for (let i = 0; i < 5; i += 1) {
      await jobs.drain();
      clock.advance(60 * MINUTE);
    }
    expect(await repository.find(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error: connection refused' });
    expect(failures).toEqual(['a: Error: connection refused']);
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['job failed']);
  });

  it('does not retry a permanent failure', async () => {
    const clock = testClock();
    const jobs = runner(clock);
    const refused = jobs.register(newKind('refused'), {
      payload: z.object({}),
      handle: async () => {
        throw new PermanentJobError('recipient refused');
      },
    });
    const id = await refused.enqueue({});
    await jobs.drain();
    expect(await repository.find(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PermanentJobError: recipient refused' });
  });

  it('runs a job planned for later only once its time has come', async () => {
    const clock = testClock();
    const jobs = runner(clock);
    const seen: string[] = [];
    const expire = jobs.register(newKind('expire'), { payload: z.object({ order: z.string() }), handle: async ({ order }) => void seen.push(order) });
    await expire.enqueue({ order: 'DD1' }, { runAt: new Date(clock.now().getTime() + 30 * MINUTE) });
    expect(await jobs.drain()).toBe(0);
    clock.advance(29 * MINUTE);
    expect(await jobs.drain()).toBe(0);
    clock.advance(MINUTE);
    expect(await jobs.drain()).toBe(1);
    expect(seen).toEqual(['DD1']);
  });

  it('runs periodic work once per period, however many runners share the database', async () => {
    const clock = testClock();
    const kind = newKind('hourly');
    let runs = 0;
    const [a, b] = [runner(clock), runner(clock)];
    for (const jobs of [a, b]) jobs.every(kind, 60 * MINUTE, async () => void (runs += 1));
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    clock.advance(60 * MINUTE);
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(2);
  });

  it('never runs a job twice when two runners work on one database', async () => {
    const clock = testClock();
    const kind = newKind('shared');
    const runs = new Map<number, string[]>();
    const runners = ['a', 'b'].map((name) => {
      const jobs = runner(clock);
      const handle = jobs.register(kind, {
        payload: z.object({ n: z.number() }),
        handle: async ({ n }) => {
          runs.set(n, [...(runs.get(n) ?? []), name]);
          // Give the other runner a chance to claim while this job is in flight.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      return { name, jobs, handle };
    });
    const count = 40;
    for (let n = 0; n < count; n += 1) await runners[n % 2]!.handle.enqueue({ n });
    await Promise.all(runners.map(({ jobs }) => jobs.drain()));

    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, n) => n));
    expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
    const byRunner = (name: string) => [...runs.values()].filter((by) => by[0] === name).length;
    expect(byRunner('a')).toBeGreaterThan(0);
    expect(byRunner('b')).toBeGreaterThan(0);
  });

  it('lets another runner take over a job whose lease ran out, and ignores the late finish of the first', async () => {
    const clock = testClock();
    const kind = newKind('stuck');
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const ranBy: string[] = [];
    const first = runner(clock);
    const handle = first.register(kind, {
      payload: z.object({}),
      leaseMs: MINUTE,
      handle: async () => {
        ranBy.push('first');
        await stuck;
      },
    });
    const second = runner(clock);
    second.register(kind, { payload: z.object({}), leaseMs: MINUTE, handle: async () => void ranBy.push('second') });

    const id = await handle.enqueue({});
    const firstDrain = first.drain();
    while (ranBy.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await second.drain()).toBe(0); // still leased to the first
    clock.advance(MINUTE + 1);
    expect(await second.drain()).toBe(1);
    expect(await repository.find(id)).toMatchObject({ status: 'done', attempts: 2 });
    release();
    await firstDrain;
    expect(ranBy).toEqual(['first', 'second']);
    expect(await repository.find(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('holds each claimed job for its own kind’s lease, not the longest of the runner’s kinds', async () => {
    const clock = testClock();
    const jobs = runner(clock);
    const held: Array<{ id: number; lockedUntil: Date | null }> = [];
    const look = async (id: number) => void held.push({ id, lockedUntil: (await repository.find(id))!.lockedUntil });
    const long = jobs.register(newKind('long'), { payload: z.object({}), leaseMs: 360 * MINUTE, handle: async () => {} });
    let shortId = 0;
    const short = jobs.register(newKind('short'), { payload: z.object({}), leaseMs: MINUTE, handle: async () => look(shortId) });
    await long.enqueue({});
    shortId = await short.enqueue({});
    // Seen while the short job runs: its lease is its own minute, not the long kind's six hours.
    const started = clock.now().getTime();
    expect(await jobs.drain()).toBe(2);
    const [shortHeld] = held;
    expect(shortHeld!.id).toBe(shortId);
    expect(shortHeld!.lockedUntil!.getTime() - started).toBe(MINUTE);
  });

  it('when started, runs a job queued in a transaction right after the commit, and stops cleanly', async () => {
    const jobs = new JobRunner(repository, { logger: memoryLogger([]), pollMs: 60 * MINUTE });
    const seen: number[] = [];
    const kind = jobs.register(newKind('started'), { payload: z.object({ n: z.number() }), handle: async ({ n }) => void seen.push(n) });
    await jobs.start();
    await jobs.whenIdle();
    await transactor.transaction(async (repositories) => {
      await kind.enqueue({ n: 7 }, { within: repositories });
    });
    // No poll is due for an hour: only the nudge after the commit can have run it.
    await jobs.whenIdle();
    expect(seen).toEqual([7]);
    await jobs.stop();
    await kind.enqueue({ n: 8 });
    await jobs.whenIdle();
    expect(seen).toEqual([7]);
  });
});

describe('the app\'s periodic maintenance', () => {
  it('prunes expired sessions hourly on the runner', async () => {
    const clock = testClock();
    const test = await createTestApp({ clock });
    try {
      const member = await registerMember(test.app);
      await test.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, member.user.id));
      expect(await test.drain()).toBeGreaterThanOrEqual(1);
      expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
      const [prune] = await test.database.db.select().from(jobsTable).where(eq(jobsTable.key, 'account.prune'));
      expect(prune).toMatchObject({ status: 'pending', attempts: 0 });
      expect(prune!.runAt.getTime() - clock.now().getTime()).toBe(60 * MINUTE);
    } finally {
      await test.close();
    }
  });
});
