import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApplication, AdminApplicationPage, ErrorResponse, SampleApplication, SessionResponse, User } from '@fuliaotong/contracts';
import {
  addresses,
  authAttempts,
  favorites,
  notices,
  sampleApplicationEvents,
  sampleApplicationItems,
  sampleApplications,
  sampleCartItems,
  sessions,
  uploads,
  users,
  verificationCodes,
} from '../../db/schema.js';
import { bearer, GOOD_PASSWORD, multipart, newIp, registerMember, registrationOf } from '../../../test/accounts.js';
import { PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor } from '../../../test/verification.js';

/*
 * Deleting an account (注销): refused while a sample application is open; otherwise the personal data
 * goes and the company's records stay, with the applicant's contact details masked.
 */

const clock = testClock();
let t: TestApp;
let product: TestProduct;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 2, nameZh: '微晶纤维素' });
  staff = (await registerStaff(t.app, t.database)).headers;
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

const remove = (member: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/app/account/delete', headers: { ...bearer(member.token), 'x-forwarded-for': newIp() }, payload });

async function apply(member: Member): Promise<SampleApplication> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers: bearer(member.token),
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 2 }], {
      contactName: '王晓明',
      mobile: '13912345678',
      email: 'wang.xm@pharma-example.com',
      notes: '请周一上午送达，电话联系王工',
      address: { recipient: '李研', mobile: '13698765432', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号 东部软件园 3 号楼' },
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, SampleApplication);
}

const staffAct = (id: number, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/application/${id}/${action}`, headers: staff, ...(payload ? { payload } : {}) });

describe('refusal while something is open', () => {
  it('is refused, with the reason, while an application awaits review, is approved or shipped; allowed once it is finished', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    const refusal = '您有 1 份样品申请尚未完成（待审核、已通过、已发货），暂时不能注销账号。请撤回待审核的申请，或等样品签收后再注销。';

    const submitted = await remove(member, { password: GOOD_PASSWORD });
    expect(submitted.statusCode).toBe(409);
    expect(parsed(submitted, ErrorResponse).error).toMatchObject({ code: 'conflict', message: refusal });

    expect((await staffAct(application.id, 'approve', { note: '' })).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(409);
    expect((await staffAct(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' })).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(409);
    expect(await profileStatus(member.token)).toBe(200);

    expect((await staffAct(application.id, 'deliver')).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('does not spend the code of a deletion it refuses; a withdrawn application is finished', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'delete', newIp());
    expect((await remove(member, { code })).statusCode).toBe(409);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/app/sample/application/${application.id}/withdraw`, headers: bearer(member.token) });
    expect(withdrawn.statusCode).toBe(200);
    expect((await remove(member, { code })).statusCode).toBe(204);
  });
});

describe('confirmation', () => {
  it('needs the right password or a code sent for deleting', async () => {
    const member = await registerMember(t.app);
    const wrong = await remove(member, { password: 'not-my-password' });
    expect(parsed(wrong, ErrorResponse).error.details).toContainEqual({ path: 'body.password', message: '密码不正确' });
    const neither = await remove(member, {});
    expect(parsed(neither, ErrorResponse).error.details).toContainEqual({ path: 'body', message: '请输入密码或验证码（二选一）' });

    clock.advance(61_000);
    const loginCode = await codeFor(t.app, member.account, 'login', newIp());
    expect(parsed(await remove(member, { code: loginCode }), ErrorResponse).error.code).toBe('code_invalid');
    expect(await profileStatus(member.token)).toBe(200);

    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'delete', newIp());
    expect((await remove(member, { code })).statusCode).toBe(204);
    expect(await profileStatus(member.token)).toBe(401);
  });
});

async function profileStatus(token: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) })).statusCode;
}

/** Rows of the user in each table of personal data. */
async function personalRows(userId: number): Promise<Record<string, number>> {
  const owners = {
    addresses: [addresses, addresses.userId],
    favorites: [favorites, favorites.userId],
    cart: [sampleCartItems, sampleCartItems.userId],
    notices: [notices, notices.userId],
    sessions: [sessions, sessions.userId],
    uploads: [uploads, uploads.ownerId],
  } as const;
  const counts: Record<string, number> = {};
  for (const [name, [table, column]] of Object.entries(owners)) {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, userId));
    counts[name] = row!.n;
  }
  return counts;
}

