import { formatFen, orderStatusLabels, type AdminOrder, type AdminOrderDetail, type AdminOrderPage, type AdminOrderQuery, type ConfirmTransferBody, type RefundBody, paths } from '@fuliaotong/contracts';
import type { InvoiceService } from '../invoice/invoice.service.js';
import type { GrantService } from '../grant/grant.service.js';
import { ownOrder } from './order.repositories.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { OrderRepositories } from './order.repositories.js';
import { shownAccount } from '../../shared/masking.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore, StoredFile } from '../files/file-store.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import { GatewayError, type PaymentGateway } from '../payment/gateway.js';
import type { AdminOrderRow, OrderRepository } from './order.repository.js';
import { toOrder, type OrderService } from './order.service.js';

const NOT_FOUND = '订单不存在';
/**
 * How long a refund that began at the gateway keeps other refunds of the order away. Longer than any
 * gateway call takes; after it, a refund left unfinished (the process died) may be tried again, which
 * the gateway answers with the same refund.
 */
const REFUND_CLAIM_MS = 2 * 60 * 1000;

function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    ...toOrder(row),
    userId: row.userId,
    account: shownAccount(row.account),
    buyerName: row.buyerName,
    paidBy: row.paidBy,
    tradeNo: row.tradeNo,
    slipUploadedAt: row.slipUploadedAt?.toISOString() ?? null,
  };
}

/** An order as the audit log keeps it. */
const auditView = (row: AdminOrderRow) => ({ status: row.status, paidFen: row.paidFen, tradeNo: row.tradeNo, refundFen: row.refundFen });

export interface OrderAdminServiceDeps {
  orders: OrderRepository;
  payments: OrderService;
  transactor: Transactor<OrderRepositories>;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  files: FileStore;
  gateways: Partial<Record<'wechat' | 'alipay', PaymentGateway>>;
  /** Ends the grants a refunded order gave. */
  grants: Pick<GrantService, 'endByOrder'>;
  /** Withdraws or flags the invoice of a refunded order. */
  invoices: Pick<InvoiceService, 'orderRefunded'>;
  logger: { error(object: object, message: string): void };
  now?: () => Date;
}

/**
 * The orders desk (finance): every order, the bank transfers to confirm (with the buyer's slip), and
 * refunds. Confirming a transfer goes through the same `applyPayment` as a gateway's notification;
 * every action is in the audit log, in its transaction.
 */
