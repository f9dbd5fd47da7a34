import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Signals between the server processes of one database (docs/decisions/0030): "content changed",
 * and later others (a revoked session). A signal reaches the listeners of the process that sends it
 * at once, before `publish` returns, and every other process on the same database within about a
 * second. Two drivers behind one interface:
 *
 * - in-process (PGlite, which one process owns, and tests): listeners of this process only;
 * - PostgreSQL: `NOTIFY` on one channel of the database, heard through a dedicated `LISTEN`
 *   connection that reconnects when it drops.
 *
 * Signals carry no data a listener must not lose: when a connection drops, notifications sent in the
 * meantime are lost, so listeners are told (`detail` null: "assume anything changed") when the
 * connection goes and again when it is back, and `hearing` is false in between.
 */
export interface SignalBus {
  /**
   * Tells every listener of `topic` on this database: this process's at once, the others' through the
   * database. Never rejects: a signal the database would not take is reported to `onProblem`.
   */
  publish(topic: string, detail?: string): Promise<void>;
  /**
   * Calls `listener` with each signal of `topic` (its detail, '' when none), and with null when
   * signals of other processes may have been missed. Answers the function that stops listening.
   */
  subscribe(topic: string, listener: SignalListener): () => void;
  /** Whether signals of other processes reach this one now (always, in-process). */
  readonly hearing: boolean;
  /** Told of what went wrong (a lost connection, a failed publication), for the log. */
  onProblem(listener: (problem: SignalProblem) => void): () => void;
  close(): Promise<void>;
}

export type SignalListener = (detail: string | null) => void;

export interface SignalProblem {
  message: string;
  error?: unknown;
}

/** Public content changed (a staff edit, an import, the demo seed): cached pages are out of date. */
export const CONTENT_CHANGED = 'content';

/** A user's sample cart gained or lost rows (the detail: the user's id): the count kept for it is out of date. */
export const CART_CHANGED = 'cart';

/** Signal details are short: a PostgreSQL notification carries at most 8000 bytes. */
const MAX_DETAIL = 1000;

class Listeners {
  private readonly byTopic = new Map<string, Set<SignalListener>>();
  private readonly problems = new Set<(problem: SignalProblem) => void>();

  add(topic: string, listener: SignalListener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  deliver(topic: string, detail: string | null): void {
    for (const listener of this.byTopic.get(topic) ?? []) this.call(listener, detail);
  }

  /** Every listener of every topic: signals may have been missed. */
  missed(): void {
    for (const set of this.byTopic.values()) for (const listener of set) this.call(listener, null);
  }

  addProblemListener(listener: (problem: SignalProblem) => void): () => void {
    this.problems.add(listener);
    return () => void this.problems.delete(listener);
  }

  problem(problem: SignalProblem): void {
    for (const listener of this.problems) listener(problem);
  }

  private call(listener: SignalListener, detail: string | null): void {
    try {
      listener(detail);
    } catch (error) {
      this.problem({ message: 'a signal listener failed', error });
    }
  }
}

/** The in-process driver: for PGlite (one process owns the database) and for tests. */
export class InProcessSignalBus implements SignalBus {
  private readonly listeners = new Listeners();
  readonly hearing = true;

  async publish(topic: string, detail = ''): Promise<void> {
    this.listeners.deliver(topic, detail.slice(0, MAX_DETAIL));
  }

  subscribe(topic: string, listener: SignalListener): () => void {
    return this.listeners.add(topic, listener);
  }

  onProblem(listener: (problem: SignalProblem) => void): () => void {
    return this.listeners.addProblemListener(listener);
  }

  async close(): Promise<void> {}
}

export interface PostgresSignalOptions {
  /** The database's connection string (the listening connection is one of its own). */
  url: string;
  /** The schema the app's tables live in (DATABASE_SCHEMA): sites in other schemas of the database do not hear each other. */
  schema?: string;
  /** How often the listening connection is checked (a connection cut without a word is found this way). */
  pingMs?: number;
  /** Waits between attempts to reconnect: from `retryMs`, doubling up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How the listening connection names itself in pg_stat_activity. */
  applicationName?: string;
}

interface Notification {
  /** The process (bus) that sent it: its own are delivered at once and ignored when they come back. */
  o: string;
  t: string;
  d: string;
}

/**
 * The PostgreSQL driver: `pg_notify` through the app's pool sends, one connection of its own listens.
 * The connection is opened with the first subscription and reopened after it drops.
 */
export class PostgresSignalBus implements SignalBus {
  private readonly listeners = new Listeners();
  private readonly origin = randomBytes(8).toString('hex');
  readonly channel: string;
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private closed = false;
  private connected = false;

  constructor(
    private readonly options: PostgresSignalOptions,
    /** Sends notifications (the app's pool). */
    private readonly sender: { query(text: string, values: unknown[]): Promise<unknown> },
  ) {
    this.channel = `fuliaotong:${options.schema ?? 'public'}`.slice(0, 63);
    this.retryMs = options.retryMs ?? 200;
  }

  get hearing(): boolean {
    return this.connected;
  }

  async publish(topic: string, detail = ''): Promise<void> {
    const message: Notification = { o: this.origin, t: topic, d: detail.slice(0, MAX_DETAIL) };
    this.listeners.deliver(topic, message.d);
    try {
      await this.sender.query('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify(message)]);
    } catch (error) {
      this.listeners.problem({ message: `the signal "${topic}" could not be sent to the other processes`, error });
    }
  }

  subscribe(topic: string, listener: SignalListener): () => void {
    const remove = this.listeners.add(topic, listener);
    void this.connect();
    return remove;
  }

  onProblem(listener: (problem: SignalProblem) => void): () => void {
    return this.listeners.addProblemListener(listener);
  }

  /** Resolves once the listening connection is up (tests wait for it before they count on it). */
  async listening(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    void this.connect();
    while (!this.connected) {
      if (this.closed || Date.now() > deadline) throw new Error(`not listening on "${this.channel}" after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    if (this.closed || this.connected) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true, application_name: this.options.applicationName ?? 'fuliaotong-signals' });
    // Errors of an idle connection arrive as events: without a listener they would end the process.
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client));
    client.on('notification', (notification) => this.received(notification.channel, notification.payload));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.listeners.problem({ message: 'the signal connection could not be opened; trying again', error });
      this.retryLater();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connected = true;
    this.retryMs = this.options.retryMs ?? 200;
    // Whatever was sent before this connection listened went unheard.
    this.listeners.missed();
    this.pingTimer = setInterval(() => this.ping(client), this.options.pingMs ?? 5_000);
    this.pingTimer.unref();
  }

  private ping(client: pg.Client): void {
    const timeout = setTimeout(() => this.dropped(client, new Error('the signal connection did not answer')), 2_000);
    timeout.unref();
    client.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        this.dropped(client, error);
      },
    );
  }

  private dropped(client: pg.Client, error?: unknown): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.connected = false;
    clearInterval(this.pingTimer);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.listeners.problem({ message: 'the signal connection dropped; reconnecting', error });
    this.listeners.missed();
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.options.maxRetryMs ?? 5_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  private received(channel: string, payload: string | undefined): void {
    if (channel !== this.channel || !payload) return;
    let message: Notification;
    try {
      message = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (message.o === this.origin || typeof message.t !== 'string') return;
    this.listeners.deliver(message.t, typeof message.d === 'string' ? message.d : '');
  }
}
