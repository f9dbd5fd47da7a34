import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminQuote,
  AdminQuotePage,
  AdminQuoteQuery,
  Quote,
  QuoteAcceptBody,
  QuoteDeclineBody,
  QuoteMessageBody,
  QuotePage,
  QuoteQuery,
  QuoteRequestBody,
  QuoteRevision,
  QuoteRevisionBody,
} from '../quote.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '询价与报价';
const DESK_TAG = '询价（销售）';
/**
 * A request the caller may see: their own, or their company's when they are its 管理员, 采购 or 财务.
 * Everyone else gets 404, as for a request that does not exist.
 */
const ownQuote = { kind: 'quote', owner: true } as const;
/** A revision of such a request. */
const ownRevision = { kind: 'quoteRevision', owner: true } as const;
const anyQuote = { kind: 'quoteRow', owner: false } as const;
const anyRevision = { kind: 'quoteRevisionRow', owner: false } as const;
const sales = { staff: ['sales'] } as const;
const salesReads = deskReads('sales');
const RevisionParams = IdParams.extend({ revisionId: IdParams.shape.id });
const PDF = z.string().describe('报价单 PDF');

const requestExample = {
  lines: [{ excipientId: 1, specId: null, quantity: 500, unit: 'kg' }],
  deliveryCity: '浙江省杭州市',
  requiredDate: '2030-03-01',
  purpose: 'commercial',
  remark: '需随货提供 COA',
  contactName: '王采购',
  contactPhone: '13800138000',
  sampleApplicationId: null,
} as const;

const revisionExample = {
  lines: [
    {
      excipientId: 1,
      spec: '药用级 25 kg/袋',
      unit: 'kg',
      quantity: 500,
      unitPriceFen: 4_800,
      taxRate: 13,
      taxCode: '1070201040000000000',
      moq: 100,
      leadTimeDays: 7,
      dangerousGoods: null,
      remark: '',
    },
  ],
  validUntil: '2030-01-31',
  paymentTerms: 'credit',
  creditDays: 30,
  deliveryTerms: '送货上门，运费由供方承担',
  remark: '',
} as const;

/** Price requests (询价) and quotes (报价单): the buyer's side, and the sales staff's desk. */
export const quoteEndpoints = {
  quoteList: {
    access: 'user',
    tag: TAG,
    summary: '我的询价：本人的询价，以及（企业管理员、采购、财务）本企业的询价，新的在前',
    query: QuoteQuery,
    responses: { 200: QuotePage },
  },
  quoteCreate: {
    access: 'user',
    tag: TAG,
    summary: '提交询价（XJ 单号）：产品、规格、数量与单位、收货城市、需求日期、用途；可由已发货的样品申请发起；通知销售',
    body: QuoteRequestBody,
    responses: { 201: Quote },
    errors: [404, 409],
    example: { body: requestExample },
  },
  quoteDetail: {
    access: 'user',
    tag: TAG,
    summary: '询价详情：所有报价版本与往来记录',
    params: IdParams,
    responses: { 200: Quote },
    rows: ownQuote,
  },
  quoteMessage: {
    access: 'user',
    tag: TAG,
    summary: '给销售留言（询价未结束时）',
    params: IdParams,
    body: QuoteMessageBody,
    responses: { 200: Quote },
    errors: [403, 409],
    rows: ownQuote,
    example: { body: { message: '能否提供 1 吨的阶梯价？' } },
  },
  quoteRevisionRequest: {
    access: 'user',
    tag: TAG,
    summary: '要求修改报价，写明要求（询价人，或企业管理员、采购；已报价时）',
    params: IdParams,
    body: QuoteMessageBody,
    responses: { 200: Quote },
    errors: [403, 409],
    rows: ownQuote,
    example: { body: { message: '请按 1 吨重新报价，账期 60 天' } },
  },
  quoteAccept: {
    access: 'user',
    tag: TAG,
    summary: '接受最新一版报价（企业询价须企业管理员；个人询价为询价人本人；报价须在有效期内）',
    params: IdParams,
    body: QuoteAcceptBody,
    responses: { 200: Quote },
    errors: [403, 409],
    rows: ownQuote,
    example: { body: { revisionId: 1 } },
  },
  quoteDecline: {
    access: 'user',
    tag: TAG,
    summary: '拒绝报价，可写明原因（询价人，或企业管理员、采购）',
    params: IdParams,
    body: QuoteDeclineBody,
    responses: { 200: Quote },
    errors: [403, 409],
    rows: ownQuote,
    example: { body: { message: '价格高于预算' } },
  },
  quoteCancel: {
    access: 'user',
    tag: TAG,
    summary: '撤回询价（询价人，或企业管理员、采购；询价未结束时）',
    params: IdParams,
    responses: { 200: Quote },
    errors: [403, 409],
    rows: ownQuote,
  },
  quotePdf: {
    access: 'user',
    tag: TAG,
    summary: '下载一版报价单（PDF，含供方信息）',
    params: RevisionParams,
    responses: { 200: PDF },
    responseFormat: 'binary',
    rows: ownRevision,
  },
  adminQuoteList: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '询价（销售）：按状态筛选，按单号、企业、联系人或产品查找；待处理的在前',
    query: AdminQuoteQuery,
    responses: { 200: AdminQuotePage },
  },
  adminQuoteDetail: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '询价详情：询价人与企业、所有报价版本、往来记录',
    params: IdParams,
    responses: { 200: AdminQuote },
    rows: anyQuote,
  },
  adminQuoteRevise: {
    access: sales,
    tag: DESK_TAG,
    summary: '发出报价或新一版报价（BJ 单号，保留所有版本）：每行含税单价、税率、税收分类编码、规格型号、单位、数量、起订量、交货期；通知询价人并记入操作日志',
    params: IdParams,
    body: QuoteRevisionBody,
    responses: { 201: QuoteRevision },
    errors: [409],
    rows: anyQuote,
    example: { body: revisionExample },
  },
  adminQuoteMessage: {
    access: sales,
    tag: DESK_TAG,
    summary: '给询价人留言；通知询价人',
    params: IdParams,
    body: QuoteMessageBody,
    responses: { 200: AdminQuote },
    errors: [409],
    rows: anyQuote,
    example: { body: { message: '1 吨以上可享阶梯价，请告知年用量' } },
  },
  adminQuotePdf: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '下载一版报价单（PDF）',
    params: RevisionParams,
    responses: { 200: PDF },
    responseFormat: 'binary',
    rows: anyRevision,
  },
} as const satisfies Record<string, EndpointSpec>;
