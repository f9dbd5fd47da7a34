import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminCompany,
  AdminCompanyPage,
  AuditPage,
  Company,
  CompanyInvitation,
  CompanyInvitationList,
  CompanyMember,
  CompanyMemberList,
  ErrorResponse,
  MyCompany,
  NoticePage,
  SampleAllowance,
  SampleApplication,
  SessionResponse,
  type CompanyBody,
} from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, insertAccount, multipart, newIp, registerMember } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor } from '../../../test/verification.js';
import { uploads } from '../files/files.schema.js';
import { companies as companyTable, companyInvitations } from './company.schema.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 12 });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof registerMember>>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const h = (session: { token: string }) => bearer(session.token);
let companies = 0;
/** A valid body with a name of its own. */
const body = (overrides: Partial<CompanyBody> = {}): CompanyBody => {
  companies += 1;
  return { name: `测试制药有限公司${companies}`, creditCode: '91330100716105852F', contactName: '王采购', contactPhone: '13800138000', ...overrides };
};

async function newCompany(admin?: Session): Promise<{ admin: Session; company: Company }> {
  const owner = admin ?? (await registerMember(t.app));
  const response = await call('POST', '/api/app/company', h(owner), body());
  expect(response.statusCode, response.body).toBe(201);
  return { admin: owner, company: parsed(response, Company) };
}

async function uploadLicence(session: Session, companyId: number, bytes = PNG, type = 'image/png') {
  const upload = multipart(bytes, 'licence.png', type);
  return t.app.inject({ method: 'POST', url: `/api/app/company/${companyId}/license`, payload: upload.payload, headers: { ...upload.headers, ...h(session) } });
}

/** The admin invites a new member with `roles`, who accepts. */
async function join(admin: Session, companyId: number, roles: string[] = ['purchasing'], member?: Session): Promise<Session> {
  const person = member ?? (await registerMember(t.app));
  expect((await call('POST', `/api/app/company/${companyId}/invitation`, h(admin), { account: person.account, roles })).statusCode).toBe(201);
  const invitation = parsed(await call('GET', '/api/app/company', h(person)), MyCompany).invitations.find((row) => row.companyId === companyId)!;
  const accepted = await call('POST', `/api/app/company-invitation/${invitation.id}/accept`, h(person));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return person;
}

const errorOf = (response: { body: string }) => (JSON.parse(response.body) as ErrorResponse).error;
const notices = async (session: Session) => parsed(await call('GET', '/api/app/notice', h(session)), NoticePage).items;

