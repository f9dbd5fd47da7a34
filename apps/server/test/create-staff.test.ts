import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { auditLog, users } from '../src/db/schema.js';
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

const rolesOf = (account: string) =>
  withDatabase(async (db) => (await db.select({ roles: users.roles }).from(users).where(eq(users.account, account)))[0]?.roles);
const auditOf = (account: string) =>
  withDatabase(async (db) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
    return db.select().from(auditLog).where(eq(auditLog.entityId, String(user!.id))).orderBy(auditLog.id);
  });

describe('create-staff', () => {
  it('refuses an account that does not exist (exit 1), creates it with --password and --role, and says when there is nothing to do', async () => {
    const missing = await run('13800000001', '--role', 'admin');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('账号 13800000001 不存在');

    const created = await run('13800000001', '--role', 'admin', '--password', GOOD_PASSWORD);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('已创建工作人员账号 13800000001（角色：管理员）');
    expect(await rolesOf('13800000001')).toEqual(['admin']);

    const again = await run('13800000001', '--role', 'admin');
    expect(again.code).toBe(0);
    expect(again.output).toContain('已有角色 管理员，无需更改');

    const more = await run('13800000001', '--role', 'editor,finance');
    expect(more.code, more.output).toBe(0);
    expect(await rolesOf('13800000001')).toEqual(['admin', 'editor', 'finance']);

    const entries = await auditOf('13800000001');
    expect(entries.map((e) => [e.action, e.actorAccount, e.before, e.after])).toEqual([
      ['user.create', '命令行 create-staff', null, { roles: ['admin'] }],
      ['user.roles', '命令行 create-staff', { roles: ['admin'] }, { roles: ['admin', 'editor', 'finance'] }],
    ]);
  });

  it('makes an existing member a reviewer when no role is named (e-mail accounts are case-insensitive)', async () => {
    await withDatabase(async (db) => {
      await db.insert(users).values({ account: 'reviewer@example.com', passwordHash: await hashPassword(GOOD_PASSWORD) });
    });
    expect(await rolesOf('reviewer@example.com')).toEqual([]);
    const promoted = await run('Reviewer@Example.com');
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain('已为账号 reviewer@example.com 加上角色 样品审核');
    expect(await rolesOf('reviewer@example.com')).toEqual(['reviewer']);
  });

  it('refuses a role that does not exist', async () => {
    const wrong = await run('13800000003', '--role', 'owner', '--password', GOOD_PASSWORD);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('没有角色 owner');
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
