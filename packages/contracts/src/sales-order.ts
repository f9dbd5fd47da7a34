import { z } from 'zod';
import { IsoDate } from './access.js';
import { Id, PageQuery, pageOf } from './common.js';
import { SALES_ORDER_EVENTS, SALES_ORDER_STATES, SHIPMENT_BATCHES_MAX } from './constants/sales-order.js';
import { InvoiceType } from './invoice.js';
import { OrderInvoice } from './order.js';
import { PaymentTerms, QuoteUnit } from './quote.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Sales orders (销售订单), docs/decisions/0064: the buyer's side accepts a quote and the order is made
 * from that revision; the sales staff record the signed contract, finance confirms the bank transfer
 * (against the order's remittance code), the sales staff ship with carrier, tracking number and each
 * line's batch numbers; the buyer confirms receipt and asks for the invoice (专票) through the invoice
 * desk. No card payment of goods: B2B purchases go by contract and bank transfer. Money in 分, 含税.
 * ------------------------------------------------------------------------------------------- */

export const SalesOrderState = z
  .enum(SALES_ORDER_STATES)
  .describe('contract 待签合同 · signed 已签合同 · paid 已付款 · shipped 已发货 · completed 已完成 · cancelled 已取消');
export type SalesOrderState = z.infer<typeof SalesOrderState>;

/** A batch number as printed on the label and the COA. */
const BatchNumber = text()
  .trim()
  .min(1, '请填写批号')
  .max(40, '批号不能超过 40 个字')
  .regex(/^[0-9A-Za-z][0-9A-Za-z\-_/.]*$/, '批号只能包含字母、数字和 - _ / .');

/** A line of the order: the accepted quote's line, and the batches shipped. */
export const SalesOrderLine = z.object({
  id: z.number().int(),
  excipientId: z.number().int().nullable().describe('产品 id；产品已从目录删除时为 null（名称保留）'),
  productName: z.string(),
  spec: z.string().describe('规格型号（专票）'),
  unit: QuoteUnit,
  quantity: z.number(),
  unitPriceFen: z.number().int().describe('含税单价（分）'),
  taxRate: z.number().int(),
  taxCode: z.string().describe('税收分类编码'),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  dangerousGoods: z.string().nullable().describe('危险化学品的运输条款；非危险品为 null'),
  batchNumbers: z.array(z.string()).describe('发货的批号（发货后）'),
});
export type SalesOrderLine = z.infer<typeof SalesOrderLine>;

/** How to pay: the supplier's account and the code to write in the transfer's 附言. */
export const SalesOrderPayment = z.object({
  accountName: z.string().nullable().describe('收款户名；未配置对公账户时为 null（请联系销售）'),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  remittanceCode: z.string().describe('汇款时请在附言中填写'),
  paidAt: z.string().nullable(),
  paidFen: z.number().int().nullable(),
});

export const SalesOrderShipment = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  shippedAt: z.string(),
});

