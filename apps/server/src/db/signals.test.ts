import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessSignalBus, PostgresSignalBus, type SignalBus } from './signals.js';

/** Signals between the processes of one database: in-process (PGlite), and over PostgreSQL's NOTIFY. */

const buses: SignalBus[] = [];
const clients: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  await Promise.all(clients.splice(0).map((pool) => pool.end()));
});

async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe('the in-process driver', () => {
  it('tells this process’s listeners of the topic at once, and no others', async () => {
    const bus = new InProcessSignalBus();
    buses.push(bus);
    const heard: Array<string | null> = [];
    const other: Array<string | null> = [];
    const stop = bus.subscribe('content', (detail) => heard.push(detail));
    bus.subscribe('sessions', (detail) => other.push(detail));
    const sent = bus.publish('content', 'excipient.update 7');
    expect(heard).toEqual(['excipient.update 7']);
    await sent;
    stop();
    await bus.publish('content');
    expect(heard).toEqual(['excipient.update 7']);
    expect(other).toEqual([]);
    expect(bus.hearing).toBe(true);
  });

  it('keeps telling the others when one listener throws, and reports it', async () => {
    const bus = new InProcessSignalBus();
    const problems: string[] = [];
    const heard: string[] = [];
    bus.onProblem((problem) => problems.push(problem.message));
    bus.subscribe('content', () => {
      throw new Error('boom');
    });
    bus.subscribe('content', (detail) => heard.push(String(detail)));
    await bus.publish('content', 'x');
    expect(heard).toEqual(['x']);
    expect(problems).toEqual(['a signal listener failed']);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('the PostgreSQL driver (DATABASE_URL)', () => {
  /** A bus as one server process has it: a pool of its own to send through. */
  function processBus(schema: string, applicationName?: string) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    clients.push(pool);
    const bus = new PostgresSignalBus({ url: url!, schema, pingMs: 200, retryMs: 50, applicationName }, pool);
    buses.push(bus);
    return bus;
  }

  it('reaches the other processes on the database within a second, and this one at once and only once', async () => {
    const schema = `signals_${process.pid}_${Date.now()}`;
    const [one, two] = [processBus(schema), processBus(schema)];
    const heardByOne: Array<string | null> = [];
    const heardByTwo: Array<string | null> = [];
    one.subscribe('content', (detail) => heardByOne.push(detail));
    two.subscribe('content', (detail) => heardByTwo.push(detail));
    await Promise.all([one.listening(), two.listening()]);
    heardByOne.length = heardByTwo.length = 0;

    const sent = one.publish('content', 'article.update 3');
    expect(heardByOne).toEqual(['article.update 3']);
    await sent;
    expect(await until('the other process hears it', () => heardByTwo.length > 0)).toBeLessThan(1_000);
    expect(heardByTwo).toEqual(['article.update 3']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByOne).toEqual(['article.update 3']);
  });

  it('does not reach a site in another schema of the database', async () => {
    const stamp = `${process.pid}_${Date.now()}`;
    const [one, elsewhere] = [processBus(`signals_a_${stamp}`), processBus(`signals_b_${stamp}`)];
    const heard: Array<string | null> = [];
    elsewhere.subscribe('content', (detail) => heard.push(detail));
    one.subscribe('content', () => {});
    await Promise.all([one.listening(), elsewhere.listening()]);
    heard.length = 0;
    await one.publish('content', 'x');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });

  it('reconnects when its connection is cut, telling listeners that signals may have been missed', async () => {
    const schema = `signals_${process.pid}_${Date.now()}`;
    const name = `signals-test-${process.pid}-${Date.now()}`;
    const [one, two] = [processBus(schema), processBus(schema, name)];
    const heard: Array<string | null> = [];
    two.subscribe('content', (detail) => heard.push(detail));
    await two.listening();
    heard.length = 0;

    // What an administrator's pg_terminate_backend or a restarted database does to the connection.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = $1', [name]);
      expect(rows).toEqual([{ cut: true }]);
    } finally {
      await admin.end();
    }
    await until('the cut is noticed', () => heard.includes(null));
    await until('the connection is back', () => two.hearing);
    expect(heard.filter((detail) => detail === null).length).toBeGreaterThanOrEqual(2);

    heard.length = 0;
    await one.publish('content', 'after');
    await until('a signal after the reconnection arrives', () => heard.includes('after'));
  });
});