describe('creating a company', () => {
  it('makes the creator its 管理员 and the company 待认证; a wrong credit code is refused in Chinese', async () => {
    const member = await registerMember(t.app);
    const wrong = await call('POST', '/api/app/company', h(member), body({ creditCode: '91330100716105852E' }));
    expect(wrong.statusCode).toBe(400);
    expect(parsed(wrong, ErrorResponse).error.details).toEqual([{ path: 'body.creditCode', message: '统一社会信用代码不正确（校验位不符），请核对营业执照' }]);
    expect(parsed(await call('GET', '/api/app/company', h(member)), MyCompany)).toEqual({ company: null, invitations: [] });
    const { company } = await newCompany(member);
    expect(company).toMatchObject({ status: 'pending', myRoles: ['admin'], memberCount: 1, hasLicense: false });
    expect(parsed(await call('GET', '/api/app/company', h(member)), MyCompany).company).toEqual(company);
  });

  it('allows one company per user, naming the one they are in', async () => {
    const { admin, company } = await newCompany();
    const second = await call('POST', '/api/app/company', h(admin), body());
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'company_membership', message: `您已是企业“${company.name}”的成员，不能再创建或加入其他企业` });
  });

  it('takes the licence as an image only, and lets only the 管理员 edit; a rejected company edited waits again', async () => {
    const { admin, company } = await newCompany();
    const buyer = await join(admin, company.id, ['purchasing']);
    expect((await uploadLicence(admin, company.id, PDF, 'application/pdf')).statusCode).toBe(415);
    const uploaded = await uploadLicence(admin, company.id);
    expect(parsed(uploaded, Company).hasLicense).toBe(true);
    const image = await call('GET', `/api/app/company/${company.id}/license`, h(buyer));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await uploadLicence(buyer, company.id)).statusCode).toBe(403);
    const edit = await call('PUT', `/api/app/company/${company.id}`, h(buyer), body());
    expect(errorOf(edit)).toMatchObject({ code: 'forbidden' });
    expect(edit.statusCode).toBe(403);
    // A second 管理员 replaces the licence: the first upload (the other 管理员's) goes from the store.
    const first = (await t.database.db.select({ key: companyTable.licenseKey }).from(companyTable).where(eq(companyTable.id, company.id)))[0]!.key!;
    expect((await call('PUT', `/api/app/company/${company.id}/member/${buyer.user.id}`, h(admin), { roles: ['admin', 'purchasing'] })).statusCode).toBe(200);
    expect(parsed(await uploadLicence(buyer, company.id), Company).hasLicense).toBe(true);
    expect(await t.database.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.name, first))).toEqual([]);
    expect((await call('GET', `/api/app/company/${company.id}/license`, h(admin))).rawPayload.equals(PNG)).toBe(true);

    const sales = await registerStaff(t.app, t.database, ['sales']);
    const rejected = await call('POST', `/api/admin/company/${company.id}/reject`, sales.headers, { reason: '营业执照不清晰' });
    expect(parsed(rejected, AdminCompany)).toMatchObject({ status: 'rejected', rejectReason: '营业执照不清晰' });
    const renamed = parsed(await call('PUT', `/api/app/company/${company.id}`, h(admin), { ...body(), name: '更正后的制药有限公司' }), Company);
    expect(renamed).toMatchObject({ status: 'pending', rejectReason: null, name: '更正后的制药有限公司' });
    // The sales staff hear of the new company and of its resubmission.
    expect((await notices(sales)).map((notice) => notice.title)).toContain('企业重新提交认证：更正后的制药有限公司');
    const verified = await call('POST', `/api/admin/company/${company.id}/verify`, sales.headers);
    expect(parsed(verified, AdminCompany).status).toBe('verified');
    const late = await call('PUT', `/api/app/company/${company.id}`, h(admin), body());
    expect(late.statusCode).toBe(409);
    expect((await uploadLicence(admin, company.id)).statusCode).toBe(409);
  });
});

