import type {
  AdminSalesOrder,
  ConfirmTransferBody,
  SalesOrder,
  SalesOrderContractBody,
  SalesOrderLine,
  SalesOrderShipBody,
  SalesOrderState,
} from '@fuliaotong/contracts';
import { SALES_ORDER_STATES } from '@fuliaotong/contracts/constants';
import type { ApiError } from '@fuliaotong/client';
import dayjs, { type Dayjs } from 'dayjs';
import { fenToYuan, yuanToFen } from '../quote/quote-rules';

/*
 * What the sales order pages decide without the server: which parts of an order show in which state,
 * what the page says comes next, which steps a member of the staff is offered, and the desk's forms'
 * bodies. The server decides again on every call (docs/decisions/0064); the buyer's own steps come
 * from the order's `actions`.
 */

/** The part of an order these rules read (the buyer's view and the desk's share it). */
type OrderState = Pick<SalesOrder, 'status' | 'paymentTerms' | 'receivedAt'> & { payment: Pick<SalesOrder['payment'], 'paidAt'> };

/* ------------------------------------------ the address ------------------------------------------ */

/** The status filter from the address: one of the states, or none (全部). */
export function salesOrderStateParam(value: string | null): SalesOrderState | undefined {
  return SALES_ORDER_STATES.find((state) => state === value);
}

/** `?id=` as an order's id, or undefined. */
export function salesOrderIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/* ------------------------------------------ the buyer's page ------------------------------------------ */

const isPaid = (order: OrderState) => order.payment.paidAt !== null;

/**
 * The payment block: `later` before the contract (where the account will be shown), `due` from the
 * contract until finance confirms the transfer (the account, the amount and the remittance code),
 * `paid` once the money is in, and nothing for an order cancelled unpaid.
 */
export type PaymentStage = 'later' | 'due' | 'paid' | 'none';

export function paymentStage(order: OrderState): PaymentStage {
  if (isPaid(order)) return 'paid';
  if (order.status === 'cancelled') return 'none';
  return order.status === 'contract' ? 'later' : 'due';
}

/** The shipment block shows once the goods have left. */
export function showsShipment(order: Pick<SalesOrder, 'shipment'>): boolean {
  return order.shipment !== null;
}

/** The invoice block as the buyer's side sees it: what to say, and the buttons. */
export interface InvoiceBlock {
  /** 申请发票 / 重新申请发票 (the order's `actions.invoice`). */
  ask: 'ask' | 'again' | undefined;
  /** 下载发票: issued with its file, and asked for by the caller (the server lets only them download it). */
  download: boolean;
  /** A line under the invoice's status, or instead of it. */
  note: string | undefined;
}

export function invoiceBlock(order: Pick<SalesOrder, 'status' | 'payment' | 'invoice' | 'actions'>): InvoiceBlock | undefined {
  const { invoice } = order;
  const ask = order.actions.invoice ? (invoice?.status === 'rejected' ? 'again' : 'ask') : undefined;
  if (!invoice) {
    if (ask) return { ask, download: false, note: undefined };
    if (order.status === 'cancelled') return undefined;
    return {
      ask,
      download: false,
      note: order.payment.paidAt === null ? '货款到账后可申请发票（下单人，或企业的管理员、财务）。' : '发票由下单人或企业的管理员、财务申请。',
    };
  }
  switch (invoice.status) {
    case 'requested':
      return { ask, download: false, note: '财务开具后会通知申请人。' };
    case 'issued': {
      const download = invoice.hasFile && invoice.mine;
      return { ask, download, note: download ? undefined : '发票已开具，申请人可在“发票管理”中下载。' };
    }
    case 'rejected':
      return { ask, download: false, note: ask ? '发票申请未通过，可重新申请。' : '发票申请未通过。' };
    case 'reversed':
      return { ask, download: false, note: '发票已红冲。' };
  }
}

/** What the buyer's page says comes next. */
export function buyerNote(
  order: OrderState & Pick<SalesOrder, 'cancelReason'>,
): { type: 'info' | 'success' | 'warning'; text: string } {
  switch (order.status) {
    case 'contract':
      return { type: 'info', text: '销售会与您联系签订合同；合同签订后，可在此查看收款账户与汇款备注码。' };
    case 'signed':
      return order.paymentTerms === 'credit'
        ? { type: 'info', text: '合同已签订，将按账期安排发货。请按期对公转账，附言填写汇款备注码。' }
        : { type: 'info', text: '合同已签订。请按下方收款账户对公转账，附言填写汇款备注码；货款到账后安排发货。' };
    case 'paid':
      return { type: 'info', text: '货款已到账，销售正在安排发货。' };
    case 'shipped':
      return order.receivedAt === null
        ? { type: 'info', text: '货物已发出。收到货物并核对批号后，请确认收货。' }
        : { type: 'info', text: '已确认收货；货款到账后订单完成。' };
    case 'completed':
      return { type: 'success', text: '订单已完成，感谢您的采购。' };
    case 'cancelled':
      return { type: 'warning', text: order.cancelReason ? `订单已取消：${order.cancelReason}` : '订单已取消。' };
  }
}

/* ------------------------------------------ the desk ------------------------------------------ */

