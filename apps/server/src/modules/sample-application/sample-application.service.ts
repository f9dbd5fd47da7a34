import { isPdf } from '../files/pdf.js';
import type { UserDirectory } from '../account/user-directory.js';
import { ownSampleApplication } from './sample-application.repositories.js';
import { ApplicationStatus, addressRegionNames, applicationStatusLabels, applicationTransitions, isStaff, type AdminApplication, type AdminApplicationPage, type AdminApplicationQuery, type ApplicationAction, type ApplicationPage, type ApplicationQuery, type ApplicationSummary, type CoaUpload, type ShipmentBatch, type SampleApplication, type SampleApplicationBody, type ShippingAddress, type ValidationIssue, paths, withQuery } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { SampleApplicationRepositories } from './sample-application.repositories.js';
import { AppError, validationError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { FileStore } from '../files/file-store.js';
import type { UserName, UserRow } from '../account/account.repository.js';
import { maskEmail, maskMobile, maskName } from '../../shared/masking.js';
import type { AddressService } from '../address/address.service.js';
import { regionNames } from '../address/regions.js';
import type { FormDictionaryService } from '../form-dictionary/form-dictionary.service.js';
import type { MessageService } from '../messages/message.service.js';
import type { NoticeService } from '../notice/notice.service.js';
import { applicationItemsMessage, quantityMessage, type SampleCartService } from '../sample-cart/sample-cart.service.js';
import type { SampleLimitsService } from './sample-limits.service.js';
import type { CompanyService } from '../company/company.service.js';
import { chinaDate } from '../../shared/beijing-time.js';
import type { ApplicationEventRow, ApplicationFilter, ApplicationItemRow, ApplicationRow, SampleApplicationRepository } from './sample-application.repository.js';

const NOT_FOUND = '样品申请不存在';
/** How members see whoever on the staff made a change (staff see their colleague's name). */
const STAFF_SEEN_BY_MEMBERS = '辅料通工作人员';
/** How many product names a list row shows. */
const NAMES_IN_SUMMARY = 3;

/** A body as the route hands it over (zod defaults applied). */
type ApplicationInput = SampleApplicationBody & { department: string; projectName: string; notes: string; saveAddress: boolean };

/** An action of the staff (`applicationTransitions[action].by === 'staff'`) with what it records. */
export type StaffActionInput =
  | { action: 'approve'; note: string }
  | { action: 'reject'; reason: string }
  | { action: 'ship'; carrier: string; trackingNumber: string; batches: ShipmentBatch[] }
  | { action: 'deliver' };

const actionLabels: Record<ApplicationAction, string> = {
  approve: '审核通过',
  reject: '驳回',
  ship: '发货',
  deliver: '确认签收',
  withdraw: '撤回',
};

/** Applications are numbered by the day they were made in China. */
export const applicationNumber = (id: number, at: Date) => `YP${chinaDate(at)}${String(id).padStart(6, '0')}`;

/** The name an event records for who made it (a staff member's account, a phone number, is never shown). */
function actorName(user: UserRow): string {
  return user.name || user.nickName || (isStaff(user) ? STAFF_SEEN_BY_MEMBERS : user.account);
}

function summaryOf(row: ApplicationRow, items: ApplicationItemRow[]): ApplicationSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    company: row.company,
    contactName: row.contactName,
    itemCount: items.length,
    itemNames: [...new Set(items.map((item) => item.nameZh))].slice(0, NAMES_IN_SUMMARY),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    memberName: null,
  };
}

