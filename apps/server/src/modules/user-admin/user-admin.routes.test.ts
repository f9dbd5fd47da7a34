import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUser, AdminUserPage, AuditPage, ErrorResponse, User } from '@fuliaotong/contracts';
import { users } from '../account/account.schema.js';
import { bearer, GOOD_PASSWORD, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/* The users desk (admin) and the audit log that records what it changes. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerStaff(t.app, t.database, ['admin']);
});
afterAll(async () => {
  await t.close();
});

const patch = (id: number, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/user/${id}`, headers, payload });
const list = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/user', headers: admin.headers, query });
const auditOf = async (query: Record<string, string>) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query }), AuditPage);

describe('users desk', () => {
  it('finds users by account, name or nickname, and filters staff, paying and disabled ones', async () => {
    const member = await registerMember(t.app);
    await t.database.db.update(users).set({ nickName: '辅料检索甲' }).where(eq(users.id, member.user.id));
    const found = parsed(await list({ keyword: '检索甲' }), AdminUserPage);
    expect(found.items.map((u) => u.id)).toEqual([member.user.id]);
    expect(found.items[0]).toMatchObject({ roles: [], disabled: false, deleted: false, memberUntil: null, applicationCount: 0 });
    const byAccount = parsed(await list({ keyword: member.account.slice(3) }), AdminUserPage);
    expect(byAccount.items.map((u) => u.id)).toContain(member.user.id);

    const staff = parsed(await list({ filter: 'staff', pageSize: '100' }), AdminUserPage);
    expect(staff.items.every((u) => u.roles.length > 0)).toBe(true);
    expect(staff.items.map((u) => u.id)).toContain(admin.user.id);
    expect(staff.items.map((u) => u.id)).not.toContain(member.user.id);

    const bad = await list({ filter: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(parsed(bad, ErrorResponse).error.code).toBe('validation_failed');
  });

  it('sets roles, grants access until the end of a Beijing day, and records each change with its before and after', async () => {
    const member = await registerMember(t.app);
    const id = member.user.id;
    const granted = parsed(await patch(id, { memberUntil: '2027-12-31', reason: '线下合同 HT-2026-118' }), AdminUser);
    expect(granted.memberUntil).toBe('2027-12-31T16:00:00.000Z');
    const paying = parsed(await list({ filter: 'paying', keyword: member.account }), AdminUserPage);
    expect(paying.items.map((u) => u.id)).toEqual([id]);

    const roles = parsed(await patch(id, { roles: ['reviewer', 'editor', 'editor'] }), AdminUser);
    expect(roles.roles).toEqual(['editor', 'reviewer']);
    // The user's own profile says so at once.
    const profile = await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(member.token) });
    expect(parsed(profile, User).roles).toEqual(['editor', 'reviewer']);

    const { items } = await auditOf({ entityType: 'user', entityId: String(id) });
    expect(items.map((e) => [e.action, e.actorId, e.actorAccount, e.before, e.after])).toEqual([
      ['user.update', admin.user.id, admin.account, { roles: [] }, { roles: ['editor', 'reviewer'] }],
      ['user.update', admin.user.id, admin.account, { memberUntil: null }, { memberUntil: '2027-12-31T16:00:00.000Z' }],
    ]);
    expect(items[1]!.summary).toBe(`修改用户 ${member.account}：数据库权限（线下合同 HT-2026-118）`);

    // A change that changes nothing leaves no entry.
    parsed(await patch(id, { roles: ['editor', 'reviewer'] }), AdminUser);
    expect((await auditOf({ entityType: 'user', entityId: String(id) })).items).toHaveLength(2);
  });

  it('refuses to disable oneself or take one\'s own admin role, and a deleted account', async () => {
    const self = parsed(await patch(admin.user.id, { disabled: true }), ErrorResponse);
    expect(self.error).toMatchObject({ code: 'conflict', message: '不能停用自己的账号' });
    const demote = parsed(await patch(admin.user.id, { roles: ['editor'] }), ErrorResponse);
    expect(demote.error.message).toBe('不能取消自己的管理员角色：请让另一位管理员操作');
    expect((await patch(2_000_000_000, { disabled: true })).statusCode).toBe(404);
    expect(parsed(await patch(admin.user.id, {}), ErrorResponse).error.code).toBe('validation_failed');
  });

  it('is for administrators only: an editor or a reviewer is refused, naming the role needed', async () => {
    const editor = await registerStaff(t.app, t.database, ['editor', 'reviewer']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: editor.headers });
    expect(refused.statusCode).toBe(403);
    expect(parsed(refused, ErrorResponse).error.message).toBe('没有执行此操作的权限（需要管理员角色）');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: editor.headers })).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('cannot be changed or deleted, even with direct SQL', async () => {
    const member = await registerMember(t.app);
    parsed(await patch(member.user.id, { memberUntil: '2027-06-30' }), AdminUser);
    await expect(t.database.db.execute(sql`update audit_log set summary = 'changed'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const { items } = await auditOf({ keyword: member.account });
    expect(items).toHaveLength(1);
  });

  it('redacts a deleted account\'s personal values, keeping what was done', async () => {
    const member = await registerMember(t.app);
    parsed(await patch(member.user.id, { memberUntil: '2027-06-30' }), AdminUser);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/delete',
      headers: bearer(member.token),
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await auditOf({ keyword: member.account })).items).toEqual([]);
    const { items } = await auditOf({ entityType: 'user', entityId: String(member.user.id) });
    expect(items).toHaveLength(1);
    expect(items[0]!.summary).toBe('修改用户 已注销用户：数据库权限');
    expect(items[0]!.after).toEqual({ memberUntil: '2027-06-30T16:00:00.000Z' });
  });

  it('filters by day (Beijing time) and by who acted', async () => {
    const member = await registerMember(t.app);
    parsed(await patch(member.user.id, { memberUntil: '2028-01-31' }), AdminUser);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await auditOf({ from: today, to: today, actorId: String(admin.user.id) })).items.length).toBeGreaterThan(0);
    expect((await auditOf({ to: '2020-01-01' })).items).toEqual([]);
    const other = await registerStaff(t.app, t.database, ['admin']);
    expect((await auditOf({ actorId: String(other.user.id) })).items).toEqual([]);
  });
});
