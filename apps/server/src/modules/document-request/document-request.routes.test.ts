import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminConfidentialityList,
  AdminDocumentRequest,
  AdminDocumentRequestPage,
  AuditPage,
  ConfidentialityAgreement,
  DocumentRequest,
  DocumentRequestPage,
  ErrorResponse,
  MyConfidentiality,
  NoticePage,
  type CompanyRoleName,
  type DocumentRequestBody,
  type ValidationIssue,
} from '@fuliaotong/contracts';
import { eq } from 'drizzle-orm';
import { bearer, multipart, newIp, registerMember } from '../../../test/accounts.js';
import { companyWithEveryRole } from '../../../test/companies.js';
import { pdfText } from '../../../test/poppler.js';
import { parsed } from '../../../test/responses.js';
import { createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { beijingDay } from '../../shared/beijing-time.js';
import { excipients } from '../excipient/excipient.schema.js';
import { chinesePdf } from '../files/chinese-pdf.js';

const clock = testClock();
let t: TestApp;
let product: TestProduct;
let unregistered: TestProduct;
let quality: Awaited<ReturnType<typeof registerStaff>>;
let sales: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerStaff>>;
type Session = Awaited<ReturnType<typeof registerMember>>;
let acme: { members: Record<CompanyRoleName, Session>; name: string };
let rival: { members: Record<CompanyRoleName, Session>; name: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 1, nameZh: '微晶纤维素' });
  unregistered = await createProduct(t.database, { specs: 1, nameZh: '无水乙醇' });
  await t.database.db.update(excipients).set({ regNos: ['F20190000123', 'F20200000456'] }).where(eq(excipients.id, product.excipientId));
  [quality, sales, admin] = await Promise.all([
    registerStaff(t.app, t.database, ['quality']),
    registerStaff(t.app, t.database, ['sales']),
    registerStaff(t.app, t.database, ['admin']),
  ]);
  const [a, b] = await Promise.all([companyWithEveryRole(t.app, '江苏资料制药'), companyWithEveryRole(t.app, '浙江对手制药')]);
  acme = { members: a.members, name: a.company.name };
  rival = { members: b.members, name: b.company.name };
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const h = (session: { token: string }, ip?: string): Headers => ({ ...bearer(session.token), ...(ip ? { 'x-forwarded-for': ip } : {}) });
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorOf = (response: Parameters<typeof parsed>[0]) => parsed(response, ErrorResponse).error;
const issuesOf = (response: Parameters<typeof parsed>[0]) => (errorOf(response).details ?? []) as ValidationIssue[];
const titles = async (session: { token: string }) => parsed(await call('GET', '/api/app/notice?pageSize=100', h(session)), NoticePage).items.map((notice) => notice.title);
const letter = (session: Session, body: Partial<DocumentRequestBody> = {}) =>
  call('POST', '/api/app/document-request', h(session), { excipientId: product.excipientId, kind: 'authorization', formulationName: '阿莫西林胶囊', ...body });
const publish = async (title: string) =>
  parsed(await call('POST', '/api/admin/confidentiality-agreement', quality.headers, { title, body: `甲乙双方就注册资料的使用与保密约定如下：${title}。乙方仅将资料用于制剂注册申报。`, effectiveOn: beijingDay(clock.now()) }), ConfidentialityAgreement);
const sign = async (session: Session, version: number, ip = newIp()) => parsed(await call('POST', '/api/app/confidentiality-agreement/accept', h(session, ip), { version }), MyConfidentiality);
const upload = (id: number, bytes: Buffer, type = 'application/pdf') => {
  const form = multipart(bytes, 'document.pdf', type);
  return t.app.inject({ method: 'POST', url: `/api/admin/document-request/${id}/file`, headers: { ...quality.headers, ...form.headers }, payload: form.payload });
};
const download = (session: Session, id: number, copy?: 'original') => call('GET', `/api/app/document-request/${id}/file${copy ? '?copy=original' : ''}`, h(session, '198.51.100.23'));
/** The text of each page of a PDF, as pdftotext reads it. */
const pages = (pdf: Buffer) => pdfText(pdf).split('\f').slice(0, -1);

let v1: ConfidentialityAgreement;