function applicationOf(
  row: ApplicationRow,
  items: ApplicationItemRow[],
  events: ApplicationEventRow[],
  viewer: 'member' | 'staff',
): SampleApplication {
  const pending = row.status === 'submitted';
  return {
    ...summaryOf(row, items),
    mobile: row.mobile,
    email: row.email,
    companyType: row.companyType,
    department: row.department,
    purpose: row.purpose,
    dosageForm: row.dosageForm,
    stage: row.stage,
    projectName: row.projectName,
    notes: row.notes,
    // Applications sent before the groupings (市辖区) were left out of addresses read without them.
    address: { ...row.address, regionNames: addressRegionNames(row.address.regionNames) },
    items: items.map((item) => ({
      id: item.id,
      excipientId: item.excipientId,
      specId: item.specId,
      nameZh: item.nameZh,
      grade: item.grade,
      packSize: item.packSize,
      quantity: item.quantity,
      batchNumber: item.batchNumber,
      coaUrl: item.coaKey || item.batchId
        ? viewer === 'member'
          ? `/api/app/sample/application/${row.id}/coa/${item.id}`
          : `/api/admin/application/${row.id}/coa/${item.id}`
        : null,
    })),
    rejectReason: row.rejectReason,
    history: events.map((event) => ({
      id: event.id,
      action: event.action,
      status: event.status,
      note: event.note,
      actorRole: event.actorRole,
      actorName: event.actorRole === 'staff' && viewer === 'member' ? STAFF_SEEN_BY_MEMBERS : event.actorName,
      at: event.createdAt.toISOString(),
    })),
    canEdit: pending,
    canWithdraw: pending,
  };
}

/** How the staff pages name the applicant of a deleted account. */
export const DELETED_APPLICANT = '已注销用户';

const applicantOf = (row: UserName | undefined) => ({
  id: row?.id ?? 0,
  account: row?.deletedAt ? DELETED_APPLICANT : (row?.account ?? ''),
  name: row?.deletedAt ? DELETED_APPLICANT : row?.name || row?.nickName || '',
});

/**
 * Statuses an application can still leave (some transition starts there): submitted, approved and
 * shipped. An application in any other status is finished.
 */
export const OPEN_APPLICATION_STATUSES: ApplicationStatus[] = ApplicationStatus.options.filter((status) =>
  Object.values(applicationTransitions).some((transition) => (transition.from as readonly ApplicationStatus[]).includes(status)),
);

function countsOf(counts: Array<{ status: ApplicationStatus; n: number }>): Record<ApplicationStatus, number> {
  const result = Object.fromEntries(ApplicationStatus.options.map((status) => [status, 0])) as Record<ApplicationStatus, number>;
  for (const { status, n } of counts) result[status] = n;
  return result;
}

/** What the member is told of a change of their application. */
function noticeOf(action: ApplicationAction | 'submit', row: ApplicationRow) {
  const link = withQuery(paths.applicationOrder, { id: row.id });
  const n = row.number;
  switch (action) {
    case 'submit':
      return { kind: 'sample' as const, link, title: '样品申请已提交', body: `您的样品申请 ${n} 已提交，我们会尽快审核。` };
    case 'approve':
      return { kind: 'sample' as const, link, title: '样品申请已通过', body: `您的样品申请 ${n} 已通过审核，我们将尽快安排寄送。` };
    case 'reject':
      return { kind: 'sample' as const, link, title: '样品申请未通过', body: `您的样品申请 ${n} 未通过审核：${row.rejectReason ?? ''}` };
    case 'ship':
      return { kind: 'sample' as const, link, title: '样品已发货', body: `您的样品申请 ${n} 已发货：${row.carrier ?? ''} ${row.trackingNumber ?? ''}` };
    case 'deliver':
      return { kind: 'sample' as const, link, title: '样品已签收', body: `您的样品申请 ${n} 已签收，感谢您的使用。` };
    case 'withdraw':
      return { kind: 'sample' as const, link, title: '样品申请已撤回', body: `您的样品申请 ${n} 已撤回。` };
  }
}

