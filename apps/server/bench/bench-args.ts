/**
 * What the benchmarks share: their command-line options (node's util.parseArgs, integers checked),
 * `--help`, usage errors, and the line that says what machine a figure was measured on.
 */
import os from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A wrong option: the bench prints the message and its usage and exits 1. */
export class UsageError extends Error {}

export type OptionSpec =
  | { type: 'integer'; default?: number; min: number }
  | { type: 'string'; default?: string; pattern?: RegExp; hint?: string };

type ValueOf<S extends OptionSpec> = S extends { type: 'integer' }
  ? S extends { default: number }
    ? number
    : number | undefined
  : S extends { default: string }
    ? string
    : string | undefined;

export type BenchOptions<Spec extends Record<string, OptionSpec>> = { [K in keyof Spec]: ValueOf<Spec[K]> };

/**
 * Parses `--name value` options (no positionals). `--help` / `-h` prints `usage` and exits 0.
 * Integers may be written with underscores (1_000_000). Throws UsageError for a wrong value and
 * node's ERR_PARSE_ARGS_* errors for an unknown option (see isUsageError).
 */
export function parseBenchArgs<const Spec extends Record<string, OptionSpec>>(
  usage: string,
  spec: Spec,
  args: string[] = process.argv.slice(2),
): BenchOptions<Spec> {
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h', default: false } };
  for (const name of Object.keys(spec)) options[name] = { type: 'string' };
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false }) as {
    values: Record<string, string | boolean | undefined>;
  };
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const parsed: Record<string, number | string | undefined> = {};
  for (const [name, option] of Object.entries(spec)) {
    const raw = values[name];
    if (typeof raw !== 'string') {
      parsed[name] = option.default;
    } else if (option.type === 'integer') {
      const value = Number(raw.replaceAll('_', ''));
      if (raw.trim() === '' || !Number.isInteger(value) || value < option.min) {
        throw new UsageError(`--${name} must be an integer ≥ ${option.min}`);
      }
      parsed[name] = value;
    } else {
      if (option.pattern && !option.pattern.test(raw)) throw new UsageError(`--${name} must be ${option.hint ?? `like ${option.pattern}`}`);
      parsed[name] = raw;
    }
  }
  return parsed as BenchOptions<Spec>;
}

/** Whether an error is about the command line (a UsageError or node's ERR_PARSE_ARGS_*). */
export function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
  );
}

/** How to report an error of the bench: a usage error with the usage, anything else as it is. */
export function describeFailure(error: unknown, usage: string): unknown {
  return isUsageError(error) ? `${error.message}\n${usage}` : error;
}

/** The load average now: the figures of a 2-core machine shared with other work depend on it. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** One line: node, CPUs and the load average, printed at the top of every bench's report. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `node ${process.version} · ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}) · load avg ${loadAverage()}`;
}

/**
 * Cleans up when the bench ends, whatever ends it: `killNow` (synchronous) as the process exits,
 * the asynchronous `cleanUp` first on Ctrl-C or SIGTERM (with the exit code a shell expects).
 * `interrupted()` says whether a signal came: the bench then stops measuring and leaves cleaning up to it.
 */
export function cleanUpOnExit(cleanUp: () => Promise<void>, killNow: () => void, stopping: string): { interrupted: () => boolean } {
  // Last resort when the process leaves without cleanUp (an exception inside a callback, process.exit).
  process.on('exit', killNow);
  let interrupted = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: ${stopping}…`);
      void cleanUp().finally(() => process.exit(code));
    });
  }
  return { interrupted: () => interrupted };
}