describe('the confidentiality agreement', () => {
  it('is published in versions by the quality staff, and read by everyone signed in', async () => {
    expect((await call('POST', '/api/admin/confidentiality-agreement', sales.headers, { title: '保密协议', body: '甲乙双方就注册资料的使用与保密约定如下：一、……', effectiveOn: '2026-01-01' })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/confidentiality-agreement', admin.headers, { title: '保密协议', body: '甲乙双方就注册资料的使用与保密约定如下：一、……', effectiveOn: '2026-01-01' })).statusCode).toBe(403);
    const before = parsed(await call('GET', '/api/app/confidentiality-agreement', h(acme.members.quality)), MyConfidentiality);
    expect(before.current).toBeNull();
    expect((await letter(acme.members.quality)).statusCode).toBe(409);
    v1 = await publish('注册资料保密协议');
    expect(v1.version).toBe(1);
    const list = parsed(await call('GET', '/api/admin/confidentiality-agreement', admin.headers), AdminConfidentialityList);
    expect(list.items[0]).toMatchObject({ version: 1, acceptances: 0 });
    const audit = parsed(await call('GET', '/api/admin/audit?entityType=confidentiality_agreement', admin.headers), AuditPage);
    expect(audit.items.map((entry) => entry.action)).toContain('confidentiality.publish');
  });

  it('may be signed only by a company’s 质量 or 研发 member; others are told why', async () => {
    const loner = await registerMember(t.app);
    const view = parsed(await call('GET', '/api/app/confidentiality-agreement', h(loner)), MyConfidentiality);
    expect(view).toMatchObject({ canSign: false, company: null, accepted: false, current: { version: 1 } });
    const noCompany = await call('POST', '/api/app/confidentiality-agreement/accept', h(loner), { version: 1 });
    expect(noCompany.statusCode).toBe(403);
    expect(errorOf(noCompany).message).toContain('创建或加入企业');
    for (const role of ['admin', 'purchasing', 'finance'] as const) {
      const refused = await call('POST', '/api/app/confidentiality-agreement/accept', h(acme.members[role]), { version: 1 });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toContain('质量或研发');
    }
  });

  it('is required before a first request, and keeps the evidence of the signature', async () => {
    const refused = await letter(acme.members.quality);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'confidentiality_required' });
    expect(errorOf(refused).message).toContain('第 1 版');
    // A stale version is refused; the current one is recorded once, with the caller's address.
    expect(errorOf(await call('POST', '/api/app/confidentiality-agreement/accept', h(acme.members.quality), { version: 2 })).code).toBe('confidentiality_required');
    const signed = await sign(acme.members.quality, 1, '203.0.113.77');
    expect(signed.accepted).toBe(true);
    expect(signed.acceptances).toHaveLength(1);
    const again = await sign(acme.members.quality, 1, '203.0.113.99');
    expect(again.acceptances).toHaveLength(1);
    // The company's members see who signed which version.
    const seenByAdmin = parsed(await call('GET', '/api/app/confidentiality-agreement', h(acme.members.admin)), MyConfidentiality);
    expect(seenByAdmin.acceptances).toEqual(signed.acceptances);
    expect(seenByAdmin.accepted).toBe(false);
    const seenByRival = parsed(await call('GET', '/api/app/confidentiality-agreement', h(rival.members.quality)), MyConfidentiality);
    expect(seenByRival.acceptances).toEqual([]);

    const created = await letter(acme.members.quality);
    expect(created.statusCode).toBe(201);
    const request = parsed(created, DocumentRequest);
    expect(request).toMatchObject({ status: 'pending', kind: 'authorization', regNo: 'F20190000123', applicant: acme.name, agreementVersion: 1, company: acme.name });
    const desk = parsed(await call('GET', `/api/admin/document-request/${request.id}`, quality.headers), AdminDocumentRequest);
    expect(desk.agreement).toMatchObject({ version: 1, ip: '203.0.113.77', company: acme.name, signerId: acme.members.quality.user.id });
    expect(desk.registrationNumbers).toEqual(['F20190000123', 'F20200000456']);
    expect(await titles(quality)).toContain(`新的资料申请 ${request.number}`);
  });
});

