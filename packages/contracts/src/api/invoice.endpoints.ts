import { z } from 'zod';
import { IdParams, PageQuery } from '../common.js';
import {
  AdminInvoice,
  AdminInvoicePage,
  AdminInvoiceQuery,
  Invoice,
  InvoicePage,
  InvoiceReasonBody,
  InvoiceRequestBody,
  InvoiceTitle,
  InvoiceTitleCreateBody,
  InvoiceTitleBody,
  InvoiceTitleList,
  IssueInvoiceBody,
} from '../invoice.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '发票';
const ownTitle = { kind: 'invoiceTitle', owner: true } as const;
const ownInvoice = { kind: 'invoice', owner: true } as const;
const anyInvoice = { kind: 'invoiceRequest', owner: false } as const;
const finance = { staff: ['finance'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const financeReads = deskReads('finance');
const titleExample = {
  kind: 'company',
  type: 'special',
  name: '浙江示例制药股份有限公司',
  taxId: '91330100716105852F',
  addressPhone: '杭州市滨江区示例路 1 号 0571-88880000',
  bankAccount: '中国工商银行杭州分行 1202000000000000000',
  email: 'finance@example.com',
} as const;

/** Invoice titles, invoice requests, and the invoice desk (finance). */
export const invoiceEndpoints = {
  invoiceTitleList: { access: 'user', tag: TAG, summary: '我的发票抬头，及本企业的抬头（管理员、财务、采购可用）', responses: { 200: InvoiceTitleList } },
  invoiceTitleCreate: {
    access: 'user',
    tag: TAG,
    summary: '新增发票抬头：个人或单位；普通发票或增值税专用发票；单位须填写有效的统一社会信用代码',
    description: '带 companyId 时新增为本企业的抬头：仅本企业的管理员、财务可新增、修改、删除；管理员、财务、采购可在申请发票时选用。',
    body: InvoiceTitleCreateBody,
    responses: { 201: InvoiceTitle },
    errors: [403, 404, 409],
    example: { body: titleExample },
  },
  invoiceTitleUpdate: {
    access: 'user',
    tag: TAG,
    summary: '修改发票抬头（已申请的发票不受影响；企业的抬头由本企业管理员、财务修改）',
    params: IdParams,
    body: InvoiceTitleBody,
    responses: { 200: InvoiceTitle },
    rows: ownTitle,
    errors: [403],
    example: { body: titleExample },
  },
  invoiceTitleDelete: { access: 'user', tag: TAG, summary: '删除发票抬头（企业的抬头由本企业管理员、财务删除）', params: IdParams, responses: { 204: z.null() }, rows: ownTitle, errors: [403] },
  invoiceList: { access: 'user', tag: TAG, summary: '我的开票申请（新的在前）', query: PageQuery, responses: { 200: InvoicePage } },
  invoiceCreate: {
    access: 'user',
    tag: TAG,
    summary: '为已支付的订单申请发票：每个订单一张，金额为实付金额',
    body: InvoiceRequestBody,
    responses: { 201: Invoice },
    errors: [404, 409],
  },
  invoiceFile: {
    access: 'user',
    tag: TAG,
    summary: '下载已开具的发票文件（PDF 或 OFD）',
    params: IdParams,
    responses: { 200: z.string().describe('PDF 或 OFD') },
    responseFormat: 'binary',
    rows: ownInvoice,
  },
  adminInvoiceList: { access: financeReads, tag: TAG, summary: '开票申请（财务）：按状态筛选', query: AdminInvoiceQuery, responses: { 200: AdminInvoicePage } },
  adminInvoiceUpload: {
    access: finance,
    tag: TAG,
    summary: '上传发票文件：multipart/form-data，字段 file；PDF 或 OFD，不超过 10 MB（开具前上传）',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('发票文件（binary）') }),
    responses: { 200: AdminInvoice },
    errors: [409, 413, 415],
    rows: anyInvoice,
  },
  adminInvoiceIssue: {
    access: finance,
    tag: TAG,
    summary: '开具：填写发票号码（须先上传文件）；通知买家并记入操作日志',
    params: IdParams,
    body: IssueInvoiceBody,
    responses: { 200: AdminInvoice },
    errors: [409],
    rows: anyInvoice,
    example: { body: { invoiceNumber: '26330000000012345678' } },
  },
  adminInvoiceReject: {
    access: finance,
    tag: TAG,
    summary: '驳回开票申请，写明原因；通知买家并记入操作日志',
    params: IdParams,
    body: InvoiceReasonBody,
    responses: { 200: AdminInvoice },
    errors: [409],
    rows: anyInvoice,
    example: { body: { reason: '抬头名称与营业执照不符，请修改后重新申请' } },
  },
  adminInvoiceReverse: {
    access: finance,
    tag: TAG,
    summary: '红冲已开具的发票（订单退款后）；通知买家并记入操作日志',
    params: IdParams,
    body: InvoiceReasonBody,
    responses: { 200: AdminInvoice },
    errors: [409],
    rows: anyInvoice,
    example: { body: { reason: '订单已退款' } },
  },
} as const satisfies Record<string, EndpointSpec>;
