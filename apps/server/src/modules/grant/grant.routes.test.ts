import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { GrantList, RegistrationDetail, UsagePage } from '@fuliaotong/contracts';
import { notices } from '../notice/notice.schema.js';
import { databases, usageRecords } from '../reference/reference.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { GrantRepository } from './grant.repository.js';

const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let t: TestApp;
let grants: GrantRepository;
let registrationId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  grants = new GrantRepository(t.database.db);
  const { db } = t.database;
  await db.insert(databases).values([
    { code: 'registration', name: '原辅包登记信息', description: '', access: 'public', sortOrder: 1 },
    { code: 'usage', name: '辅料用量数据库', description: '', access: 'login', sortOrder: 3 },
  ]);
  const [registration] = await db
    .insert(registrations)
    .values({
      regNo: 'F20190000001',
      name: '乳糖',
      company: '浙江华康药用辅料有限公司',
      province: '浙江',
      source: '国产',
      type: '辅料',
      reviewStatus: 'A',
      updatedOn: '2024-05-01',
      remark: '与制剂共同审评',
    })
    .returning({ id: registrations.id });
  registrationId = registration!.id;
  await db.insert(usageRecords).values({ ingredient: '乳糖', route: '口服', dosageForm: '片剂', maxAmount: '1020 mg' });
});
afterAll(async () => {
  await t.close();
});

async function sees(headers: Record<string, string>) {
  const usage = parsed(await t.app.inject({ method: 'GET', url: '/api/app/database/usage/records', headers }), UsagePage);
  const record = parsed(await t.app.inject({ method: 'GET', url: `/api/app/registration/${registrationId}`, headers }), RegistrationDetail);
  return { maxAmount: usage.items[0]?.maxAmount ?? null, remark: record.remark ?? null };
}
const held = async (headers: Record<string, string>) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/app/grant', headers }), GrantList);