describe('requests', () => {
  it('checks what each kind needs', async () => {
    const member = acme.members.quality;
    expect(issuesOf(await letter(member, { formulationName: undefined })).map((issue) => issue.path)).toContain('body.formulationName');
    expect(issuesOf(await letter(member, { regNo: 'F19990000000' })).map((issue) => issue.path)).toContain('body.regNo');
    const unregisteredProduct = await letter(member, { excipientId: unregistered.excipientId });
    expect(unregisteredProduct.statusCode).toBe(409);
    expect(errorOf(unregisteredProduct).message).toContain('登记号');
    expect((await letter(member, { excipientId: 999_999 })).statusCode).toBe(404);
    const audit = await letter(member, { kind: 'audit' });
    expect(issuesOf(audit).map((issue) => issue.path).sort()).toEqual(['body.auditDates', 'body.auditScope']);
    expect(parsed(await letter(member, { regNo: 'F20200000456', applicant: '江苏资料药业（申请人）' }), DocumentRequest)).toMatchObject({ regNo: 'F20200000456', applicant: '江苏资料药业（申请人）' });
  });

  it('refuses members of other roles and users without a company, in Chinese', async () => {
    const purchasing = await letter(acme.members.purchasing);
    expect(purchasing.statusCode).toBe(403);
    expect(errorOf(purchasing).message).toContain('质量或研发');
    const loner = await letter(await registerMember(t.app));
    expect(loner.statusCode).toBe(403);
    expect(errorOf(loner).message).toContain('创建或加入企业');
  });

  it('are seen by the company’s 管理员, 质量 and 研发 only; withdrawn by the requester while pending', async () => {
    await sign(acme.members.rnd, 1);
    const request = parsed(await call('POST', '/api/app/document-request', h(acme.members.rnd), { excipientId: product.excipientId, kind: 'change_history' }), DocumentRequest);
    for (const role of ['admin', 'quality', 'rnd'] as const) {
      expect((await call('GET', `/api/app/document-request/${request.id}`, h(acme.members[role]))).statusCode).toBe(200);
      const list = parsed(await call('GET', '/api/app/document-request', h(acme.members[role])), DocumentRequestPage);
      expect(list.items.map((item) => item.id)).toContain(request.id);
    }
    for (const session of [acme.members.purchasing, acme.members.finance, rival.members.admin, rival.members.quality]) {
      expect((await call('GET', `/api/app/document-request/${request.id}`, h(session))).statusCode).toBe(404);
      expect((await call('GET', `/api/app/document-request/${request.id}/file`, h(session))).statusCode).toBe(404);
      expect((await call('POST', `/api/app/document-request/${request.id}/withdraw`, h(session))).statusCode).toBe(404);
    }
    expect(parsed(await call('GET', '/api/app/document-request', h(acme.members.purchasing)), DocumentRequestPage).totalCount).toBe(0);
    const colleague = await call('POST', `/api/app/document-request/${request.id}/withdraw`, h(acme.members.quality));
    expect(colleague.statusCode).toBe(403);
    expect((await call('GET', `/api/app/document-request/${request.id}/file`, h(acme.members.rnd))).statusCode).toBe(409);
    const withdrawn = parsed(await call('POST', `/api/app/document-request/${request.id}/withdraw`, h(acme.members.rnd)), DocumentRequest);
    expect(withdrawn.status).toBe('withdrawn');
    expect((await call('POST', `/api/app/document-request/${request.id}/withdraw`, h(acme.members.rnd))).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, {})).statusCode).toBe(409);
  });

  it('need the new version signed after the staff publish one', async () => {
    await sign(rival.members.quality, 1);
    expect((await letter(rival.members.quality)).statusCode).toBe(201);
    const v2 = await publish('注册资料保密协议（2026 修订）');
    expect(v2.version).toBe(2);
    const refused = await letter(rival.members.quality);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('第 2 版');
    const view = parsed(await call('GET', '/api/app/confidentiality-agreement', h(rival.members.quality)), MyConfidentiality);
    expect(view).toMatchObject({ accepted: false, current: { version: 2 } });
    await sign(rival.members.quality, 2);
    const request = parsed(await letter(rival.members.quality), DocumentRequest);
    expect(request.agreementVersion).toBe(2);
    // Everyone re-signs: the company's first signer too.
    await sign(acme.members.quality, 2);
    await sign(acme.members.rnd, 2);
  });
});