export interface SampleApplicationServiceDeps {
  applications: SampleApplicationRepository;
  /** Names the applicant on the staff pages; locks and reads the applicant. */
  users: Pick<UserDirectory, 'lockUser' | 'findById' | 'names'>;
  transactor: Transactor<SampleApplicationRepositories>;
  cart: SampleCartService;
  limits: SampleLimitsService;
  dictionary: FormDictionaryService;
  addresses: AddressService;
  notices: NoticeService;
  /** Sends the staff's changes to the applicant by SMS and e-mail too (unless they turned that off). */
  messages: Pick<MessageService, 'send' | 'forgetTo'>;
  /** The site's public origin (SITE_URL), for the link in e-mails. */
  siteUrl: string;
  /** Tells the reviewers of a new application. */
  staffAlerts?: StaffAlerts;
  /** Where the batches' COAs are kept. */
  files: FileStore;
  /** The batches on record (the batch module), which shipped items link to. */
  batches?: ShippedBatches;
  /** The applicant's company and its yearly sample allowance, checked in the submission's transaction. */
  companies: Pick<CompanyService, 'reserveSampleAllowance' | 'companyReadBy' | 'memberNames'>;
}

/**
 * The batches on record, as a shipment needs them (implemented by the batch module): which batch of a
 * product each shipped number is (null: none, the product's batches are not on record), which numbers
 * name no batch of a product that has batches on record, and a linked batch's COA.
 */
export interface ShippedBatches {
  shipped(links: ReadonlyArray<{ excipientId: number; batchNumber: string }>): Promise<{ ids: Array<number | null>; unknown: number[] }>;
  coaOfBatch(batchId: number): Promise<{ bytes: Buffer; name: string } | undefined>;
}

/**
 * Sample applications (样品申请): a member submits (and, while awaiting review, changes or withdraws)
 * an application for the samples in the cart; the staff approve or reject it, ship the samples and
 * record the delivery. The status moves only along `applicationTransitions` of the contract; every
 * change is one transaction with its history event and the member's notice.
 */
export class SampleApplicationService {
  constructor(private readonly deps: SampleApplicationServiceDeps) {}

  private get applications() {
    return this.deps.applications;
  }

  countOf(userId: number): Promise<number> {
    return this.applications.countOf(userId);
  }

  /** Why the user cannot delete the account while applications are open, or undefined. */
  async deletionBlocker(userId: number, within: Tx): Promise<string | undefined> {
    const open = await ownSampleApplication(within).applications.countIn(userId, OPEN_APPLICATION_STATUSES);
    if (open === 0) return undefined;
    const statuses = OPEN_APPLICATION_STATUSES.map((status) => applicationStatusLabels[status]).join('、');
    return `您有 ${open} 份样品申请尚未完成（${statuses}），暂时不能注销账号。请撤回待审核的申请，或等样品签收后再注销。`;
  }

  /**
   * What a finished application keeps of a deleted account's holder (docs/decisions/0021): the company,
   * its type and department, the region shipped to, the samples, the purpose and the history with the
   * carrier and tracking number — the company's record of a sample given out. The person goes: the
   * contact's and the recipient's names keep their family name (王**), mobile numbers and the e-mail
   * keep what a waybill shows (138****8000, w***@example.com), the street address and the notes are
   * emptied, and the applicant's own steps in the history are signed 已注销用户. The SMS and e-mails
   * sent to those contacts about the applications are deleted.
   */
  async anonymiseApplicant(userId: number, within: Tx): Promise<void> {
    const contacts = await ownSampleApplication(within).applications.contactsOf(userId);
    // The progress messages sent to the application's contacts go with them.
    await this.deps.messages.forgetTo(contacts.flatMap((row) => [row.mobile, row.email]), within);
    for (const row of contacts) {
      await ownSampleApplication(within).applications.setContact(row.id, {
        contactName: maskName(row.contactName),
        mobile: maskMobile(row.mobile),
        email: maskEmail(row.email),
        address: { ...row.address, regionNames: addressRegionNames(row.address.regionNames), recipient: maskName(row.address.recipient), mobile: maskMobile(row.address.mobile), street: '' },
        notes: '',
      });
    }
    await ownSampleApplication(within).applications.renameActor(userId, DELETED_APPLICANT);
  }

