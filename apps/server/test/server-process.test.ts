import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, spawnServer, startServer, waitForHealth } from './production-server.js';

/** The real server process: boot, data-dir lock, graceful stop and restart without loss. */

// Demo content is left out: this test is about the process and its data directory, not seeding.
const quiet = {
  DATABASE_URL: '',
  LOG_LEVEL: 'info',
  DEMO_CONTENT: 'false',
  WEB_BUILD_DIR: path.join(os.tmpdir(), 'no-web-build'),
};

// Each start may wait for the server's health up to two minutes on a loaded machine (production-server.ts).
describe('server process', { timeout: 300_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-proc-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('locks its data directory, stops cleanly on SIGTERM and starts again on the same data', async () => {
    const port = await findFreePort();
    const first = await spawnServer({ port, env: { ...quiet, DATA_DIR: dataDir } });
    try {
      expect(await waitForHealth(first)).toMatchObject({ status: 'ok', db: 'pglite' });

      const second = await spawnServer({ env: { ...quiet, DATA_DIR: dataDir } });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('正被另一个进程使用');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('database closed');
    } finally {
      await first.stop(0);
    }

    const restarted = await startServer({ port, env: { ...quiet, DATA_DIR: dataDir } });
    try {
      expect(restarted.health).toMatchObject({ status: 'ok' });
    } finally {
      await restarted.stop();
    }
  });

  it('starts at once after a kill -9, five times in a row, and still refuses a second server while one lives', async () => {
    const crashDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-crash-'));
    const restarts: number[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        const killedAt = Date.now();
        // As a supervisor would run it again right after the crash (`npm start` ends in the same server).
        const server = await startServer({ env: { ...quiet, DATA_DIR: crashDir } });
        if (round > 0) restarts.push(Date.now() - killedAt);
        const lock = JSON.parse(await fs.readFile(path.join(crashDir, 'db', 'server.lock'), 'utf8')) as { pid: number };
        expect(lock.pid).toBe(server.child.pid);
        if (round === 0) {
          const second = await spawnServer({ env: { ...quiet, DATA_DIR: crashDir } });
          expect(await second.exited).toBe(1);
          expect(second.output()).toContain(`正被另一个进程使用（进程 ${server.child.pid}）`);
        }
        server.child.kill('SIGKILL');
        await server.exited;
      }
    } finally {
      await fs.rm(crashDir, { recursive: true, force: true });
    }
    expect(restarts).toHaveLength(4);
    console.info(`healthy again after a kill -9 in ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  }, 900_000);

  it('without SITE_URL names http://localhost:<its port> in its links, and warns', async () => {
    const server = await startServer({ env: { ...quiet, DATA_DIR: dataDir, SITE_URL: '' } });
    try {
      const robots = await fetch(`${server.origin}/robots.txt`);
      expect(await robots.text()).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml`);
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":40'));
      expect(warnings.some((line) => line.includes(`SITE_URL is not set`) && line.includes(`http://localhost:${server.port}`)), server.output()).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    const started = await spawnServer({ env: { ...quiet, PORT: 'not-a-port', DATA_DIR: dataDir } });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT');
  });

  it('refuses a production start with SMS_PROVIDER=aliyun or an SMTP server but a missing key, naming it', async () => {
    const aliyun = await spawnServer({
      env: { ...quiet, DATA_DIR: dataDir, SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId', ALIYUN_SMS_SIGN_NAME: '辅料通' },
    });
    expect(await aliyun.exited).toBe(1);
    expect(aliyun.output()).toContain('ALIYUN_ACCESS_KEY_SECRET: is required when SMS_PROVIDER=aliyun');
    expect(aliyun.output()).toContain('ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE');
    const smtp = await spawnServer({ env: { ...quiet, DATA_DIR: dataDir, SMTP_URL: 'smtp://site:pw@127.0.0.1:2525' } });
    expect(await smtp.exited).toBe(1);
    expect(smtp.output()).toContain('MAIL_FROM: is required');
  });
});