describe('the quality desk', () => {
  it('is read by administrators and worked by the quality staff only', async () => {
    const page = parsed(await call('GET', '/api/admin/document-request?status=pending', admin.headers), AdminDocumentRequestPage);
    expect(page.countsByStatus.pending).toBeGreaterThan(0);
    const id = page.items[0]!.id;
    expect((await call('POST', `/api/admin/document-request/${id}/refuse`, admin.headers, { reason: '不符合要求' })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/document-request/${id}/approve`, sales.headers, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/document-request', sales.headers)).statusCode).toBe(403);
  });

  it('delivers an uploaded document stamped on every page with the company, the day and the number; every download is logged', async () => {
    const request = parsed(await call('POST', '/api/app/document-request', h(acme.members.quality), { excipientId: product.excipientId, kind: 'quality_agreement', note: '用于年度供应商审计' }), DocumentRequest);
    const noFile = await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, {});
    expect(noFile.statusCode).toBe(409);
    expect(errorOf(noFile).message).toContain('请先上传');
    expect((await upload(request.id, Buffer.from('not a pdf'), 'application/pdf')).statusCode).toBe(415);
    const original = await chinesePdf('质量协议', Array.from({ length: 90 }, (_, i) => ({ text: `第 ${i + 1} 条 供方应保证产品符合注册标准。` })), '质量协议');
    expect(pages(original).length).toBeGreaterThanOrEqual(2);
    expect(parsed(await upload(request.id, original), AdminDocumentRequest).staffFile).toEqual({ generated: false, sealed: false });
    const approved = parsed(await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, { validUntil: '2099-12-31' }), AdminDocumentRequest);
    expect(approved).toMatchObject({ status: 'approved', file: { sealed: false } });
    expect(approved.expiresAt).toBe('2099-12-31T16:00:00.000Z');
    expect((await call('POST', `/api/admin/document-request/${request.id}/refuse`, quality.headers, { reason: '重复' })).statusCode).toBe(409);
    expect(await titles(acme.members.quality)).toContain('资料申请已批准');
    expect(await titles(acme.members.admin)).toContain('资料申请已批准');

    const got = await download(acme.members.admin, request.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    const stamped = got.rawPayload;
    const texts = pages(stamped);
    expect(texts).toHaveLength(pages(original).length);
    for (const text of texts) {
      expect(text).toContain(acme.name);
      expect(text).toContain(beijingDay(clock.now()));
      expect(text).toContain(request.number);
    }
    expect(pdfText(stamped)).toContain('第 1 条 供方应保证产品符合注册标准');
    expect((await download(acme.members.admin, request.id, 'original')).statusCode).toBe(409);

    const desk = parsed(await call('GET', `/api/admin/document-request/${request.id}`, quality.headers), AdminDocumentRequest);
    expect(desk.downloads).toHaveLength(1);
    expect(desk.downloads[0]).toMatchObject({ ip: '198.51.100.23', copy: 'watermarked' });
    const audit = parsed(await call('GET', `/api/admin/audit?entityType=document_request&entityId=${request.id}`, admin.headers), AuditPage);
    expect(audit.items.map((entry) => entry.action).sort()).toEqual(['document-request.approve', 'document-request.create', 'document-request.upload']);
  });

  it('delivers a sealed original untouched besides its stamped copy', async () => {
    const request = parsed(await call('POST', '/api/app/document-request', h(acme.members.rnd), { excipientId: product.excipientId, kind: 'eip' }), DocumentRequest);
    const original = await chinesePdf('IPEC EIP', [{ text: '辅料信息包（电子签章版）' }], 'EIP');
    await upload(request.id, original);
    const approved = parsed(await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, { sealed: true }), AdminDocumentRequest);
    expect(approved.file).toEqual({ sealed: true });
    const sealed = await download(acme.members.rnd, request.id, 'original');
    expect(sealed.statusCode).toBe(200);
    expect(Buffer.compare(sealed.rawPayload, original)).toBe(0);
    const copy = (await download(acme.members.rnd, request.id)).rawPayload;
    expect(Buffer.compare(copy, original)).not.toBe(0);
    expect(pdfText(copy)).toContain(acme.name);
    const desk = parsed(await call('GET', `/api/admin/document-request/${request.id}`, quality.headers), AdminDocumentRequest);
    expect(desk.downloads.map((entry) => entry.copy).sort()).toEqual(['original', 'watermarked']);
  });

  it('writes the letter of authorization from the template when none was uploaded', async () => {
    const request = parsed(await letter(acme.members.quality, { formulationName: '二甲双胍缓释片' }), DocumentRequest);
    const approved = parsed(await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, { validUntil: '2099-06-30' }), AdminDocumentRequest);
    expect(approved.staffFile).toEqual({ generated: true, sealed: false });
    const text = pdfText((await download(acme.members.quality, request.id)).rawPayload).replace(/\s+/g, '');
    for (const part of ['授权使用书', '微晶纤维素', 'F20190000123', '二甲双胍缓释片', acme.name, '2099-06-30', request.number]) expect(text).toContain(part);
  });

  it('refuses with a reason, and confirms an audit with a note', async () => {
    const request = parsed(await letter(acme.members.quality), DocumentRequest);
    expect(issuesOf(await call('POST', `/api/admin/document-request/${request.id}/refuse`, quality.headers, { reason: ' ' })).length).toBeGreaterThan(0);
    const refused = parsed(await call('POST', `/api/admin/document-request/${request.id}/refuse`, quality.headers, { reason: '制剂名称与注册申请不符' }), AdminDocumentRequest);
    expect(refused).toMatchObject({ status: 'refused', refuseReason: '制剂名称与注册申请不符' });
    expect(await titles(acme.members.quality)).toContain('资料申请未通过');
    expect((await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, {})).statusCode).toBe(409);

    const audit = parsed(await letter(acme.members.quality, { kind: 'audit', auditDates: '2026-12-15 至 2026-12-16', auditScope: '生产车间、质量控制实验室与仓库' }), DocumentRequest);
    expect(issuesOf(await call('POST', `/api/admin/document-request/${audit.id}/approve`, quality.headers, {})).map((issue) => issue.path)).toEqual(['body.note']);
    const confirmed = parsed(await call('POST', `/api/admin/document-request/${audit.id}/approve`, quality.headers, { note: '确认 12 月 15 日上午 9 点到厂' }), AdminDocumentRequest);
    expect(confirmed).toMatchObject({ status: 'approved', file: null, expiresAt: null, decisionNote: '确认 12 月 15 日上午 9 点到厂' });
    expect((await download(acme.members.quality, audit.id)).statusCode).toBe(409);
  });

  it('stops downloads once the access has run out', async () => {
    const request = parsed(await call('POST', '/api/app/document-request', h(acme.members.quality), { excipientId: product.excipientId, kind: 'change_history' }), DocumentRequest);
    await upload(request.id, await chinesePdf('变更历史', [{ text: '2024 年变更包装供应商' }], '变更历史'));
    // Access until the end of today (Beijing): downloads work today, not two days later.
    expect(parsed(await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, { validUntil: '2000-01-01' }), ErrorResponse).error.code).toBe('validation_failed');
    parsed(await call('POST', `/api/admin/document-request/${request.id}/approve`, quality.headers, { validUntil: beijingDay(clock.now()) }), AdminDocumentRequest);
    expect((await download(acme.members.quality, request.id)).statusCode).toBe(200);
    clock.advance(2 * 24 * 60 * 60 * 1000);
    const expired = await download(acme.members.quality, request.id);
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired)).toMatchObject({ code: 'document_request_expired' });
    expect(errorOf(expired).message).toContain('查阅期限');
    expect(parsed(await call('GET', `/api/app/document-request/${request.id}`, h(acme.members.quality)), DocumentRequest).status).toBe('expired');
    const tab = parsed(await call('GET', '/api/admin/document-request?status=expired', quality.headers), AdminDocumentRequestPage);
    expect(tab.items.map((item) => item.id)).toContain(request.id);
    expect(tab.countsByStatus.expired).toBeGreaterThanOrEqual(1);
  });
});
