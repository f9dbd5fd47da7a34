import { z } from 'zod';
import { Mobile } from './account.js';
import { IsoDate } from './access.js';
import { Id, PageQuery, pageOf } from './common.js';
import {
  PAYMENT_TERMS,
  QUOTE_EVENTS,
  QUOTE_LINES_MAX,
  QUOTE_PURPOSES,
  QUOTE_STATES,
  QUOTE_UNITS,
} from './constants/quote.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Price requests (询价) and quotes (报价单), docs/decisions/0062: a member asks for a price of
 * products of the catalogue; the supplier's sales staff answer with a quote, revised as often as
 * needed (every revision kept); the buyer accepts, declines or asks for a revision. Money is
 * integer 分, prices include VAT (含税).
 * ------------------------------------------------------------------------------------------- */

export const QuoteState = z
  .enum(QUOTE_STATES)
  .describe('pending 待报价 · quoted 已报价 · revising 待重新报价 · accepted 已接受 · declined 已拒绝 · expired 已过期 · cancelled 已撤回');
export type QuoteState = z.infer<typeof QuoteState>;
export const QuoteUnit = z.enum(QUOTE_UNITS, '请选择单位').describe('kg 千克 · t 吨 · g 克 · L 升');
export type QuoteUnit = z.infer<typeof QuoteUnit>;
export const QuotePurpose = z.enum(QUOTE_PURPOSES, '请选择用途').describe('rnd 研发试验 · registration 注册批/验证批 · commercial 商业化生产 · other 其他');
export type QuotePurpose = z.infer<typeof QuotePurpose>;
export const PaymentTerms = z.enum(PAYMENT_TERMS, '请选择付款方式').describe('prepaid 款到发货 · credit 账期');
export type PaymentTerms = z.infer<typeof PaymentTerms>;
export const QuoteEventKind = z.enum(QUOTE_EVENTS);
export type QuoteEventKind = z.infer<typeof QuoteEventKind>;

/** A quantity: positive, at most three decimals, at most a million of its unit. */
const Quantity = z
  .number('请填写数量')
  .positive('数量须大于 0')
  .max(1_000_000, '数量不能超过 1000000')
  .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, '数量最多保留 3 位小数');

const Message = text().trim().min(1, '请填写留言').max(500, '留言不能超过 500 个字');

/* ----------------------------------------- the buyer's request ----------------------------------------- */

/** One product asked for: the product, its grade and packaging (one of its specs), how much. */
export const QuoteRequestLineBody = z.object({
  excipientId: Id.describe('产品 id'),
  specId: Id.nullable().default(null).describe('规格（级别与包装）id；null：由销售推荐'),
  quantity: Quantity,
  unit: QuoteUnit,
});

/** A price request (询价) as the buyer sends it. */
export const QuoteRequestBody = z
  .object({
    lines: z.array(QuoteRequestLineBody).min(1, '请至少选择一个产品').max(QUOTE_LINES_MAX, `一次询价最多 ${QUOTE_LINES_MAX} 个产品`),
    deliveryCity: text().trim().min(2, '请填写收货城市').max(50, '收货城市不能超过 50 个字'),
    requiredDate: IsoDate.describe('需要到货的日期（YYYY-MM-DD，不早于今天）'),
    purpose: QuotePurpose,
    remark: text().trim().max(500, '备注不能超过 500 个字').default(''),
    contactName: text().trim().min(1, '请填写联系人').max(30, '联系人不能超过 30 个字'),
    contactPhone: Mobile.describe('联系人手机号'),
    sampleApplicationId: Id.nullable().default(null).describe('由已发货的样品申请询价时，该申请的 id'),
  })
  .meta({ id: 'QuoteRequestBody' });
export type QuoteRequestBody = z.input<typeof QuoteRequestBody>;

/** A line of the request as asked. */
export const QuoteRequestLine = z.object({
  id: z.number().int(),
  excipientId: z.number().int().nullable().describe('产品 id；产品已从目录删除时为 null（名称保留）'),
  productName: z.string(),
  specId: z.number().int().nullable(),
  grade: z.string().nullable(),
  packSize: z.string().nullable(),
  quantity: z.number(),
  unit: QuoteUnit,
  dangerousGoods: z
    .string()
    .nullable()
    .describe('产品目录中该产品现在的危险化学品运输条款（报价时预填到报价行）；非危险品或产品已删除时为 null'),
});
export type QuoteRequestLine = z.infer<typeof QuoteRequestLine>;