  /** Creates (no `id`) or updates (`id`, only while awaiting review) the user's application. */
  async submit(user: UserRow, body: ApplicationInput): Promise<{ application: SampleApplication; created: boolean }> {
    const limits = await this.deps.limits.current();
    const issues = await this.deps.dictionary.invalidValues({
      purpose: body.purpose,
      dosageForm: body.dosageForm,
      stage: body.stage,
      companyType: body.companyType,
    });
    const seen = new Set<number>();
    body.items.forEach((item, i) => {
      if (seen.has(item.specId)) issues.push({ path: `body.items.${i}.specId`, message: '同一规格的样品只能出现一次' });
      seen.add(item.specId);
    });
    let address: ShippingAddress | undefined;
    if (body.address) {
      const names = regionNames(body.address.regionCodes);
      if (!names) issues.push({ path: 'body.address.regionCodes', message: '请选择正确的省、市、区县' });
      else address = { ...body.address, regionNames: names };
    }
    if (issues.length > 0) throw validationError(issues);
    if (body.items.length > limits.maxApplicationItems) throw new AppError('limit_exceeded', applicationItemsMessage(limits));
    if (body.items.some((item) => item.quantity > limits.maxQuantity)) throw new AppError('limit_exceeded', quantityMessage(limits));
    const options = await this.deps.cart.availableOptions(body.items);
    if (body.addressId !== undefined) {
      const saved = await this.deps.addresses.get(user.id, body.addressId);
      address = { recipient: saved.recipient, mobile: saved.mobile, regionCodes: saved.regionCodes, regionNames: saved.regionNames, street: saved.street };
    }
    const values = {
      contactName: body.contactName,
      mobile: body.mobile,
      email: body.email,
      company: body.company,
      companyType: body.companyType,
      department: body.department,
      purpose: body.purpose,
      dosageForm: body.dosageForm,
      stage: body.stage,
      projectName: body.projectName,
      notes: body.notes,
      address: address!,
    };
    const items = body.items.map((item, i) => ({
      excipientId: item.excipientId,
      specId: item.specId,
      nameZh: options[i]!.nameZh,
      grade: options[i]!.grade,
      packSize: options[i]!.packSize,
      quantity: item.quantity,
    }));
    const editing = body.id;

    const id = await this.deps.transactor.transaction(async (repositories) => {
      const { applications } = repositories;
      await this.deps.users.lockUser(user.id, repositories);
      let row: ApplicationRow;
      if (editing !== undefined) {
        const current = await applications.find(editing, user.id, true);
        if (!current) throw new AppError('not_found', NOT_FOUND);
        if (current.status !== 'submitted') throw illegal(current.status, '修改');
        // A change counts against the allowance of the company the application was made for, if the applicant is still in it.
        if (current.companyId !== null) await this.deps.companies.reserveSampleAllowance(user.id, items.length, limits, repositories, current.id);
        row = await applications.update(editing, { ...values, updatedAt: new Date() });
      } else {
        const pending = await applications.countOf(user.id, 'submitted');
        if (pending >= limits.maxPendingApplications) {
          throw new AppError('limit_exceeded', `您有 ${pending} 份申请正在审核中，请等待审核后再提交`);
        }
        // A member of a company applies within the company's yearly allowance (its row locked until this commits).
        const companyId = await this.deps.companies.reserveSampleAllowance(user.id, items.length, limits, repositories);
        const now = new Date();
        const next = await applications.nextId();
        row = await applications.insert(next, applicationNumber(next, now), user.id, { ...values, companyId, createdAt: now, updatedAt: now });
      }
      if (body.address && body.saveAddress) await this.deps.addresses.create(user.id, body.address, repositories);
      await applications.replaceItems(row.id, items);
      await this.deps.cart.removeApplied(user.id, items.map((item) => item.specId), repositories);
      await applications.addEvent({
        applicationId: row.id,
        action: editing !== undefined ? 'update' : 'submit',
        status: 'submitted',
        note: '',
        actorId: user.id,
        actorRole: 'member',
        actorName: actorName(user),
      });
      if (editing === undefined) {
        await this.deps.notices.notify(user.id, noticeOf('submit', row), repositories);
        await this.deps.staffAlerts?.tell(
          ['reviewer'],
          {
            kind: '样品申请',
            number: row.number,
            title: `新的样品申请 ${row.number}`,
            body: `${row.company} ${row.contactName} 提交了样品申请 ${row.number}（${items.length} 种样品），请审核。`,
            link: withQuery(paths.adminApplications, { id: row.id }),
          },
          repositories,
        );
      }
      return row.id;
    });
    return { application: await this.get(user.id, id), created: editing === undefined };
  }

