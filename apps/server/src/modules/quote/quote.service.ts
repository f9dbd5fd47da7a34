import {
  OPEN_QUOTE_STATES,
  QUOTE_REMINDER_DAYS,
  QUOTE_STATES,
  formatFen,
  paths,
  quoteStateLabels,
  withQuery,
  type AdminQuote,
  type AdminQuotePage,
  type AdminQuoteQuery,
  type CompanyRoleName,
  type Quote,
  type QuoteEvent,
  type QuoteEventName,
  type QuotePage,
  type QuoteQuery,
  type QuoteRevision,
  type QuoteStateName,
  type QuoteSummary,
  type ValidationIssue,
} from '@fuliaotong/contracts';
import type { z } from 'zod';
import type { QuoteRequestBody as QuoteRequestSchema, QuoteRevisionBody as QuoteRevisionSchema } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError, validationError } from '../../http/errors.js';
import { addDays, beijingDay, chinaDate } from '../../shared/beijing-time.js';
import { maskMobile, maskName } from '../../shared/masking.js';
import type { UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import { recordChange, SYSTEM_ACTOR, type StaffActor } from '../audit/audit-trail.js';
import type { MessageService } from '../messages/message.service.js';
import type { NoticeService } from '../notice/notice.service.js';
import { shownName, tellBuyerSide } from '../notice/buyer-updates.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { SiteService } from '../site/site.service.js';
import { quotePdf } from './quote-pdf.js';
import { ownQuote, type QuoteRepositories } from './quote.repositories.js';
import type { DueQuote, EventRow, QuoteLineRow, QuoteListRow, QuoteMembership, QuoteRepository, QuoteRow, RevisionLineRow, RevisionRow } from './quote.repository.js';

const NOT_FOUND = '询价单不存在';
const DELETED = '已注销用户';
const SYSTEM = '系统';
/** How a member of the staff is named when their profile has no name. */
const STAFF = '辅料通销售';
/** The company roles that see the company's requests, and those that act on them (accepting is the 管理员's). */
const SEEING_ROLES: readonly CompanyRoleName[] = ['admin', 'purchasing', 'finance'];
const ACTING_ROLES: readonly CompanyRoleName[] = ['admin', 'purchasing'];
/** The application states from which a price request may follow a sample application. */
const SHIPPED = ['shipped', 'delivered'];
/** A line's amount, at most (100 亿元): totals stay exact in JavaScript numbers. */
const MAX_LINE_FEN = 1_000_000_000_000;
/** Requests a job handles per run, at most (the next run takes the rest). */
const JOB_BATCH = 200;

/** Bodies as the routes hand them over (zod defaults applied). */
type RequestInput = z.output<typeof QuoteRequestSchema>;
type RevisionInput = z.output<typeof QuoteRevisionSchema>;

/** Requests are numbered by the day they were made in China, revisions likewise. */
export const quoteNumber = (id: number, at: Date) => `XJ${chinaDate(at)}${String(id).padStart(6, '0')}`;
export const revisionNumber = (id: number, at: Date) => `BJ${chinaDate(at)}${String(id).padStart(6, '0')}`;

/** A member of the staff as the buyer sees them: their name (a staff account, a phone number, is never shown). */
const staffName = (user: { name: string; nickName: string }) => user.name || user.nickName || STAFF;

/**
 * A line's amount and the VAT in it, in 分, computed exactly: amount = round(unit price × quantity),
 * tax = round(amount × rate / (100 + rate)), halves rounded up.
 */
export function lineAmounts(unitPriceFen: number, quantity: number, taxRate: number): { amountFen: number; taxFen: number } {
  const thousandths = BigInt(Math.round(quantity * 1000));
  const amount = (BigInt(unitPriceFen) * thousandths + 500n) / 1000n;
  const rate = BigInt(taxRate);
  const tax = (amount * rate * 2n + (100n + rate)) / (2n * (100n + rate));
  return { amountFen: Number(amount), taxFen: Number(tax) };
}

/** Who is asking on the buyer's side: the user and their company membership (if any). */
interface Buyer {
  user: UserRow;
  membership: QuoteMembership | undefined;
}

const inCompany = (buyer: Buyer, row: QuoteRow, roles: readonly CompanyRoleName[]) =>
  row.companyId !== null && buyer.membership?.companyId === row.companyId && buyer.membership.roles.some((role) => roles.includes(role));
const sees = (buyer: Buyer, row: QuoteRow) => row.userId === buyer.user.id || inCompany(buyer, row, SEEING_ROLES);
const mayAct = (buyer: Buyer, row: QuoteRow) => row.userId === buyer.user.id || inCompany(buyer, row, ACTING_ROLES);
const mayAccept = (buyer: Buyer, row: QuoteRow) => (row.companyId === null ? row.userId === buyer.user.id : inCompany(buyer, row, ['admin']));
const isOpen = (status: QuoteStateName) => (OPEN_QUOTE_STATES as readonly QuoteStateName[]).includes(status);

/** 409 for a step the request's state does not allow, naming the state. */
function wrongState(row: QuoteRow, what: string): AppError {
  const again = isOpen(row.status) ? '' : '再';
  return new AppError('quote_state', `询价单 ${row.number} ${quoteStateLabels[row.status]}，不能${again}${what}`);
}

/** What the audit log keeps of a request's step (no contact details: the log is not where a person's data goes). */
const auditState = (row: QuoteRow) => ({ status: row.status });

/** A step of the buyer's side: what it becomes, what the thread and the log say, what the sales staff hear. */
interface BuyerStep {
  /** The step in words, for the refusals (`不能${what}`). */
  what: string;
  /** Who may take it: the acting roles, or the one who accepts. */
  may: 'act' | 'accept';
  from: readonly QuoteStateName[];
  to?: QuoteStateName;
  kind: QuoteEventName;
  message: string | null;
  /** More checks on the locked request (the revision accepted). */
  check?: (within: Tx, row: QuoteRow) => Promise<number | null>;
  /** What follows the step in its transaction (the sales order of an accepted quote); answers the thread's message. */
  then?: (within: Tx, row: QuoteRow) => Promise<string | null>;
  action: 'quote.message' | 'quote.revision' | 'quote.accept' | 'quote.decline' | 'quote.cancel';
  alert: (row: QuoteRow) => string;
}

/** What the buyer's side is told of a step of the sales staff or of the site. */
interface BuyerNotice {
  title: string;
  body: string;
  /** The SMS's `status` (the template says 有新进展：…); null: a notice only. */
  sms: string | null;
}

/** A quote the buyer's side has just accepted: the request, the revision accepted and its lines. */
export interface AcceptedQuote {
  request: QuoteRow;
  revision: RevisionRow;
  lines: RevisionLineRow[];
}

/**
 * What becomes of an accepted quote, in the acceptance's transaction: the sales order module makes its
 * order (docs/decisions/0064) and answers its number, which the thread names.
 */
export interface AcceptedQuotes {
  opened(quote: AcceptedQuote, within: Tx): Promise<{ number: string }>;
  /** The id of the sales order made from an accepted request, or null. */
  orderOf(quoteId: number): Promise<number | null>;
}

export interface QuoteServiceDeps {
  quotes: QuoteRepository;
  transactor: Transactor<QuoteRepositories>;
  users: Pick<UserDirectory, 'findById' | 'names'>;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  /** Sends the sales staff's steps to the buyer's side by SMS and e-mail too (unless they turned that off). */
  messages: Pick<MessageService, 'send' | 'forgetTo'>;
  /** The supplier's details the PDF prints. */
  site: Pick<SiteService, 'current'>;
  /** The site's public origin (SITE_URL), for the link in e-mails. */
  siteUrl: string;
  /** Makes the sales order of an accepted quote. */
  accepted: AcceptedQuotes;
  now: () => Date;
}

/**
 * Price requests (询价) and quotes (报价单), docs/decisions/0062. A signed-in user asks for prices of
 * products of the catalogue; the request belongs to the requester and to the company they were in
 * when asking, whose 管理员, 采购 and 财务 see it. The sales staff answer with a quote and revise it
 * as often as needed, every revision kept with its own BJ number; the buyer's side asks for a
 * revision, accepts the newest one while it is valid, declines it or withdraws the request. Every
 * step is one transaction with its entry in the thread, its audit entry and the other side's notice.
 */
export class QuoteService {
  constructor(private readonly deps: QuoteServiceDeps) {}

  private get quotes() {
    return this.deps.quotes;
  }

  private now(): Date {
    return this.deps.now();
  }

  private async buyer(user: UserRow, within?: Tx): Promise<Buyer> {
    const quotes = within ? ownQuote(within).quotes : this.quotes;
    return { user, membership: await quotes.membershipOf(user.id) };
  }

  // ——— the buyer's side ———

  /** The caller's own requests and, for a company's 管理员, 采购 and 财务, the company's; newest first. */
  async list(user: UserRow, query: QuoteQuery): Promise<QuotePage> {
    const { membership } = await this.buyer(user);
    const companyId = membership && membership.roles.some((role) => SEEING_ROLES.includes(role)) ? membership.companyId : undefined;
    const { rows, totalCount } = await this.quotes.page({ viewer: { userId: user.id, companyId }, status: query.status }, 'newest', query.pageSize, (query.page - 1) * query.pageSize);
    return { items: await this.summaries(rows), totalCount };
  }

  /** A request the caller may see; 404 for any other, as for one that does not exist. */
  async detail(user: UserRow, id: number): Promise<Quote> {
    const buyer = await this.buyer(user);
    const row = await this.quotes.find(id);
    if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
    return this.view(row, buyer);
  }

  /** Makes a request (待报价) and tells the sales staff. */
  async create(user: UserRow, actor: StaffActor, body: RequestInput): Promise<Quote> {
    const today = beijingDay(this.now());
    const issues: ValidationIssue[] = [];
    if (body.requiredDate < today) issues.push({ path: 'body.requiredDate', message: '需求日期不能早于今天' });
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      const key = `${line.excipientId}:${line.specId ?? ''}`;
      if (seen.has(key)) issues.push({ path: `body.lines.${i}.specId`, message: '同一产品的同一规格只能询价一次' });
      seen.add(key);
    });
    if (issues.length > 0) throw validationError(issues);
    const products = new Map((await this.quotes.products(body.lines.map((line) => line.excipientId))).map((row) => [row.id, row]));
    for (const line of body.lines) {
      if (!products.get(line.excipientId)?.published) throw new AppError('not_found', `产品 ${line.excipientId} 不存在或已下架`);
    }
    const specs = new Map((await this.quotes.specs(body.lines.flatMap((line) => (line.specId === null ? [] : [line.specId])))).map((row) => [row.id, row]));
    body.lines.forEach((line, i) => {
      if (line.specId !== null && specs.get(line.specId)?.excipientId !== line.excipientId) {
        issues.push({ path: `body.lines.${i}.specId`, message: '所选规格不属于该产品，请重新选择' });
      }
    });
    if (issues.length > 0) throw validationError(issues);
    if (body.sampleApplicationId !== null) {
      const application = await this.quotes.sampleApplication(body.sampleApplicationId);
      if (!application || application.userId !== user.id) throw new AppError('not_found', '样品申请不存在');
      if (!SHIPPED.includes(application.status)) throw new AppError('conflict', `样品申请 ${application.number} 尚未发货，发货后才能据此询价`);
    }
    const lines = body.lines.map((line) => {
      const spec = line.specId === null ? undefined : specs.get(line.specId);
      return {
        excipientId: line.excipientId,
        productName: products.get(line.excipientId)!.nameZh,
        specId: line.specId,
        grade: spec?.grade ?? null,
        packSize: spec?.packSize ?? null,
        quantity: line.quantity,
        unit: line.unit,
      };
    });
    const id = await this.deps.transactor.transaction(async (within) => {
      const now = this.now();
      // The company the requester is in now: its 管理员, 采购 and 财务 see the request from now on.
      const membership = await within.quotes.membershipOf(user.id);
      const next = await within.quotes.nextRequestId();
      const row = await within.quotes.insert(
        next,
        quoteNumber(next, now),
        {
          userId: user.id,
          companyId: membership?.companyId ?? null,
          deliveryCity: body.deliveryCity,
          requiredDate: body.requiredDate,
          purpose: body.purpose,
          remark: body.remark,
          contactName: body.contactName,
          contactPhone: body.contactPhone,
          sampleApplicationId: body.sampleApplicationId,
          createdAt: now,
          updatedAt: now,
        },
        lines,
      );
      await within.quotes.addEvent({ requestId: row.id, kind: 'requested', side: 'buyer', actorId: user.id, actorName: shownName(user), message: body.remark || null, revision: null, createdAt: now });
      await recordChange(within, actor, {
        action: 'quote.request',
        entityType: 'quote',
        entityId: row.id,
        summary: `提交询价 ${row.number}（${lines.length} 个产品）`,
        before: null,
        after: { status: row.status, number: row.number, products: lines.map((line) => line.productName), requiredDate: row.requiredDate },
      });
      await this.alertSales(row, `新的询价 ${row.number}`, `${lines.map((line) => line.productName).join('、')}，收货城市 ${row.deliveryCity}，需求日期 ${row.requiredDate}，请报价。`, within);
      return row.id;
    });
    return this.detail(user, id);
  }

  async message(user: UserRow, actor: StaffActor, id: number, message: string): Promise<Quote> {
    return this.buyerStep(user, actor, id, {
      what: '留言',
      may: 'act',
      from: OPEN_QUOTE_STATES,
      kind: 'message',
      message,
      action: 'quote.message',
      alert: (row) => `询价单 ${row.number} 有买方留言：${message}`,
    });
  }

  async requestRevision(user: UserRow, actor: StaffActor, id: number, message: string): Promise<Quote> {
    return this.buyerStep(user, actor, id, {
      what: '要求修改报价',
      may: 'act',
      from: ['quoted'],
      to: 'revising',
      kind: 'revision',
      message,
      action: 'quote.revision',
      alert: (row) => `询价单 ${row.number} 的买方要求修改报价：${message}`,
    });
  }

  /** Accepts the newest revision, by its id (the one the buyer read), while it is valid. */
  async accept(user: UserRow, actor: StaffActor, id: number, revisionId: number): Promise<Quote> {
    return this.buyerStep(user, actor, id, {
      what: '接受报价',
      may: 'accept',
      from: ['quoted'],
      to: 'accepted',
      kind: 'accepted',
      message: null,
      check: async (within, row) => {
        const [newest] = await ownQuote(within).quotes.revisions(row.id);
        if (!newest || newest.id !== revisionId) {
          throw new AppError('quote_state', `报价已更新为第 ${newest?.revision ?? 0} 版，请查看最新一版报价后再接受`);
        }
        if (newest.validUntil < beijingDay(this.now())) {
          throw new AppError('quote_state', `第 ${newest.revision} 版报价已于 ${newest.validUntil} 过期，不能接受；如需采购，请要求销售重新报价`);
        }
        return newest.revision;
      },
      then: async (within, row) => {
        const [revision] = await ownQuote(within).quotes.revisions(row.id);
        const lines = await ownQuote(within).quotes.revisionLines([revision!.id]);
        const order = await this.deps.accepted.opened({ request: row, revision: revision!, lines }, within);
        return `已生成销售订单 ${order.number}，销售将与您签订合同`;
      },
      action: 'quote.accept',
      alert: (row) => `询价单 ${row.number} 的买方接受了报价，请跟进合同与订单。`,
    });
  }

  async decline(user: UserRow, actor: StaffActor, id: number, reason: string): Promise<Quote> {
    return this.buyerStep(user, actor, id, {
      what: '拒绝报价',
      may: 'act',
      from: ['quoted'],
      to: 'declined',
      kind: 'declined',
      message: reason || null,
      action: 'quote.decline',
      alert: (row) => `询价单 ${row.number} 的买方拒绝了报价${reason ? `：${reason}` : '。'}`,
    });
  }

  async cancel(user: UserRow, actor: StaffActor, id: number): Promise<Quote> {
    return this.buyerStep(user, actor, id, {
      what: '撤回询价',
      may: 'act',
      from: OPEN_QUOTE_STATES,
      to: 'cancelled',
      kind: 'cancelled',
      message: null,
      action: 'quote.cancel',
      alert: (row) => `询价单 ${row.number} 已被买方撤回。`,
    });
  }

  /**
   * A step of the buyer's side on a locked request: 404 to whoever may not see it, 403 to whoever sees
   * it but may not take the step, 409 when the state does not allow it; then the state, the thread,
   * the audit log and the sales staff's alert, in one transaction.
   */
  private async buyerStep(user: UserRow, actor: StaffActor, id: number, step: BuyerStep): Promise<Quote> {
    await this.deps.transactor.transaction(async (within) => {
      const buyer = await this.buyer(user, within);
      const row = await within.quotes.find(id, true);
      if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
      if (step.may === 'accept' && !mayAccept(buyer, row)) {
        throw new AppError('forbidden', row.companyId === null ? '只有询价人本人可以接受报价' : '企业的询价只有企业管理员可以接受报价');
      }
      if (step.may === 'act' && !mayAct(buyer, row)) throw new AppError('forbidden', `只有询价人或企业的管理员、采购可以${step.what}`);
      if (!step.from.includes(row.status)) throw wrongState(row, step.what);
      const revision = step.check ? await step.check(within, row) : null;
      const now = this.now();
      const after = step.to ? await within.quotes.update(row.id, { status: step.to }, now) : await within.quotes.update(row.id, {}, now);
      const message = step.then ? await step.then(within, after) : step.message;
      await within.quotes.addEvent({ requestId: row.id, kind: step.kind, side: 'buyer', actorId: user.id, actorName: shownName(user), message, revision, createdAt: now });
      const label = quoteStateLabels[after.status];
      await recordChange(within, actor, {
        action: step.action,
        entityType: 'quote',
        entityId: row.id,
        summary: `${step.what}：询价单 ${row.number}${revision ? `（第 ${revision} 版）` : ''}${step.to ? `，${label}` : ''}`,
        ...(step.to ? { before: auditState(row), after: { ...auditState(after), ...(revision ? { revision } : {}) } } : { before: null, after: { side: 'buyer', message: step.message } }),
      });
      await this.alertSales(after, `询价单 ${row.number}：${step.what}`, step.alert(row), within);
    });
    return this.detail(user, id);
  }

  private async alertSales(row: QuoteRow, title: string, body: string, within: Tx): Promise<void> {
    await this.deps.staffAlerts.tell(['sales'], { kind: '询价', number: row.number, title, body, link: withQuery(paths.adminQuotes, { id: row.id }) }, within);
  }

  /** One revision of a request the caller may see, as a PDF. */
  async pdf(user: UserRow, id: number, revisionId: number): Promise<{ bytes: Buffer; filename: string }> {
    const buyer = await this.buyer(user);
    const row = await this.quotes.find(id);
    if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
    return this.pdfOf(row, revisionId);
  }

  // ——— the sales desk ———

  async adminList(query: AdminQuoteQuery): Promise<AdminQuotePage> {
    const { rows, totalCount, counts } = await this.quotes.page({ status: query.status, keyword: query.keyword || undefined }, 'open first', query.pageSize, (query.page - 1) * query.pageSize);
    const countsByStatus = Object.fromEntries(QUOTE_STATES.map((status) => [status, 0])) as Record<QuoteStateName, number>;
    for (const { status, n } of counts) countsByStatus[status] = n;
    return { items: await this.summaries(rows), totalCount, countsByStatus };
  }

  async adminDetail(id: number): Promise<AdminQuote> {
    const row = await this.quotes.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const { actions: _actions, ...view } = await this.view(row, undefined);
    const [requester] = await this.deps.users.names([row.userId]);
    const company = row.companyId === null ? undefined : await this.quotes.company(row.companyId);
    return { ...view, requesterAccount: !requester || requester.deletedAt ? DELETED : requester.account, companyStatus: company?.status ?? null };
  }

  async adminPdf(id: number, revisionId: number): Promise<{ bytes: Buffer; filename: string }> {
    const row = await this.quotes.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return this.pdfOf(row, revisionId);
  }

  /**
   * Sends a quote, or a new revision of it (waiting, quoted or asked to revise): a BJ number of its
   * own, revision n + 1, the request 已报价; the buyer's side is told by notice, SMS and e-mail.
   */
  async revise(staff: UserRow, actor: StaffActor, id: number, body: RevisionInput): Promise<QuoteRevision> {
    const issues: ValidationIssue[] = [];
    if (body.validUntil < beijingDay(this.now())) issues.push({ path: 'body.validUntil', message: '报价有效期不能早于今天' });
    const products = new Map((await this.quotes.products(body.lines.map((line) => line.excipientId))).map((row) => [row.id, row]));
    const lines = body.lines.map((line, i) => {
      const product = products.get(line.excipientId);
      if (!product) issues.push({ path: `body.lines.${i}.excipientId`, message: `产品 ${line.excipientId} 不存在` });
      const amounts = lineAmounts(line.unitPriceFen, line.quantity, line.taxRate);
      if (amounts.amountFen > MAX_LINE_FEN) issues.push({ path: `body.lines.${i}.quantity`, message: '单行金额不能超过 100 亿元' });
      // The line as sent (the contract's fields), with the product's name as it is now and its amounts.
      return { ...line, productName: product?.nameZh ?? '', dangerousGoods: line.dangerousGoods || null, ...amounts };
    });
    if (issues.length > 0) throw validationError(issues);
    const revisionId = await this.deps.transactor.transaction(async (within) => {
      const row = await within.quotes.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (!isOpen(row.status)) throw wrongState(row, '报价');
      const now = this.now();
      const [previous] = await within.quotes.revisions(row.id);
      const n = (previous?.revision ?? 0) + 1;
      const next = await within.quotes.nextRevisionId();
      const revision = await within.quotes.insertRevision(
        next,
        revisionNumber(next, now),
        {
          requestId: row.id,
          revision: n,
          validUntil: body.validUntil,
          paymentTerms: body.paymentTerms,
          creditDays: body.paymentTerms === 'credit' ? body.creditDays : null,
          deliveryTerms: body.deliveryTerms,
          remark: body.remark,
          quotedBy: staff.id,
          quotedByName: staffName(staff),
          createdAt: now,
        },
        lines,
      );
      const after = await within.quotes.update(row.id, { status: 'quoted' }, now);
      await within.quotes.addEvent({ requestId: row.id, kind: 'quoted', side: 'staff', actorId: staff.id, actorName: staffName(staff), message: body.remark || null, revision: n, createdAt: now });
      const totalFen = lines.reduce((sum, line) => sum + line.amountFen, 0);
      await recordChange(within, actor, {
        action: 'quote.quote',
        entityType: 'quote',
        entityId: row.id,
        summary: `发出报价 ${revision.number}（第 ${n} 版）：询价单 ${row.number}，合计 ${formatFen(totalFen)}，有效期至 ${revision.validUntil}`,
        before: { ...auditState(row), revision: previous?.revision ?? null },
        after: { ...auditState(after), revision: n, number: revision.number, totalFen, validUntil: revision.validUntil },
      });
      await this.tellBuyer(
        after,
        {
          title: n === 1 ? '您的询价已报价' : '报价已更新',
          body: `询价单 ${row.number} 已报价（第 ${n} 版，报价单 ${revision.number}）：合计 ${formatFen(totalFen)}，有效期至 ${revision.validUntil}。`,
          sms: `已报价（第 ${n} 版）`,
        },
        within,
        true,
      );
      return revision.id;
    });
    const view = await this.view((await this.quotes.find(id))!, undefined);
    return view.revisions.find((revision) => revision.id === revisionId)!;
  }

  /** A message of the sales staff to the buyer's side, while the request is open. */
  async staffMessage(staff: UserRow, actor: StaffActor, id: number, message: string): Promise<AdminQuote> {
    await this.deps.transactor.transaction(async (within) => {
      const row = await within.quotes.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (!isOpen(row.status)) throw wrongState(row, '留言');
      const now = this.now();
      const after = await within.quotes.update(row.id, {}, now);
      await within.quotes.addEvent({ requestId: row.id, kind: 'message', side: 'staff', actorId: staff.id, actorName: staffName(staff), message, revision: null, createdAt: now });
      await recordChange(within, actor, {
        action: 'quote.message',
        entityType: 'quote',
        entityId: row.id,
        summary: `销售留言：询价单 ${row.number}`,
        before: null,
        after: { side: 'staff', message },
      });
      await this.tellBuyer(after, { title: '销售回复了您的询价', body: `询价单 ${row.number}：${message}`, sms: '销售留言' }, within, true);
    });
    return this.adminDetail(id);
  }

  // ——— the jobs ———

  /** Quoted requests whose newest revision's last valid day has passed (Beijing time) become 已过期. */
  async expire(): Promise<number> {
    const today = beijingDay(this.now());
    const due = await this.quotes.dueToExpire(today, JOB_BATCH);
    let expired = 0;
    for (const { request, revision } of due) {
      expired += await this.deps.transactor.transaction(async (within) => {
        const row = await within.quotes.find(request.id, true);
        const [newest] = row ? await within.quotes.revisions(row.id) : [];
        // Changed meanwhile (a new revision, an answer): not this run's to expire.
        if (!row || row.status !== 'quoted' || newest?.id !== revision.id || newest.validUntil >= today) return 0;
        const now = this.now();
        const after = await within.quotes.update(row.id, { status: 'expired' }, now);
        await within.quotes.addEvent({ requestId: row.id, kind: 'expired', side: 'system', actorId: null, actorName: SYSTEM, message: null, revision: newest.revision, createdAt: now });
        await recordChange(within, SYSTEM_ACTOR, {
          action: 'quote.expire',
          entityType: 'quote',
          entityId: row.id,
          summary: `报价过期：询价单 ${row.number}（第 ${newest.revision} 版，有效期至 ${newest.validUntil}）`,
          before: auditState(row),
          after: { ...auditState(after), revision: newest.revision },
        });
        await this.tellBuyer(
          after,
          { title: '报价已过期', body: `询价单 ${row.number} 的报价（第 ${newest.revision} 版）已于 ${newest.validUntil} 过期；如仍需采购，请重新询价。`, sms: null },
          within,
          false,
        );
        return 1;
      });
    }
    return expired;
  }

  /** Reminds the buyer's side, once per revision, of a quote that runs out within QUOTE_REMINDER_DAYS days. */
  async remind(): Promise<number> {
    const today = beijingDay(this.now());
    const due = await this.quotes.dueForReminder(today, addDays(today, QUOTE_REMINDER_DAYS), JOB_BATCH);
    let reminded = 0;
    for (const entry of due) reminded += await this.remindOne(entry);
    return reminded;
  }

  private async remindOne({ request, revision }: DueQuote): Promise<number> {
    return this.deps.transactor.transaction(async (within) => {
      const row = await within.quotes.find(request.id, true);
      const [newest] = row ? await within.quotes.revisions(row.id) : [];
      if (!row || row.status !== 'quoted' || newest?.id !== revision.id || newest.remindedAt) return 0;
      await within.quotes.markReminded(newest.id, this.now());
      await this.tellBuyer(
        row,
        {
          title: '报价即将到期',
          body: `询价单 ${row.number} 的报价（第 ${newest.revision} 版，报价单 ${newest.number}）有效期至 ${newest.validUntil}，请及时确认。`,
          sms: `报价将于 ${newest.validUntil} 到期`,
        },
        within,
        true,
      );
      return 1;
    });
  }

  // ——— telling the buyer's side ———

  /**
   * A notice to the requester and, for a company's request, to the company's 管理员 (who accepts it);
   * with `everyone` false to the requester only. Unless a person turned messages off in their profile,
   * an SMS too (to the request's contact phone for the requester, to a mobile account for the others)
   * and an e-mail to an e-mail account. Queued in the step's transaction (docs/decisions/0019).
   */
  private async tellBuyer(row: QuoteRow, notice: BuyerNotice, within: Tx, everyone: boolean): Promise<void> {
    const admins = everyone && row.companyId !== null ? await ownQuote(within).quotes.companyAdminIds(row.companyId) : [];
    await tellBuyerSide(
      this.deps,
      { requesterId: row.userId, contactName: row.contactName, contactPhone: row.contactPhone },
      admins,
      {
        kind: 'quote',
        title: notice.title,
        body: notice.body,
        link: withQuery(paths.quotes, { id: row.id }),
        number: row.number,
        sms: notice.sms === null ? null : { template: 'quote_status', status: notice.sms },
        linkLabel: '查看询价单',
        about: '询价',
      },
      within,
    );
  }

  // ——— views ———

  private async summaries(rows: QuoteListRow[]): Promise<QuoteSummary[]> {
    const ids = rows.map((row) => row.id);
    const [lines, newest, requesters] = await Promise.all([this.quotes.lines(ids), this.quotes.newestRevisions(ids), this.deps.users.names(rows.map((row) => row.userId))]);
    const totals = await this.totals(newest);
    const byId = new Map(requesters.map((row) => [row.id, row]));
    return rows.map((row) => {
      const revision = newest.find((candidate) => candidate.requestId === row.id);
      const requester = byId.get(row.userId);
      return {
        id: row.id,
        number: row.number,
        status: row.status,
        products: [...new Set(lines.filter((line) => line.requestId === row.id).map((line) => line.productName))].join('，'),
        company: row.companyName,
        requester: requester ? shownName(requester) : DELETED,
        totalFen: revision ? (totals.get(revision.id)?.totalFen ?? 0) : null,
        validUntil: revision?.validUntil ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  private async totals(revisions: RevisionRow[]): Promise<Map<number, { totalFen: number; taxFen: number; lines: RevisionLineRow[] }>> {
    const lines = await this.quotes.revisionLines(revisions.map((revision) => revision.id));
    return new Map(
      revisions.map((revision) => {
        const own = lines.filter((line) => line.revisionId === revision.id);
        return [revision.id, { lines: own, totalFen: own.reduce((sum, line) => sum + line.amountFen, 0), taxFen: own.reduce((sum, line) => sum + line.taxFen, 0) }];
      }),
    );
  }

  /** A request with its lines, revisions (newest first) and thread; `buyer`: what that caller may do now. */
  private async view(row: QuoteRow, buyer: Buyer | undefined): Promise<Quote> {
    const [lines, revisions, events, requesters, company, application] = await Promise.all([
      this.quotes.lines([row.id]),
      this.quotes.revisions(row.id),
      this.quotes.events(row.id),
      this.deps.users.names([row.userId]),
      row.companyId === null ? Promise.resolve(undefined) : this.quotes.company(row.companyId),
      row.sampleApplicationId === null ? Promise.resolve(undefined) : this.quotes.sampleApplicationNumber(row.sampleApplicationId),
    ]);
    const salesOrderId = row.status === 'accepted' ? await this.deps.accepted.orderOf(row.id) : null;
    const [totals, products] = await Promise.all([
      this.totals(revisions),
      this.quotes.products([...new Set(lines.flatMap((line) => (line.excipientId === null ? [] : [line.excipientId])))]),
    ]);
    // The product's 危险化学品 terms as the catalogue has them now: the quote form starts the line from them.
    const terms = new Map(products.map((product) => [product.id, product.dangerousGoods]));
    const views = revisions.map((revision) => revisionOf(revision, totals.get(revision.id)!));
    const current = views[0] ?? null;
    const quoted = row.status === 'quoted';
    const acting = buyer !== undefined && mayAct(buyer, row);
    const valid = current !== null && current.validUntil >= beijingDay(this.now());
    const [requester] = requesters;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      lines: lines.map((line) => requestLineOf(line, line.excipientId === null ? null : (terms.get(line.excipientId) ?? null))),
      deliveryCity: row.deliveryCity,
      requiredDate: row.requiredDate,
      purpose: row.purpose,
      remark: row.remark,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      company: company ? { id: company.id, name: company.name } : null,
      requester: requester ? shownName(requester) : DELETED,
      sampleApplication: row.sampleApplicationId !== null && application ? { id: row.sampleApplicationId, number: application } : null,
      salesOrderId,
      current,
      revisions: views,
      events: events.map(eventOf),
      actions: {
        accept: quoted && valid && buyer !== undefined && mayAccept(buyer, row),
        decline: quoted && acting,
        requestRevision: quoted && acting,
        cancel: isOpen(row.status) && acting,
        message: isOpen(row.status) && acting,
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async pdfOf(row: QuoteRow, revisionId: number): Promise<{ bytes: Buffer; filename: string }> {
    const view = await this.view(row, undefined);
    const revision = view.revisions.find((candidate) => candidate.id === revisionId);
    if (!revision) throw new AppError('not_found', '该报价单不存在');
    const site = await this.deps.site.current();
    const bytes = await quotePdf(
      revision,
      { name: view.company?.name ?? view.requester, contactName: row.contactName, contactPhone: row.contactPhone, deliveryCity: row.deliveryCity, requestNumber: row.number },
      site,
    );
    return { bytes, filename: `${revision.number}.pdf` };
  }

  // ——— deleting an account ———

  /** Refuses the deletion while the user has open requests, naming one. */
  async deletionBlocker(userId: number, within: Tx): Promise<string | undefined> {
    const { first, count } = await ownQuote(within).quotes.openOf(userId, OPEN_QUOTE_STATES);
    if (!first) return undefined;
    return `您有 ${count} 份询价尚未结束（如询价单 ${first.number}，${quoteStateLabels[first.status]}），暂时不能注销账号。请撤回询价，或等询价结束后再注销。`;
  }

  /**
   * What the closed requests keep of a deleted account's holder: the products, the quotes and the
   * thread stay as the supplier's commercial record; the contact's name keeps its family name, the
   * phone what a waybill shows, the person's own entries are signed 已注销用户, and the SMS sent to
   * the contact phone about the requests go.
   */
  async anonymise(userId: number, within: Tx): Promise<void> {
    const { quotes } = ownQuote(within);
    const contacts = await quotes.contactsOf(userId);
    await this.deps.messages.forgetTo(contacts.map((row) => row.contactPhone), within);
    for (const row of contacts) await quotes.setContact(row.id, { contactName: maskName(row.contactName), contactPhone: maskMobile(row.contactPhone) });
    await quotes.renamePerson(userId, DELETED);
  }
}

function requestLineOf(line: QuoteLineRow, dangerousGoods: string | null): Quote['lines'][number] {
  return {
    id: line.id,
    excipientId: line.excipientId,
    productName: line.productName,
    specId: line.specId,
    grade: line.grade,
    packSize: line.packSize,
    quantity: line.quantity,
    unit: line.unit,
    dangerousGoods,
  };
}

function revisionOf(revision: RevisionRow, totals: { totalFen: number; taxFen: number; lines: RevisionLineRow[] }): QuoteRevision {
  return {
    id: revision.id,
    number: revision.number,
    revision: revision.revision,
    lines: totals.lines.map((line) => ({
      id: line.id,
      excipientId: line.excipientId,
      productName: line.productName,
      spec: line.spec,
      unit: line.unit,
      quantity: line.quantity,
      unitPriceFen: line.unitPriceFen,
      taxRate: line.taxRate,
      taxCode: line.taxCode,
      moq: line.moq,
      leadTimeDays: line.leadTimeDays,
      dangerousGoods: line.dangerousGoods,
      remark: line.remark,
      amountFen: line.amountFen,
      taxFen: line.taxFen,
    })),
    totalFen: totals.totalFen,
    taxFen: totals.taxFen,
    validUntil: revision.validUntil,
    paymentTerms: revision.paymentTerms,
    creditDays: revision.creditDays,
    deliveryTerms: revision.deliveryTerms,
    remark: revision.remark,
    quotedBy: revision.quotedByName,
    createdAt: revision.createdAt.toISOString(),
  };
}

function eventOf(event: EventRow): QuoteEvent {
  return {
    id: event.id,
    kind: event.kind,
    side: event.side,
    name: event.actorName,
    message: event.message,
    revision: event.revision,
    createdAt: event.createdAt.toISOString(),
  };
}
