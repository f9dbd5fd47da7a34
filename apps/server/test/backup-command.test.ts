import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupHeader } from '../src/db/backup/restore-backup.js';
import { GOOD_PASSWORD } from './accounts.js';
import { repoRoot, startServer } from './production-server.js';

/**
 * `npm run backup` and `npm run restore` as real commands on the embedded database: while the server
 * runs (the server writes the file, asked through the control socket), when none runs, and the
 * server's own scheduled backup.
 */

let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-backup-cmd-'));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

function run(script: 'backup' | 'restore' | 'create-staff', env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, `apps/server/scripts/${script}.ts`), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', BACKUP_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const backupsIn = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl.gz'));

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm run backup and npm run restore on the embedded database', () => {
  it('backs up a running server through its control socket, restores into an empty data folder only, and the server backs itself up on schedule', async () => {
    const dataDir = path.join(folder, 'site');
    const scheduled = path.join(folder, 'scheduled');
    const manual = path.join(folder, 'manual');
    const server = await startServer({
      env: {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        DEMO_CONTENT: 'false',
        BACKUP_DIR: scheduled,
        BACKUP_KEEP: '1',
        LOG_LEVEL: 'info',
        WEB_BUILD_DIR: path.join(os.tmpdir(), 'no-web-build'),
      },
    });
    try {
      // The scheduled backup runs once the job runner starts, then every BACKUP_INTERVAL_HOURS.
      await waitFor(async () => (server.output().includes('backup written') ? true : undefined));
      const [first] = await backupsIn(scheduled);

      const staff = await run('create-staff', { DATA_DIR: dataDir }, '13800000020', '--role', 'admin', '--password', GOOD_PASSWORD);
      expect(staff.code, staff.output).toBe(0);
      const backup = await run('backup', { DATA_DIR: dataDir, BACKUP_DIR: manual });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('数据库：运行中的服务器（通过数据目录中的控制通道，由服务器写入备份）');
      expect(backup.output).toMatch(/已写入备份 .*fuliaotong-backup-\d{8}T\d{9}Z\.jsonl\.gz/);
      const [file] = await backupsIn(manual);
      expect(await fs.readdir(manual)).toEqual([file]);
      const stat = await fs.stat(path.join(manual, file!));
      expect((stat.mode & 0o777).toString(8)).toBe('600');
      const header = await readBackupHeader(path.join(manual, file!));
      expect(header.engine).toBe('pglite');
      expect(header.tables.find((table) => table.name === 'users')?.rows).toBe(1);
      expect(header.tables.find((table) => table.name === 'audit_log')?.rows).toBe(1);
      // The scheduled backup was made before the account: it has none.
      expect((await readBackupHeader(path.join(scheduled, first!))).tables.find((table) => table.name === 'users')?.rows).toBe(0);

      expect(await server.stop()).toBe(0);
      expect(server.output().split('\n').filter((line) => line.includes('"level":50'))).toEqual([]);
    } finally {
      await server.stop();
    }
    // With the server stopped, the command opens the data folder itself (and leaves it unlocked).
    const offline = await run('backup', { DATA_DIR: dataDir }, '--dir', manual);
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain(`数据库：PGlite ${path.join(dataDir, 'db')}`);
    expect(await backupsIn(manual)).toHaveLength(2);

    const [file] = await backupsIn(manual);
    const copy = path.join(folder, 'copy');
    const restored = await run('restore', { DATA_DIR: copy }, path.join(manual, file!));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/恢复完成：\d+ 张表，\d+ 行/);
    const again = await run('restore', { DATA_DIR: copy }, path.join(manual, file!));
    expect(again.code).toBe(1);
    expect(again.output).toContain(`数据目录中已有数据库（${path.join(copy, 'db', 'pgdata')}）`);

    const missing = await run('backup', { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('请设置 BACKUP_DIR');
  }, 180_000);
});