/* ----------------------------------------- the supplier's quote ----------------------------------------- */

/** VAT rates of goods and services in percent. */
const TAX_RATES = [0, 1, 3, 6, 9, 13] as const;

/** One line of a quote as the sales staff write it: what a 专票 later needs is on it. */
export const QuoteLineBody = z.object({
  excipientId: Id.describe('产品 id'),
  spec: text().trim().min(1, '请填写规格型号').max(60, '规格型号不能超过 60 个字').describe('规格型号（专票）'),
  unit: QuoteUnit.describe('计量单位（专票）'),
  quantity: Quantity.describe('数量'),
  unitPriceFen: z.number('请填写单价').int('单价须为整数分').min(1, '单价须大于 0').max(1_000_000_000, '单价过大').describe('含税单价（分）'),
  taxRate: z
    .number()
    .int()
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), `税率须为 ${TAX_RATES.join('、')} 之一（%）`)
    .default(13)
    .describe('增值税税率（%），默认 13'),
  taxCode: text()
    .trim()
    .regex(/^\d{19}$/, '税收分类编码为 19 位数字')
    .describe('税收分类编码（19 位）'),
  moq: Quantity.describe('最小起订量（同一单位）'),
  leadTimeDays: z.number().int('交货期须为整数天').min(0, '交货期不能小于 0').max(365, '交货期不能超过 365 天').describe('交货期（天）'),
  dangerousGoods: text()
    .trim()
    .max(120, '危险品运输条款不能超过 120 个字')
    .nullable()
    .default(null)
    .describe('危险化学品（如乙醇、异丙醇）的运输条款，例如“UN1170，第 3 类易燃液体，危险货物道路运输”；非危险品为 null'),
  remark: text().trim().max(200, '备注不能超过 200 个字').default(''),
});
export type QuoteLineBody = z.input<typeof QuoteLineBody>;

/** A quote (报价单), or a revision of one, as the sales staff send it. */
export const QuoteRevisionBody = z
  .object({
    lines: z.array(QuoteLineBody).min(1, '报价单至少要有一行').max(QUOTE_LINES_MAX, `报价单最多 ${QUOTE_LINES_MAX} 行`),
    validUntil: IsoDate.describe('报价有效期至（含当日，北京时间，不早于今天）'),
    paymentTerms: PaymentTerms,
    creditDays: z.number().int('账期须为整数天').min(1, '账期至少 1 天').max(180, '账期不能超过 180 天').nullable().default(null).describe('账期天数（付款方式为账期时必填）'),
    deliveryTerms: text().trim().min(1, '请填写交货条款').max(120, '交货条款不能超过 120 个字').describe('交货条款，例如“送货上门，运费由供方承担”'),
    remark: text().trim().max(500, '备注不能超过 500 个字').default(''),
  })
  .refine((body) => body.paymentTerms !== 'credit' || body.creditDays !== null, { message: '付款方式为账期时请填写账期天数', path: ['creditDays'] })
  .meta({ id: 'QuoteRevisionBody' });
export type QuoteRevisionBody = z.input<typeof QuoteRevisionBody>;

/** A line of a quote with its amounts. */
export const QuoteLine = z.object({
  id: z.number().int(),
  excipientId: z.number().int().nullable().describe('产品 id；产品已从目录删除时为 null（名称保留）'),
  productName: z.string(),
  spec: z.string(),
  unit: QuoteUnit,
  quantity: z.number(),
  unitPriceFen: z.number().int(),
  taxRate: z.number().int(),
  taxCode: z.string(),
  moq: z.number(),
  leadTimeDays: z.number().int(),
  dangerousGoods: z.string().nullable(),
  remark: z.string(),
  amountFen: z.number().int().describe('金额（含税，分）：单价 × 数量，四舍五入到分'),
  taxFen: z.number().int().describe('其中税额（分）'),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

/** One revision of the quote: its own BJ number; the newest is the one the buyer answers. */
export const QuoteRevision = z
  .object({
    id: z.number().int(),
    number: z.string().describe('报价单号（BJ 开头）'),
    revision: z.number().int().describe('第几版，从 1 起'),
    lines: z.array(QuoteLine),
    totalFen: z.number().int().describe('合计（含税，分）'),
    taxFen: z.number().int().describe('其中税额（分）'),
    validUntil: z.string().describe('有效期至（YYYY-MM-DD，含当日）'),
    paymentTerms: PaymentTerms,
    creditDays: z.number().int().nullable(),
    deliveryTerms: z.string(),
    remark: z.string(),
    quotedBy: z.string().describe('报价的销售'),
    createdAt: z.string(),
  })
  .meta({ id: 'QuoteRevision' });
export type QuoteRevision = z.infer<typeof QuoteRevision>;

/** An entry of the request's thread. */
export const QuoteEvent = z.object({
  id: z.number().int(),
  kind: QuoteEventKind,
  side: z.enum(['buyer', 'staff', 'system']),
  name: z.string().describe('谁（买方称呼、销售姓名或“系统”）'),
  message: z.string().nullable(),
  revision: z.number().int().nullable().describe('涉及的报价版本'),
  createdAt: z.string(),
});
export type QuoteEvent = z.infer<typeof QuoteEvent>;

/** What the caller may do with the request now. */
export const QuoteActions = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  requestRevision: z.boolean(),
  cancel: z.boolean(),
  message: z.boolean(),
});