/** An entry of the order's history. */
export const SalesOrderEvent = z.object({
  id: z.number().int(),
  kind: z.enum(SALES_ORDER_EVENTS),
  side: z.enum(['buyer', 'staff', 'system']),
  name: z.string().describe('谁（买方称呼、工作人员姓名或“系统”）'),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type SalesOrderEvent = z.infer<typeof SalesOrderEvent>;

/** What the caller may do with the order now. */
export const SalesOrderActions = z.object({
  receive: z.boolean().describe('确认收货（询价人，或企业管理员、采购）'),
  cancel: z.boolean().describe('取消（待签合同时；企业订单须企业管理员）'),
  invoice: z.boolean().describe('申请发票（已付款后；询价人本人，或企业管理员、财务）'),
});

/** The invoice asked for the order, and whether it is the caller's (the requester downloads it). */
export const SalesOrderInvoice = OrderInvoice.extend({
  mine: z.boolean().describe('是否为调用者申请的发票（可在“发票管理”下载）'),
  type: InvoiceType,
});

/** A sales order as the buyer's side sees it. */
export const SalesOrder = z
  .object({
    id: z.number().int(),
    number: z.string().describe('销售订单号（XS 开头）'),
    status: SalesOrderState,
    quote: z.object({ id: z.number().int(), number: z.string(), revisionNumber: z.string(), revision: z.number().int() }).describe('来源询价单与接受的报价版本'),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    buyer: z.string().describe('下单人（接受报价时的询价人）的称呼'),
    lines: z.array(SalesOrderLine),
    totalFen: z.number().int().describe('合计（含税，分）'),
    taxFen: z.number().int().describe('其中税额（分）'),
    paymentTerms: PaymentTerms,
    creditDays: z.number().int().nullable(),
    deliveryTerms: z.string(),
    deliveryCity: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    contractNumber: z.string().nullable().describe('合同编号（签订后）'),
    signedOn: z.string().nullable().describe('合同签订日期（YYYY-MM-DD）'),
    payment: SalesOrderPayment,
    shipment: SalesOrderShipment.nullable(),
    receivedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    invoice: SalesOrderInvoice.nullable().describe('为该订单申请的发票；尚未申请为 null（已驳回的可重新申请）'),
    events: z.array(SalesOrderEvent).describe('订单记录，按时间先后'),
    actions: SalesOrderActions,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SalesOrder' });
export type SalesOrder = z.infer<typeof SalesOrder>;

/** An order in a list. */
export const SalesOrderSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: SalesOrderState,
    products: z.string().describe('产品名称，逗号分隔'),
    company: z.string().nullable(),
    buyer: z.string(),
    totalFen: z.number().int(),
    paid: z.boolean().describe('货款是否已到账'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SalesOrderSummary' });
export type SalesOrderSummary = z.infer<typeof SalesOrderSummary>;
export const SalesOrderPage = pageOf(SalesOrderSummary).meta({ id: 'SalesOrderPage' });
export type SalesOrderPage = z.infer<typeof SalesOrderPage>;
export const SalesOrderQuery = PageQuery.extend({ status: SalesOrderState.optional() });
export type SalesOrderQuery = z.infer<typeof SalesOrderQuery>;

export const SalesOrderCancelBody = z
  .object({ reason: text().trim().min(2, '请填写取消原因').max(200, '取消原因不能超过 200 个字') })
  .meta({ id: 'SalesOrderCancelBody' });
export type SalesOrderCancelBody = z.infer<typeof SalesOrderCancelBody>;

/** Asks for the order's invoice with one of the caller's titles (a 专票 needs a company title of that type). */
export const SalesOrderInvoiceBody = z.object({ titleId: Id.describe('发票抬头 id（GET /api/app/invoice-title）') }).meta({ id: 'SalesOrderInvoiceBody' });
export type SalesOrderInvoiceBody = z.infer<typeof SalesOrderInvoiceBody>;

/* ----------------------------------------- staff ----------------------------------------- */

/** The contract is signed: its number and the day. */
export const SalesOrderContractBody = z
  .object({
    contractNumber: text().trim().min(1, '请填写合同编号').max(40, '合同编号不能超过 40 个字'),
    signedOn: IsoDate.describe('签订日期（YYYY-MM-DD，不晚于今天）'),
  })
  .meta({ id: 'SalesOrderContractBody' });
export type SalesOrderContractBody = z.infer<typeof SalesOrderContractBody>;

/** The goods leave: the carrier, the tracking number, and each line's batch numbers. */
export const SalesOrderShipBody = z
  .object({
    carrier: text().trim().min(1, '请填写承运商').max(40, '承运商不能超过 40 个字'),
    trackingNumber: text().trim().min(4, '请填写运单号').max(40, '运单号不能超过 40 个字'),
    lines: z
      .array(
        z.object({
          lineId: Id.describe('订单行 id'),
          batchNumbers: z.array(BatchNumber).min(1, '请填写该产品的批号').max(SHIPMENT_BATCHES_MAX, `每个产品最多 ${SHIPMENT_BATCHES_MAX} 个批号`),
        }),
      )
      .min(1, '请填写每个产品的批号'),
  })
  .meta({ id: 'SalesOrderShipBody' });
export type SalesOrderShipBody = z.infer<typeof SalesOrderShipBody>;

export const AdminSalesOrder = SalesOrder.omit({ actions: true })
  .extend({
    buyerAccount: z.string().describe('下单人的完整账号'),
    companyStatus: z.string().nullable().describe('企业认证状态'),
    bankReference: z.string().nullable().describe('财务登记的银行流水号'),
    invoiceId: z.number().int().nullable().describe('发票 id（发票管理中打开）'),
  })
  .meta({ id: 'AdminSalesOrder' });
export type AdminSalesOrder = z.infer<typeof AdminSalesOrder>;
export const AdminSalesOrderPage = pageOf(SalesOrderSummary)
  .extend({ countsByStatus: z.record(SalesOrderState, z.number().int()).describe('各状态的订单数') })
  .meta({ id: 'AdminSalesOrderPage' });
export type AdminSalesOrderPage = z.infer<typeof AdminSalesOrderPage>;
export const AdminSalesOrderQuery = PageQuery.extend({
  status: SalesOrderState.optional(),
  keyword: text().trim().max(50, '关键词不能超过 50 个字').optional().describe('订单号、询价单号、企业、汇款备注码或合同编号'),
});
export type AdminSalesOrderQuery = z.infer<typeof AdminSalesOrderQuery>;