describe('invitations', () => {
  it('reach only an account that proved it holds the address; a person registering later sees theirs', async () => {
    const { admin, company } = await newCompany();
    // An e-mail account written before registration needed a code: nobody proved to hold it.
    const email = `qa-${company.id}@example.com`;
    await insertAccount(t.database, email);
    const invited = await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: email.toUpperCase(), roles: ['quality', 'rnd'] });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = parsed(invited, CompanyInvitation);
    expect(invitation).toMatchObject({ account: email, roles: ['quality', 'rnd'], status: 'pending' });
    const again = await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: email, roles: ['quality'] });
    expect(again.statusCode).toBe(409);

    const login = await call('POST', '/api/app/account/login', { 'x-forwarded-for': newIp() }, { account: email, password: GOOD_PASSWORD });
    const unproved = parsed(login, SessionResponse);
    expect(parsed(await call('GET', '/api/app/company', h(unproved)), MyCompany).invitations).toEqual([]);
    expect((await call('POST', `/api/app/company-invitation/${invitation.id}/accept`, h(unproved))).statusCode).toBe(404);
    expect(await notices(unproved as Session)).toEqual([]);
    // Signing in with a code sent to the address proves it.
    const ip = newIp();
    const code = await codeFor(t.app, email, 'login', ip);
    const proved = parsed(await call('POST', '/api/app/account/login-by-code', { 'x-forwarded-for': ip }, { account: email, code }), SessionResponse);
    const mine = parsed(await call('GET', '/api/app/company', h(proved)), MyCompany);
    expect(mine.invitations).toEqual([expect.objectContaining({ id: invitation.id, companyName: company.name, roles: ['quality', 'rnd'] })]);

    // A mobile number with no account yet: seen after registering with it, within the 7 days.
    const later = '13912345670';
    await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: later, roles: ['finance'] });
    const registered = await registerMember(t.app, later);
    const seen = parsed(await call('GET', '/api/app/company', h(registered)), MyCompany).invitations;
    expect(seen.map((row) => row.companyId)).toEqual([company.id]);
  });

  it('tells an existing account at once; it accepts or declines; a member is not invited twice; the 管理员 revokes', async () => {
    const { admin, company } = await newCompany();
    const person = await registerMember(t.app);
    const sent = parsed(await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: person.account, roles: ['rnd'] }), CompanyInvitation);
    expect((await notices(person)).map((notice) => notice.title)).toContain('企业邀请您加入');
    const other = await registerMember(t.app);
    expect((await call('POST', `/api/app/company-invitation/${sent.id}/accept`, h(other))).statusCode).toBe(404);
    const joined = parsed(await call('POST', `/api/app/company-invitation/${sent.id}/accept`, h(person)), Company);
    expect(joined).toMatchObject({ id: company.id, myRoles: ['rnd'], memberCount: 2 });
    expect((await call('POST', `/api/app/company-invitation/${sent.id}/decline`, h(person))).statusCode).toBe(409);
    const twice = await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: person.account, roles: ['rnd'] });
    expect(errorOf(twice).message).toBe('该账号已是本企业的成员');
    expect(twice.statusCode).toBe(409);
    // A member who is not its 管理员 cannot see or send invitations.
    expect((await call('GET', `/api/app/company/${company.id}/invitation`, h(person))).statusCode).toBe(403);
    expect((await call('POST', `/api/app/company/${company.id}/invitation`, h(person), { account: other.account, roles: ['rnd'] })).statusCode).toBe(403);

    const declining = await registerMember(t.app);
    const toDecline = parsed(await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: declining.account, roles: ['finance'] }), CompanyInvitation);
    expect((await call('POST', `/api/app/company-invitation/${toDecline.id}/decline`, h(declining))).statusCode).toBe(204);
    const revocable = parsed(await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: other.account, roles: ['finance'] }), CompanyInvitation);
    expect((await call('DELETE', `/api/app/company/${company.id}/invitation/${sent.id}`, h(admin))).statusCode).toBe(409);
    expect((await call('DELETE', `/api/app/company/${company.id}/invitation/${revocable.id}`, h(admin))).statusCode).toBe(204);
    const list = parsed(await call('GET', `/api/app/company/${company.id}/invitation`, h(admin)), CompanyInvitationList).items;
    expect(list.map((row) => [row.id, row.status])).toEqual([
      [toDecline.id, 'declined'],
      [sent.id, 'accepted'],
    ]);
    expect(parsed(await call('GET', '/api/app/company', h(other)), MyCompany).invitations).toEqual([]);
  });

  it('cannot be accepted once expired, nor by a member of another company', async () => {
    const { admin, company } = await newCompany();
    const { admin: otherAdmin } = await newCompany();
    const person = await registerMember(t.app);
    const sent = parsed(await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: person.account, roles: ['rnd'] }), CompanyInvitation);
    const toOther = parsed(await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: otherAdmin.account, roles: ['rnd'] }), CompanyInvitation);
    const refused = await call('POST', `/api/app/company-invitation/${toOther.id}/accept`, h(otherAdmin));
    expect(errorOf(refused).code).toBe('company_membership');
    clock.advance(7 * DAY + 1000);
    try {
      // A session lasts as long as an invitation: the invited person signs in again, a week later.
      const signedIn = await t.app.inject({ method: 'POST', url: '/api/app/account/login', headers: { 'x-forwarded-for': newIp() }, payload: { account: person.account, password: person.password } });
      const later = { ...person, token: parsed(signedIn, SessionResponse).token };
      expect(parsed(await call('GET', '/api/app/company', h(later)), MyCompany).invitations).toEqual([]);
      const late = await call('POST', `/api/app/company-invitation/${sent.id}/accept`, h(later));
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).message).toBe('邀请已过期，请联系企业管理员重新邀请');
      expect(parsed(await call('GET', `/api/app/company/${company.id}/invitation`, h(admin)), CompanyInvitationList).items.map((row) => row.status)).toEqual(['expired', 'expired']);
      // An expired invitation gives way to a new one.
      expect((await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: person.account, roles: ['rnd'] })).statusCode).toBe(201);
    } finally {
      clock.advance(-(7 * DAY + 1000));
    }
  });

  it('that expired to an address no account holds are deleted by the periodic job; the others stay', async () => {
    const { admin, company } = await newCompany();
    const nobody = `nobody-${company.id}@example.com`;
    const person = await registerMember(t.app);
    await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: nobody, roles: ['rnd'] });
    await call('POST', `/api/app/company/${company.id}/invitation`, h(admin), { account: person.account, roles: ['rnd'] });
    const accounts = async () => (await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id))).map((row) => row.account).sort();
    await t.drain();
    expect(await accounts()).toEqual([nobody, person.account].sort());
    clock.advance(7 * DAY + 2 * 60 * 60 * 1000);
    try {
      await t.drain();
      expect(await accounts()).toEqual([person.account]);
    } finally {
      clock.advance(-(7 * DAY + 2 * 60 * 60 * 1000));
    }
  });
});