  /** The user's own application; another user's answers 404 like a missing one. */
  async get(userId: number, id: number): Promise<SampleApplication> {
    const row = await this.applications.find(id, userId);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return this.detailOf(row, 'member');
  }

  /**
   * The user's applications; with `scope=company`, those the members of the user's company made for it
   * (its 管理员 only: read only, with the member's name).
   */
  async list(userId: number, query: ApplicationQuery): Promise<ApplicationPage> {
    if (query.scope === 'company') {
      const companyId = await this.deps.companies.companyReadBy(userId);
      const { items, totalCount, countsByStatus } = await this.page({ companyId, status: query.status }, query);
      const names = await this.deps.companies.memberNames(items.map(({ row }) => row.userId));
      return { items: items.map(({ row, summary }) => ({ ...summary, memberName: names.get(row.userId) ?? null })), totalCount, countsByStatus };
    }
    const { items, totalCount, countsByStatus } = await this.page({ userId, status: query.status }, query);
    return { items: items.map(({ summary }) => summary), totalCount, countsByStatus };
  }

  async withdraw(user: UserRow, id: number): Promise<SampleApplication> {
    await this.transition(user, 'withdraw', id, {}, { ownerId: user.id });
    return this.get(user.id, id);
  }

  /* ------------------------------------------ staff ------------------------------------------ */

  async adminList(query: AdminApplicationQuery): Promise<AdminApplicationPage> {
    const { items, totalCount, countsByStatus } = await this.page({ status: query.status, keyword: query.keyword || undefined }, query);
    const applicants = new Map((await this.deps.users.names(items.map(({ row }) => row.userId))).map((a) => [a.id, a]));
    return {
      items: items.map(({ row, summary }) => ({ ...summary, applicant: applicantOf(applicants.get(row.userId)) })),
      totalCount,
      countsByStatus,
    };
  }

  async adminGet(id: number): Promise<AdminApplication> {
    const row = await this.applications.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const [detail, [applicant]] = await Promise.all([this.detailOf(row, 'staff'), this.deps.users.names([row.userId])]);
    return { ...detail, applicant: applicantOf(applicant) };
  }

  /**
   * The batches of a shipment, checked: each names an item of this application once, and each COA is
   * a PDF uploaded through the COA upload. Answers them as the items will keep them.
   */
  private async checkBatches(id: number, batches: ShipmentBatch[]): Promise<Array<{ itemId: number; batchNumber: string; coaKey: string | null; batchId: number | null }>> {
    const items = new Map((await this.applications.items([id])).map((item) => [item.id, item]));
    const issues: ValidationIssue[] = [];
    const seen = new Set<number>();
    for (const [i, batch] of batches.entries()) {
      if (!items.has(batch.itemId)) issues.push({ path: `body.batches.${i}.itemId`, message: '该样品不在这份申请中' });
      else if (seen.has(batch.itemId)) issues.push({ path: `body.batches.${i}.itemId`, message: '每个样品只能填写一个批号' });
      seen.add(batch.itemId);
      if (batch.coa) {
        const file = await this.deps.files.get(batch.coa);
        if (!file || file.contentType !== 'application/pdf') issues.push({ path: `body.batches.${i}.coa`, message: 'COA 文件不存在，请重新上传' });
      }
    }
    if (issues.length > 0) throw validationError(issues);
    // Each shipped number links to the product's batch of that number; a product with batches on record must name one of them.
    const linked = batches.map((batch) => ({ index: batches.indexOf(batch), excipientId: items.get(batch.itemId)!.excipientId, batchNumber: batch.batchNumber }));
    const known = linked.filter((link): link is typeof link & { excipientId: number } => link.excipientId !== null);
    const { ids, unknown } = this.deps.batches ? await this.deps.batches.shipped(known) : { ids: known.map(() => null), unknown: [] };
    for (const at of unknown) {
      const link = known[at]!;
      issues.push({ path: `body.batches.${link.index}.batchNumber`, message: `批号 ${link.batchNumber} 不是${items.get(batches[link.index]!.itemId)!.nameZh}已登记的批次，请核对批号` });
    }
    if (issues.length > 0) throw validationError(issues);
    const batchIds = new Map(known.map((link, at) => [link.index, ids[at] ?? null]));
    return batches.map((batch, i) => ({ itemId: batch.itemId, batchNumber: batch.batchNumber, coaKey: batch.coa ?? null, batchId: batchIds.get(i) ?? null }));
  }

