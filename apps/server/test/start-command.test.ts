import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCurrentBuild, webBuildsDir } from '../src/web/build-store.js';
import { buildWebApp } from '../scripts/web-builder.js';
import { findFreePort, repoRoot, startServer } from './production-server.js';

/**
 * `npm start` (the real command) on a data directory a running server uses: it must stop at once,
 * naming the lock, without building, and the running server must answer every request for its page
 * and its assets with 200 meanwhile (docs/decisions/0018-start-never-harms-a-running-server.md).
 */

interface Poll {
  url: string;
  status: number | string;
  at: number;
}

/** Runs `npm start` with this environment over the test's; answers its exit code and output. */
async function npmStart(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of Object.keys(childEnv)) if (name.startsWith('VITEST')) delete childEnv[name];
  delete childEnv.NODE_ENV;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Its own process group, so that a start that does not stop in time is ended with everything it spawned.
  const child = spawn(npm, ['start'], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => {
    output += `\n(still running after ${timeoutMs / 1000} s: killed)`;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}

/** The build store's entries and what `current` says: anything a build would change. */
async function storeState(): Promise<{ entries: string[]; current: string }> {
  const entries = (await fs.readdir(webBuildsDir)).sort();
  return { entries, current: await fs.readFile(path.join(webBuildsDir, 'current'), 'utf8') };
}

describe('npm start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-start-'));
    // `npm test` builds before this runs; on its own, the test makes the build it needs once.
    if (!(await readCurrentBuild())) await buildWebApp({ output: 'ignore' });
  }, 600_000);
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses at once on a data directory in use, builds nothing, and the running server keeps answering 200', async () => {
    const first = await startServer({
      env: { DATABASE_URL: '', DATA_DIR: dataDir, DEMO_CONTENT: 'false', LOG_LEVEL: 'warn', WEB_BUILD_DIR: '' },
    });
    try {
      const page = await fetch(`${first.origin}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      const style = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
      expect(script, 'the page links a script').toBeDefined();
      expect(style, 'the page links a style sheet').toBeDefined();
      // The page where `/` leads (fetch follows the redirect), and two of its assets.
      const urls = [new URL(page.url).pathname, script!, style!];

      // The first server's page and assets, asked for over and over until the second start has ended.
      const polls: Poll[] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          for (const url of urls) {
            const status = await fetch(`${first.origin}${url}`, { signal: AbortSignal.timeout(5_000) }).then(
              async (response) => (await response.arrayBuffer(), response.status),
              (error: unknown) => (error instanceof Error ? error.message : String(error)),
            );
            polls.push({ url, status, at: Date.now() });
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();

      const before = await storeState();
      const second = await npmStart(
        { DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await findFreePort()), WEB_BUILD_DIR: '' },
        150_000,
      );
      polling = false;
      await poller;

      // Soft: a failure shows every broken promise at once (the exit, the build, the running server).
      expect.soft(second.code, second.output).toBe(1);
      expect.soft(second.output).toContain('正被另一个进程使用');
      expect.soft(second.output).toContain(path.join(dataDir, 'db'));
      // Nothing built: no build output, and the store is as it was (no new folder, same current build).
      expect.soft(second.output).not.toMatch(/building|react-router|vite/i);
      expect.soft(await storeState()).toEqual(before);

      const failed = polls.filter((poll) => poll.status !== 200);
      expect.soft(failed, `${failed.length} of ${polls.length} requests failed`).toEqual([]);
      for (const url of urls) expect.soft(polls.filter((poll) => poll.url === url).length).toBeGreaterThanOrEqual(3);
      console.info(
        `second npm start ended (exit ${second.code}) in ${(second.ms / 1000).toFixed(1)} s; ` +
          `${polls.length} requests to the running server, ${failed.length} not answered with 200`,
      );
    } finally {
      await first.stop();
    }
  }, 240_000);
});