export class OrderAdminService {
  constructor(private readonly deps: OrderAdminServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async list(query: AdminOrderQuery): Promise<AdminOrderPage> {
    const { rows, totalCount } = await this.deps.orders.adminPage(
      { status: query.status, method: query.method, keyword: query.keyword || undefined },
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return { items: rows.map(toAdminOrder), totalCount };
  }

  async get(id: number): Promise<AdminOrderDetail> {
    const row = await this.deps.orders.findWithBuyer(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const [payments, slip] = await Promise.all([this.deps.orders.paymentsOf(id), row.slipKey ? this.deps.files.get(row.slipKey) : undefined]);
    return {
      ...toAdminOrder(row),
      payments: payments.map((p) => ({
        method: p.method,
        kind: p.kind,
        tradeNo: p.tradeNo,
        amountFen: p.amountFen,
        outcome: p.outcome,
        createdAt: p.createdAt.toISOString(),
      })),
      slipType: slip?.contentType ?? null,
    };
  }

  async slip(id: number): Promise<StoredFile> {
    const row = await this.deps.orders.find(id);
    const file = row?.slipKey ? await this.deps.files.get(row.slipKey) : undefined;
    if (!file) throw new AppError('not_found', '该订单没有汇款凭证');
    return file;
  }

  /** The money of a bank transfer arrived: the order is paid as by a gateway's notification. */
  async confirmTransfer(actor: StaffActor, id: number, body: ConfirmTransferBody): Promise<AdminOrderDetail> {
    await this.deps.transactor.transaction(async (within) => {
      const order = await within.orders.find(id, undefined, true);
      const before = order && (await within.orders.findWithBuyer(id));
      if (!order || !before) throw new AppError('not_found', NOT_FOUND);
      if (order.method !== 'bank') throw new AppError('order_state', '该订单不是对公转账订单');
      if (order.status === 'paid' || order.status === 'refunded') throw new AppError('order_state', `订单${orderStatusLabels[order.status]}，不能再次确认到账`);
      if (body.amountFen !== order.amountFen) {
        throw new AppError('order_state', `到账金额 ${formatFen(body.amountFen)} 与订单金额 ${formatFen(order.amountFen)} 不符，请核对后再确认`);
      }
      const outcome = await this.deps.payments.applyPayment(
        'bank',
        { orderNumber: order.number, tradeNo: body.reference, amountFen: body.amountFen, paidAt: this.now() },
        within,
      );
      if (outcome === 'duplicate') throw new AppError('conflict', `银行流水号 ${body.reference} 已登记过，请核对`);
      const after = (await within.orders.findWithBuyer(id))!;
      await recordChange(within, actor, {
        action: 'order.confirm-transfer',
        entityType: 'order',
        entityId: id,
        summary: `确认订单 ${order.number} 对公转账到账 ${formatFen(body.amountFen)}（流水号 ${body.reference}）`,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return this.get(id);
  }

  /**
   * Refunds a paid order: through the gateway it was paid by (a transfer is returned by finance), ending
   * its grant. The order is claimed under its row lock before the gateway is called — a second refund
   * meanwhile answers 409 — and the gateway is asked under the order's one refund number, so that a
   * refund tried again (after a failure, or a crash) can only ever be the same refund.
   */
  async refund(actor: StaffActor, id: number, body: RefundBody): Promise<AdminOrderDetail> {
    const refundNo = (order: { number: string }) => `${order.number}R0`;
    const claimed = await this.deps.transactor.transaction(async (within) => {
      const order = await within.orders.find(id, undefined, true);
      if (!order) throw new AppError('not_found', NOT_FOUND);
      if (order.status !== 'paid' || order.paidFen === null) throw new AppError('order_state', `订单${orderStatusLabels[order.status]}，不能退款`);
      const now = this.now();
      if (order.paidBy === 'bank') {
        await this.finishRefund(within, actor, id, refundNo(order), body, now);
        return undefined;
      }
      if (order.refundStartedAt && now.getTime() - order.refundStartedAt.getTime() < REFUND_CLAIM_MS) {
        throw new AppError('order_state', '该订单正在退款，请稍后刷新查看结果');
      }
      if (!order.paidBy || !this.deps.gateways[order.paidBy]) {
        throw new AppError('payment_unavailable', '该支付方式已停用，无法原路退款，请线下退款后联系技术人员');
      }
      return within.orders.update(id, { refundStartedAt: now }, now);
    });
    if (claimed) {
      const gateway = this.deps.gateways[claimed.paidBy as 'wechat' | 'alipay']!;
      try {
        await gateway.refund({ orderNumber: claimed.number, refundNo: refundNo(claimed), amountFen: claimed.paidFen!, totalFen: claimed.paidFen! });
      } catch (error) {
        this.deps.logger.error({ err: error, order: claimed.number }, 'refund refused by the payment gateway');
        await this.deps.transactor.transaction(async (within) => {
          const order = await within.orders.find(id, undefined, true);
          if (order?.status === 'paid' && order.refundStartedAt?.getTime() === claimed.refundStartedAt?.getTime()) {
            await within.orders.update(id, { refundStartedAt: null }, this.now());
          }
        });
        throw new AppError('payment_unavailable', error instanceof GatewayError ? `${error.message}，请稍后再试` : '退款失败，请稍后再试');
      }
      await this.deps.transactor.transaction(async (within) => {
        const order = await within.orders.find(id, undefined, true);
        // Finished already by a refund tried again after this one's claim had gone stale: the same refund.
        if (order?.status !== 'paid') return;
        await this.finishRefund(within, actor, id, refundNo(claimed), body, this.now());
      });
    }
    return this.get(id);
  }

  /** Marks a paid order (locked by the caller) refunded: its record, its grant, its invoice, the buyer's notice and the audit log. */
  private async finishRefund(within: Tx, actor: StaffActor, id: number, refundNo: string, body: RefundBody, now: Date): Promise<void> {
    const order = (await ownOrder(within).orders.findWithBuyer(id))!;
    const refundFen = order.paidFen ?? 0;
    await ownOrder(within).orders.update(id, { status: 'refunded', refundedAt: now, refundFen, refundStartedAt: null }, now);
    await ownOrder(within).orders.recordPayment({
      orderId: id,
      method: order.paidBy ?? 'bank',
      kind: 'refund',
      tradeNo: refundNo,
      amountFen: refundFen,
      outcome: 'refunded',
      createdAt: now,
    });
    await this.deps.grants.endByOrder(id, now, within);
    // Its invoice: a request not yet served is withdrawn; an issued one must be reversed (红冲) by finance.
    await this.deps.invoices.orderRefunded(order, now, within);
    await this.deps.notices.notify(
      order.userId,
      {
        kind: 'order',
        title: '订单已退款',
        body: `订单 ${order.number}（${order.name}）已退款 ${formatFen(refundFen)}${order.paidBy === 'bank' ? '，款项将由财务退回您的付款账户' : '，款项原路退回'}；相应权益已终止。原因：${body.reason}`,
        link: paths.databaseOrders,
      },
      within,
    );
    await recordChange(within, actor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: id,
      summary: `订单 ${order.number} 退款 ${formatFen(refundFen)}：${body.reason}`,
      before: auditView(order),
      after: auditView((await ownOrder(within).orders.findWithBuyer(id))!),
    });
  }
}
