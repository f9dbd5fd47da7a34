import type { PlanService } from '../plan/plan.service.js';
import type { InvoiceService } from '../invoice/invoice.service.js';
import type { CompanyService } from '../company/company.service.js';
import type { UserDirectory } from '../account/user-directory.js';
import { ownOrder } from './order.repositories.js';
import { BANK_SLIP_MAX_BYTES, formatFen, ORDER_PAY_MINUTES, orderStatusLabels, paymentMethodLabels, type Order, type OrderInvoice, type OrderPage, type OrderQuery, type PaymentClient, type PaymentMethod, type PaymentMethods, type PayResponse, paths, withQuery } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { OrderRepositories } from './order.repositories.js';
import { newRemittanceCode } from '../../shared/remittance-code.js';
import { AppError } from '../../http/errors.js';
import { chinaDate } from '../../shared/beijing-time.js';
import type { FileStore } from '../files/file-store.js';
import { lastDayText } from '../grant/grant.service.js';
import type { GrantService } from '../grant/grant.service.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import { GatewayError, type PaymentGateway, type VerifiedPayment } from '../payment/gateway.js';
import type { PaymentSetup } from '../payment/payment-setup.js';
import type { OrderRepository, OrderRow } from './order.repository.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Unpaid orders a user may have open at once. */
export const OPEN_ORDERS_MAX = 5;
const NOT_FOUND = '订单不存在';

export const orderNumber = (id: number, at: Date) => `DD${chinaDate(at)}${String(id).padStart(6, '0')}`;

/** The invoice asked for an order, as the invoice module answers it. */
type InvoiceOfOrder = Awaited<ReturnType<InvoiceService['ofOrders']>>[number];

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    planId: row.planId,
    kind: row.kind,
    databaseCode: row.databaseCode,
    name: row.name,
    days: row.days,
    seats: row.seats,
    amountFen: row.amountFen,
    status: row.status,
    method: row.method,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paidFen: row.paidFen,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundFen: row.refundFen,
    remittanceCode: row.remittanceCode,
    slipUploaded: row.slipKey !== null,
  };
}

function orderInvoice(row: InvoiceOfOrder | undefined): OrderInvoice | null {
  if (!row) return null;
  return { id: row.id, status: row.status, invoiceNumber: row.invoiceNumber, hasFile: row.status === 'issued' && row.fileKey !== null };
}

/** 409 naming the order's status: what was asked is not possible in it. */
function wrongStatus(row: OrderRow, doing: string): AppError {
  return new AppError('order_state', `订单${orderStatusLabels[row.status]}，不能${doing}`);
}

export interface OrderServiceDeps {
  orders: OrderRepository;
  /** The invoice asked for each order of the buyer's list. */
  invoices: Pick<InvoiceService, 'ofOrders'>;
  users: Pick<UserDirectory, 'lockUser'>;
  /** The plan an order is placed for. */
  plans: Pick<PlanService, 'find'>;
  transactor: Transactor<OrderRepositories>;
  grants: GrantService;
  /** The buyer's company when an order is placed, and what its 管理员 reads. */
  companies: Pick<CompanyService, 'membershipFor' | 'companyReadBy' | 'memberNames'>;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  files: FileStore;
  setup: PaymentSetup;
  gateways: Partial<Record<'wechat' | 'alipay', PaymentGateway>>;
  siteUrl: string;
  logger: { info(object: object, message: string): void; warn(object: object, message: string): void; error(object: object, message: string): void };
  now?: () => Date;
}

/** What became of a verified payment report. */
export type PaymentOutcome = 'paid' | 'reopened' | 'refunded' | 'duplicate' | 'unknown_order' | 'wrong_amount';

/**
 * Orders of plans and their payment. An order is placed for a plan on sale, paid within 30 minutes
 * online (or within the bank-transfer term), and the payment — whichever way it is reported, by the
 * gateway's notification, by asking the gateway, or by finance — marks it paid, grants what it bought
 * and tells the buyer in one transaction. Nothing verified is ever lost: a payment for a closed order
 * reopens it, one for an order paid already is refunded, and staff hear of both.
 */
