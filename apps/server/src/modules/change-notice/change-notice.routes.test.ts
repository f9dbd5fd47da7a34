import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminChangeNotice,
  AdminChangeNoticePage,
  AuditPage,
  ChangeNotice,
  ChangeNoticePage,
  ChangeNoticeRemindResult,
  ChangeNoticeReport,
  ConfidentialityAgreement,
  DocumentRequest,
  ErrorResponse,
  NoticePage,
  Quote,
  QuoteRevision,
  SampleApplication,
  SessionResponse,
  endpoints,
  paths,
  withQuery,
  type ChangeNoticeInput,
  type CompanyRoleName,
  type ValidationIssue,
} from '@fuliaotong/contracts';
import { eq } from 'drizzle-orm';
import { bearer, GOOD_PASSWORD, insertAccount, multipart, newIp, registerMember } from '../../../test/accounts.js';
import { companyWithEveryRole } from '../../../test/companies.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { sentMessages } from '../../../test/messages.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, TEST_SITE_URL, testClock, type TestApp } from '../../../test/test-app.js';
import { beijingDay } from '../../shared/beijing-time.js';
import { excipients } from '../excipient/excipient.schema.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let t: TestApp;
let product: TestProduct;
let untouched: TestProduct;
let quality: Awaited<ReturnType<typeof registerStaff>>;
let sales: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerStaff>>;
type Session = Awaited<ReturnType<typeof registerMember>>;
type Team = Record<CompanyRoleName, Session>;
/** The sampler's company (its 采购 applied for a sample), the buyer's (its 管理员 bought), the holder's (its 质量 holds a 授权使用书). */
let samplers: Team;
let buyers: Team;
let holders: Team;
/** People without a company: one asked for a price, one keeps the product among their favorites, one has no tie. */
let quoter: Session;
let watcher: Session;
let stranger: Session;
/** Keep the product among their favorites too: one signed up with an e-mail address, one turned messages off. */
let mailWatcher: { token: string; user: { id: number }; account: string };
let quietWatcher: Session;