describe('grants', () => {
  it('unlock the fields of the database they are for, until they lapse; the account keeps its history', async () => {
    const buyer = await registerMember(t.app);
    const headers = bearer(buyer.token);
    expect(await sees(headers)).toEqual({ maxAmount: null, remark: null });
    const now = clock.now();
    await grants.insert({
      userId: buyer.user.id,
      kind: 'database',
      databaseCode: 'usage',
      name: '辅料用量数据库 年度',
      source: 'order',
      startsAt: now,
      endsAt: new Date(now.getTime() + HOUR),
    });
    expect(await sees(headers)).toEqual({ maxAmount: '1020 mg', remark: null });
    expect(await held(headers)).toMatchObject({
      member: false,
      databases: ['usage'],
      items: [{ name: '辅料用量数据库 年度', state: 'active' }],
    });
    clock.advance(2 * HOUR);
    expect(await sees(headers)).toEqual({ maxAmount: null, remark: null });
    expect(await held(headers)).toMatchObject({ member: false, databases: [], items: [{ state: 'lapsed' }] });
  });

  it('of membership unlock every database; staff grant and end one by hand, paid ones stay', async () => {
    const member = await registerMember(t.app);
    const headers = bearer(member.token);
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const patch = (memberUntil: string | null) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/user/${member.user.id}`, headers: admin.headers, payload: { memberUntil } });
    expect((await patch('2027-12-31')).statusCode).toBe(200);
    expect(await sees(headers)).toEqual({ maxAmount: '1020 mg', remark: '与制剂共同审评' });
    const list = await held(headers);
    expect(list).toMatchObject({ member: true, databases: ['registration', 'standard', 'usage'] });
    expect(list.items.map((g) => [g.kind, g.source, g.state, g.endsAt])).toEqual([
      ['membership', 'staff', 'active', '2027-12-31T16:00:00.000Z'],
    ]);

    const now = clock.now();
    await grants.insert({
      userId: member.user.id,
      kind: 'database',
      databaseCode: 'usage',
      name: '辅料用量数据库 年度',
      source: 'order',
      startsAt: now,
      endsAt: new Date(now.getTime() + 24 * HOUR),
    });
    expect((await patch(null)).statusCode).toBe(200);
    expect(await sees(headers)).toEqual({ maxAmount: '1020 mg', remark: null });
    expect((await held(headers)).items.map((g) => [g.kind, g.state])).toEqual([
      ['membership', 'ended'],
      ['database', 'active'],
    ]);
  });

  it('of a company reach the accounts the holder gives its seats to, up to the seat count, and only while it runs', async () => {
    const holder = await registerMember(t.app);
    const colleague = await registerMember(t.app);
    const now = clock.now();
    const grant = await grants.insert({
      userId: holder.user.id,
      kind: 'membership',
      name: '企业会员 年卡',
      seats: 3,
      source: 'order',
      startsAt: now,
      endsAt: new Date(now.getTime() + HOUR),
    });
    const seat = (account: string, headers = bearer(holder.token)) =>
      t.app.inject({ method: 'POST', url: `/api/app/grant/${grant.id}/seat`, headers, payload: { account } });
    expect(await sees(bearer(colleague.token))).toEqual({ maxAmount: null, remark: null });
    const added = parsed(await seat(colleague.account), GrantList);
    expect(added.items[0]?.seatHolders).toEqual([{ userId: colleague.user.id, account: expect.stringContaining('****') as unknown }]);
    expect(await sees(bearer(colleague.token))).toEqual({ maxAmount: '1020 mg', remark: '与制剂共同审评' });
    expect((await held(bearer(colleague.token))).items).toMatchObject([{ name: '企业会员 年卡', shared: true, seats: 3, seatHolders: [] }]);
    expect((await seat(colleague.account)).statusCode).toBe(409);
    expect((await seat(holder.account)).statusCode).toBe(409);
    expect((await seat('13900000000')).statusCode).toBe(404);
    expect((await seat((await registerMember(t.app)).account, bearer(colleague.token))).statusCode).toBe(404);
    expect((await seat((await registerMember(t.app)).account)).statusCode).toBe(200);
    const full = await seat((await registerMember(t.app)).account);
    expect(full.statusCode).toBe(409);
    expect(full.json<{ error: { message: string } }>().error.message).toBe('席位已满：企业会员共 3 个账号（含您自己）');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/app/grant/${grant.id}/seat/${colleague.user.id}`, headers: bearer(holder.token) });
    expect(removed.statusCode).toBe(204);
    expect(await sees(bearer(colleague.token))).toEqual({ maxAmount: null, remark: null });
    expect(parsed(await seat(colleague.account), GrantList).items[0]?.seatHolders).toHaveLength(2);
    clock.advance(2 * HOUR);
    expect(await sees(bearer(colleague.token))).toEqual({ maxAmount: null, remark: null });
  });

  it('remind their holder 30, 7 and 1 days before they end, once each, and not when renewed', async () => {
    const DAY = 24 * HOUR;
    const holder = await registerMember(t.app);
    const renewed = await registerMember(t.app);
    const now = clock.now();
    for (const userId of [holder.user.id, renewed.user.id]) {
      await grants.insert({ userId, kind: 'membership', name: '专业会员 年卡', source: 'order', startsAt: now, endsAt: new Date(now.getTime() + 10 * DAY) });
    }
    await grants.insert({
      userId: renewed.user.id,
      kind: 'membership',
      name: '专业会员 年卡',
      source: 'order',
      startsAt: new Date(now.getTime() + 10 * DAY),
      endsAt: new Date(now.getTime() + 375 * DAY),
    });
    // Read from the table: days pass, and sessions end long before a year does.
    const reminders = async (userId: number) =>
      (await t.database.db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.id))).filter((n) => n.title.endsWith('即将到期'));
    const run = async (ms: number) => {
      clock.advance(ms);
      await t.drain();
    };
    await run(2 * HOUR);
    expect((await reminders(holder.user.id)).map((n) => n.body)).toEqual([expect.stringContaining('还有 10 天') as unknown]);
    await run(2 * HOUR);
    expect(await reminders(holder.user.id)).toHaveLength(1);
    await run(4 * DAY);
    expect((await reminders(holder.user.id))[0]!.body).toContain('还有 6 天');
    await run(5 * DAY + 6 * HOUR);
    const all = await reminders(holder.user.id);
    expect(all).toHaveLength(3);
    expect(all[0]!.body).toContain('还有 1 天');
    expect(await reminders(renewed.user.id)).toEqual([]);
  });
});