export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async create(userId: number, planId: number): Promise<Order> {
    return this.deps.transactor.transaction(async (within) => {
      await this.deps.users.lockUser(userId, within);
      const plan = await this.deps.plans.find(planId, within);
      if (!plan) throw new AppError('not_found', '方案不存在');
      if (!plan.onSale) throw new AppError('conflict', `“${plan.name}”已下架，请选择其他方案`);
      const open = await within.orders.countOf(userId, ['pending', 'confirming']);
      if (open >= OPEN_ORDERS_MAX) {
        throw new AppError('limit_exceeded', `您有 ${open} 个订单未完成支付，请先支付或取消后再下单`);
      }
      const now = this.now();
      const id = await within.orders.nextId();
      // The order is the company's to see (its 管理员's) if the buyer belongs to one now.
      const membership = await this.deps.companies.membershipFor(userId, within);
      const row = await within.orders.insert({
        id,
        number: orderNumber(id, now),
        userId,
        companyId: membership?.companyId ?? null,
        planId: plan.id,
        kind: plan.kind,
        databaseCode: plan.databaseCode,
        name: plan.name,
        days: plan.days,
        seats: plan.seats,
        amountFen: plan.priceFen,
        status: 'pending',
        expiresAt: new Date(now.getTime() + ORDER_PAY_MINUTES * MINUTE),
        createdAt: now,
        updatedAt: now,
      });
      return toOrder(row);
    });
  }

  /**
   * The buyer's orders; with `scope=company`, those the members of the buyer's company placed while
   * members (its 管理员 only: read only, with the member's name).
   */
  async list(userId: number, query: OrderQuery): Promise<OrderPage> {
    const whose = query.scope === 'company' ? { companyId: await this.deps.companies.companyReadBy(userId) } : userId;
    const { rows, totalCount } = await this.deps.orders.page(whose, query.status, query.pageSize, (query.page - 1) * query.pageSize);
    const invoices = new Map((await this.deps.invoices.ofOrders(rows.map((row) => row.id))).map((invoice) => [invoice.orderId, invoice]));
    const names = query.scope === 'company' ? await this.deps.companies.memberNames(rows.map((row) => row.userId)) : undefined;
    return {
      items: rows.map((row) => ({ ...toOrder(row), invoice: orderInvoice(invoices.get(row.id)), memberName: names?.get(row.userId) ?? null })),
      totalCount,
    };
  }

  async get(userId: number, id: number): Promise<Order> {
    const row = await this.deps.orders.find(id, userId);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return toOrder(row);
  }

  /** The user's order, locked until the caller's transaction ends (an invoice is asked for it). */
  async lockOwn(id: number, userId: number, within: Tx): Promise<OrderRow | undefined> {
    return ownOrder(within).orders.find(id, userId, true);
  }

  async cancel(userId: number, id: number): Promise<Order> {
    const row = await this.deps.transactor.transaction(async (within) => {
      const order = await within.orders.find(id, userId, true);
      if (!order) throw new AppError('not_found', NOT_FOUND);
      if (order.status === 'confirming') throw new AppError('order_state', '订单待确认（已上传汇款凭证），如需取消请联系客服');
      if (order.status !== 'pending') throw wrongStatus(order, '取消');
      const now = this.now();
      return within.orders.update(id, { status: 'cancelled', cancelledAt: now }, now);
    });
    this.closeAtGateway(row);
    return toOrder(row);
  }

  /** The ways this client may pay now. */
  methods(client: PaymentClient, mobile: boolean): PaymentMethods {
    const { setup } = this.deps;
    const sandbox = setup.mode === 'sandbox';
    const item = (method: PaymentMethod, available: boolean, note: string) => ({ method, available, note });
    const wechat = (() => {
      if (!setup.wechat) return item('wechat', false, '暂未开通微信支付');
      if (client === 'miniprogram') return item('wechat', false, '小程序内暂不支持在线支付，请在电脑上打开网站支付，或选择对公转账');
      if (client === 'wechat') return item('wechat', true, '长按二维码，选择“识别图中的二维码”完成支付');
      return item('wechat', true, mobile ? '请用另一台设备上的微信扫码，或在电脑上打开本页支付' : '打开微信“扫一扫”，扫描二维码完成支付');
    })();
    const alipay = (() => {
      if (!setup.alipay) return item('alipay', false, '暂未开通支付宝');
      if (client === 'wechat') return item('alipay', false, '微信内无法打开支付宝：请点击右上角“…”，选择“在浏览器打开”后支付');
      if (client === 'miniprogram') return item('alipay', false, '小程序内无法使用支付宝');
      return item('alipay', true, mobile ? '跳转至支付宝完成支付' : '跳转至支付宝收银台，扫码或登录账户付款');
    })();
    const bank = setup.bank
      ? item('bank', true, `向公司账户汇款，${setup.bankTransferDays} 天内到账；可上传汇款凭证加快确认`)
      : item('bank', false, '暂未开通对公转账');
    return { sandbox, items: [wechat, alipay, bank] };
  }

  /** Starts paying an order one way: the QR code, the cashier's address, or the account to transfer to. */
  async pay(userId: number, id: number, method: PaymentMethod, options: { mobile: boolean }): Promise<PayResponse> {
    const order = await this.deps.orders.find(id, userId);
    if (!order) throw new AppError('not_found', NOT_FOUND);
    if (order.status !== 'pending') throw wrongStatus(order, '支付');
    const now = this.now();
    if (order.expiresAt <= now) throw new AppError('order_state', '订单已超过支付期限，请重新下单');
    if (method === 'bank') return this.payByBank(order);
    const gateway = this.deps.gateways[method];
    if (!gateway) throw new AppError('bad_request', `暂不支持${paymentMethodLabels[method]}，请选择其他支付方式`);
    let target: string;
    try {
      target = await gateway.start(
        { number: order.number, amountFen: order.amountFen, description: `辅料通-${order.name}`, expiresAt: order.expiresAt },
        { mobile: options.mobile, returnUrl: this.deps.siteUrl + withQuery(paths.payment, { order: order.id }) },
      );
    } catch (error) {
      this.deps.logger.error({ err: error, order: order.number, method }, 'payment gateway refused to start a payment');
      throw new AppError('payment_unavailable', error instanceof GatewayError ? `${error.message}，请稍后再试或选择其他支付方式` : undefined);
    }
    await this.deps.orders.update(order.id, { method }, now);
    const sandbox = this.deps.setup.mode === 'sandbox';
    const expiresAt = order.expiresAt.toISOString();
    return method === 'wechat' ? { method, codeUrl: target, expiresAt, sandbox } : { method, payUrl: target, expiresAt, sandbox };
  }

  private async payByBank(order: OrderRow): Promise<PayResponse> {
    const { bank, bankTransferDays } = this.deps.setup;
    if (!bank) throw new AppError('bad_request', '暂不支持对公转账，请选择其他支付方式');
    const row = await this.deps.transactor.transaction(async (within) => {
      const locked = await within.orders.find(order.id, order.userId, true);
      if (!locked || locked.status !== 'pending') throw wrongStatus(locked ?? order, '支付');
      const code = locked.remittanceCode ?? (await newRemittanceCode((candidate) => ownOrder(within).orders.remittanceCodeTaken(candidate)));
      // The transfer's term counts from the order: choosing it again does not move the deadline.
      const deadline = new Date(locked.createdAt.getTime() + bankTransferDays * DAY);
      return within.orders.update(locked.id, { method: 'bank', remittanceCode: code, expiresAt: deadline }, this.now());
    });
    return {
      method: 'bank',
      ...bank,
      amountFen: row.amountFen,
      remittanceCode: row.remittanceCode!,
      deadline: row.expiresAt.toISOString(),
    };
  }


  /** The buyer's bank slip: the order waits for finance (待确认). */
  async uploadSlip(userId: number, id: number, file: { bytes: Buffer; contentType: string; extension: string }): Promise<Order> {
    if (file.bytes.length > BANK_SLIP_MAX_BYTES) throw new AppError('payload_too_large', '凭证文件不能超过 5 MB');
    const row = await this.deps.transactor.transaction(async (within) => {
      const order = await within.orders.find(id, userId, true);
      if (!order) throw new AppError('not_found', NOT_FOUND);
      if (order.method !== 'bank' || (order.status !== 'pending' && order.status !== 'confirming')) throw wrongStatus(order, '上传汇款凭证');
      const key = await this.deps.files.put({ ownerId: userId, contentType: file.contentType, extension: file.extension, bytes: file.bytes }, within);
      if (order.slipKey) await this.deps.files.delete(order.slipKey, userId, within);
      const now = this.now();
      const updated = await within.orders.update(order.id, { status: 'confirming', slipKey: key, slipUploadedAt: now }, now);
      if (order.status === 'pending') {
        await this.deps.staffAlerts.tell(
          ['finance'],
          {
            kind: '银行转账凭证',
            number: order.number,
            title: `订单 ${order.number} 已上传汇款凭证`,
            body: `${order.name}，${formatFen(order.amountFen)}，汇款备注码 ${order.remittanceCode ?? ''}。请核对到账后确认。`,
            link: withQuery(paths.adminOrders, { id: order.id }),
          },
          within,
        );
      }
      return updated;
    });
    return toOrder(row);
  }

  /**
   * Asks the gateway about an unpaid order (the buyer came back from paying before the notification):
   * a payment found is applied as a notification's would be.
   */
  async refresh(userId: number, id: number): Promise<Order> {
    const order = await this.deps.orders.find(id, userId);
    if (!order) throw new AppError('not_found', NOT_FOUND);
    const gateway = order.method && order.method !== 'bank' ? this.deps.gateways[order.method] : undefined;
    if (gateway && (order.status === 'pending' || order.status === 'closed' || order.status === 'cancelled')) {
      let payment: VerifiedPayment | null = null;
      try {
        payment = await gateway.query(order.number);
      } catch (error) {
        this.deps.logger.warn({ err: error, order: order.number }, 'payment gateway could not be asked about an order');
      }
      if (payment) await this.applyPayment(gateway.method, payment);
    }
    return this.get(userId, id);
  }

  /**
   * Applies a verified payment, once: the order is paid (or reopened, or the money refunded when it was
   * paid already), the grant and the buyer's notice written in the same transaction.
   */
  async applyPayment(method: PaymentMethod, payment: VerifiedPayment, caller?: Tx): Promise<PaymentOutcome> {
    const result = await this.deps.transactor.transaction(async (within) => {
      const order = await within.orders.findByNumberForUpdate(payment.orderNumber);
      if (!order) return { outcome: 'unknown_order' as const };
      if (payment.amountFen !== order.amountFen) return { outcome: 'wrong_amount' as const, order };
      const now = this.now();
      const wasOpen = order.status === 'pending' || order.status === 'confirming';
      const wasShut = order.status === 'closed' || order.status === 'cancelled';
      const outcome: 'paid' | 'reopened' | 'refunded' = wasOpen ? 'paid' : wasShut ? 'reopened' : 'refunded';
      const recorded = await within.orders.recordPayment({
        orderId: order.id,
        method,
        kind: 'payment',
        tradeNo: payment.tradeNo,
        amountFen: payment.amountFen,
        outcome,
        createdAt: now,
      });
      if (!recorded) return { outcome: 'duplicate' as const, order };
      if (outcome === 'refunded') {
        await this.deps.staffAlerts.tell(
          ['finance'],
          {
            kind: '重复支付',
            number: order.number,
            title: `订单 ${order.number} 收到重复付款，已自动退款`,
            body: `${paymentMethodLabels[method]}交易 ${payment.tradeNo}，${formatFen(payment.amountFen)}：订单此前已${orderStatusLabels[order.status]}，这笔付款原路退回。`,
            link: withQuery(paths.adminOrders, { id: order.id }),
          },
          within,
        );
        return { outcome, order, refundNo: `${order.number}R${recorded.id}`, tradeNo: payment.tradeNo };
      }
      const paid = await within.orders.update(
        order.id,
        { status: 'paid', paidAt: payment.paidAt, paidFen: payment.amountFen, paidBy: method, tradeNo: payment.tradeNo, method },
        now,
      );
      const grant = await this.deps.grants.grantPaid(
        within,
        { userId: order.userId, kind: order.kind, databaseCode: order.databaseCode, name: order.name, seats: order.seats, days: order.days, orderId: order.id },
        payment.paidAt,
      );
      await this.deps.notices.notify(
        order.userId,
        {
          kind: 'order',
          title: '支付成功',
          body: `订单 ${order.number} 已支付 ${formatFen(payment.amountFen)}，“${order.name}”已开通，有效期至 ${lastDayText(grant.endsAt)}。`,
          link: paths.databaseOrders,
        },
        within,
      );
      if (outcome === 'reopened') {
        await this.deps.staffAlerts.tell(
          ['finance'],
          {
            kind: '逾期到账',
            number: order.number,
            title: `订单 ${order.number} 关闭后到账，已重新完成`,
            body: `${paymentMethodLabels[method]}交易 ${payment.tradeNo}，${formatFen(payment.amountFen)}：订单曾${orderStatusLabels[order.status]}，付款到账后已恢复并开通权益。`,
            link: withQuery(paths.adminOrders, { id: order.id }),
          },
          within,
        );
      }
      return { outcome, order: paid };
    }, caller);
    const order = 'order' in result ? result.order : undefined;
    const log = { order: payment.orderNumber, tradeNo: payment.tradeNo, method, outcome: result.outcome };
    if (result.outcome === 'unknown_order' || result.outcome === 'wrong_amount') {
      this.deps.logger.error({ ...log, amountFen: payment.amountFen, expectedFen: order?.amountFen }, 'verified payment does not match an order');
    } else {
      this.deps.logger.info(log, 'payment applied');
    }
    if (result.outcome === 'refunded' && 'refundNo' in result) {
      const gateway = this.deps.gateways[method as 'wechat' | 'alipay'];
      try {
        await gateway?.refund({ orderNumber: result.order.number, refundNo: result.refundNo, amountFen: payment.amountFen, totalFen: payment.amountFen });
      } catch (error) {
        this.deps.logger.error({ err: error, ...log }, 'automatic refund of a second payment failed: finance must refund it by hand');
      }
    }
    return result.outcome;
  }

  /**
   * Closes unpaid orders past their deadline (the job runner calls it every minute). An order that went
   * to a gateway is asked about first: a payment whose notification never came (the process died in
   * between, the notification was lost) is applied as the notification would have been, and the order
   * is paid, not closed. An order the gateway cannot be asked about now stays open until the next run.
   */
  async closeDue(): Promise<number> {
    const due = await this.deps.orders.dueToClose(this.now(), 200);
    let closed = 0;
    for (const order of due) {
      const gateway = order.method && order.method !== 'bank' ? this.deps.gateways[order.method] : undefined;
      if (gateway) {
        let payment: VerifiedPayment | null;
        try {
          payment = await gateway.query(order.number);
        } catch (error) {
          this.deps.logger.warn({ err: error, order: order.number }, 'payment gateway could not be asked about an order due to close: it stays open');
          continue;
        }
        if (payment) {
          await this.applyPayment(gateway.method, payment);
          continue;
        }
      }
      const row = await this.deps.transactor.transaction(async (within) => {
        const locked = await within.orders.find(order.id, undefined, true);
        const now = this.now();
        if (!locked || locked.status !== 'pending' || locked.expiresAt > now) return undefined;
        return within.orders.update(locked.id, { status: 'closed', closedAt: now }, now);
      });
      if (row) {
        closed += 1;
        this.closeAtGateway(row);
      }
    }
    return closed;
  }

  /** Closes the gateway's order too, so it can no longer be paid (a payment that slips through reopens ours). */
  private closeAtGateway(order: OrderRow): void {
    const gateway = order.method && order.method !== 'bank' ? this.deps.gateways[order.method] : undefined;
    if (!gateway) return;
    gateway.close(order.number).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, order: order.number }, 'payment gateway order could not be closed');
    });
  }
}