  /** Keeps a batch's COA (a PDF, checked by its content) for a shipment to name; answers its key. */
  async uploadCoa(staff: UserRow, bytes: Buffer, filename: string): Promise<CoaUpload> {
    if (!isPdf(bytes)) {
      throw new AppError('unsupported_media_type', 'COA 请上传 PDF 文件');
    }
    const coa = await this.deps.files.put({ bytes, contentType: 'application/pdf', ownerId: staff.id, extension: 'pdf', personal: false });
    return { coa, filename };
  }

  /** A shipped item's COA: the member's own application only (`userId`), or any for the staff. */
  async coa(id: number, itemId: number, userId?: number): Promise<{ bytes: Buffer; filename: string }> {
    const row = await this.applications.find(id, userId);
    const item = row ? (await this.applications.items([id])).find((candidate) => candidate.id === itemId) : undefined;
    const file = item?.coaKey ? await this.deps.files.get(item.coaKey) : undefined;
    if (row && item && file) return { bytes: file.bytes, filename: `COA-${item.nameZh}-${item.batchNumber ?? row.number}.pdf` };
    // No COA attached to the shipment: the linked batch's (its signed original, or the one its results give).
    const batchCoa = item?.batchId && this.deps.batches ? await this.deps.batches.coaOfBatch(item.batchId) : undefined;
    if (!row || !item || !batchCoa) throw new AppError('not_found', '该样品没有 COA 文件');
    return { bytes: batchCoa.bytes, filename: batchCoa.name };
  }

  /** A staff action on any application; 409 when its current status does not allow it. */
  async act(staff: UserRow, actor: StaffActor, id: number, input: StaffActionInput): Promise<AdminApplication> {
    switch (input.action) {
      case 'approve':
        await this.transition(staff, 'approve', id, {}, { note: input.note, audit: actor });
        break;
      case 'reject':
        await this.transition(staff, 'reject', id, { rejectReason: input.reason }, { note: input.reason, audit: actor });
        break;
      case 'ship': {
        const batches = await this.checkBatches(id, input.batches);
        await this.transition(
          staff,
          'ship',
          id,
          { carrier: input.carrier, trackingNumber: input.trackingNumber },
          {
            note: `${input.carrier} ${input.trackingNumber}`,
            audit: actor,
            also: (repositories) => ownSampleApplication(repositories).applications.setBatches(id, batches),
          },
        );
        break;
      }
      case 'deliver':
        await this.transition(staff, 'deliver', id, {}, { audit: actor });
        break;
    }
    return this.adminGet(id);
  }

  /* ------------------------------------------------------------------------------------------- */

