import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that takes the lock and holds it until killed. */
async function holderProcess(dataDir: string) {
  const code = `import { lockDataDir } from ${JSON.stringify(lockModule)}; await lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (exitCode) => reject(new Error(`the holder exited with ${exitCode}`)));
  });
  return child;
}

describe('the data directory lock', () => {
  let dataDir: string;
  const lockFile = () => path.join(dataDir, 'server.lock');
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-lock-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is refused at once while another process holds it, and taken at once after that process is killed -9', async () => {
    const holder = await holderProcess(dataDir);
    try {
      const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as DataDirLockedError).ownerPid).toBe(holder.pid);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const started = Date.now();
    const release = await lockDataDir(dataDir);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    await expect(fs.stat(lockFile())).rejects.toThrow();
  });

  it('takes over a lock whose pid now belongs to another process (a reused pid), and one left by a pid that is gone', async () => {
    await fs.writeFile(lockFile(), JSON.stringify({ pid: process.pid, started: 'another boot:12345' }));
    const release = await lockDataDir(dataDir);
    await release();

    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await fs.writeFile(lockFile(), JSON.stringify({ pid: gone.pid, started: 'x' }));
    await (await lockDataDir(dataDir))();
  });

  it('lets one of two simultaneous openers of a stale lock in, and refuses the other', async () => {
    await fs.writeFile(lockFile(), JSON.stringify({ pid: process.pid, started: 'another boot:1' }));
    const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(DataDirLockedError);
    for (const result of results) if (result.status === 'fulfilled') await result.value();
  });

  it("waits on an older version's lock folder while it is fresh, and takes it once it is stale", async () => {
    await fs.mkdir(lockFile());
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await fs.utimes(lockFile(), aMinuteAgo, aMinuteAgo);
    await (await lockDataDir(dataDir))();
  });
});
