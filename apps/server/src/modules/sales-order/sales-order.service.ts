import {
  OPEN_SALES_ORDER_STATES,
  SALES_ORDER_STATES,
  formatFen,
  paths,
  salesOrderStateLabels,
  withQuery,
  type AdminSalesOrder,
  type AdminSalesOrderPage,
  type AdminSalesOrderQuery,
  type CompanyRoleName,
  type ConfirmTransferBody,
  type SalesOrder,
  type SalesOrderContractBody,
  type SalesOrderEventName,
  type SalesOrderPage,
  type SalesOrderQuery,
  type SalesOrderShipBody,
  type SalesOrderStateName,
  type SalesOrderSummary,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError, validationError } from '../../http/errors.js';
import { beijingDay, chinaDate } from '../../shared/beijing-time.js';
import { maskMobile, maskName } from '../../shared/masking.js';
import { newRemittanceCode } from '../../shared/remittance-code.js';
import type { UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import { recordChange, SYSTEM_ACTOR, type StaffActor } from '../audit/audit-trail.js';
import type { InvoiceService } from '../invoice/invoice.service.js';
import type { MessageService } from '../messages/message.service.js';
import { shownName, tellBuyerSide } from '../notice/buyer-updates.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { BankAccount } from '../payment/payment-setup.js';
import type { AcceptedQuote, AcceptedQuotes } from '../quote/quote.service.js';
import { ownSalesOrder, type SalesOrderRepositories } from './sales-order.repositories.js';
import type { SalesOrderChanges, SalesOrderEventRow, SalesOrderLineRow, SalesOrderListRow, SalesOrderMembership, SalesOrderRepository } from './sales-order.repository.js';

const NOT_FOUND = '销售订单不存在';
const DELETED = '已注销用户';
const SYSTEM = '系统';
/** How a member of the staff is named when their profile has no name. */
const STAFF = '辅料通';
/** The company roles that see the company's orders, those that confirm receipt, and those that ask for the invoice. */
const SEEING_ROLES: readonly CompanyRoleName[] = ['admin', 'purchasing', 'finance', 'quality'];
const RECEIVING_ROLES: readonly CompanyRoleName[] = ['admin', 'purchasing'];
const INVOICING_ROLES: readonly CompanyRoleName[] = ['admin', 'finance'];

/** Orders are numbered by the day they were made in China. */
export const salesOrderNumber = (id: number, at: Date) => `XS${chinaDate(at)}${String(id).padStart(6, '0')}`;

/** Who is asking on the buyer's side: the user and their company membership (if any). */
interface Buyer {
  user: UserRow;
  membership: SalesOrderMembership | undefined;
}

const inCompany = (buyer: Buyer, row: SalesOrderListRow, roles: readonly CompanyRoleName[]) =>
  row.companyId !== null && buyer.membership?.companyId === row.companyId && buyer.membership.roles.some((role) => roles.includes(role));
const sees = (buyer: Buyer, row: SalesOrderListRow) => row.userId === buyer.user.id || inCompany(buyer, row, SEEING_ROLES);
const mayReceive = (buyer: Buyer, row: SalesOrderListRow) => row.userId === buyer.user.id || inCompany(buyer, row, RECEIVING_ROLES);
/** A company's order is the company's 管理员's to cancel; a personal one the buyer's. */
const mayCancel = (buyer: Buyer, row: SalesOrderListRow) => (row.companyId === null ? row.userId === buyer.user.id : inCompany(buyer, row, ['admin']));
const mayInvoice = (buyer: Buyer, row: SalesOrderListRow) => (row.companyId === null ? row.userId === buyer.user.id : inCompany(buyer, row, INVOICING_ROLES));

function wrongState(row: SalesOrderListRow, what: string): AppError {
  return new AppError('sales_order_state', `销售订单 ${row.number} ${salesOrderStateLabels[row.status]}，不能${what}`);
}
const refused = (row: SalesOrderListRow, why: string) => new AppError('sales_order_state', `销售订单 ${row.number} ${why}`);

/** The goods may leave: paid, or signed on credit terms (账期). */
function shipRefusal(row: SalesOrderListRow): AppError | null {
  if (row.status === 'paid' || (row.status === 'signed' && row.paymentTerms === 'credit')) return null;
  return row.status === 'signed' ? refused(row, '为款到发货，货款到账后才能发货') : wrongState(row, '发货');
}
/** The transfer may be confirmed once the contract is signed, and for credit terms after shipping too. */
function confirmRefusal(row: SalesOrderListRow): AppError | null {
  if (row.paidAt !== null) return refused(row, '的货款已确认到账');
  if (row.status === 'contract') return refused(row, '尚未签订合同，签订后才能确认到账');
  return row.status === 'signed' || row.status === 'shipped' ? null : wrongState(row, '确认到账');
}
/** The sales staff cancel before the money arrives. */
function cancelRefusal(row: SalesOrderListRow): AppError | null {
  if (row.paidAt !== null) return refused(row, '的货款已到账，不能取消；请先与买方协商退款');
  return row.status === 'contract' || row.status === 'signed' ? null : wrongState(row, '取消');
}

/** What the audit log keeps of an order's step. */
const auditState = (row: { status: SalesOrderStateName; paidAt: Date | null }) => ({ status: row.status, paid: row.paidAt !== null });

export interface SalesOrderServiceDeps {
  salesOrders: SalesOrderRepository;
  transactor: Transactor<SalesOrderRepositories>;
  users: Pick<UserDirectory, 'findById' | 'names'>;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  messages: Pick<MessageService, 'send'>;
  invoices: Pick<InvoiceService, 'requestForSalesOrder' | 'ofSalesOrder'>;
  /** The supplier's account for transfers; null: not configured (the buyer asks the sales staff). */
  bank: BankAccount | null;
  siteUrl: string;
  now: () => Date;
  /** The batches on record (the batch module), which shipped lines must name. */
  batches?: OrderBatches;
}

/**
 * The batches on record, as shipping an order needs them (implemented by the batch module): which
 * shipped numbers name no batch of a product that has batches on record (by their index).
 */
export interface OrderBatches {
  shipped(links: ReadonlyArray<{ excipientId: number; batchNumber: string }>): Promise<{ ids: Array<number | null>; unknown: number[] }>;
}

/** A step of the staff on an order: what it needs, what it changes, what the buyer's side is told. */
interface StaffStep {
  what: string;
  /** Why the order's state refuses the step (the state, and what is missing); null: the step may be taken. */
  refusal: (row: SalesOrderListRow) => AppError | null;
  /** More checks and changes on the locked order; answers the order's new values and the history's message. */
  apply: (within: Tx, row: SalesOrderListRow, now: Date) => Promise<{ changes: SalesOrderChanges; message: string | null }>;
  kind: SalesOrderEventName;
  action: 'sales-order.contract' | 'sales-order.confirm-transfer' | 'sales-order.ship' | 'sales-order.receive' | 'sales-order.cancel';
  /** What the buyer's side hears (the SMS's status in a few words). */
  notice: (row: SalesOrderListRow, after: SalesOrderChanges) => { title: string; body: string; sms: string };
  /** The other desk told of the step (finance when a contract is signed, the sales staff when money arrives). */
  alert?: (row: SalesOrderListRow) => { roles: ['finance'] | ['sales']; title: string; body: string };
}

/**
 * Sales orders (销售订单), docs/decisions/0064. The order is made when the buyer's side accepts a quote
 * (`opened`, in that transaction) and belongs to the requester and to the request's company, whose
 * 管理员, 采购, 财务 and 质量 see it. The sales staff record the signed contract; finance confirms the
 * bank transfer against the order's remittance code; the sales staff ship with each line's batch
 * numbers (款到发货: once paid; 账期: once signed); the buyer's side confirms receipt, and an order
 * shipped, received and paid is complete. The invoice is asked for here and issued on the invoice desk.
 * Every step is one transaction with its history entry, its audit entry and the other side's notice.
 */
export class SalesOrderService implements AcceptedQuotes {
  constructor(private readonly deps: SalesOrderServiceDeps) {}

  private get orders() {
    return this.deps.salesOrders;
  }

  private async buyer(user: UserRow, within?: Tx): Promise<Buyer> {
    const orders = within ? ownSalesOrder(within).salesOrders : this.orders;
    return { user, membership: await orders.membershipOf(user.id) };
  }

  /** Makes the order of an accepted quote, in the acceptance's transaction, and tells the sales staff and finance. */
  /** The sales order made from an accepted quote (the quote's answer links to it). */
  async orderOf(quoteId: number): Promise<number | null> {
    return (await this.deps.transactor.on().salesOrders.idOfQuote(quoteId)) ?? null;
  }

  async opened({ request, revision, lines }: AcceptedQuote, within: Tx): Promise<{ number: string }> {
    const { salesOrders } = ownSalesOrder(within);
    const now = this.deps.now();
    const id = await salesOrders.nextId();
    const number = salesOrderNumber(id, now);
    const remittanceCode = await newRemittanceCode((code) => salesOrders.remittanceCodeTaken(code));
    const row = await salesOrders.insert(
      id,
      number,
      {
        quoteId: request.id,
        revisionId: revision.id,
        userId: request.userId,
        companyId: request.companyId,
        totalFen: lines.reduce((sum, line) => sum + line.amountFen, 0),
        taxFen: lines.reduce((sum, line) => sum + line.taxFen, 0),
        paymentTerms: revision.paymentTerms,
        creditDays: revision.creditDays,
        deliveryTerms: revision.deliveryTerms,
        deliveryCity: request.deliveryCity,
        contactName: request.contactName,
        contactPhone: request.contactPhone,
        remittanceCode,
        createdAt: now,
        updatedAt: now,
      },
      // The accepted lines as priced; what only the quote needed (its MOQ, lead time, remark) stays with the quote.
      lines.map(({ id: _id, revisionId: _revision, moq: _moq, leadTimeDays: _leadTime, remark: _remark, ...line }) => ({ ...line, batchNumbers: [] })),
    );
    await salesOrders.addEvent({ orderId: id, kind: 'created', side: 'system', actorId: null, actorName: SYSTEM, message: `由询价单 ${request.number} 第 ${revision.revision} 版报价（${revision.number}）生成`, createdAt: now });
    await recordChange(within, SYSTEM_ACTOR, {
      action: 'sales-order.create',
      entityType: 'sales_order',
      entityId: id,
      summary: `由询价单 ${request.number} 生成销售订单 ${number}，合计 ${formatFen(row.totalFen)}`,
      before: null,
      after: { ...auditState(row), number, quote: request.number, revision: revision.number, totalFen: row.totalFen },
    });
    await this.deps.staffAlerts.tell(
      ['sales'],
      { kind: '销售订单', number, title: `新的销售订单 ${number}`, body: `询价单 ${request.number} 的报价已被接受，合计 ${formatFen(row.totalFen)}，请与买方签订合同。`, link: withQuery(paths.adminSalesOrders, { id }) },
      within,
    );
    return { number };
  }

  // ——— the buyer's side ———

  /** The caller's own orders and, for a company's 管理员, 采购, 财务 and 质量, the company's; newest first. */
  async list(user: UserRow, query: SalesOrderQuery): Promise<SalesOrderPage> {
    const { membership } = await this.buyer(user);
    const companyId = membership && membership.roles.some((role) => SEEING_ROLES.includes(role)) ? membership.companyId : undefined;
    const { rows, totalCount } = await this.orders.page({ viewer: { userId: user.id, companyId }, status: query.status }, 'newest', query.pageSize, (query.page - 1) * query.pageSize);
    return { items: await this.summaries(rows), totalCount };
  }

  /** An order the caller may see; 404 for any other, as for one that does not exist. */
  async detail(user: UserRow, id: number): Promise<SalesOrder> {
    const buyer = await this.buyer(user);
    const row = await this.orders.find(id);
    if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
    return this.view(row, buyer);
  }

  /** The buyer's side confirms the goods arrived; paid, the order is complete. */
  async receive(user: UserRow, actor: StaffActor, id: number): Promise<SalesOrder> {
    await this.deps.transactor.transaction(async (within) => {
      const buyer = await this.buyer(user, within);
      const row = await within.salesOrders.find(id, true);
      if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
      if (!mayReceive(buyer, row)) throw new AppError('forbidden', '只有下单人或企业的管理员、采购可以确认收货');
      await this.received(within, actor, row, { side: 'buyer', id: user.id, name: shownName(user) });
    });
    return this.detail(user, id);
  }

  /** The buyer's side withdraws an order whose contract is not signed yet. */
  async cancel(user: UserRow, actor: StaffActor, id: number, reason: string): Promise<SalesOrder> {
    await this.deps.transactor.transaction(async (within) => {
      const buyer = await this.buyer(user, within);
      const row = await within.salesOrders.find(id, true);
      if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
      if (!mayCancel(buyer, row)) throw new AppError('forbidden', row.companyId === null ? '只有下单人可以取消订单' : '企业的订单只有企业管理员可以取消');
      if (row.status !== 'contract') {
        throw new AppError('sales_order_state', `销售订单 ${row.number} ${salesOrderStateLabels[row.status]}，合同签订后不能在线取消，请联系销售`);
      }
      const now = this.deps.now();
      const after = await within.salesOrders.update(row.id, { status: 'cancelled', cancelledAt: now, cancelReason: reason }, now);
      await within.salesOrders.addEvent({ orderId: row.id, kind: 'cancelled', side: 'buyer', actorId: user.id, actorName: shownName(user), message: reason, createdAt: now });
      await recordChange(within, actor, { action: 'sales-order.cancel', entityType: 'sales_order', entityId: row.id, summary: `买方取消销售订单 ${row.number}：${reason}`, before: auditState(row), after: auditState(after) });
      await this.deps.staffAlerts.tell(['sales'], { kind: '销售订单', number: row.number, title: `销售订单 ${row.number} 已被买方取消`, body: `原因：${reason}`, link: withQuery(paths.adminSalesOrders, { id: row.id }) }, within);
    });
    return this.detail(user, id);
  }

  /** Asks for the order's invoice with one of the caller's titles, once the money has arrived. */
  async requestInvoice(user: UserRow, actor: StaffActor, id: number, titleId: number): Promise<SalesOrder> {
    await this.deps.transactor.transaction(async (within) => {
      const buyer = await this.buyer(user, within);
      const row = await within.salesOrders.find(id, true);
      if (!row || !sees(buyer, row)) throw new AppError('not_found', NOT_FOUND);
      if (!mayInvoice(buyer, row)) throw new AppError('forbidden', row.companyId === null ? '只有下单人可以申请发票' : '企业的订单由企业管理员或财务申请发票');
      if (row.paidAt === null || row.paidFen === null) throw new AppError('sales_order_state', `销售订单 ${row.number} 的货款尚未到账，到账后才能申请发票`);
      const lines = await within.salesOrders.lines([row.id]);
      const name = `${lines[0]?.productName ?? '货款'}${lines.length > 1 ? ` 等 ${lines.length} 项` : ''}（销售订单）`;
      const invoiceId = await this.deps.invoices.requestForSalesOrder(user.id, { id: row.id, number: row.number, name, amountFen: row.paidFen }, titleId, within);
      const now = this.deps.now();
      await within.salesOrders.update(row.id, {}, now);
      await within.salesOrders.addEvent({ orderId: row.id, kind: 'invoice', side: 'buyer', actorId: user.id, actorName: shownName(user), message: `金额 ${formatFen(row.paidFen)}`, createdAt: now });
      await recordChange(within, actor, {
        action: 'sales-order.invoice',
        entityType: 'sales_order',
        entityId: row.id,
        summary: `申请销售订单 ${row.number} 的发票（${formatFen(row.paidFen)}）`,
        before: null,
        after: { invoice: invoiceId },
      });
    });
    return this.detail(user, id);
  }

  // ——— the desk ———

  async adminList(query: AdminSalesOrderQuery): Promise<AdminSalesOrderPage> {
    const { rows, totalCount, counts } = await this.orders.page({ status: query.status, keyword: query.keyword || undefined }, 'open first', query.pageSize, (query.page - 1) * query.pageSize);
    const countsByStatus = Object.fromEntries(SALES_ORDER_STATES.map((status) => [status, 0])) as Record<SalesOrderStateName, number>;
    for (const { status, n } of counts) countsByStatus[status] = n;
    return { items: await this.summaries(rows), totalCount, countsByStatus };
  }

  async adminDetail(id: number): Promise<AdminSalesOrder> {
    const row = await this.orders.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const { actions: _actions, ...view } = await this.view(row, undefined);
    const [buyer] = await this.deps.users.names([row.userId]);
    const invoice = await this.deps.invoices.ofSalesOrder(row.id);
    return {
      ...view,
      buyerAccount: !buyer || buyer.deletedAt ? DELETED : buyer.account,
      companyStatus: row.companyStatus,
      bankReference: row.bankReference,
      invoiceId: invoice?.id ?? null,
    };
  }

  /** The contract is signed: its number and day; the buyer may now transfer. */
  async sign(staff: UserRow, actor: StaffActor, id: number, body: SalesOrderContractBody): Promise<AdminSalesOrder> {
    return this.staffStep(staff, actor, id, {
      what: '登记合同',
      refusal: (row) => (row.status === 'contract' ? null : wrongState(row, '登记合同')),
      apply: async (_within, _row, now) => {
        if (body.signedOn > beijingDay(now)) throw validationError([{ path: 'body.signedOn', message: '签订日期不能晚于今天' }]);
        return { changes: { status: 'signed', contractNumber: body.contractNumber, signedOn: body.signedOn }, message: `合同编号 ${body.contractNumber}，签订日期 ${body.signedOn}` };
      },
      kind: 'signed',
      action: 'sales-order.contract',
      notice: (row) => ({
        title: '合同已签订',
        body:
          row.paymentTerms === 'prepaid'
            ? `销售订单 ${row.number} 的合同（${body.contractNumber}）已签订。请按订单页面的收款账户对公转账 ${formatFen(row.totalFen)}，附言填写汇款备注码 ${row.remittanceCode}；到账后安排发货。`
            : `销售订单 ${row.number} 的合同（${body.contractNumber}）已签订，将按账期 ${row.creditDays ?? ''} 天安排发货；请按期对公转账，附言填写汇款备注码 ${row.remittanceCode}。`,
        sms: '合同已签订，请安排付款',
      }),
      alert: (row) => ({ roles: ['finance'], title: `销售订单 ${row.number} 合同已签订`, body: `合计 ${formatFen(row.totalFen)}，汇款备注码 ${row.remittanceCode}：到账后请在销售订单中确认。` }),
    });
  }

  /** Finance confirms the transfer: the amount must be the order's total. */
  async confirmTransfer(staff: UserRow, actor: StaffActor, id: number, body: ConfirmTransferBody): Promise<AdminSalesOrder> {
    return this.staffStep(staff, actor, id, {
      what: '确认到账',
      refusal: confirmRefusal,
      apply: async (_within, row, now) => {
        if (body.amountFen !== row.totalFen) {
          throw new AppError('sales_order_state', `到账金额 ${formatFen(body.amountFen)} 与订单合计 ${formatFen(row.totalFen)} 不一致，请核对后再确认（多付或少付请与买方协商处理）`);
        }
        const complete = row.status === 'shipped' && row.receivedAt !== null;
        return {
          changes: { status: row.status === 'signed' ? 'paid' : complete ? 'completed' : row.status, paidAt: now, paidFen: body.amountFen, bankReference: body.reference, ...(complete ? { completedAt: now } : {}) },
          message: `到账 ${formatFen(body.amountFen)}，银行流水号 ${body.reference}`,
        };
      },
      kind: 'paid',
      action: 'sales-order.confirm-transfer',
      notice: (row) => ({
        title: '货款已到账',
        body: `销售订单 ${row.number} 的货款 ${formatFen(body.amountFen)} 已到账${row.status === 'signed' ? '，我们将尽快安排发货' : ''}。可在订单页面申请发票。`,
        sms: '货款已到账',
      }),
      alert: (row) => ({ roles: ['sales'], title: `销售订单 ${row.number} 货款已到账`, body: `${formatFen(body.amountFen)}${row.status === 'signed' ? '，请安排发货。' : '。'}` }),
    });
  }

  /** The goods leave with the carrier, the tracking number and each line's batch numbers. */
  async ship(staff: UserRow, actor: StaffActor, id: number, body: SalesOrderShipBody): Promise<AdminSalesOrder> {
    // Read before the transaction (an embedded database serves one query at a time): each number names a batch of the line's product on record.
    if (this.deps.batches) {
      const products = new Map((await this.deps.salesOrders.lines([id])).map((line) => [line.id, line]));
      const links = body.lines.flatMap((line, i) =>
        line.batchNumbers.flatMap((batchNumber, j) => {
          const own = products.get(line.lineId);
          return own?.excipientId ? [{ excipientId: own.excipientId, batchNumber, path: `body.lines.${i}.batchNumbers.${j}`, productName: own.productName }] : [];
        }),
      );
      const { unknown } = await this.deps.batches.shipped(links);
      if (unknown.length > 0) {
        throw validationError(unknown.map((at) => ({ path: links[at]!.path, message: `批号 ${links[at]!.batchNumber} 不是${links[at]!.productName}已登记的批次，请核对批号` })));
      }
    }
    return this.staffStep(staff, actor, id, {
      what: '发货',
      refusal: shipRefusal,
      apply: async (within, row, now) => {
        const lines = await ownSalesOrder(within).salesOrders.lines([row.id]);
        const given = new Map(body.lines.map((line) => [line.lineId, line.batchNumbers]));
        const issues = body.lines.flatMap((line, i) => (lines.some((own) => own.id === line.lineId) ? [] : [{ path: `body.lines.${i}.lineId`, message: '该行不属于此订单' }]));
        const missing = lines.filter((line) => !given.has(line.id));
        if (issues.length > 0 || missing.length > 0) {
          throw validationError([...issues, ...missing.map((line) => ({ path: 'body.lines', message: `请填写 ${line.productName} 的批号` }))]);
        }
        for (const line of lines) await ownSalesOrder(within).salesOrders.setBatches(line.id, [...new Set(given.get(line.id))]);
        return {
          changes: { status: 'shipped', carrier: body.carrier, trackingNumber: body.trackingNumber, shippedAt: now },
          message: `${body.carrier} ${body.trackingNumber}；批号：${lines.map((line) => `${line.productName} ${[...new Set(given.get(line.id))].join('、')}`).join('；')}`,
        };
      },
      kind: 'shipped',
      action: 'sales-order.ship',
      notice: (row) => ({ title: '订单已发货', body: `销售订单 ${row.number} 已发货：${body.carrier}，运单号 ${body.trackingNumber}。批号与随货 COA 可在订单页面查看；收到货物后请确认收货。`, sms: `已发货，${body.carrier}` }),
    });
  }

  /** The sales staff record the buyer's receipt for them (confirmed by phone, a signed waybill). */
  async staffReceive(staff: UserRow, actor: StaffActor, id: number): Promise<AdminSalesOrder> {
    await this.deps.transactor.transaction(async (within) => {
      const row = await within.salesOrders.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      await this.received(within, actor, row, { side: 'staff', id: staff.id, name: staffName(staff) });
    });
    return this.adminDetail(id);
  }

  /** The sales staff cancel an order before its money arrives. */
  async staffCancel(staff: UserRow, actor: StaffActor, id: number, reason: string): Promise<AdminSalesOrder> {
    return this.staffStep(staff, actor, id, {
      what: '取消',
      refusal: cancelRefusal,
      apply: async (_within, _row, now) => ({ changes: { status: 'cancelled', cancelledAt: now, cancelReason: reason }, message: reason }),
      kind: 'cancelled',
      action: 'sales-order.cancel',
      notice: (row) => ({ title: '订单已取消', body: `销售订单 ${row.number} 已取消：${reason}。如有疑问请联系销售。`, sms: '订单已取消' }),
    });
  }

  private async received(within: Tx, actor: StaffActor, row: SalesOrderListRow, who: { side: 'buyer' | 'staff'; id: number; name: string }): Promise<void> {
    if (row.status !== 'shipped' || row.receivedAt !== null) {
      throw row.receivedAt !== null ? new AppError('sales_order_state', `销售订单 ${row.number} 已确认收货`) : wrongState(row, '确认收货');
    }
    const now = this.deps.now();
    const complete = row.paidAt !== null;
    const { salesOrders } = ownSalesOrder(within);
    const after = await salesOrders.update(row.id, { receivedAt: now, ...(complete ? { status: 'completed', completedAt: now } : {}) }, now);
    await salesOrders.addEvent({ orderId: row.id, kind: 'received', side: who.side, actorId: who.id, actorName: who.name, message: who.side === 'staff' ? '代买方确认签收' : null, createdAt: now });
    if (complete) await salesOrders.addEvent({ orderId: row.id, kind: 'completed', side: 'system', actorId: null, actorName: SYSTEM, message: null, createdAt: now });
    await recordChange(within, actor, {
      action: 'sales-order.receive',
      entityType: 'sales_order',
      entityId: row.id,
      summary: `${who.side === 'staff' ? '代买方' : ''}确认收货：销售订单 ${row.number}${complete ? '，订单完成' : '（货款未到账）'}`,
      before: auditState(row),
      after: auditState(after),
    });
    if (who.side === 'buyer') {
      await this.deps.staffAlerts.tell(
        ['sales'],
        { kind: '销售订单', number: row.number, title: `销售订单 ${row.number} 买方已确认收货`, body: complete ? '订单已完成。' : '货款尚未到账（账期）。', link: withQuery(paths.adminSalesOrders, { id: row.id }) },
        within,
      );
    } else if (complete) {
      await this.tellBuyer(row, { title: '订单已完成', body: `销售订单 ${row.number} 已确认签收，订单完成。感谢您的采购！`, sms: '订单已完成' }, within);
    }
  }

  /**
   * A step of the staff on a locked order: 409 when the state does not allow it; then the order, the
   * history, the audit log, the buyer's side's notice and the other desk's alert, in one transaction.
   */
  private async staffStep(staff: UserRow, actor: StaffActor, id: number, step: StaffStep): Promise<AdminSalesOrder> {
    await this.deps.transactor.transaction(async (within) => {
      const row = await within.salesOrders.find(id, true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      const refusal = step.refusal(row);
      if (refusal) throw refusal;
      const now = this.deps.now();
      const { changes, message } = await step.apply(within, row, now);
      const after = await within.salesOrders.update(row.id, changes, now);
      await within.salesOrders.addEvent({ orderId: row.id, kind: step.kind, side: 'staff', actorId: staff.id, actorName: staffName(staff), message, createdAt: now });
      if (after.status === 'completed' && row.status !== 'completed') {
        await within.salesOrders.addEvent({ orderId: row.id, kind: 'completed', side: 'system', actorId: null, actorName: SYSTEM, message: null, createdAt: now });
      }
      await recordChange(within, actor, {
        action: step.action,
        entityType: 'sales_order',
        entityId: row.id,
        summary: `${step.what}：销售订单 ${row.number}${message ? `，${message}` : ''}`,
        before: auditState(row),
        after: auditState(after),
      });
      await this.tellBuyer(row, step.notice(row, changes), within);
      const alert = step.alert?.(row);
      if (alert) await this.deps.staffAlerts.tell(alert.roles, { kind: '销售订单', number: row.number, title: alert.title, body: alert.body, link: withQuery(paths.adminSalesOrders, { id: row.id }) }, within);
    });
    return this.adminDetail(id);
  }


  /** The requester and, for a company's order, the company's 管理员 and 财务 hear of the staff's steps. */
  private async tellBuyer(row: SalesOrderListRow, notice: { title: string; body: string; sms: string }, within: Tx): Promise<void> {
    const colleagues = row.companyId === null ? [] : await ownSalesOrder(within).salesOrders.companyMemberIds(row.companyId, INVOICING_ROLES);
    await tellBuyerSide(
      this.deps,
      { requesterId: row.userId, contactName: row.contactName, contactPhone: row.contactPhone },
      colleagues,
      {
        kind: 'sales_order',
        title: notice.title,
        body: notice.body,
        link: withQuery(paths.salesOrders, { id: row.id }),
        number: row.number,
        sms: { template: 'sales_order_status', status: notice.sms },
        linkLabel: '查看销售订单',
        about: '销售订单',
      },
      within,
    );
  }

  // ——— views ———

  private async summaries(rows: SalesOrderListRow[]): Promise<SalesOrderSummary[]> {
    const [lines, buyers] = await Promise.all([this.orders.lines(rows.map((row) => row.id)), this.deps.users.names(rows.map((row) => row.userId))]);
    const byId = new Map(buyers.map((row) => [row.id, row]));
    return rows.map((row) => {
      const buyer = byId.get(row.userId);
      return {
        id: row.id,
        number: row.number,
        status: row.status,
        products: [...new Set(lines.filter((line) => line.orderId === row.id).map((line) => line.productName))].join('，'),
        company: row.companyName,
        buyer: buyer ? shownName(buyer) : DELETED,
        totalFen: row.totalFen,
        paid: row.paidAt !== null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  private async view(row: SalesOrderListRow, buyer: Buyer | undefined): Promise<SalesOrder> {
    const [lines, events, [person], invoice] = await Promise.all([
      this.orders.lines([row.id]),
      this.orders.events(row.id),
      this.deps.users.names([row.userId]),
      this.deps.invoices.ofSalesOrder(row.id),
    ]);
    const bank = this.deps.bank;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      quote: { id: row.quoteId, number: row.quoteNumber, revisionNumber: row.revisionNumber, revision: row.revision },
      company: row.companyId === null ? null : { id: row.companyId, name: row.companyName ?? '' },
      buyer: person ? shownName(person) : DELETED,
      lines: lines.map(lineOf),
      totalFen: row.totalFen,
      taxFen: row.taxFen,
      paymentTerms: row.paymentTerms,
      creditDays: row.creditDays,
      deliveryTerms: row.deliveryTerms,
      deliveryCity: row.deliveryCity,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      contractNumber: row.contractNumber,
      signedOn: row.signedOn,
      payment: {
        accountName: bank?.accountName ?? null,
        bankName: bank?.bankName ?? null,
        accountNumber: bank?.accountNumber ?? null,
        remittanceCode: row.remittanceCode,
        paidAt: row.paidAt?.toISOString() ?? null,
        paidFen: row.paidFen,
      },
      shipment: row.shippedAt && row.carrier && row.trackingNumber ? { carrier: row.carrier, trackingNumber: row.trackingNumber, shippedAt: row.shippedAt.toISOString() } : null,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      invoice: invoice
        ? {
            id: invoice.id,
            status: invoice.status,
            type: invoice.titleType,
            invoiceNumber: invoice.invoiceNumber,
            hasFile: invoice.status === 'issued' && invoice.fileKey !== null,
            mine: buyer !== undefined && invoice.userId === buyer.user.id,
          }
        : null,
      events: events.map(eventOf),
      actions: {
        receive: buyer !== undefined && row.status === 'shipped' && row.receivedAt === null && mayReceive(buyer, row),
        cancel: buyer !== undefined && row.status === 'contract' && mayCancel(buyer, row),
        invoice: buyer !== undefined && row.paidAt !== null && (invoice === undefined || invoice.status === 'rejected') && mayInvoice(buyer, row),
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ——— deleting an account ———

  /** Open orders of the user's refuse the deletion. */
  async deletionBlocker(userId: number, within: Tx): Promise<string | undefined> {
    const { first, count } = await ownSalesOrder(within).salesOrders.openOf(userId, OPEN_SALES_ORDER_STATES);
    if (!first) return undefined;
    return `您有 ${count} 个进行中的销售订单（${first.number}${count > 1 ? ' 等' : ''}），请待订单完成或取消后再注销`;
  }

  /** The contacts of the user's orders keep a family name and a masked phone; their steps are signed 已注销用户. */
  async anonymise(userId: number, within: Tx): Promise<void> {
    const { salesOrders } = ownSalesOrder(within);
    for (const row of await salesOrders.contactsOf(userId)) await salesOrders.setContact(row.id, { contactName: maskName(row.contactName), contactPhone: maskMobile(row.contactPhone) });
    await salesOrders.renamePerson(userId, DELETED);
  }
}

/** A member of the staff as the buyer sees them: their name (a staff account, a phone number, is never shown). */
const staffName = (user: { name: string; nickName: string }) => user.name || user.nickName || STAFF;

function lineOf(line: SalesOrderLineRow): SalesOrder['lines'][number] {
  return {
    id: line.id,
    excipientId: line.excipientId,
    productName: line.productName,
    spec: line.spec,
    unit: line.unit,
    quantity: line.quantity,
    unitPriceFen: line.unitPriceFen,
    taxRate: line.taxRate,
    taxCode: line.taxCode,
    amountFen: line.amountFen,
    taxFen: line.taxFen,
    dangerousGoods: line.dangerousGoods,
    batchNumbers: line.batchNumbers,
  };
}

function eventOf(event: SalesOrderEventRow): SalesOrder['events'][number] {
  return { id: event.id, kind: event.kind, side: event.side, name: event.actorName, message: event.message, createdAt: event.createdAt.toISOString() };
}
