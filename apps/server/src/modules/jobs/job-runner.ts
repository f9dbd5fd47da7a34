import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { z } from 'zod';
import type { Tx } from '../../db/transactor.js';
import type { JobsRepositories } from './jobs.repositories.js';
import type { JobRepository, JobRow } from './job.repository.js';

/** What a runner logs through (the app's pino logger or a child of it). */
export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** A failure that another attempt cannot fix (a refused recipient, a bad payload): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** What a handler learns of the job it runs. */
export interface JobContext {
  id: number;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export interface JobOptions {
  /** Attempts before the job ends as failed (default 5). */
  maxAttempts?: number;
  /** Wait before the second attempt; it doubles with each further one (default 30 s)… */
  backoffMs?: number;
  /** …up to this (default 1 hour). */
  maxBackoffMs?: number;
  /** How long a runner holds a claimed job; another may take it over afterwards (default 2 minutes). */
  leaseMs?: number;
}

export interface JobDefinition<S extends z.ZodType> extends JobOptions {
  /** The payload's shape, checked before the handler runs (a payload that does not fit fails the job). */
  payload: S;
  handle(payload: z.infer<S>, job: JobContext): Promise<void>;
  /** Called once when the job has failed for good (after its last attempt or a PermanentJobError). */
  onFailure?(payload: z.infer<S>, error: string, job: JobContext): Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /**
   * Queue it in the caller's transaction (repositories the Transactor<JobsRepositories> handed out): it is visible
   * to runners, and the runner is nudged, only once that transaction commits (the outbox pattern).
   */
  within?: Tx;
}

/** How an attempt at a job ended: done, failed and to be tried again, or failed for good. */
export type JobOutcome = 'done' | 'retried' | 'failed';

/** A kind of job as its handler was registered: queue one with `enqueue`. */
export interface JobKind<P> {
  kind: string;
  enqueue(payload: P, options?: EnqueueOptions): Promise<number>;
}

interface Registered {
  definition: JobDefinition<z.ZodType>;
  /** Periodic work reschedules itself this long after each run. */
  intervalMs?: number;
}

export interface JobRunnerOptions {
  logger: JobLogger;
  /** The clock of scheduling decisions (run_at, backoff, leases); tests move it on. */
  now?: () => Date;
  /** How often an idle runner looks for due jobs that no nudge announced (other processes', planned ones). */
  pollMs?: number;
  /** How many jobs one runner works on at once. */
  batchSize?: number;
  /** How long `stop()` waits for jobs in flight (their lease lets another runner finish them otherwise). */
  stopGraceMs?: number;
  /** Told how each attempt ended (the metrics' `job_attempts_total`). */
  onOutcome?: (kind: string, outcome: JobOutcome) => void;
}

const DEFAULTS = { maxAttempts: 5, backoffMs: 30_000, maxBackoffMs: 60 * 60_000, leaseMs: 2 * 60_000 };
const ERROR_TEXT_MAX = 2_000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}