describe('what goes and what stays', () => {
  it('anonymises the personal data in place and keeps the company’s record of the finished application', async () => {
    const member = await registerMember(t.app);
    const h = bearer(member.token);
    // A profile, an avatar, an address, a favorite, a cart item, a second session, a failed log-in, a code.
    await t.app.inject({ method: 'PUT', url: '/api/app/account/profile', headers: h, payload: { name: '王晓明', nickName: '王工', sex: 'male' } });
    const upload = multipart(PNG, 'me.png', 'image/png');
    const withAvatar = parsed(await t.app.inject({ method: 'POST', url: '/api/app/account/avatar', headers: { ...h, ...upload.headers }, payload: upload.payload }), User);
    expect(withAvatar.avatar).toBeTruthy();
    await t.app.inject({
      method: 'POST',
      url: '/api/app/address',
      headers: h,
      payload: { recipient: '王晓明', mobile: '13912345678', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' },
    });
    await t.app.inject({ method: 'POST', url: '/api/app/favorite', headers: h, payload: { targetType: 'excipient', targetId: product.excipientId } });
    await t.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart', headers: h, payload: { excipientId: product.excipientId, specId: product.specIds[1]! } });
    const second = parsed(
      await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: GOOD_PASSWORD } }),
      SessionResponse,
    );
    await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: 'wrong-password-1' } });
    const application = await apply(member);
    await staffAct(application.id, 'approve', { note: '' });
    await staffAct(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    await staffAct(application.id, 'deliver');
    clock.advance(61_000);
    await codeFor(t.app, member.account, 'login', newIp());

    const id = member.user.id;
    expect(Object.values(await personalRows(id)).every((n) => n > 0), JSON.stringify(await personalRows(id))).toBe(true);

    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
    // Codes and log-in attempts name the number: gone.
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.account, member.account))).toEqual([]);
    expect(await t.database.db.select().from(authAttempts).where(eq(authAttempts.account, member.account))).toEqual([]);

    // Signed out everywhere; the old credentials lead nowhere.
    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(second.token)).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: GOOD_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: `deleted:${id}`, password: GOOD_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: withAvatar.avatar! })).statusCode).toBe(404);

    // The user's row stays, with nothing personal left.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ account: `deleted:${id}`, passwordHash: '', name: '', nickName: '', sex: 'unknown', avatar: null, roles: [], disabledAt: null });
    expect(user!.deletedAt).toEqual(clock.now());
    expect(await personalRows(id)).toEqual({ addresses: 0, favorites: 0, cart: 0, notices: 0, sessions: 0, uploads: 0 });

    // The application stays with its samples and history; the person's contact details are masked.
    const [kept] = await t.database.db.select().from(sampleApplications).where(eq(sampleApplications.id, application.id));
    expect(kept).toMatchObject({
      userId: id,
      status: 'delivered',
      number: application.number,
      company: application.company,
      companyType: application.companyType,
      department: application.department,
      projectName: application.projectName,
      carrier: '顺丰速运',
      trackingNumber: 'SF1234567890',
      contactName: '王**',
      mobile: '139****5678',
      email: 'w***@pharma-example.com',
      notes: '',
      address: { recipient: '李**', mobile: '136****5432', regionCodes: ['33', '3301', '330106'], regionNames: application.address.regionNames, street: '' },
    });
    expect(await t.database.db.select().from(sampleApplicationItems).where(eq(sampleApplicationItems.applicationId, application.id))).toHaveLength(1);
    const events = await t.database.db.select().from(sampleApplicationEvents).where(eq(sampleApplicationEvents.applicationId, application.id));
    expect(events.map((e) => e.action)).toEqual(['submit', 'approve', 'ship', 'deliver']);
    expect(events.find((e) => e.action === 'submit')!.actorName).toBe('已注销用户');
    expect(JSON.stringify(events)).not.toMatch(/王晓明|王工|13912345678/);
    expect(JSON.stringify(kept)).not.toMatch(/王晓明|李研|13912345678|13698765432|wang\.xm|文三路/);

    // The staff desk still lists and opens it.
    const list = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/application', headers: staff, query: { keyword: application.number } }), AdminApplicationPage);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ number: application.number, status: 'delivered', applicant: { account: '已注销用户', name: '已注销用户' } });
    const sheet = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/application/${application.id}`, headers: staff }), AdminApplication);
    expect(sheet).toMatchObject({ contactName: '王**', mobile: '139****5678', items: [{ nameZh: '微晶纤维素', quantity: 2 }] });

    // The number is free again: registering it makes a new, empty account.
    clock.advance(61_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/app/account/register', headers: { 'x-forwarded-for': newIp() }, payload: await registrationOf(t.app, member.account) });
    expect(again.statusCode).toBe(201);
    const fresh = parsed(again, SessionResponse);
    expect(fresh.user.id).not.toBe(id);
    const summary = await t.app.inject({ method: 'GET', url: '/api/app/account/summary', headers: bearer(fresh.token) });
    expect(summary.json()).toMatchObject({ applications: 0, favorites: 0 });
  });

  it('the database refuses to delete a user whose applications it keeps (no cascade erases them)', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    await expect(t.database.db.delete(users).where(eq(users.id, member.user.id))).rejects.toThrow();
    const [kept] = await t.database.db.select().from(sampleApplications).where(eq(sampleApplications.id, application.id));
    expect(kept).toBeDefined();
  });
});
