import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import tls from 'node:tls';

/** A server program a process test runs beside the site (nginx, PgBouncer), in a folder of its own. */
export interface ServiceProcess {
  output: () => string;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and removes its folder. */
  stop: () => Promise<void>;
}

/** Whether a TCP (or, with `tls`, a TLS) connection to 127.0.0.1:`port` is accepted. */
export function accepts(port: number, tlsOptions?: tls.ConnectionOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = tlsOptions
      ? tls.connect({ host: '127.0.0.1', port, ...tlsOptions }, () => {
          socket.end();
          resolve(true);
        })
      : net.connect({ host: '127.0.0.1', port }, () => {
          socket.end();
          resolve(true);
        });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `binary` with `args` and waits (10 s at most) until `ready()` says it serves; on failure stops
 * it and throws with what it printed and `describe()`. SIGTERM is the fast stop of both nginx and PgBouncer.
 */
export async function startService(options: {
  name: string;
  binary: string;
  args: string[];
  dir: string;
  ready: () => Promise<boolean>;
  describe?: () => string;
}): Promise<ServiceProcess> {
  const child = spawn(options.binary, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(options.dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await options.ready())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} did not start:\n${output}${options.describe ? `\n${options.describe()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { output: () => output, stop };
}
