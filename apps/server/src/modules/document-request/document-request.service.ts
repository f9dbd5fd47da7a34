import {
  DOCUMENT_ACCESS_DAYS,
  DOCUMENT_REQUEST_ROLES,
  DOCUMENT_REQUEST_SEEING_ROLES,
  DOCUMENT_REQUEST_STATES,
  documentCopyLabels,
  documentRequestKindLabels,
  documentRequestStateLabels,
  paths,
  withQuery,
  type AdminConfidentialityList,
  type AdminDocumentRequest,
  type AdminDocumentRequestPage,
  type AdminDocumentRequestQuery,
  type CompanyRoleName,
  type ConfidentialityAgreement,
  type DocumentApproveBody,
  type DocumentCopyName,
  type DocumentRequest,
  type DocumentRequestBody,
  type DocumentRequestPage,
  type DocumentRequestQuery,
  type DocumentRequestStateName,
  type MyConfidentiality,
  type PublishConfidentialityBody,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError, validationError } from '../../http/errors.js';
import { addDays, beijingDay, beijingDayEnd, chinaDate } from '../../shared/beijing-time.js';
import { isMobile, maskAccount } from '../../shared/masking.js';
import type { UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import { chinesePdf } from '../files/chinese-pdf.js';
import type { FileStore } from '../files/file-store.js';
import { isPdf } from '../files/pdf.js';
import { stampPdf } from '../files/pdf-stamp.js';
import type { MessageService } from '../messages/message.service.js';
import { shownName, tellBuyerSide } from '../notice/buyer-updates.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { SiteService } from '../site/site.service.js';
import { ownDocumentRequest, type DocumentRequestRepositories } from './document-request.repositories.js';
import type { AgreementRow, DocumentMembership, DocumentRequestChanges, DocumentRequestListRow, DocumentRequestRepository } from './document-request.repository.js';

const NOT_FOUND = '资料申请不存在';
const DELETED = '已注销用户';
const NO_COMPANY = '注册资料以企业名义申请：请先在“企业信息”中创建或加入企业';
const WRONG_ROLE = '只有企业的质量或研发成员可以申请注册资料和签署保密协议，请联系企业管理员为您设置角色';

/** Requests are numbered by the day they were made in China. */
export const documentRequestNumber = (id: number, at: Date) => `ZL${chinaDate(at)}${String(id).padStart(6, '0')}`;

const holds = (membership: DocumentMembership | undefined, roles: readonly CompanyRoleName[]) => membership !== undefined && membership.roles.some((role) => roles.includes(role));
const sees = (membership: DocumentMembership | undefined, row: DocumentRequestListRow) =>
  membership?.companyId === row.companyId && holds(membership, DOCUMENT_REQUEST_SEEING_ROLES);

/** What the audit log keeps of a request's step. */
const auditState = (row: { status: string; fileKey: string | null; expiresAt: Date | null }) => ({ status: row.status, file: row.fileKey !== null, expiresAt: row.expiresAt });

const agreementOf = (row: AgreementRow): ConfidentialityAgreement => ({
  version: row.version,
  title: row.title,
  body: row.body,
  effectiveOn: row.effectiveOn,
  publishedAt: row.publishedAt.toISOString(),
});

export interface DocumentRequestServiceDeps {
  documentRequests: DocumentRequestRepository;
  transactor: Transactor<DocumentRequestRepositories>;
  users: Pick<UserDirectory, 'findById' | 'names'>;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  messages: Pick<MessageService, 'send'>;
  files: FileStore;
  site: Pick<SiteService, 'profile'>;
  siteUrl: string;
  now: () => Date;
}

/**
 * Regulatory documents under the confidentiality agreement (docs/decisions/0069-document-requests-and-
 * confidentiality.md). The quality staff publish the 保密协议 in versions; a company's 质量 or 研发 member
 * signs the current one (click-wrap: version, name, company, time, address, never changed) and asks for
 * a product's 授权使用书, 质量协议, EIP, change history or an on-site audit. The quality desk delivers a
 * PDF (uploaded, or the letter of authorization generated from the template) or refuses with a reason;
 * the company's 管理员, 质量 and 研发 download what was delivered, stamped with the company's name, the
 * day and the request's number, until the access runs out. Every download is logged.
 */
export class DocumentRequestService {
  constructor(private readonly deps: DocumentRequestServiceDeps) {}

  private get repo() {
    return this.deps.documentRequests;
  }

  // ——— the agreement ———

  async confidentiality(user: UserRow): Promise<MyConfidentiality> {
    const [current, membership] = await Promise.all([this.repo.currentAgreement(), this.repo.membershipOf(user.id)]);
    const accepted = current ? (await this.repo.acceptanceOf(current.id, user.id)) !== undefined : false;
    const acceptances = membership ? await this.repo.companyAcceptances(membership.companyId) : [];
    return {
      current: current ? agreementOf(current) : null,
      accepted,
      canSign: holds(membership, DOCUMENT_REQUEST_ROLES),
      company: membership?.companyName ?? null,
      acceptances: acceptances.map((row) => ({ version: row.version, signer: row.signerName, acceptedAt: row.acceptedAt.toISOString() })),
    };
  }

  /** Signs the current version (the one the page showed): the evidence is written once and never changed. */
  async accept(user: UserRow, actor: StaffActor, version: number): Promise<MyConfidentiality> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.documentRequests;
      const membership = await this.requester(user, repo);
      const current = await repo.currentAgreement();
      if (!current) throw new AppError('conflict', '保密协议尚未发布，请稍后再试');
      if (version !== current.version) throw new AppError('confidentiality_required', `保密协议已更新为第 ${current.version} 版，请阅读新版本后再签署`);
      if (await repo.acceptanceOf(current.id, user.id)) return;
      const now = this.deps.now();
      const row = await repo.accept({
        agreementId: current.id,
        version: current.version,
        userId: user.id,
        signerName: user.name || user.nickName || maskAccount(user.account),
        companyId: membership.companyId,
        companyName: membership.companyName,
        ip: actor.ip,
        acceptedAt: now,
      });
      await recordChange(within, actor, {
        action: 'confidentiality.accept',
        entityType: 'confidentiality_agreement',
        entityId: current.version,
        summary: `${membership.companyName} 的 ${row.signerName} 签署保密协议第 ${current.version} 版`,
        before: null,
        after: { acceptance: row.id, version: current.version, company: membership.companyId, ip: actor.ip },
      });
    });
    return this.confidentiality(user);
  }

  async adminAgreements(): Promise<AdminConfidentialityList> {
    const rows = await this.repo.agreements();
    return { items: rows.map((row) => ({ ...agreementOf(row), acceptances: row.acceptances })) };
  }

  /** Publishes the next version: from now on members sign it before their next request. */
  async publish(staff: UserRow, actor: StaffActor, body: PublishConfidentialityBody): Promise<ConfidentialityAgreement> {
    return this.deps.transactor.transaction(async (within) => {
      const row = await within.documentRequests.publish({ title: body.title, body: body.body, effectiveOn: body.effectiveOn, publishedBy: staff.id, publishedAt: this.deps.now() });
      await recordChange(within, actor, {
        action: 'confidentiality.publish',
        entityType: 'confidentiality_agreement',
        entityId: row.version,
        summary: `发布保密协议第 ${row.version} 版（${row.title}，${row.effectiveOn} 生效）`,
        before: null,
        after: { version: row.version, title: row.title, effectiveOn: row.effectiveOn, length: row.body.length },
      });
      return agreementOf(row);
    });
  }

  // ——— the company's side ———

  /** The caller's company membership, when they may ask and sign: 403 otherwise, saying why. */
  private async requester(user: UserRow, repo: DocumentRequestRepository): Promise<DocumentMembership> {
    const membership = await repo.membershipOf(user.id);
    if (!membership) throw new AppError('forbidden', NO_COMPANY);
    if (!holds(membership, DOCUMENT_REQUEST_ROLES)) throw new AppError('forbidden', WRONG_ROLE);
    return membership;
  }

  async list(user: UserRow, query: DocumentRequestQuery): Promise<DocumentRequestPage> {
    const membership = await this.repo.membershipOf(user.id);
    if (!holds(membership, DOCUMENT_REQUEST_SEEING_ROLES)) return { items: [], totalCount: 0 };
    const now = this.deps.now();
    const { rows, totalCount } = await this.repo.page({ companyId: membership!.companyId, status: query.status }, now, 'newest', query.pageSize, (query.page - 1) * query.pageSize);
    return { items: await this.views(rows, user), totalCount };
  }

  async detail(user: UserRow, id: number): Promise<DocumentRequest> {
    const row = await this.seen(user, id);
    return (await this.views([row], user))[0]!;
  }

  private async seen(user: UserRow, id: number): Promise<DocumentRequestListRow> {
    const [membership, row] = await Promise.all([this.repo.membershipOf(user.id), this.repo.find(id, this.deps.now())]);
    if (!row || !sees(membership, row)) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  async create(user: UserRow, actor: StaffActor, body: DocumentRequestBody): Promise<DocumentRequest> {
    const id = await this.deps.transactor.transaction(async (within) => {
      const repo = within.documentRequests;
      const membership = await this.requester(user, repo);
      const current = await repo.currentAgreement();
      if (!current) throw new AppError('confidentiality_required', '保密协议尚未发布，暂不能申请注册资料');
      const acceptance = await repo.acceptanceOf(current.id, user.id);
      if (!acceptance) {
        throw new AppError('confidentiality_required', `申请注册资料前，请先阅读并签署保密协议（第 ${current.version} 版）`);
      }
      const product = await repo.product(body.excipientId);
      if (!product) throw new AppError('not_found', '产品不存在');
      const fields = this.kindFields(body, product.regNos, membership.companyName);
      const now = this.deps.now();
      const id = await repo.nextId();
      const number = documentRequestNumber(id, now);
      await repo.insert(id, number, {
        kind: body.kind,
        excipientId: product.id,
        productName: product.name,
        ...fields,
        note: body.note || null,
        userId: user.id,
        companyId: membership.companyId,
        acceptanceId: acceptance.id,
        createdAt: now,
        updatedAt: now,
      });
      const what = `${documentRequestKindLabels[body.kind]}（${product.name}）`;
      await recordChange(within, actor, {
        action: 'document-request.create',
        entityType: 'document_request',
        entityId: id,
        summary: `${membership.companyName} 申请${what}：${number}`,
        before: null,
        after: { number, kind: body.kind, excipient: product.id, company: membership.companyId, agreementVersion: current.version },
      });
      await this.deps.staffAlerts.tell(
        ['quality'],
        { kind: '资料申请', number, title: `新的资料申请 ${number}`, body: `${membership.companyName} 申请${what}，请审核。`, link: withQuery(paths.adminDocumentRequests, { id }) },
        within,
      );
      return id;
    });
    return this.detail(user, id);
  }

  /** What each kind needs: the letter names the 制剂 and the applicant and one of the product's registration numbers; an audit its dates and scope. */
  private kindFields(body: DocumentRequestBody, regNos: string[], companyName: string) {
    const none = { regNo: null, formulationName: null, applicant: null, auditDates: null, auditScope: null };
    if (body.kind === 'authorization') {
      const issues = [];
      if (!body.formulationName) issues.push({ path: 'body.formulationName', message: '请填写贵司的制剂产品名称' });
      if (body.regNo && !regNos.includes(body.regNo)) issues.push({ path: 'body.regNo', message: `${body.regNo} 不是该产品的登记号` });
      if (issues.length > 0) throw validationError(issues);
      if (regNos.length === 0) throw new AppError('document_request_state', '该产品暂无 CDE 登记号，不能申请授权使用书');
      return { ...none, regNo: body.regNo || regNos[0]!, formulationName: body.formulationName!, applicant: body.applicant || companyName };
    }
    if (body.kind === 'audit') {
      const issues = [];
      if (!body.auditDates) issues.push({ path: 'body.auditDates', message: '请填写拟定的审计日期' });
      if (!body.auditScope) issues.push({ path: 'body.auditScope', message: '请填写审计范围' });
      if (issues.length > 0) throw validationError(issues);
      return { ...none, auditDates: body.auditDates!, auditScope: body.auditScope! };
    }
    return none;
  }

  /** The requester takes back a request the staff have not decided yet. */
  async withdraw(user: UserRow, actor: StaffActor, id: number): Promise<DocumentRequest> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.documentRequests;
      const now = this.deps.now();
      const [membership, row] = [await repo.membershipOf(user.id), await repo.find(id, now, true)];
      if (!row || !sees(membership, row)) throw new AppError('not_found', NOT_FOUND);
      if (row.userId !== user.id) throw new AppError('forbidden', '只有申请人本人可以撤回申请');
      if (row.status !== 'pending') throw wrongState(row, '撤回');
      await repo.update(row.id, { status: 'withdrawn', closedAt: now }, now);
      await recordChange(within, actor, {
        action: 'document-request.withdraw',
        entityType: 'document_request',
        entityId: row.id,
        summary: `撤回资料申请 ${row.number}`,
        before: auditState(row),
        after: { ...auditState(row), status: 'withdrawn' },
      });
    });
    return this.detail(user, id);
  }

  /**
   * A delivered document: the stamped copy (company, day, number on every page), or the sealed original
   * untouched. The download is logged first; an expired request answers 403.
   */
  async file(user: UserRow, ip: string, id: number, copy: DocumentCopyName): Promise<{ bytes: Buffer; name: string }> {
    const row = await this.seen(user, id);
    const now = this.deps.now();
    if (row.status === 'expired') {
      throw new AppError('document_request_expired', `资料申请 ${row.number} 的查阅期限已于 ${beijingDay(new Date(row.expiresAt!.getTime() - 1))} 结束，如需继续使用请重新申请`);
    }
    if (row.status !== 'approved') throw new AppError('document_request_state', `资料申请 ${row.number} ${documentRequestStateLabels[row.status]}，没有可下载的文件`);
    if (!row.fileKey) throw new AppError('document_request_state', `资料申请 ${row.number} 没有交付文件（${documentRequestKindLabels[row.kind]}）`);
    if (copy === 'original' && !row.fileSealed) throw new AppError('document_request_state', '该文件没有电子签章，请下载水印版');
    const file = await this.deps.files.get(row.fileKey);
    if (!file) throw new AppError('not_found', '文件不存在');
    const day = beijingDay(now);
    const bytes =
      copy === 'original'
        ? file.bytes
        : await stampPdf(file.bytes, `${row.companyName} · ${day} · ${row.number}`, `本文件仅供 ${row.companyName} 使用 · 下载于 ${day} · 申请编号 ${row.number} · 未经书面许可不得向第三方提供`);
    await this.repo.logDownload({ requestId: row.id, userId: user.id, name: shownName(user), ip, copy, at: now });
    const base = `${documentRequestKindLabels[row.kind].replace(/[（）()\s]/g, '')}-${row.productName}-${row.number}`;
    return { bytes, name: copy === 'original' ? `${base}-${documentCopyLabels.original}.pdf` : `${base}.pdf` };
  }

  // ——— the desk ———

  async adminList(query: AdminDocumentRequestQuery): Promise<AdminDocumentRequestPage> {
    const { rows, totalCount, counts } = await this.repo.page({ status: query.status, keyword: query.keyword || undefined }, this.deps.now(), 'pending first', query.pageSize, (query.page - 1) * query.pageSize);
    const countsByStatus = Object.fromEntries(DOCUMENT_REQUEST_STATES.map((status) => [status, 0])) as Record<DocumentRequestStateName, number>;
    for (const { status, n } of counts) countsByStatus[status] = n;
    return { items: await this.views(rows, undefined), totalCount, countsByStatus };
  }

  async adminDetail(id: number): Promise<AdminDocumentRequest> {
    const row = await this.repo.find(id, this.deps.now());
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const [[view], acceptance, downloads, [requester], regNos] = await Promise.all([
      this.views([row], undefined),
      this.repo.acceptance(row.acceptanceId),
      this.repo.downloads(row.id),
      this.deps.users.names([row.userId]),
      this.repo.regNosOf(row.excipientId),
    ]);
    return {
      ...view!,
      requesterAccount: !requester || requester.deletedAt ? DELETED : requester.account,
      companyId: row.companyId,
      registrationNumbers: regNos,
      agreement: {
        id: acceptance!.id,
        version: acceptance!.version,
        signerId: acceptance!.userId,
        signer: acceptance!.signerName,
        company: acceptance!.companyName,
        acceptedAt: acceptance!.acceptedAt.toISOString(),
        ip: acceptance!.ip,
      },
      staffFile: row.fileKey ? { generated: row.fileGenerated, sealed: row.fileSealed } : null,
      downloads: downloads.map((download) => ({ id: download.id, at: download.at.toISOString(), who: download.name, account: maskAccount(download.account), ip: download.ip, copy: download.copy })),
    };
  }

  async adminFile(id: number): Promise<{ bytes: Buffer; contentType: string; name: string }> {
    const row = await this.repo.find(id, this.deps.now());
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const file = row.fileKey ? await this.deps.files.get(row.fileKey) : undefined;
    if (!file) throw new AppError('not_found', '尚未上传或生成文件');
    return { ...file, name: `${row.number}-原件.pdf` };
  }

  /** The document to deliver, uploaded before approval; a newer upload replaces it. */
  async upload(staff: UserRow, actor: StaffActor, id: number, bytes: Buffer): Promise<AdminDocumentRequest> {
    if (!isPdf(bytes)) throw new AppError('unsupported_media_type', '请上传 PDF 文件');
    return this.staffStep(actor, id, async (within, row, now) => {
      if (row.status !== 'pending') throw wrongState(row, '上传文件');
      const key = await this.deps.files.put({ ownerId: staff.id, contentType: 'application/pdf', extension: 'pdf', bytes, personal: false }, within);
      if (row.fileKey) await this.deps.files.deleteRecord(row.fileKey, within);
      await ownDocumentRequest(within).documentRequests.update(row.id, { fileKey: key, fileGenerated: false }, now);
      return { action: 'document-request.upload', summary: `上传资料申请 ${row.number} 的文件（${Math.ceil(bytes.length / 1024)} KB）`, changes: { fileKey: key } };
    });
  }

  /**
   * Approves: the document is delivered (the letter of authorization is generated when none was
   * uploaded) with access until the day chosen (a year by default); an audit is confirmed with a note.
   */
  async approve(staff: UserRow, actor: StaffActor, id: number, body: DocumentApproveBody): Promise<AdminDocumentRequest> {
    // Read before the transaction: the settings are not read through it (an embedded database serves one query at a time).
    const supplier = (await this.deps.site.profile()).company;
    return this.staffStep(
      actor,
      id,
      async (within, row, now) => {
        if (row.status !== 'pending') throw wrongState(row, '批准');
        const today = beijingDay(now);
        let changes: DocumentRequestChanges;
        if (row.kind === 'audit') {
          if (!body.note) throw validationError([{ path: 'body.note', message: '请写明确认的审计日期与安排' }]);
          changes = { status: 'approved', approvedAt: now, decisionNote: body.note, decidedBy: staff.id, closedAt: now, expiresAt: null };
        } else {
          const validUntil = body.validUntil ?? addDays(today, DOCUMENT_ACCESS_DAYS);
          if (validUntil < today) throw validationError([{ path: 'body.validUntil', message: '查阅期限不能早于今天' }]);
          let fileKey = row.fileKey;
          let generated = row.fileGenerated;
          if (!fileKey) {
            if (row.kind !== 'authorization') throw new AppError('document_request_state', `请先上传要交付的${documentRequestKindLabels[row.kind]}（PDF）`);
            const letter = await this.letter(row, supplier, today, validUntil);
            fileKey = await this.deps.files.put({ ownerId: staff.id, contentType: 'application/pdf', extension: 'pdf', bytes: letter, personal: false }, within);
            generated = true;
          }
          changes = {
            status: 'approved',
            approvedAt: now,
            expiresAt: beijingDayEnd(validUntil),
            fileKey,
            fileGenerated: generated,
            fileSealed: !generated && body.sealed,
            decisionNote: body.note || null,
            decidedBy: staff.id,
            closedAt: now,
          };
        }
        await ownDocumentRequest(within).documentRequests.update(row.id, changes, now);
        const until = changes.expiresAt ? `，查阅期限至 ${beijingDay(new Date(changes.expiresAt.getTime() - 1))}` : '';
        return {
          action: 'document-request.approve',
          summary: `批准资料申请 ${row.number}${changes.fileGenerated && !row.fileKey ? '（按模板生成授权使用书）' : ''}${changes.fileSealed ? '（电子签章文件）' : ''}${until}`,
          changes,
          notice: {
            title: '资料申请已批准',
            body:
              row.kind === 'audit'
                ? `${row.companyName} 的现场审计申请（${row.productName}，${row.number}）已确认：${body.note}`
                : `${row.companyName} 申请的${documentRequestKindLabels[row.kind]}（${row.productName}，${row.number}）已批准，可在“注册资料”中下载${until}。下载的文件带有贵司名称与下载日期水印，请按保密协议使用。`,
          },
        };
      },
    );
  }

  async refuse(staff: UserRow, actor: StaffActor, id: number, reason: string): Promise<AdminDocumentRequest> {
    return this.staffStep(actor, id, async (within, row, now) => {
      if (row.status !== 'pending') throw wrongState(row, '驳回');
      const changes: DocumentRequestChanges = { status: 'refused', refuseReason: reason, decidedBy: staff.id, closedAt: now };
      await ownDocumentRequest(within).documentRequests.update(row.id, changes, now);
      return {
        action: 'document-request.refuse',
        summary: `驳回资料申请 ${row.number}：${reason}`,
        changes,
        notice: { title: '资料申请未通过', body: `${row.companyName} 申请的${documentRequestKindLabels[row.kind]}（${row.productName}，${row.number}）未通过：${reason}` },
      };
    });
  }

  /** A step of the quality staff on a locked request, with its audit entry and the company's notice, in one transaction. */
  private async staffStep(
    actor: StaffActor,
    id: number,
    work: (
      within: Tx,
      row: DocumentRequestListRow,
      now: Date,
    ) => Promise<{ action: 'document-request.upload' | 'document-request.approve' | 'document-request.refuse'; summary: string; changes: DocumentRequestChanges; notice?: { title: string; body: string } }>,
  ): Promise<AdminDocumentRequest> {
    await this.deps.transactor.transaction(async (within) => {
      const now = this.deps.now();
      const row = await within.documentRequests.find(id, now, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      const { action, summary, changes, notice } = await work(within, row, now);
      await recordChange(within, actor, { action, entityType: 'document_request', entityId: row.id, summary, before: auditState(row), after: auditState({ ...row, ...changes }) });
      if (notice) await this.tellCompany(row, notice, within);
    });
    return this.adminDetail(id);
  }

  /** The requester and the company's 管理员 hear of the staff's decision (site notice; e-mail per each person's switch). */
  private async tellCompany(row: DocumentRequestListRow, notice: { title: string; body: string }, within: Tx): Promise<void> {
    const requester = await this.deps.users.findById(row.userId, within);
    const admins = await ownDocumentRequest(within).documentRequests.companyMemberIds(row.companyId, ['admin']);
    await tellBuyerSide(
      this.deps,
      { requesterId: row.userId, contactName: requester ? shownName(requester) : DELETED, contactPhone: requester && isMobile(requester.account) ? requester.account : '' },
      admins,
      { kind: 'document_request', title: notice.title, body: notice.body, link: withQuery(paths.documentRequests, { id: row.id }), number: row.number, sms: null, linkLabel: '查看资料申请', about: '注册资料' },
      within,
    );
  }

  /** The letter of authorization (授权使用书) from the template: supplier, product, registration number, applicant, 制剂, validity, date. */
  private async letter(row: DocumentRequestListRow, supplier: string, today: string, validUntil: string): Promise<Buffer> {
    const blocks = [
      { text: '授权使用书', style: 'title' as const },
      { text: '致：国家药品监督管理局药品审评中心' },
      {
        text: `${supplier}（以下简称“我司”）生产的药用辅料“${row.productName}”已在国家药品监督管理局药品审评中心原料药、药用辅料和药包材登记信息平台登记，登记号为 ${row.regNo}。`,
      },
      { text: `现授权 ${row.applicant} 在其制剂“${row.formulationName}”的药品注册申请中引用上述登记资料，与该制剂关联审评审批。` },
      { text: '我司承诺：所登记产品的生产工艺、质量标准与登记资料一致；如有变更，将按照有关规定及时告知被授权方并履行相应的变更程序。' },
      { text: '本授权仅限于上述制剂的注册申报使用，不得转让，不得用于其他产品或其他用途。' },
      { text: `授权有效期：${today} 至 ${validUntil}。` },
      { text: `申请编号：${row.number}` },
      { text: `授权单位：${supplier}（盖章）`, style: 'heading' as const },
      { text: `日期：${today}` },
    ];
    return chinesePdf(`授权使用书 ${row.number}`, blocks, `${supplier} · 授权使用书 ${row.number}`, { date: this.deps.now() });
  }

  // ——— views ———

  private async views(rows: DocumentRequestListRow[], viewer: UserRow | undefined): Promise<DocumentRequest[]> {
    const names = new Map((await this.deps.users.names(rows.map((row) => row.userId))).map((row) => [row.id, row]));
    const versions = new Map<number, number>();
    for (const row of rows) {
      if (!versions.has(row.acceptanceId)) versions.set(row.acceptanceId, (await this.repo.acceptance(row.acceptanceId))?.version ?? 0);
    }
    return rows.map((row) => {
      const person = names.get(row.userId);
      return {
        id: row.id,
        number: row.number,
        kind: row.kind,
        status: row.status,
        excipient: { id: row.excipientId, name: row.productName },
        regNo: row.regNo,
        formulationName: row.formulationName,
        applicant: row.applicant,
        auditDates: row.auditDates,
        auditScope: row.auditScope,
        note: row.note,
        company: row.companyName,
        requester: person ? shownName(person) : DELETED,
        agreementVersion: versions.get(row.acceptanceId) ?? 0,
        decisionNote: row.decisionNote,
        refuseReason: row.refuseReason,
        approvedAt: row.approvedAt?.toISOString() ?? null,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        file: row.storedStatus === 'approved' && row.fileKey ? { sealed: row.fileSealed } : null,
        actions: {
          withdraw: viewer !== undefined && row.status === 'pending' && row.userId === viewer.id,
          download: viewer !== undefined && row.status === 'approved' && row.fileKey !== null,
        },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  // ——— deleting an account ———

  /** The user's pending requests are withdrawn; their downloads are signed 已注销用户; signatures stay as evidence. */
  async anonymise(userId: number, within: Tx): Promise<void> {
    const { documentRequests } = ownDocumentRequest(within);
    const now = this.deps.now();
    for (const row of await documentRequests.pendingOf(userId)) await documentRequests.update(row.id, { status: 'withdrawn', closedAt: now }, now);
    await documentRequests.renameDownloader(userId, DELETED);
  }
}

function wrongState(row: DocumentRequestListRow, what: string): AppError {
  return new AppError('document_request_state', `资料申请 ${row.number} ${documentRequestStateLabels[row.status]}，不能${what}`);
}