describe('members and roles', () => {
  it('the 管理员 sets roles and removes; a company always keeps a 管理员 while it has members', async () => {
    const { admin, company } = await newCompany();
    const buyer = await join(admin, company.id, ['purchasing']);
    const members = parsed(await call('GET', `/api/app/company/${company.id}/member`, h(buyer)), CompanyMemberList).items;
    expect(members.map((row) => [row.userId, row.roles])).toEqual([
      [admin.user.id, ['admin']],
      [buyer.user.id, ['purchasing']],
    ]);
    expect(members[1]!.account).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Not the buyer's to decide.
    expect((await call('PUT', `/api/app/company/${company.id}/member/${buyer.user.id}`, h(buyer), { roles: ['admin'] })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/app/company/${company.id}/member/${admin.user.id}`, h(buyer))).statusCode).toBe(403);
    // The last 管理员 cannot drop the role nor leave while the buyer is there.
    const drop = await call('PUT', `/api/app/company/${company.id}/member/${admin.user.id}`, h(admin), { roles: ['purchasing'] });
    expect(drop.statusCode).toBe(409);
    expect(errorOf(drop).message).toContain(company.name);
    const leave = await call('DELETE', `/api/app/company/${company.id}/member/${admin.user.id}`, h(admin));
    expect(leave.statusCode).toBe(409);
    expect(errorOf(leave).message).toBe(`您是企业“${company.name}”唯一的管理员，有其他成员时不能退出企业，请先将其他成员设为管理员`);
    // With a second 管理员 the first may go.
    expect(parsed(await call('PUT', `/api/app/company/${company.id}/member/${buyer.user.id}`, h(admin), { roles: ['admin', 'purchasing'] }), CompanyMember).roles).toEqual(['admin', 'purchasing']);
    expect((await call('DELETE', `/api/app/company/${company.id}/member/${admin.user.id}`, h(admin))).statusCode).toBe(204);
    expect(parsed(await call('GET', '/api/app/company', h(admin)), MyCompany).company).toBeNull();
    expect((await call('GET', `/api/app/company/${company.id}/member`, h(admin))).statusCode).toBe(404);
    // The lone last member leaves: the company stays, without members.
    expect((await call('DELETE', `/api/app/company/${company.id}/member/${buyer.user.id}`, h(buyer))).statusCode).toBe(204);
    const sales = await registerStaff(t.app, t.database, ['sales']);
    expect(parsed(await call('GET', `/api/admin/company/${company.id}`, sales.headers), AdminCompany).members).toEqual([]);
    // … and the former members may create or join others.
    await newCompany(buyer);
  });

  it('a member removed by the 管理员 is told, and a member leaves on their own', async () => {
    const { admin, company } = await newCompany();
    const a = await join(admin, company.id, ['rnd']);
    const b = await join(admin, company.id, ['quality', 'finance']);
    expect((await call('DELETE', `/api/app/company/${company.id}/member/${a.user.id}`, h(admin))).statusCode).toBe(204);
    expect((await notices(a)).map((notice) => notice.title)).toContain('您已被移出企业');
    expect((await call('DELETE', `/api/app/company/${company.id}/member/${b.user.id}`, h(b))).statusCode).toBe(204);
    expect(parsed(await call('GET', '/api/app/company', h(admin)), MyCompany).company?.memberCount).toBe(1);
  });
});

describe('privacy between companies', () => {
  it('no member of one company, whatever their roles, reaches anything of another', async () => {
    const first = await newCompany();
    const second = await newCompany();
    await uploadLicence(second.admin, second.company.id);
    const outsiders = [first.admin, await join(first.admin, first.company.id, ['purchasing', 'rnd', 'quality', 'finance'])];
    const secondMember = await join(second.admin, second.company.id, ['finance']);
    const invitation = parsed(await call('POST', `/api/app/company/${second.company.id}/invitation`, h(second.admin), { account: `x-${second.company.id}@example.com`, roles: ['rnd'] }), CompanyInvitation);
    const id = second.company.id;
    for (const outsider of outsiders) {
      const attempts = [
        call('PUT', `/api/app/company/${id}`, h(outsider), body()),
        call('GET', `/api/app/company/${id}/license`, h(outsider)),
        call('GET', `/api/app/company/${id}/member`, h(outsider)),
        call('PUT', `/api/app/company/${id}/member/${secondMember.user.id}`, h(outsider), { roles: ['admin'] }),
        call('DELETE', `/api/app/company/${id}/member/${secondMember.user.id}`, h(outsider)),
        call('GET', `/api/app/company/${id}/invitation`, h(outsider)),
        call('POST', `/api/app/company/${id}/invitation`, h(outsider), { account: outsider.account, roles: ['admin'] }),
        call('DELETE', `/api/app/company/${id}/invitation/${invitation.id}`, h(outsider)),
        call('GET', `/api/app/company/${id}/sample-allowance`, h(outsider)),
        call('POST', `/api/app/company-invitation/${invitation.id}/accept`, h(outsider)),
      ];
      expect((await Promise.all(attempts)).map((response) => response.statusCode)).toEqual(attempts.map(() => 404));
      const upload = await uploadLicence(outsider, id);
      expect(upload.statusCode).toBe(404);
      expect(parsed(await call('GET', '/api/app/company', h(outsider)), MyCompany).company?.id).toBe(first.company.id);
    }
    // A member of the first company's invitation list names none of the second's.
    const own = parsed(await call('GET', `/api/app/company/${first.company.id}/invitation`, h(first.admin)), CompanyInvitationList).items;
    expect(own.map((row) => row.id)).not.toContain(invitation.id);
  });
});

describe('the sales desk', () => {
  it('lists pending first, verifies only a pending company with a licence, rejects with a reason, audits and tells the 管理员', async () => {
    const sales = await registerStaff(t.app, t.database, ['sales']);
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const { admin, company } = await newCompany();
    const member = await join(admin, company.id, ['rnd']);
    expect((await call('POST', `/api/admin/company/${company.id}/verify`, reviewer.headers)).statusCode).toBe(403);
    const early = await call('POST', `/api/admin/company/${company.id}/verify`, sales.headers);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('企业尚未上传营业执照，不能认证');
    await uploadLicence(admin, company.id);
    const licence = await call('GET', `/api/admin/company/${company.id}/license`, sales.headers);
    expect(licence.rawPayload.equals(PNG)).toBe(true);

    const page = parsed(await call('GET', `/api/admin/company?keyword=${encodeURIComponent(company.name)}`, sales.headers), AdminCompanyPage);
    expect(page.items.map((row) => row.id)).toEqual([company.id]);
    const detail = parsed(await call('GET', `/api/admin/company/${company.id}`, sales.headers), AdminCompany);
    expect(detail.members.map((row) => row.account)).toEqual([admin.account, member.account]);
    expect(detail.allowance).toMatchObject({ applications: { limit: 24, used: 0, left: 24 }, items: { limit: 100, used: 0, left: 100 }, custom: false });

    const verified = parsed(await call('POST', `/api/admin/company/${company.id}/verify`, sales.headers), AdminCompany);
    expect(verified).toMatchObject({ status: 'verified', verifiedBy: '审核员小张' });
    expect((await call('POST', `/api/admin/company/${company.id}/verify`, sales.headers)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/company/${company.id}/reject`, sales.headers, { reason: '不符' })).statusCode).toBe(409);
    expect((await notices(admin)).map((notice) => notice.title)).toContain('企业认证已通过');
    expect((await notices(member)).map((notice) => notice.title)).not.toContain('企业认证已通过');

    const pending = parsed(await call('GET', '/api/admin/company?pageSize=100', sales.headers), AdminCompanyPage).items;
    const firstOther = pending.findIndex((row) => row.status !== 'pending');
    expect(pending.slice(firstOther).every((row) => row.status !== 'pending')).toBe(true);
    expect(parsed(await call('GET', '/api/admin/company?status=verified&pageSize=100', sales.headers), AdminCompanyPage).items.every((row) => row.status === 'verified')).toBe(true);

    const second = await newCompany();
    const rejected = parsed(await call('POST', `/api/admin/company/${second.company.id}/reject`, sales.headers, { reason: '名称与执照不符' }), AdminCompany);
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '名称与执照不符' });
    expect((await notices(second.admin)).find((notice) => notice.title === '企业认证未通过')?.body).toContain('名称与执照不符');

    const admin0 = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(await call('GET', `/api/admin/audit?entityType=company&entityId=${company.id}`, admin0.headers), AuditPage).items;
    expect(audit.map((entry) => entry.action)).toEqual(['company.verify']);
    expect((await call('GET', `/api/admin/company/${company.id}`, admin0.headers)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/company/${second.company.id}/verify`, admin0.headers)).statusCode).toBe(403);
  });
});

describe('the yearly sample allowance', () => {
  const items = (n: number, from = 0) => product.specIds.slice(from, from + n).map((specId) => ({ excipientId: product.excipientId, specId }));
  const apply = (session: Session, n: number, from = 0) => call('POST', '/api/app/sample/or-update', h(session), applicationBody(items(n, from)));

  it('counts every member\'s applications and items, refuses with what is left, and the staff set a company its own', async () => {
    const { admin, company } = await newCompany();
    const buyer = await join(admin, company.id, ['purchasing']);
    const sales = await registerStaff(t.app, t.database, ['sales']);
    const set = await call('PUT', `/api/admin/company/${company.id}/sample-allowance`, sales.headers, { applications: 3, items: 6 });
    expect(parsed(set, AdminCompany).allowance).toMatchObject({ applications: { limit: 3 }, items: { limit: 6 }, custom: true });
    expect((await notices(admin)).map((notice) => notice.title)).toContain('企业样品额度已调整');
    expect((await apply(admin, 2)).statusCode).toBe(201);
    const withdrawn = parsed(await apply(buyer, 3, 2), SampleApplication);
    const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(clock.now()));
    expect(parsed(await call('GET', `/api/app/company/${company.id}/sample-allowance`, h(buyer)), SampleAllowance)).toEqual({
      year,
      applications: { limit: 3, used: 2, left: 1 },
      items: { limit: 6, used: 5, left: 1 },
      custom: true,
    });
    const over = await apply(buyer, 3, 5);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({ code: 'sample_allowance_exceeded', message: `本企业 ${year} 年的样品额度还剩 1 份申请、1 种样品，本次申请 3 种样品` });
    // A withdrawn application gives its share back.
    expect((await call('POST', `/api/app/sample/application/${withdrawn.id}/withdraw`, h(buyer))).statusCode).toBe(200);
    expect((await apply(buyer, 3, 5)).statusCode).toBe(201);
    // Back to the defaults of the sample settings.
    const reset = parsed(await call('PUT', `/api/admin/company/${company.id}/sample-allowance`, sales.headers, { applications: null, items: null }), AdminCompany);
    expect(reset.allowance).toMatchObject({ applications: { limit: 24, used: 2 }, items: { limit: 100, used: 5 }, custom: false });
    const audit = parsed(await call('GET', `/api/admin/audit?entityType=company&entityId=${company.id}`, (await registerStaff(t.app, t.database, ['admin'])).headers), AuditPage);
    expect(audit.items.map((entry) => entry.action)).toEqual(['company.allowance', 'company.allowance']);
  });

  it('is never exceeded by members applying at the same time', async () => {
    const { admin, company } = await newCompany();
    const members = [admin];
    for (let i = 0; i < 5; i += 1) members.push(await join(admin, company.id, ['purchasing']));
    const sales = await registerStaff(t.app, t.database, ['sales']);
    await call('PUT', `/api/admin/company/${company.id}/sample-allowance`, sales.headers, { applications: 4, items: 7 });
    const answers = await Promise.all(members.map((member, i) => apply(member, 2, i * 2)));
    const statuses = answers.map((response) => response.statusCode).sort();
    // 2 items each: three applications fit in 7 items, the others are refused.
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const response of answers.filter((answer) => answer.statusCode === 409)) expect(errorOf(response).code).toBe('sample_allowance_exceeded');
    const allowance = parsed(await call('GET', `/api/app/company/${company.id}/sample-allowance`, h(admin)), SampleAllowance);
    expect(allowance).toMatchObject({ applications: { used: 3 }, items: { used: 6, left: 1 } });
  });

  it('leaves a user without a company to their own limits', async () => {
    const loner = await registerMember(t.app);
    expect((await apply(loner, 3)).statusCode).toBe(201);
  });
});

describe('deleting an account', () => {
  const remove = (session: Session) => call('POST', '/api/app/account/delete', h(session), { password: GOOD_PASSWORD });

  it('is refused to the only 管理员 of a company with other members; a member\'s deletion ends the membership and their invitations', async () => {
    const { admin, company } = await newCompany();
    const member = await join(admin, company.id, ['rnd']);
    const { admin: otherAdmin, company: other } = await newCompany();
    await call('POST', `/api/app/company/${other.id}/invitation`, h(otherAdmin), { account: member.account, roles: ['rnd'] });
    const blocked = await remove(admin);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).message).toContain(`您是企业“${company.name}”唯一的管理员`);

    expect((await remove(member)).statusCode).toBe(204);
    expect(parsed(await call('GET', `/api/app/company/${company.id}/member`, h(admin)), CompanyMemberList).items.map((row) => row.userId)).toEqual([admin.user.id]);
    const left = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.account, member.account));
    expect(left).toEqual([]);
    // Alone now, the 管理员 may go too; the company stays.
    expect((await remove(admin)).statusCode).toBe(204);
    const sales = await registerStaff(t.app, t.database, ['sales']);
    const detail = parsed(await call('GET', `/api/admin/company/${company.id}`, sales.headers), AdminCompany);
    expect(detail.members).toEqual([]);
  });
});
