import {
  CHANGE_NOTICE_COMPANY_ROLES,
  CHANGE_NOTICE_DOCUMENTS_MAX,
  changeImpactLevelLabels,
  changeNoticeKindLabels,
  changeNoticeStateLabels,
  paths,
  withQuery,
  type AdminChangeNotice,
  type AdminChangeNoticePage,
  type AdminChangeNoticeQuery,
  type ChangeNotice,
  type ChangeNoticeBody,
  type ChangeNoticePage,
  type ChangeNoticeQuery,
  type ChangeNoticeReasonName,
  type ChangeNoticeRemindResult,
  type ChangeNoticeReport,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError, validationError } from '../../http/errors.js';
import { chinaDate } from '../../shared/beijing-time.js';
import { isMobile, maskAccount } from '../../shared/masking.js';
import type { UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import { recordChange, SYSTEM_ACTOR, type AuditActor, type StaffActor } from '../audit/audit-trail.js';
import type { CompanyService } from '../company/company.service.js';
import type { FileStore } from '../files/file-store.js';
import { isPdf } from '../files/pdf.js';
import type { MessageService } from '../messages/message.service.js';
import { shownName } from '../notice/buyer-updates.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { ProductAudience } from './change-notice.audience.js';
import { ownChangeNotice, type ChangeNoticeRepositories } from './change-notice.repositories.js';
import type { ChangeNoticeRepository, ChangeNoticeRow, NoticeCounts, RecipientRow, StoredChangeDocument } from './change-notice.repository.js';

const NOT_FOUND = '变更通知不存在';
const DELETED = '已注销用户';
const NO_COUNTS: NoticeCounts = { recipients: 0, acknowledged: 0, reminded: 0 };

/** Notices are numbered by the day they were written in China. */
export const changeNoticeNumber = (id: number, at: Date) => `BG${chinaDate(at)}${String(id).padStart(6, '0')}`;

/** What the audit log keeps of a notice. */
const auditState = (row: Pick<ChangeNoticeRow, 'status' | 'title' | 'kind' | 'impactLevel' | 'effectiveOn' | 'documents' | 'reminderAfterDays'>) => ({
  status: row.status,
  title: row.title,
  kind: row.kind,
  impactLevel: row.impactLevel,
  effectiveOn: row.effectiveOn,
  documents: row.documents.length,
  reminderAfterDays: row.reminderAfterDays,
});

const documentsOf = (row: ChangeNoticeRow) => row.documents.map((document, i) => ({ n: i + 1, name: document.name, size: document.size }));

export interface ChangeNoticeServiceDeps {
  changeNotices: ChangeNoticeRepository;
  transactor: Transactor<ChangeNoticeRepositories>;
  /** Who is tied to a product: sample applications, price requests, sales orders, favorites, holders of a 授权使用书. */
  audiences: readonly ProductAudience[];
  companies: Pick<CompanyService, 'reachOf'>;
  users: Pick<UserDirectory, 'findById' | 'names'>;
  notices: NoticeService;
  messages: Pick<MessageService, 'send'>;
  files: FileStore;
  siteUrl: string;
  now: () => Date;
}

/** What a message about a notice says: the site notice's title and body, and the SMS's few words. */
interface Telling {
  title: string;
  body: string;
  status: string;
}

/** A notice's own fields as the desk's body gives them, on the product it names. */
function noticeFields(body: ChangeNoticeBody, product: { id: number; name: string }) {
  return {
    excipientId: product.id,
    productName: product.name,
    kind: body.kind,
    title: body.title,
    description: body.description,
    impactLevel: body.impactLevel,
    impact: body.impact,
    effectiveOn: body.effectiveOn,
    reminderAfterDays: body.reminderAfterDays,
  };
}

/**
 * Change notices (docs/decisions/0072-change-notices.md). The quality staff write a notice on a product
 * (what changed, its class, the impact, the effective date, PDFs) and publish it: it reaches everyone
 * tied to the product — who applied for a sample of it, asked for its price, bought it, keeps it among
 * their favorites or holds an approved 授权使用书 for it — and the 管理员, 质量 and 采购 of their
 * companies, by site notice and, per each person's switch, SMS and e-mail. Each person acknowledges for
 * themself; the staff see who has not and remind them; one reminder goes by itself after the set days.
 */
export class ChangeNoticeService {
  constructor(private readonly deps: ChangeNoticeServiceDeps) {}

  private get repo() {
    return this.deps.changeNotices;
  }

  // ——— the desk ———

  async adminList(query: AdminChangeNoticeQuery): Promise<AdminChangeNoticePage> {
    const { rows, totalCount } = await this.repo.page({ status: query.status, keyword: query.keyword }, query.pageSize, (query.page - 1) * query.pageSize);
    return { items: await this.adminViews(rows), totalCount };
  }

  async adminDetail(id: number): Promise<AdminChangeNotice> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return (await this.adminViews([row]))[0]!;
  }

  async create(staff: UserRow, actor: StaffActor, body: ChangeNoticeBody): Promise<AdminChangeNotice> {
    const id = await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const product = await repo.product(body.excipientId);
      if (!product) throw new AppError('not_found', '产品不存在');
      const now = this.deps.now();
      const id = await repo.nextId();
      const number = changeNoticeNumber(id, now);
      const values = { ...noticeFields(body, product), documents: [], createdBy: staff.id, createdAt: now, updatedAt: now };
      await repo.insert(id, number, values);
      await recordChange(within, actor, {
        action: 'change-notice.create',
        entityType: 'change_notice',
        entityId: id,
        summary: `新建变更通知 ${number}（${product.name}，${changeNoticeKindLabels[body.kind]}）：${body.title}`,
        before: null,
        after: { ...auditState({ ...values, status: 'draft' }), excipient: product.id },
      });
      return id;
    });
    return this.adminDetail(id);
  }

  async update(actor: StaffActor, id: number, body: ChangeNoticeBody): Promise<AdminChangeNotice> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const row = await this.draft(repo, id, '修改');
      const product = await repo.product(body.excipientId);
      if (!product) throw new AppError('not_found', '产品不存在');
      let documents = row.documents;
      if (body.keepDocuments) {
        const missing = body.keepDocuments.filter((n) => n > row.documents.length);
        if (missing.length > 0) throw validationError([{ path: 'body.keepDocuments', message: `附件 ${missing.join('、')} 不存在` }]);
        documents = [...new Set(body.keepDocuments)].map((n) => row.documents[n - 1]!);
        for (const dropped of row.documents.filter((document) => !documents.includes(document))) await this.deps.files.deleteRecord(dropped.key, within);
      }
      const changes = { ...noticeFields(body, product), documents };
      await repo.update(row.id, changes, this.deps.now());
      await recordChange(within, actor, {
        action: 'change-notice.update',
        entityType: 'change_notice',
        entityId: row.id,
        summary: `修改变更通知 ${row.number}：${body.title}`,
        before: auditState(row),
        after: auditState({ ...row, ...changes }),
      });
    });
    return this.adminDetail(id);
  }

  /** A PDF attached to a draft (up to ten). */
  async upload(staff: UserRow, actor: StaffActor, id: number, bytes: Buffer, filename: string): Promise<AdminChangeNotice> {
    if (!isPdf(bytes)) throw new AppError('unsupported_media_type', '请上传 PDF 文件');
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const row = await this.draft(repo, id, '上传附件');
      if (row.documents.length >= CHANGE_NOTICE_DOCUMENTS_MAX) throw new AppError('change_notice_state', `每个变更通知最多 ${CHANGE_NOTICE_DOCUMENTS_MAX} 个附件`);
      const key = await this.deps.files.put({ ownerId: staff.id, contentType: 'application/pdf', extension: 'pdf', bytes, personal: false }, within);
      const name = /\.pdf$/i.test(filename) ? filename : `${filename || '附件'}.pdf`;
      const documents: StoredChangeDocument[] = [...row.documents, { key, name, size: bytes.length }];
      await repo.update(row.id, { documents }, this.deps.now());
      await recordChange(within, actor, {
        action: 'change-notice.upload',
        entityType: 'change_notice',
        entityId: row.id,
        summary: `上传变更通知 ${row.number} 的附件 ${name}（${Math.ceil(bytes.length / 1024)} KB）`,
        before: auditState(row),
        after: auditState({ ...row, documents }),
      });
    });
    return this.adminDetail(id);
  }

  async adminDocument(id: number, n: number): Promise<{ bytes: Buffer; contentType: string; name: string }> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return this.documentOf(row, n);
  }

  private async documentOf(row: ChangeNoticeRow, n: number) {
    const document = row.documents[n - 1];
    const file = document ? await this.deps.files.get(document.key) : undefined;
    if (!document || !file) throw new AppError('not_found', '附件不存在');
    return { ...file, name: document.name };
  }

  /** The notice, locked, when it is a draft: 409 saying so otherwise. */
  private async draft(repo: ChangeNoticeRepository, id: number, what: string): Promise<ChangeNoticeRow> {
    const row = await repo.find(id, true);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    if (row.status !== 'draft') throw wrongState(row, what);
    return row;
  }

  /**
   * Publishes a draft: everyone tied to the product, and the 管理员, 质量 and 采购 of their companies,
   * get it (a site notice; SMS and e-mail per their switch). The audience is read first (an embedded
   * database serves one query at a time), the notice is sent in one transaction with its audit entry.
   */
  async publish(actor: StaffActor, id: number): Promise<AdminChangeNotice> {
    const found = await this.repo.find(id);
    if (!found) throw new AppError('not_found', NOT_FOUND);
    if (found.status !== 'draft') throw wrongState(found, '发布');
    if (found.excipientId === null) throw new AppError('change_notice_state', `变更通知 ${found.number} 的产品已不在目录中，不能发布`);
    const audience = await this.audienceOf(found.excipientId);
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const row = await this.draft(repo, id, '发布');
      const now = this.deps.now();
      const people: Array<{ userId: number; companyId: number | null; reasons: ChangeNoticeReasonName[] }> = [];
      for (const person of audience) {
        const user = await this.deps.users.findById(person.userId, within);
        if (user && !user.deletedAt) people.push(person);
      }
      await repo.addRecipients(people.map((person) => ({ noticeId: row.id, userId: person.userId, companyId: person.companyId, reasons: person.reasons, notifiedAt: now })));
      await repo.update(row.id, { status: 'published', publishedAt: now }, now);
      await recordChange(within, actor, {
        action: 'change-notice.publish',
        entityType: 'change_notice',
        entityId: row.id,
        summary: `发布变更通知 ${row.number}（${row.productName}）：通知 ${people.length} 人`,
        before: auditState(row),
        after: { ...auditState({ ...row, status: 'published' }), recipients: people.length },
      });
      const level = changeImpactLevelLabels[row.impactLevel];
      await this.tell(
        row,
        people.map((person) => person.userId),
        {
          title: `变更通知：${row.productName}${changeNoticeKindLabels[row.kind]}变更`,
          body: `${row.productName}：${row.title}（${level}，${row.effectiveOn} 起生效）。请查看变更内容与影响评估，并点击“确认已阅”。`,
          status: `${changeNoticeKindLabels[row.kind]}变更（${level}）`,
        },
        within,
      );
    });
    return this.adminDetail(id);
  }

  /**
   * Who a notice on the product reaches: each person tied to it (in their current company, else the one
   * the tie was made for) with their reasons, and the 管理员, 质量 and 采购 of those companies with the
   * company's reasons.
   */
  private async audienceOf(excipientId: number): Promise<Array<{ userId: number; companyId: number | null; reasons: ChangeNoticeReasonName[] }>> {
    const ties = [];
    for (const audience of this.deps.audiences) ties.push(...(await audience.tiesTo(excipientId)));
    if (ties.length === 0) return [];
    const pairs = await this.deps.companies.reachOf(
      ties.map((tie) => tie.userId),
      ties.flatMap((tie) => (tie.companyId === null ? [] : [tie.companyId])),
      CHANGE_NOTICE_COMPANY_ROLES,
    );
    const memberOf = new Map(pairs.map((pair) => [pair.userId, pair.companyId]));
    const companyReasons = new Map<number, Set<ChangeNoticeReasonName>>();
    const people = new Map<number, { companyId: number | null; reasons: Set<ChangeNoticeReasonName> }>();
    const reach = (userId: number, companyId: number | null, reasons: Iterable<ChangeNoticeReasonName>) => {
      const person = people.get(userId) ?? { companyId, reasons: new Set<ChangeNoticeReasonName>() };
      for (const reason of reasons) person.reasons.add(reason);
      people.set(userId, person);
    };
    for (const tie of ties) {
      const current = memberOf.get(tie.userId) ?? null;
      for (const companyId of new Set([current, tie.companyId])) {
        if (companyId === null) continue;
        if (!companyReasons.has(companyId)) companyReasons.set(companyId, new Set());
        companyReasons.get(companyId)!.add(tie.reason);
      }
      reach(tie.userId, current ?? tie.companyId, [tie.reason]);
    }
    for (const pair of pairs) reach(pair.userId, pair.companyId, companyReasons.get(pair.companyId) ?? []);
    return [...people].map(([userId, person]) => ({ userId, companyId: person.companyId, reasons: [...person.reasons].sort() }));
  }

  async withdraw(actor: StaffActor, id: number, reason: string): Promise<AdminChangeNotice> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const row = await repo.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (row.status !== 'published') throw wrongState(row, '撤回');
      const now = this.deps.now();
      await repo.update(row.id, { status: 'withdrawn', withdrawnAt: now, withdrawReason: reason }, now);
      await recordChange(within, actor, {
        action: 'change-notice.withdraw',
        entityType: 'change_notice',
        entityId: row.id,
        summary: `撤回变更通知 ${row.number}：${reason}`,
        before: auditState(row),
        after: { ...auditState({ ...row, status: 'withdrawn' }), reason },
      });
      const recipients = await repo.recipients(row.id);
      await this.tell(
        row,
        recipients.map((recipient) => recipient.userId),
        { title: `变更通知已撤回：${row.productName}`, body: `${row.productName} 的变更通知 ${row.number}（${row.title}）已撤回：${reason}`, status: '已撤回' },
        within,
      );
    });
    return this.adminDetail(id);
  }

  /** Reminds, now, everyone the notice reached who has not acknowledged it. */
  async remind(actor: StaffActor, id: number): Promise<ChangeNoticeRemindResult> {
    return this.deps.transactor.transaction(async (within) => {
      const row = await within.changeNotices.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (row.status !== 'published') throw wrongState(row, '提醒');
      return { reminded: await this.remindOpen(within, row, actor) };
    });
  }

  /**
   * The hourly job: one reminder to each recipient who has not acknowledged a published notice
   * `reminder_after_days` after its publication (and was not reminded yet). Answers how many were reminded.
   */
  async remindDue(): Promise<number> {
    let total = 0;
    for (const id of await this.repo.dueForReminder(this.deps.now())) {
      total += await this.deps.transactor.transaction(async (within) => {
        const row = await within.changeNotices.find(id, true);
        if (!row || row.status !== 'published') return 0;
        return this.remindOpen(within, row, SYSTEM_ACTOR, true);
      });
    }
    return total;
  }

  private async remindOpen(within: Tx, row: ChangeNoticeRow, actor: AuditActor, onlyNotReminded = false): Promise<number> {
    const repo = ownChangeNotice(within).changeNotices;
    const open = (await repo.recipients(row.id, true)).filter((recipient) => !onlyNotReminded || recipient.remindedAt === null);
    if (open.length === 0) return 0;
    const now = this.deps.now();
    await repo.markReminded(
      open.map((recipient) => recipient.id),
      now,
    );
    await recordChange(within, actor, {
      action: 'change-notice.remind',
      entityType: 'change_notice',
      entityId: row.id,
      summary: `提醒 ${open.length} 人确认变更通知 ${row.number}${onlyNotReminded ? '（发布后到期自动提醒）' : ''}`,
      before: null,
      after: { reminded: open.length },
    });
    await this.tell(
      row,
      open.map((recipient) => recipient.userId),
      {
        title: `请确认变更通知：${row.productName}`,
        body: `${row.productName} 的变更通知 ${row.number}（${row.title}，${row.effectiveOn} 起生效）您尚未确认，请查看并点击“确认已阅”。`,
        status: '待您确认',
      },
      within,
    );
    return open.length;
  }

  async report(id: number): Promise<ChangeNoticeReport> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const rows = await this.repo.report(row.id);
    const groups = new Map<string, ChangeNoticeReport['companies'][number]>();
    for (const recipient of rows) {
      const key = String(recipient.companyId ?? 'none');
      if (!groups.has(key)) groups.set(key, { companyId: recipient.companyId, company: recipient.companyName ?? '个人', acknowledged: 0, recipients: [] });
      const group = groups.get(key)!;
      if (recipient.acknowledgedAt) group.acknowledged += 1;
      group.recipients.push({
        userId: recipient.userId,
        name: shownName(recipient, DELETED),
        account: recipient.deletedAt ? DELETED : maskAccount(recipient.account),
        reasons: recipient.reasons,
        notifiedAt: recipient.notifiedAt.toISOString(),
        acknowledgedAt: recipient.acknowledgedAt?.toISOString() ?? null,
        remindedAt: recipient.remindedAt?.toISOString() ?? null,
      });
    }
    const counts = (await this.repo.counts([row.id])).get(row.id) ?? NO_COUNTS;
    return { counts, companies: [...groups.values()] };
  }

  // ——— the people it reached ———

  async list(user: UserRow, query: ChangeNoticeQuery): Promise<ChangeNoticePage> {
    const { rows, totalCount, unacknowledged } = await this.repo.received(user.id, query.pending === 'true', query.pageSize, (query.page - 1) * query.pageSize);
    return { items: rows.map(({ notice, recipient }) => view(notice, recipient)), totalCount, unacknowledged };
  }

  async detail(user: UserRow, id: number): Promise<ChangeNotice> {
    const { notice, recipient } = await this.received(user, id);
    return view(notice, recipient);
  }

  private async received(user: UserRow, id: number): Promise<{ notice: ChangeNoticeRow; recipient: RecipientRow }> {
    const [notice, recipient] = [await this.repo.find(id), await this.repo.recipient(id, user.id)];
    if (!notice || !recipient || notice.status === 'draft') throw new AppError('not_found', NOT_FOUND);
    return { notice, recipient };
  }

  /** The person acknowledges for themself (确认已阅); again, it answers as it is. */
  async acknowledge(user: UserRow, actor: AuditActor, id: number): Promise<ChangeNotice> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.changeNotices;
      const notice = await repo.find(id);
      const recipient = await repo.recipient(id, user.id);
      if (!notice || !recipient || notice.status === 'draft') throw new AppError('not_found', NOT_FOUND);
      if (recipient.acknowledgedAt) return;
      if (notice.status !== 'published') throw new AppError('change_notice_state', `变更通知 ${notice.number} 已撤回，无需确认`);
      await repo.acknowledge(id, user.id, this.deps.now());
      await recordChange(within, actor, {
        action: 'change-notice.acknowledge',
        entityType: 'change_notice',
        entityId: notice.id,
        summary: `${shownName(user)} 确认已阅变更通知 ${notice.number}`,
        before: null,
        after: { acknowledged: user.id },
      });
    });
    return this.detail(user, id);
  }

  async document(user: UserRow, id: number, n: number): Promise<{ bytes: Buffer; contentType: string; name: string }> {
    const { notice } = await this.received(user, id);
    return this.documentOf(notice, n);
  }

  // ——— telling ———

  /** A site notice to each person and, unless they turned messages off, an SMS to a mobile account and an e-mail to an e-mail account. */
  private async tell(row: ChangeNoticeRow, userIds: readonly number[], telling: Telling, within: Tx): Promise<void> {
    const link = withQuery(paths.changeNotices, { id: row.id });
    for (const userId of [...new Set(userIds)]) {
      await this.deps.notices.notify(userId, { kind: 'change_notice', title: telling.title, body: telling.body, link }, within);
      const person = await this.deps.users.findById(userId, within);
      if (!person || person.deletedAt || !person.notifyBySmsAndEmail) continue;
      if (isMobile(person.account)) {
        await this.deps.messages.send(
          { channel: 'sms', to: person.account, template: 'change_notice', params: { product: row.productName.slice(0, 30), number: row.number, status: telling.status.slice(0, 20) } },
          within,
        );
      } else if (person.account.includes('@')) {
        await this.deps.messages.send(
          {
            channel: 'email',
            to: person.account,
            subject: `【辅料通】${telling.title}（${row.number}）`,
            text: [
              `${shownName(person)}，您好：`,
              '',
              telling.body,
              '',
              `变更类别：${changeNoticeKindLabels[row.kind]}（${changeImpactLevelLabels[row.impactLevel]}）`,
              `生效日期：${row.effectiveOn}`,
              '',
              `查看变更通知：${this.deps.siteUrl}${link}`,
              '',
              '如不希望再收到短信与邮件通知，可在个人中心的个人资料中关闭（站内通知仍会保留）。',
              '辅料通',
            ].join('\n'),
          },
          within,
        );
      }
    }
  }

  // ——— views ———

  private async adminViews(rows: ChangeNoticeRow[]): Promise<AdminChangeNotice[]> {
    const [counts, names] = await Promise.all([
      this.repo.counts(rows.map((row) => row.id)),
      this.deps.users.names(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy]))),
    ]);
    const byId = new Map(names.map((person) => [person.id, person]));
    return rows.map((row) => {
      const author = row.createdBy === null ? undefined : byId.get(row.createdBy);
      return {
        ...fields(row),
        reminderAfterDays: row.reminderAfterDays,
        createdBy: author ? (author.deletedAt ? DELETED : author.name || shownName(author)) : DELETED,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        counts: counts.get(row.id) ?? NO_COUNTS,
      };
    });
  }
}

function fields(row: ChangeNoticeRow) {
  return {
    id: row.id,
    number: row.number,
    excipient: { id: row.excipientId, name: row.productName },
    kind: row.kind,
    title: row.title,
    description: row.description,
    impactLevel: row.impactLevel,
    impact: row.impact,
    effectiveOn: row.effectiveOn,
    documents: documentsOf(row),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    withdrawReason: row.withdrawReason,
  };
}

function view(row: ChangeNoticeRow, recipient: RecipientRow): ChangeNotice {
  return { ...fields(row), reasons: recipient.reasons, acknowledgedAt: recipient.acknowledgedAt?.toISOString() ?? null };
}

function wrongState(row: ChangeNoticeRow, what: string): AppError {
  return new AppError('change_notice_state', `变更通知 ${row.number} ${changeNoticeStateLabels[row.status]}，不能${what}`);
}
