import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponse } from '@fuliaotong/contracts';

/** The real server process: boot, data-dir lock, graceful stop and restart without loss. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    // Demo content is left out: this test is about the process and its data directory, not seeding.
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      DEMO_CONTENT: 'false',
      WEB_BUILD_DIR: path.join(os.tmpdir(), 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined); // not listening yet
    if (response?.ok) return HealthResponse.parse(await response.json());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy: ${started.output()}`);
}

describe('server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-proc-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('locks its data directory, stops cleanly on SIGTERM and starts again on the same data', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      expect(await waitForHealth(port, first)).toMatchObject({ status: 'ok', db: 'pglite' });

      const second = startServer({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('正被另一个进程使用');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('database closed');
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }

    const restarted = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      expect(await waitForHealth(port, restarted)).toMatchObject({ status: 'ok' });
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    const started = startServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT');
  });
});