/**
 * The one background-job runner of a server process (docs/decisions/0019). Jobs live in the `jobs`
 * table: any process may queue one (in its own transaction, so that it exists only if the change it
 * belongs to commits), every running process claims due jobs of the kinds it knows with
 * `FOR UPDATE SKIP LOCKED`, runs each with a lease, and retries failures with exponential backoff.
 * Started when the app is ready, stopped when it closes; tests run it with `drain()`.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registered>();
  private readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly stopGraceMs: number;
  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  /** The loop in progress, if any; a nudge during it makes it look again before it sleeps. */
  private looping: Promise<void> | undefined;
  private again = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly jobs: JobRepository,
    private readonly options: JobRunnerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 10_000;
    this.batchSize = options.batchSize ?? 4;
    this.stopGraceMs = options.stopGraceMs ?? 10_000;
  }

  /** Registers the handler of a kind of job; answers the handle to queue such jobs with. */
  register<S extends z.ZodType>(kind: string, definition: JobDefinition<S>): JobKind<z.infer<S>> {
    if (this.handlers.has(kind)) throw new Error(`job kind registered twice: ${kind}`);
    this.handlers.set(kind, { definition });
    return {
      kind,
      enqueue: (payload, options) => this.enqueue(kind, payload, options),
    };
  }

  /**
   * Registers work that runs every `intervalMs` (first when the runner starts), in one process at a
   * time however many run: its one row is claimed like any job and rescheduled after each run.
   */
  every(kind: string, intervalMs: number, handle: () => Promise<void>, options: JobOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`job kind registered twice: ${kind}`);
    const definition: JobDefinition<z.ZodType> = {
      maxAttempts: 3,
      ...options,
      payload: z.unknown(),
      handle: () => handle(),
    } satisfies JobDefinition<z.ZodUnknown>;
    this.handlers.set(kind, { definition, intervalMs });
  }

  private async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
    const registered = this.handlers.get(kind);
    if (!registered) throw new Error(`no handler for job kind ${kind}`);
    const parsed = registered.definition.payload.parse(payload);
    // The caller's transaction holds this module's repositories too (the transactor's bag holds every module's).
    const repository = (options.within as (Tx & JobsRepositories) | undefined)?.jobs ?? this.jobs;
    const id = await repository.insert({
      kind,
      payload: parsed,
      runAt: options.runAt ?? this.now(),
      maxAttempts: registered.definition.maxAttempts ?? DEFAULTS.maxAttempts,
    });
    if (options.within) options.within.afterCommit(() => this.nudge());
    else this.nudge();
    return id;
  }

  /** Starts the background loop (and queues the first run of periodic work). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    await this.ensurePeriodic();
    this.nudge();
  }

  /**
   * Stops looking for jobs and waits (up to the grace time) for those in flight; one that takes longer
   * is left to its lease, after which another runner takes it over.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    clearTimeout(this.timer);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([this.looping, ...this.inFlight]),
      new Promise((resolve) => (grace = setTimeout(resolve, this.stopGraceMs))),
    ]);
    clearTimeout(grace);
  }

  /** Looks for due jobs now (after a commit queued some) instead of at the next poll. */
  nudge(): void {
    if (!this.started || this.stopping) return;
    if (this.looping) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.looping = this.loop().finally(() => {
      this.looping = undefined;
    });
  }

  /** Resolves once the background loop has nothing left to do for now (tests of the started runner). */
  async whenIdle(): Promise<void> {
    while (this.looping) await this.looping;
  }

  /**
   * Runs every job that is due (by the runner's clock) until none is left, retries included once
   * their time has come: the deterministic way tests run jobs. Answers how many attempts it ran.
   */
  async drain(): Promise<number> {
    await this.ensurePeriodic();
    let total = 0;
    for (;;) {
      const ran = await this.runBatch();
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        while (!this.stopping && (await this.runBatch()) > 0);
      } while (this.again && !this.stopping);
      if (this.stopping) return;
      const next = await this.jobs.nextRunAt(this.kinds());
      const wait = next ? Math.max(0, next.getTime() - this.now().getTime()) : this.pollMs;
      this.sleep(Math.min(this.pollMs, wait));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'job runner: looking for jobs failed; trying again later');
      this.sleep(this.pollMs);
    }
  }

  private sleep(ms: number) {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.nudge(), ms).unref();
  }

  /** The kinds of job this runner has handlers for. */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  private outcome(kind: string, outcome: JobOutcome): void {
    this.options.onOutcome?.(kind, outcome);
  }

  private async ensurePeriodic(): Promise<void> {
    for (const [kind, registered] of this.handlers) {
      if (registered.intervalMs === undefined) continue;
      await this.jobs.ensurePeriodic({
        kind,
        key: kind,
        payload: {},
        runAt: this.now(),
        maxAttempts: registered.definition.maxAttempts ?? DEFAULTS.maxAttempts,
      });
    }
  }

  /** Claims a batch of due jobs and runs them together; answers how many it ran. */
  private async runBatch(): Promise<number> {
    const now = this.now();
    const kinds = this.kinds();
    const abandoned = await this.jobs.expireAbandoned(kinds, now);
    for (const { id, kind } of abandoned) {
      this.options.logger.error({ jobId: id, kind }, 'job failed: its runner stopped during the last attempt');
      this.outcome(kind, 'failed');
    }
    // Each kind is held for its own lease: a long one (a backup's) does not keep a dead runner's messages waiting.
    const byLease = new Map<number, string[]>();
    for (const kind of kinds) {
      const leaseMs = this.handlers.get(kind)!.definition.leaseMs ?? DEFAULTS.leaseMs;
      byLease.set(leaseMs, [...(byLease.get(leaseMs) ?? []), kind]);
    }
    const claimed: JobRow[] = [];
    for (const [leaseMs, group] of byLease) {
      if (claimed.length >= this.batchSize) break;
      claimed.push(...(await this.jobs.claim(group, this.worker, now, now, new Date(now.getTime() + leaseMs), this.batchSize - claimed.length)));
    }
    const runs = claimed.map((job) => this.track(this.run(job)));
    await Promise.all(runs);
    return claimed.length;
  }

  private track(run: Promise<void>): Promise<void> {
    this.inFlight.add(run);
    return run.finally(() => this.inFlight.delete(run));
  }

  private async run(job: JobRow): Promise<void> {
    const registered = this.handlers.get(job.kind)!;
    const { definition, intervalMs } = registered;
    const context: JobContext = { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      await this.failed(job, registered, undefined, new PermanentJobError(`payload does not fit: ${parsed.error.message}`), context, log);
      return;
    }
    try {
      await definition.handle(parsed.data, context);
    } catch (error) {
      await this.failed(job, registered, { value: parsed.data }, error, context, log);
      return;
    }
    const now = this.now();
    if (intervalMs !== undefined) {
      await this.jobs.reschedule(job.id, this.worker, new Date(now.getTime() + intervalMs), now, { lastError: null, resetAttempts: true });
    } else {
      await this.jobs.complete(job.id, this.worker, now);
    }
    this.outcome(job.kind, 'done');
  }

  /** `payload`: the parsed payload (absent when it did not fit). */
  private async failed(job: JobRow, registered: Registered, payload: { value: unknown } | undefined, error: unknown, context: JobContext, log: object) {
    const { definition, intervalMs } = registered;
    const text = errorText(error);
    const now = this.now();
    const permanent = error instanceof PermanentJobError;
    if (!permanent && job.attempts < job.maxAttempts) {
      const delay = backoff(job.attempts, definition);
      await this.jobs.reschedule(job.id, this.worker, new Date(now.getTime() + delay), now, { lastError: text });
      this.options.logger.warn({ ...log, err: error, retryInMs: delay }, 'job attempt failed; it will be retried');
      this.outcome(job.kind, 'retried');
      return;
    }
    if (intervalMs !== undefined) {
      // Periodic work never ends: the next period tries again.
      await this.jobs.reschedule(job.id, this.worker, new Date(now.getTime() + intervalMs), now, { lastError: text, resetAttempts: true });
    } else {
      await this.jobs.fail(job.id, this.worker, text, now);
    }
    this.options.logger.error({ ...log, err: error }, 'job failed');
    this.outcome(job.kind, 'failed');
    if (payload && definition.onFailure) {
      await definition.onFailure(payload.value, text, context).catch((failure: unknown) => {
        this.options.logger.error({ ...log, err: failure }, 'job failure handler failed');
      });
    }
  }
}

/** The wait before attempt `attempt + 1`: base × 2^(attempt − 1), capped, with ±20 % jitter so that retries spread out. */
export function backoff(attempt: number, options: JobOptions): number {
  const base = options.backoffMs ?? DEFAULTS.backoffMs;
  const cap = options.maxBackoffMs ?? DEFAULTS.maxBackoffMs;
  const delay = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