type Headers = Record<string, string>;
const h = (session: { token: string }): Headers => bearer(session.token);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorOf = (response: Parameters<typeof parsed>[0]) => parsed(response, ErrorResponse).error;
const issuesOf = (response: Parameters<typeof parsed>[0]) => (errorOf(response).details ?? []) as ValidationIssue[];
const noticeTitles = async (session: { token: string }) => parsed(await call('GET', '/api/app/notice?pageSize=100', h(session)), NoticePage).items.map((notice) => notice.title);
const body = (overrides: Partial<ChangeNoticeInput> = {}): ChangeNoticeInput => ({ ...endpoints.adminChangeNoticeCreate.example.body, excipientId: product.excipientId, ...overrides });
const create = async (overrides: Partial<ChangeNoticeInput> = {}) => parsed(await call('POST', '/api/admin/change-notice', quality.headers, body(overrides)), AdminChangeNotice);
const upload = (id: number, bytes: Buffer, name = '包装变更说明.pdf', type = 'application/pdf') => {
  const form = multipart(bytes, name, type);
  return t.app.inject({ method: 'POST', url: `/api/admin/change-notice/${id}/document`, headers: { ...quality.headers, ...form.headers }, payload: form.payload });
};
const reachedIds = (report: ChangeNoticeReport) => report.companies.flatMap((company) => company.recipients.map((recipient) => recipient.userId)).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 1, nameZh: '羟丙甲纤维素' });
  untouched = await createProduct(t.database, { specs: 1, nameZh: '硬脂酸镁' });
  await t.database.db.update(excipients).set({ regNos: ['F20190000777'] }).where(eq(excipients.id, product.excipientId));
  [quality, sales, admin] = await Promise.all([registerStaff(t.app, t.database, ['quality']), registerStaff(t.app, t.database, ['sales']), registerStaff(t.app, t.database, ['admin'])]);
  const teams = await Promise.all([companyWithEveryRole(t.app, '江苏样品制药'), companyWithEveryRole(t.app, '浙江采购制药'), companyWithEveryRole(t.app, '山东授权制药')]);
  [samplers, buyers, holders] = [teams[0].members, teams[1].members, teams[2].members];
  [quoter, watcher, stranger] = await Promise.all([registerMember(t.app), registerMember(t.app), registerMember(t.app)]);

  // Sampled: the samplers' 采购 applies for a sample of the product.
  parsed(await call('POST', '/api/app/sample/or-update', h(samplers.purchasing), applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]! }])), SampleApplication);
  // Quoted: a person without a company asks for its price.
  const priceRequest = { ...endpoints.quoteCreate.example.body, lines: [{ excipientId: product.excipientId, specId: null, quantity: 500, unit: 'kg' as const }], sampleApplicationId: null };
  parsed(await call('POST', '/api/app/quote', h(quoter), priceRequest), Quote);
  // Bought: the buyers' 管理员 asks for a price, is quoted and accepts (a sales order).
  const asked = parsed(await call('POST', '/api/app/quote', h(buyers.admin), priceRequest), Quote);
  const revision = { ...endpoints.adminQuoteRevise.example.body, lines: [{ ...endpoints.adminQuoteRevise.example.body.lines[0], excipientId: product.excipientId }] };
  const quoted = parsed(await call('POST', `/api/admin/quote/${asked.id}/revision`, sales.headers, revision), QuoteRevision);
  parsed(await call('POST', `/api/app/quote/${asked.id}/accept`, h(buyers.admin), { revisionId: quoted.id }), Quote);
  // Subscribed: a person keeps the product among their favorites.
  expect((await call('POST', '/api/app/favorite', h(watcher), { targetType: 'excipient', targetId: product.excipientId })).statusCode).toBe(201);
  const email = `qa-${Date.now()}@example.com`;
  await insertAccount(t.database, email);
  const login = await call('POST', '/api/app/account/login', { 'x-forwarded-for': newIp() }, { account: email, password: GOOD_PASSWORD });
  mailWatcher = { ...parsed(login, SessionResponse), account: email };
  quietWatcher = await registerMember(t.app);
  expect((await call('PUT', '/api/app/account/profile', h(quietWatcher), { notifyBySmsAndEmail: false })).statusCode).toBe(200);
  for (const person of [mailWatcher, quietWatcher]) {
    expect((await call('POST', '/api/app/favorite', h(person), { targetType: 'excipient', targetId: product.excipientId })).statusCode).toBe(201);
  }
  // Holds a 授权使用书: the holders' 质量 signs the agreement, asks, and the quality staff approve.
  const agreement = parsed(
    await call('POST', '/api/admin/confidentiality-agreement', quality.headers, { title: '保密协议', body: '甲乙双方就注册资料的使用与保密约定如下：乙方仅将资料用于制剂注册申报。', effectiveOn: beijingDay(clock.now()) }),
    ConfidentialityAgreement);
  expect((await call('POST', '/api/app/confidentiality-agreement/accept', h(holders.quality), { version: agreement.version })).statusCode).toBe(200);
  const letter = parsed(await call('POST', '/api/app/document-request', h(holders.quality), { excipientId: product.excipientId, kind: 'authorization', formulationName: '缓释片' }), DocumentRequest);
  expect((await call('POST', `/api/admin/document-request/${letter.id}/approve`, quality.headers, { sealed: false })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

let notice: AdminChangeNotice;

describe('the quality desk', () => {
  it('writes drafts; only the quality staff write, administrators read', async () => {
    expect((await call('POST', '/api/admin/change-notice', sales.headers, body())).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/change-notice', admin.headers, body())).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/change-notice', sales.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/app/change-notice', h(stranger))).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/change-notice', h(stranger))).statusCode).toBe(403);
    notice = await create();
    expect(notice).toMatchObject({ status: 'draft', kind: 'packaging', impactLevel: 'minor', reminderAfterDays: 14, excipient: { id: product.excipientId, name: '羟丙甲纤维素' }, counts: { recipients: 0 } });
    expect(notice.number).toMatch(/^BG\d{8}\d{6}$/);
    const list = parsed(await call('GET', '/api/admin/change-notice?status=draft', admin.headers), AdminChangeNoticePage);
    expect(list.items.map((item) => item.id)).toContain(notice.id);
    const audit = parsed(await call('GET', '/api/admin/audit?entityType=change_notice', admin.headers), AuditPage);
    expect(audit.items.map((entry) => entry.action)).toContain('change-notice.create');
  });

  it('says in Chinese what is wrong with a draft', async () => {
    const bad = await call('POST', '/api/admin/change-notice', quality.headers, body({ title: ' ', impact: '', reminderAfterDays: 0, effectiveOn: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    const messages = Object.fromEntries(issuesOf(bad).map((issue) => [issue.path, issue.message]));
    expect(messages).toMatchObject({ 'body.title': '请填写标题', 'body.impact': '请填写影响评估', 'body.reminderAfterDays': '提醒天数至少为 1 天', 'body.effectiveOn': '不是有效的日期' });
    const kind = await call('POST', '/api/admin/change-notice', quality.headers, { ...body(), kind: 'colour' });
    expect(kind.statusCode).toBe(400);
    const missing = await call('POST', '/api/admin/change-notice', quality.headers, body({ excipientId: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('产品不存在');
  });

  it('takes PDFs as documents of a draft, and changes the draft', async () => {
    expect((await upload(notice.id, PNG, 'a.png', 'image/png')).statusCode).toBe(415);
    parsed(await upload(notice.id, PDF, '旧说明.pdf'), AdminChangeNotice);
    const two = parsed(await upload(notice.id, PDF), AdminChangeNotice);
    expect(two.documents.map((document) => document.name)).toEqual(['旧说明.pdf', '包装变更说明.pdf']);
    // Keeping only the second one: it becomes the first.
    const kept = parsed(await call('PUT', `/api/admin/change-notice/${notice.id}`, quality.headers, body({ title: '内包装袋供应商变更（修订）', keepDocuments: [2], reminderAfterDays: 2 })), AdminChangeNotice);
    expect(kept.documents).toEqual([{ n: 1, name: '包装变更说明.pdf', size: PDF.length }]);
    expect(kept).toMatchObject({ title: '内包装袋供应商变更（修订）', reminderAfterDays: 2 });
    const unknown = await call('PUT', `/api/admin/change-notice/${notice.id}`, quality.headers, body({ keepDocuments: [5] }));
    expect(issuesOf(unknown)[0]).toMatchObject({ path: 'body.keepDocuments', message: '附件 5 不存在' });
    const file = await call('GET', `/api/admin/change-notice/${notice.id}/document/1`, admin.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', `/api/admin/change-notice/${notice.id}/document/2`, admin.headers)).statusCode).toBe(404);
    // A draft reaches nobody.
    expect((await call('GET', `/api/app/change-notice/${notice.id}`, h(samplers.purchasing))).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('reaches everyone tied to the product through each module, and their companies’ 管理员, 质量 and 采购', async () => {
    const published = parsed(await call('POST', `/api/admin/change-notice/${notice.id}/publish`, quality.headers), AdminChangeNotice);
    expect(published.status).toBe('published');
    const report = parsed(await call('GET', `/api/admin/change-notice/${notice.id}/report`, admin.headers), ChangeNoticeReport);
    const expected = [
      samplers.purchasing, samplers.admin, samplers.quality,
      buyers.admin, buyers.quality, buyers.purchasing,
      holders.quality, holders.admin, holders.purchasing,
      quoter, watcher, mailWatcher, quietWatcher,
    ].map((session) => session.user.id).sort((a, b) => a - b);
    expect(reachedIds(report)).toEqual(expected);
    expect(published.counts).toEqual({ recipients: expected.length, acknowledged: 0, reminded: 0 });
    const reasonsOf = (session: Session) => report.companies.flatMap((company) => company.recipients).find((recipient) => recipient.userId === session.user.id)!.reasons;
    expect(reasonsOf(samplers.purchasing)).toEqual(['sampled']);
    expect(reasonsOf(samplers.quality)).toEqual(['sampled']);
    expect(reasonsOf(buyers.admin)).toEqual(['bought', 'quoted']);
    expect(reasonsOf(holders.admin)).toEqual(['document_holder']);
    expect(reasonsOf(quoter)).toEqual(['quoted']);
    expect(reasonsOf(watcher)).toEqual(['favorite']);
    // Per company, people without one last as 个人.
    expect(report.companies.at(-1)).toMatchObject({ companyId: null, company: '个人', acknowledged: 0 });
    expect(report.companies).toHaveLength(4);
    // A second publication is refused.
    const again = await call('POST', `/api/admin/change-notice/${notice.id}/publish`, quality.headers);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'change_notice_state' });
    expect((await call('PUT', `/api/admin/change-notice/${notice.id}`, quality.headers, body())).statusCode).toBe(409);
  });

  it('tells each person by site notice, SMS per their switch', async () => {
    expect(await noticeTitles(samplers.quality)).toContain('变更通知：羟丙甲纤维素包装材料变更');
    expect(await noticeTitles(samplers.rnd)).not.toContain('变更通知：羟丙甲纤维素包装材料变更');
    const sms = await sentMessages(t, watcher.account);
    expect(sms.at(-1)?.body).toContain(`羟丙甲纤维素 变更通知 ${notice.number}：包装材料变更（微小变更）`);
    expect((await sentMessages(t, stranger.account)).filter((message) => message.body.includes('变更通知'))).toEqual([]);
  });

  it('e-mails a person who signed up with an e-mail address, and sends nothing but the site notice to one who turned messages off', async () => {
    const [mail] = await sentMessages(t, mailWatcher.account);
    expect(mail).toMatchObject({ channel: 'email', subject: `【辅料通】变更通知：羟丙甲纤维素包装材料变更（${notice.number}）` });
    expect(mail!.body).toContain('变更类别：包装材料（微小变更）');
    expect(mail!.body).toContain(TEST_SITE_URL + withQuery(paths.changeNotices, { id: notice.id }));
    expect(await noticeTitles(quietWatcher)).toContain('变更通知：羟丙甲纤维素包装材料变更');
    expect((await sentMessages(t, quietWatcher.account)).filter((message) => message.body.includes('变更通知'))).toEqual([]);
  });

  it('shows the notice to those it reached, and to nobody else', async () => {
    const mine = parsed(await call('GET', '/api/app/change-notice', h(samplers.admin)), ChangeNoticePage);
    expect(mine).toMatchObject({ totalCount: 1, unacknowledged: 1 });
    expect(mine.items[0]).toMatchObject({ id: notice.id, reasons: ['sampled'], acknowledgedAt: null, documents: [{ n: 1, name: '包装变更说明.pdf' }] });
    for (const outsider of [samplers.rnd, samplers.finance, stranger]) {
      expect((await call('GET', `/api/app/change-notice/${notice.id}`, h(outsider))).statusCode).toBe(404);
      expect((await call('POST', `/api/app/change-notice/${notice.id}/acknowledge`, h(outsider))).statusCode).toBe(404);
      expect((await call('GET', `/api/app/change-notice/${notice.id}/document/1`, h(outsider))).statusCode).toBe(404);
    }
    expect(parsed(await call('GET', '/api/app/change-notice', h(stranger)), ChangeNoticePage).totalCount).toBe(0);
    const file = await call('GET', `/api/app/change-notice/${notice.id}/document/1`, h(watcher));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes each person’s acknowledgement once, for themself', async () => {
    const first = parsed(await call('POST', `/api/app/change-notice/${notice.id}/acknowledge`, h(samplers.purchasing)), ChangeNotice);
    expect(first.acknowledgedAt).not.toBeNull();
    clock.advance(60_000);
    const again = parsed(await call('POST', `/api/app/change-notice/${notice.id}/acknowledge`, h(samplers.purchasing)), ChangeNotice);
    expect(again.acknowledgedAt).toBe(first.acknowledgedAt);
    // A colleague's acknowledgement is their own.
    expect(parsed(await call('GET', `/api/app/change-notice/${notice.id}`, h(samplers.admin)), ChangeNotice).acknowledgedAt).toBeNull();
    const report = parsed(await call('GET', `/api/admin/change-notice/${notice.id}/report`, quality.headers), ChangeNoticeReport);
    expect(report.counts).toMatchObject({ acknowledged: 1 });
    const company = report.companies.find((group) => group.recipients.some((recipient) => recipient.userId === samplers.purchasing.user.id))!;
    expect(company.acknowledged).toBe(1);
    expect(parsed(await call('GET', '/api/app/change-notice?pending=true', h(samplers.purchasing)), ChangeNoticePage).totalCount).toBe(0);
  });
});

describe('reminders', () => {
  it('go once, by themselves, to those who have not acknowledged after the set days', async () => {
    clock.advance(DAY);
    await t.drain();
    const reminderTitle = '请确认变更通知：羟丙甲纤维素';
    expect(await noticeTitles(watcher)).not.toContain(reminderTitle);
    clock.advance(DAY + 2 * 60 * 60 * 1000);
    await t.drain();
    expect((await noticeTitles(watcher)).filter((title) => title === reminderTitle)).toHaveLength(1);
    // The one who acknowledged hears nothing more.
    expect(await noticeTitles(samplers.purchasing)).not.toContain(reminderTitle);
    clock.advance(2 * DAY);
    await t.drain();
    expect((await noticeTitles(watcher)).filter((title) => title === reminderTitle)).toHaveLength(1);
    const report = parsed(await call('GET', `/api/admin/change-notice/${notice.id}/report`, quality.headers), ChangeNoticeReport);
    expect(report.counts.reminded).toBe(report.counts.recipients - 1);
  });

  it('are sent by the quality staff on demand to those who have not acknowledged', async () => {
    expect((await call('POST', `/api/admin/change-notice/${notice.id}/remind`, admin.headers)).statusCode).toBe(403);
    const result = parsed(await call('POST', `/api/admin/change-notice/${notice.id}/remind`, quality.headers), ChangeNoticeRemindResult);
    expect(result.reminded).toBe(12);
  });
});

describe('withdrawal', () => {
  it('needs a reason, tells the recipients, and ends acknowledging', async () => {
    const empty = await call('POST', `/api/admin/change-notice/${notice.id}/withdraw`, quality.headers, { reason: '' });
    expect(empty.statusCode).toBe(400);
    expect(issuesOf(empty)[0]).toMatchObject({ path: 'body.reason', message: '请填写撤回原因' });
    const withdrawn = parsed(await call('POST', `/api/admin/change-notice/${notice.id}/withdraw`, quality.headers, { reason: '变更实施计划调整，另行通知' }), AdminChangeNotice);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawReason: '变更实施计划调整，另行通知' });
    expect(await noticeTitles(watcher)).toContain('变更通知已撤回：羟丙甲纤维素');
    const late = await call('POST', `/api/app/change-notice/${notice.id}/acknowledge`, h(watcher));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toContain('已撤回');
    expect(parsed(await call('GET', `/api/app/change-notice/${notice.id}`, h(watcher)), ChangeNotice).status).toBe('withdrawn');
    expect((await call('POST', `/api/admin/change-notice/${notice.id}/remind`, quality.headers)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/change-notice/${notice.id}/withdraw`, quality.headers, { reason: '再次撤回' })).statusCode).toBe(409);
  });

  it('reaches nobody for a product nobody is tied to', async () => {
    const lonely = await create({ excipientId: untouched.excipientId });
    const published = parsed(await call('POST', `/api/admin/change-notice/${lonely.id}/publish`, quality.headers), AdminChangeNotice);
    expect(published.counts.recipients).toBe(0);
  });
});