/** A price request with its quotes and thread, as the buyer's side sees it. */
export const Quote = z
  .object({
    id: z.number().int(),
    number: z.string().describe('询价单号（XJ 开头）'),
    status: QuoteState,
    lines: z.array(QuoteRequestLine),
    deliveryCity: z.string(),
    requiredDate: z.string(),
    purpose: QuotePurpose,
    remark: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('询价时询价人所在的企业'),
    requester: z.string().describe('询价人的称呼'),
    sampleApplication: z.object({ id: z.number().int(), number: z.string() }).nullable(),
    salesOrderId: z.number().int().nullable().describe('接受报价后生成的销售订单（GET /api/app/sales-order/{id}）；未接受为 null'),
    current: QuoteRevision.nullable().describe('最新一版报价（尚未报价时为 null）'),
    revisions: z.array(QuoteRevision).describe('所有版本，新的在前'),
    events: z.array(QuoteEvent).describe('往来记录，按时间先后'),
    actions: QuoteActions.describe('调用者现在可以做什么'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof Quote>;

/** A request in a list. */
export const QuoteSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: QuoteState,
    products: z.string().describe('产品名称，逗号分隔'),
    company: z.string().nullable(),
    requester: z.string(),
    totalFen: z.number().int().nullable().describe('最新一版报价的合计（分）'),
    validUntil: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'QuoteSummary' });
export type QuoteSummary = z.infer<typeof QuoteSummary>;
export const QuotePage = pageOf(QuoteSummary).meta({ id: 'QuotePage' });
export type QuotePage = z.infer<typeof QuotePage>;
export const QuoteQuery = PageQuery.extend({ status: QuoteState.optional() });
export type QuoteQuery = z.infer<typeof QuoteQuery>;

export const QuoteMessageBody = z.object({ message: Message }).meta({ id: 'QuoteMessageBody' });
export type QuoteMessageBody = z.infer<typeof QuoteMessageBody>;
export const QuoteDeclineBody = z
  .object({ message: text().trim().max(500, '原因不能超过 500 个字').default('') })
  .meta({ id: 'QuoteDeclineBody' });
export type QuoteDeclineBody = z.input<typeof QuoteDeclineBody>;
/** Accepts one revision: the one the buyer read (409 when a newer one has been sent meanwhile). */
export const QuoteAcceptBody = z.object({ revisionId: Id.describe('接受的报价版本 id（须为最新一版）') }).meta({ id: 'QuoteAcceptBody' });
export type QuoteAcceptBody = z.infer<typeof QuoteAcceptBody>;

/* ----------------------------------------- staff ----------------------------------------- */

export const AdminQuote = Quote.omit({ actions: true })
  .extend({
    requesterAccount: z.string().describe('询价人的完整账号'),
    companyStatus: z.string().nullable().describe('企业认证状态'),
  })
  .meta({ id: 'AdminQuote' });
export type AdminQuote = z.infer<typeof AdminQuote>;
export const AdminQuotePage = pageOf(QuoteSummary)
  .extend({ countsByStatus: z.record(QuoteState, z.number().int()).describe('各状态的询价数') })
  .meta({ id: 'AdminQuotePage' });
export type AdminQuotePage = z.infer<typeof AdminQuotePage>;
export const AdminQuoteQuery = PageQuery.extend({
  status: QuoteState.optional(),
  keyword: text().trim().max(50, '关键词不能超过 50 个字').optional().describe('询价单号、企业、联系人或产品'),
});
export type AdminQuoteQuery = z.infer<typeof AdminQuoteQuery>;
