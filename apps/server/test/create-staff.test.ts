import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { users } from '../src/modules/account/account.schema.js';
import { auditLog } from '../src/modules/audit/audit.schema.js';
import { hashPassword } from '../src/modules/account/passwords.js';
import { GOOD_PASSWORD } from './accounts.js';
import { startServer } from './production-server.js';

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

const run = (...args: string[]) => runIn(dataDir, ...args);

function runIn(folder: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: folder },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Works on the command's database between runs (the folder is locked while one is open). */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>, folder = dataDir): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(folder, 'db') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const rolesOf = (account: string) =>
  withDatabase(async (db) => (await db.select({ roles: users.roles }).from(users).where(eq(users.account, account)))[0]?.roles);
const auditOf = (account: string, folder = dataDir) =>
  withDatabase(async (db) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
    return db.select().from(auditLog).where(eq(auditLog.entityId, String(user!.id))).orderBy(auditLog.id);
  }, folder);

describe('create-staff', () => {
  it('refuses an account that does not exist (exit 1), creates it with --password and --role, and says when there is nothing to do', async () => {
    const missing = await run('13800000001', '--role', 'editor');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('账号 13800000001 不存在');

    const created = await run('13800000001', '--role', 'editor', '--password', GOOD_PASSWORD);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('已创建工作人员账号 13800000001（角色：内容编辑）');
    expect(await rolesOf('13800000001')).toEqual(['editor']);

    const again = await run('13800000001', '--role', 'editor');
    expect(again.code).toBe(0);
    expect(again.output).toContain('已有角色 内容编辑，无需更改');

    const more = await run('13800000001', '--role', 'reviewer,finance');
    expect(more.code, more.output).toBe(0);
    expect(await rolesOf('13800000001')).toEqual(['editor', 'reviewer', 'finance']);

    const entries = await auditOf('13800000001');
    expect(entries.map((e) => [e.action, e.actorAccount, e.before, e.after])).toEqual([
      ['user.create', '命令行 create-staff', null, { roles: ['editor'] }],
      ['user.roles', '命令行 create-staff', { roles: ['editor'] }, { roles: ['editor', 'reviewer', 'finance'] }],
    ]);
  });

  it('gives the first administrator every role in one step, and later administrators the roles named', async () => {
    const first = await run('13800000004', '--role', 'admin', '--password', GOOD_PASSWORD);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('已创建工作人员账号 13800000004（角色：管理员、内容编辑、样品审核、财务、销售、质量）。这是第一位管理员，已获得全部角色');
    expect(await rolesOf('13800000004')).toEqual(['admin', 'editor', 'reviewer', 'finance', 'sales', 'quality']);

    const second = await run('13800000005', '--role', 'admin', '--password', GOOD_PASSWORD);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('已创建工作人员账号 13800000005（角色：管理员）。登录时');
    expect(await rolesOf('13800000005')).toEqual(['admin']);
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

describe('create-staff while the server runs on the embedded database', () => {
  it('hands the request to the running server through the control socket in DATA_DIR (0600, this user only), recorded in the audit log', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-staff-live-'));
    const server = await startServer({
      env: { DATABASE_URL: '', DATA_DIR: folder, LOG_LEVEL: 'info', DEMO_CONTENT: 'false', WEB_BUILD_DIR: path.join(os.tmpdir(), 'no-web-build') },
    });
    const socket = path.join(folder, 'control.sock');
    try {
      const stat = await fs.lstat(socket);
      expect(stat.isSocket()).toBe(true);
      expect((stat.mode & 0o777).toString(8)).toBe('600');

      const created = await runIn(folder, '13800000010', '--role', 'admin', '--password', GOOD_PASSWORD);
      expect(created.code, created.output).toBe(0);
      expect(created.output).toContain('数据库：运行中的服务器（通过数据目录中的控制通道）');
      expect(created.output).toContain('已创建工作人员账号 13800000010（角色：管理员、内容编辑、样品审核、财务、销售、质量）。这是第一位管理员');
      // The running server knows the account at once: a right password asks for the second factor.
      const login = await fetch(`${server.origin}/api/app/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: '13800000010', password: GOOD_PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ codeRequired: true });

      const again = await runIn(folder, '13800000010', '--role', 'finance');
      expect(again.output).toContain('已有角色 财务，无需更改');
      const missing = await runIn(folder, '13800000011', '--role', 'editor');
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('账号 13800000011 不存在');

      // A socket others could use, or that is not this user's, is not spoken to.
      await fs.chmod(socket, 0o666);
      const open = await runIn(folder, '13800000010', '--role', 'finance');
      expect(open.code).toBe(1);
      expect(open.output).toContain('权限为 666，其他用户也能使用，已拒绝');
      await fs.chmod(socket, 0o600);
      if (process.getuid?.() === 0) {
        await fs.chown(socket, 65534, 65534);
        const foreign = await runIn(folder, '13800000010', '--role', 'finance');
        expect(foreign.code).toBe(1);
        expect(foreign.output).toContain('不属于当前用户');
        await fs.chown(socket, 0, 0);
      }

      expect(await server.stop()).toBe(0);
      await expect(fs.lstat(socket)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(server.output().split('\n').filter((line) => line.includes('"level":50'))).toEqual([]);
      const entries = await auditOf('13800000010', folder);
      expect(entries.map((e) => [e.action, e.actorAccount, e.after])).toEqual([
        ['user.create', '命令行 create-staff', { roles: ['admin', 'editor', 'reviewer', 'finance', 'sales', 'quality'] }],
      ]);
    } finally {
      await server.stop();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
