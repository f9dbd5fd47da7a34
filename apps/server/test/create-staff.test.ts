import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { GOOD_PASSWORD } from './accounts.js';

/** `npm run create-staff` as a real command on an embedded database of its own. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const script = path.join(repoRoot, 'apps/server/scripts/create-staff.ts');

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-staff-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function run(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Works on the command's database between runs (the folder is locked while one is open). */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const roleOf = (account: string) =>
  withDatabase(async (db) => (await db.select({ role: users.role }).from(users).where(eq(users.account, account)))[0]?.role);

describe('create-staff', () => {
  it('refuses an account that does not exist (exit 1), creates it with --password, and says when there is nothing to do', async () => {
    const missing = await run('13800000001');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('账号 13800000001 不存在');

    const created = await run('13800000001', '--password', GOOD_PASSWORD);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('已创建工作人员账号 13800000001');
    expect(await roleOf('13800000001')).toBe('staff');

    const again = await run('13800000001');
    expect(again.code).toBe(0);
    expect(again.output).toContain('已是工作人员');
  });

  it('makes an existing member staff (e-mail accounts are case-insensitive)', async () => {
    await withDatabase(async (db) => {
      await db.insert(users).values({ account: 'reviewer@example.com', passwordHash: await hashPassword(GOOD_PASSWORD) });
    });
    expect(await roleOf('reviewer@example.com')).toBe('member');
    const promoted = await run('Reviewer@Example.com');
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain('已将账号 reviewer@example.com 设为工作人员');
    expect(await roleOf('reviewer@example.com')).toBe('staff');
  });

  it('checks the account and password of a new account, and the usage', async () => {
    const badAccount = await run('not-an-account', '--password', GOOD_PASSWORD);
    expect(badAccount.code).toBe(1);
    expect(badAccount.output).toContain('请输入正确的手机号或邮箱');
    const shortPassword = await run('13800000002', '--password', 'short');
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.output).toContain('密码至少 8 位');
    const noAccount = await run();
    expect(noAccount.code).toBe(1);
    expect(noAccount.output).toContain('usage: npm run create-staff');
  });
});