/** The steps of the desk, by role and state, as the server allows them. */
export interface StaffSteps {
  /** 登记合同 (sales) while 待签合同. */
  contract: boolean;
  /** 确认到账 (finance) once signed, until the money is in (账期: also after shipping). */
  confirm: boolean;
  /** 发货 (sales): paid, or signed on 账期. */
  ship: boolean;
  /** 代确认签收 (sales) once shipped, until received. */
  receive: boolean;
  /** 取消 (sales) before the money has arrived and before shipping. */
  cancel: boolean;
}

export function staffSteps(order: OrderState, roles: readonly string[]): StaffSteps {
  const sales = roles.includes('sales');
  const finance = roles.includes('finance');
  const { status } = order;
  return {
    contract: sales && status === 'contract',
    confirm: finance && !isPaid(order) && (status === 'signed' || status === 'shipped'),
    ship: sales && (status === 'paid' || (status === 'signed' && order.paymentTerms === 'credit')),
    receive: sales && status === 'shipped' && order.receivedAt === null,
    cancel: sales && (status === 'contract' || status === 'signed') && !isPaid(order),
  };
}

/** Whose turn it is, for the desk (an administrator reads it, each role finds its work); null when nothing is left. */
export function deskNextStep(order: OrderState): string | null {
  switch (order.status) {
    case 'contract':
      return '待销售登记合同';
    case 'signed':
      return order.paymentTerms === 'credit' ? '账期订单：待销售发货，待财务确认到账' : '待买方转账、财务确认到账';
    case 'paid':
      return '待销售发货';
    case 'shipped':
      if (order.receivedAt === null) return isPaid(order) ? '待买方确认收货' : '待买方确认收货，待财务确认到账';
      return '买方已签收，待财务确认到账';
    case 'completed':
    case 'cancelled':
      return null;
  }
}

/** 登记合同's values. */
export interface ContractValues {
  contractNumber: string;
  signedOn?: Dayjs | null;
}

/** 登记合同 starts with today's date. */
export const contractPrefill = (today: Dayjs = dayjs()): ContractValues => ({ contractNumber: '', signedOn: today.startOf('day') });

export function contractBody(values: ContractValues): SalesOrderContractBody {
  return { contractNumber: values.contractNumber.trim(), signedOn: values.signedOn ? values.signedOn.format('YYYY-MM-DD') : '' };
}

/** 登记合同's binding to its change: a day after today comes back under 签订日期. */
export const contractForm = { variables: contractBody, fields: ['contractNumber', 'signedOn'] } as const;

/** A date after today (a contract cannot be signed tomorrow). */
export function afterToday(day: Dayjs, today: Dayjs = dayjs()): boolean {
  return day.isAfter(today, 'day');
}

/** 确认到账's values: the amount in 元. */
export interface TransferValues {
  amountYuan?: number | null;
  reference: string;
}

/** 确认到账 starts with the order's total (the amount must equal it). */
export const transferPrefill = (order: Pick<AdminSalesOrder, 'totalFen'>): TransferValues => ({ amountYuan: fenToYuan(order.totalFen), reference: '' });

export function transferBody(values: TransferValues): ConfirmTransferBody {
  return { amountFen: typeof values.amountYuan === 'number' ? yuanToFen(values.amountYuan) : 0, reference: values.reference.trim() };
}

/** 确认到账's binding to its change: an amount other than the total (409, naming both) comes back under the amount. */
export const transferForm = {
  variables: transferBody,
  fields: ['reference'],
  fieldFor: (error: ApiError) => (error.code === 'sales_order_state' && error.message.includes('到账金额') ? 'amountYuan' : undefined),
} as const;

/** 发货's values: each line's batch numbers by the line's id. */
export interface ShipValues {
  carrier: string;
  trackingNumber: string;
  batches: Record<string, string[] | undefined>;
}

/** 发货 starts empty, but for batch numbers a line already has. */
export function shipPrefill(order: Pick<SalesOrder, 'lines'>): ShipValues {
  return { carrier: '', trackingNumber: '', batches: Object.fromEntries(order.lines.map((line) => [String(line.id), [...line.batchNumbers]])) };
}

/** The shipment as sent: every line with its batch numbers trimmed, without blanks or repeats. */
export function shipBody(order: Pick<SalesOrder, 'lines'>, values: ShipValues): SalesOrderShipBody {
  return {
    carrier: values.carrier.trim(),
    trackingNumber: values.trackingNumber.replace(/\s+/g, ''),
    lines: order.lines.map((line) => ({
      lineId: line.id,
      batchNumbers: [...new Set((values.batches[String(line.id)] ?? []).map((batch) => batch.trim()).filter(Boolean))],
    })),
  };
}

/** 发货's binding to its change: the carrier and the tracking number under their fields, a line's problem above the form. */
export const shipForm = (order: Pick<SalesOrder, 'lines'>) => ({ variables: (values: ShipValues) => shipBody(order, values), fields: ['carrier', 'trackingNumber'] }) as const;

/** The batch field's name for a line: the product, and its 规格型号 when the order has the product twice. */
export function batchFieldLabel(line: Pick<SalesOrderLine, 'id' | 'productName' | 'spec'>, lines: ReadonlyArray<Pick<SalesOrderLine, 'id' | 'productName'>>): string {
  const twice = lines.some((other) => other.id !== line.id && other.productName === line.productName);
  return `${line.productName} 的批号${twice ? `（${line.spec}）` : ''}`;
}