  /**
   * Makes one transition of the contract's table in one transaction: a conditional UPDATE from the
   * allowed statuses (of two concurrent changes only one succeeds), its event and the member's notice.
   * `ownerId`: the member's own application only (404 for others'). A staff action (`audit`) is
   * recorded in the audit log in the same transaction; `also` changes more in it (a shipment's batches).
   */
  private async transition(
    actor: UserRow,
    action: ApplicationAction,
    id: number,
    changes: Parameters<SampleApplicationRepository['transition']>[3],
    options: { ownerId?: number; note?: string; audit?: StaffActor; also?: (repositories: Tx) => Promise<void> } = {},
  ): Promise<void> {
    const { ownerId, note = '', audit } = options;
    const rule = applicationTransitions[action];
    await this.deps.transactor.transaction(async (repositories) => {
      const { applications } = repositories;
      const row = await applications.transition(id, rule.from, rule.to, changes, ownerId);
      if (!row) {
        const current = await applications.find(id, ownerId);
        if (!current) throw new AppError('not_found', NOT_FOUND);
        throw illegal(current.status, actionLabels[action]);
      }
      await applications.addEvent({
        applicationId: id,
        action,
        status: rule.to,
        note,
        actorId: actor.id,
        actorRole: rule.by,
        actorName: actorName(actor),
      });
      await options.also?.(repositories);
      if (audit) {
        await recordChange(repositories, audit, {
          action: `application.${action}`,
          entityType: 'application',
          entityId: id,
          summary: `${actionLabels[action]}样品申请 ${row.number}${note ? `：${note}` : ''}`,
          before: { status: rule.from[0] },
          after: { status: rule.to, ...changes },
        });
      }
      const notice = noticeOf(action, row);
      await this.deps.notices.notify(row.userId, notice, repositories);
      if (rule.by === 'staff') await this.sendStatus(row, rule.to, notice, repositories);
    });
  }

  /**
   * The staff's change, by SMS to the application's mobile number (as /formsuccess promises) and by
   * e-mail to its e-mail address, queued in the change's transaction: they leave after it commits,
   * and a failing provider never loses the change or its notice (docs/decisions/0019). Not when the
   * applicant turned these messages off in their profile.
   */
  private async sendStatus(row: ApplicationRow, status: ApplicationStatus, notice: { title: string; body: string; link: string }, repositories: Tx) {
    const applicant = await this.deps.users.findById(row.userId, repositories);
    if (!applicant?.notifyBySmsAndEmail) return;
    const { messages, siteUrl } = this.deps;
    await messages.send(
      { channel: 'sms', to: row.mobile, template: 'application_status', params: { number: row.number, status: applicationStatusLabels[status] } },
      repositories,
    );
    if (row.email) {
      await messages.send(
        {
          channel: 'email',
          to: row.email,
          subject: `【辅料通】${notice.title}（${row.number}）`,
          text: [
            `${row.contactName}，您好：`,
            '',
            notice.body,
            '',
            `查看申请单：${siteUrl}${notice.link}`,
            '',
            '如不希望再收到样品申请的短信与邮件通知，可在个人中心的个人资料中关闭（站内通知仍会保留）。',
            '辅料通',
          ].join('\n'),
        },
        repositories,
      );
    }
  }

  private async page(filter: ApplicationFilter, query: { page: number; pageSize: number }) {
    const { rows, totalCount, counts } = await this.applications.page(filter, query.pageSize, (query.page - 1) * query.pageSize);
    const items = await this.applications.items(rows.map((row) => row.id));
    return {
      items: rows.map((row) => ({ row, summary: summaryOf(row, items.filter((item) => item.applicationId === row.id)) })),
      totalCount,
      countsByStatus: countsOf(counts),
    };
  }

  private async detailOf(row: ApplicationRow, viewer: 'member' | 'staff'): Promise<SampleApplication> {
    const [items, events] = await Promise.all([this.applications.items([row.id]), this.applications.events(row.id)]);
    return applicationOf(row, items, events, viewer);
  }
}

/** 409 for a change the current status does not allow, naming the status. */
function illegal(status: ApplicationStatus, what: string): AppError {
  return new AppError('conflict', `该申请当前为「${applicationStatusLabels[status]}」，不能${what}`);
}
