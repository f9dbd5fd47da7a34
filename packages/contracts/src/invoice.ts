import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_TITLE_KINDS, INVOICE_TYPES, isCreditCode } from './constants/commerce.js';
import { Id, PageQuery, pageOf } from './common.js';
import { text } from './text.js';
import { CompanyIdField, rowOwnership } from './row-owner.js';

export const InvoiceTitleKind = z.enum(INVOICE_TITLE_KINDS).describe('personal 个人 · company 单位');
export const InvoiceType = z.enum(INVOICE_TYPES).describe('normal 普通发票 · special 增值税专用发票');
export const InvoiceStatus = z.enum(INVOICE_STATUSES).describe('requested 申请中 · issued 已开具 · rejected 已驳回 · reversed 已红冲');
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** 统一社会信用代码: 18 characters with its GB 32100-2015 check digit. */
export const CreditCode = text()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .length(18, '统一社会信用代码应为 18 位')
      .refine(isCreditCode, '统一社会信用代码不正确（校验位不符），请核对营业执照'),
  );

/** An invoice title (抬头) in the user's book. */
export const InvoiceTitleBody = z
  .object({
    kind: InvoiceTitleKind,
    type: InvoiceType,
    name: text().trim().min(1, '请填写发票抬头名称').max(100, '名称不能超过 100 个字'),
    taxId: CreditCode.optional().describe('单位必填：统一社会信用代码（纳税人识别号）'),
    addressPhone: text().trim().max(120, '地址电话不能超过 120 个字').optional(),
    bankAccount: text().trim().max(120, '开户行及账号不能超过 120 个字').optional(),
    email: z.email('请输入正确的邮箱').max(254, '邮箱过长').describe('接收电子发票的邮箱'),
  })
  .superRefine((title, ctx) => {
    if (title.kind === 'company' && !title.taxId) ctx.addIssue({ code: 'custom', path: ['taxId'], message: '单位抬头请填写统一社会信用代码' });
    if (title.kind === 'personal' && title.type === 'special') ctx.addIssue({ code: 'custom', path: ['type'], message: '个人不能开具增值税专用发票' });
    if (title.kind === 'personal' && title.taxId) ctx.addIssue({ code: 'custom', path: ['taxId'], message: '个人抬头不填纳税人识别号' });
  })
  .meta({ id: 'InvoiceTitleBody' });
export type InvoiceTitleBody = z.input<typeof InvoiceTitleBody>;

/** A new title: the caller's own, or their company's (`companyId`, for its 管理员 and 财务). */
export const InvoiceTitleCreateBody = InvoiceTitleBody.safeExtend({ companyId: CompanyIdField }).meta({ id: 'InvoiceTitleCreateBody' });
export type InvoiceTitleCreateBody = z.input<typeof InvoiceTitleCreateBody>;

/** What a title says (as an invoice keeps a copy of it). */
const InvoiceTitleFields = z.object({
  kind: InvoiceTitleKind,
  type: InvoiceType,
  name: z.string(),
  taxId: z.string().nullable(),
  addressPhone: z.string().nullable(),
  bankAccount: z.string().nullable(),
  email: z.string(),
});

export const InvoiceTitle = z
  .object({ id: z.number().int(), ...InvoiceTitleFields.shape, ...rowOwnership })
  .meta({ id: 'InvoiceTitle' });
export type InvoiceTitle = z.infer<typeof InvoiceTitle>;
export const InvoiceTitleList = z.object({ items: z.array(InvoiceTitle) }).meta({ id: 'InvoiceTitleList' });
export type InvoiceTitleList = z.infer<typeof InvoiceTitleList>;

export const InvoiceRequestBody = z.object({ orderId: Id, titleId: Id }).meta({ id: 'InvoiceRequestBody' });
export type InvoiceRequestBody = z.infer<typeof InvoiceRequestBody>;

/** An invoice request and what became of it. */
export const Invoice = z
  .object({
    id: z.number().int(),
    orderId: z.number().int().nullable().describe('方案订单 id；销售订单的发票为 null'),
    salesOrderId: z.number().int().nullable().describe('销售订单 id；方案订单的发票为 null'),
    orderNumber: z.string().describe('订单号（DD 开头为方案订单，XS 开头为销售订单）'),
    orderName: z.string(),
    amountFen: z.number().int(),
    status: InvoiceStatus,
    title: InvoiceTitleFields,
    invoiceNumber: z.string().nullable(),
    hasFile: z.boolean(),
    rejectReason: z.string().nullable(),
    createdAt: z.string(),
    issuedAt: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;
export const InvoicePage = pageOf(Invoice).meta({ id: 'InvoicePage' });
export type InvoicePage = z.infer<typeof InvoicePage>;

export const AdminInvoice = Invoice.extend({ account: z.string(), taxIdChecked: z.boolean().describe('纳税人识别号是否通过校验位检查') }).meta({
  id: 'AdminInvoice',
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;
export const AdminInvoicePage = pageOf(AdminInvoice).meta({ id: 'AdminInvoicePage' });
export type AdminInvoicePage = z.infer<typeof AdminInvoicePage>;
export const AdminInvoiceQuery = PageQuery.extend({ status: InvoiceStatus.optional() });

/** Issuing: the invoice number (the file is uploaded before), and optionally a corrected tax ID. */
export const IssueInvoiceBody = z
  .object({
    invoiceNumber: text().trim().regex(/^\d{8,20}$/, '发票号码应为 8 至 20 位数字'),
    taxId: text().trim().toUpperCase().max(20, '纳税人识别号过长').optional().describe('更正买方纳税人识别号（不做校验位检查：由财务核对）'),
  })
  .meta({ id: 'IssueInvoiceBody' });
export type IssueInvoiceBody = z.infer<typeof IssueInvoiceBody>;

export const InvoiceReasonBody = z
  .object({ reason: text().trim().min(2, '请填写原因').max(200, '原因不能超过 200 个字') })
  .meta({ id: 'InvoiceReasonBody' });
export type InvoiceReasonBody = z.infer<typeof InvoiceReasonBody>;
