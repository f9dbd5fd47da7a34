import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminApplication,
  AdminApplicationPage,
  AdminApplicationQuery,
  ApplicationPage,
  ApplicationQuery,
  ApproveBody,
  CoaParams,
  CoaUpload,
  RejectBody,
  SampleApplication,
  SampleApplicationBody,
  SampleLimits,
  ShipBody,
} from '../sample.js';
import { COA_MAX_BYTES } from '../constants/sample.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '样品';
const DESK_TAG = '样品审核';
/** Sample applications are the reviewers' work. */
const reviewer = { staff: ['reviewer'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const reviewerReads = deskReads('reviewer');
const anyApplication = { kind: 'application', owner: false } as const;

/**
 * Sample applications (样品申请): the signed-in user's, the reviewers' desk (approve, reject, ship with
 * batch COAs, deliver), and the sample programme's limits (administrators).
 */
export const sampleApplicationEndpoints = {
  applicationSubmit: {
    access: 'user',
    tag: TAG,
    summary: '提交样品申请（无 id，201）或修改待审核的申请（带 id，200）',
    description:
      '申请的样品随即移出样品车；超出限额（种类数、数量、待审核申请数）409 limit_exceeded，不可修改的状态 409 conflict',
    body: SampleApplicationBody,
    responses: { 200: SampleApplication, 201: SampleApplication },
    errors: [404, 409],
    example: {
      body: {
        contactName: '王工',
        mobile: '13800138000',
        email: 'wang@example.com',
        company: '杭州某某制药有限公司',
        companyType: 'pharma',
        purpose: 'formulation_development',
        dosageForm: 'tablet',
        stage: 'pilot',
        address: { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' },
        items: [{ excipientId: 1, specId: 2, quantity: 1 }],
      },
    },
  },
  applicationList: {
    access: 'user',
    tag: TAG,
    summary: '我的样品申请（新的在前，可按状态筛选，附各状态数量）',
    query: ApplicationQuery,
    responses: { 200: ApplicationPage },
  },
  applicationGet: {
    access: 'user',
    tag: TAG,
    summary: '一份样品申请（样品、收货地址、处理记录从早到晚）',
    params: IdParams,
    responses: { 200: SampleApplication },
    rows: { kind: 'application', owner: true },
  },
  applicationCoa: {
    access: 'user',
    tag: TAG,
    summary: '下载寄出样品的批次 COA（PDF）：发货时工作人员附上的检验报告',
    params: CoaParams,
    responses: { 200: z.string() },
    responseFormat: 'binary',
    rows: { kind: 'application', owner: true },
    example: { params: { itemId: 1 } },
  },
  applicationWithdraw: {
    access: 'user',
    tag: TAG,
    summary: '撤回待审核的样品申请（其他状态 409）',
    params: IdParams,
    responses: { 200: SampleApplication },
    errors: [409],
    rows: { kind: 'application', owner: true },
  },

  adminApplicationList: {
    access: reviewerReads,
    tag: DESK_TAG,
    summary: '样品申请列表（新的在前；可按状态筛选，关键词查申请编号、单位、联系人、手机号）',
    query: AdminApplicationQuery,
    responses: { 200: AdminApplicationPage },
  },
  adminApplicationGet: {
    access: reviewerReads,
    tag: DESK_TAG,
    summary: '一份样品申请',
    params: IdParams,
    responses: { 200: AdminApplication },
    rows: anyApplication,
  },
  adminApplicationApprove: {
    access: reviewer,
    tag: DESK_TAG,
    summary: '审核通过（仅待审核的申请；备注可选，可不带请求体）',
    params: IdParams,
    body: ApproveBody.nullish(),
    responses: { 200: AdminApplication },
    errors: [409],
    rows: anyApplication,
    example: { body: { note: '资料齐全' } },
  },
  adminApplicationReject: {
    access: reviewer,
    tag: DESK_TAG,
    summary: '驳回（仅待审核的申请；须填写原因，会通知申请人）',
    params: IdParams,
    body: RejectBody,
    responses: { 200: AdminApplication },
    errors: [409],
    rows: anyApplication,
    example: { body: { reason: '资料不全' } },
  },
  adminApplicationShip: {
    access: reviewer,
    tag: DESK_TAG,
    summary: '发货（仅已通过的申请；快递公司与运单号会通知申请人）',
    params: IdParams,
    body: ShipBody,
    responses: { 200: AdminApplication },
    errors: [409],
    rows: anyApplication,
    example: { body: { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches: [] } },
  },
  adminApplicationCoaUpload: {
    access: reviewer,
    tag: DESK_TAG,
    summary: `上传一个批次的 COA（PDF，最大 ${COA_MAX_BYTES / 1024 / 1024} MB，字段 file），发货时在 batches 中引用返回的 coa`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('COA 文件（PDF，binary）') }),
    responses: { 201: CoaUpload },
    errors: [413, 415],
  },
  adminApplicationCoa: {
    access: reviewerReads,
    tag: DESK_TAG,
    summary: '下载发货时附上的批次 COA（PDF）',
    params: CoaParams,
    responses: { 200: z.string() },
    responseFormat: 'binary',
    rows: anyApplication,
    example: { params: { itemId: 1 } },
  },
  adminApplicationDeliver: {
    access: reviewer,
    tag: DESK_TAG,
    summary: '确认签收（仅已发货的申请；可不带请求体或为 {}）',
    params: IdParams,
    body: z.object({}).nullish(),
    responses: { 200: AdminApplication },
    errors: [409],
    rows: anyApplication,
  },

  adminSampleLimits: {
    access: { staff: ['admin'] },
    tag: DESK_TAG,
    summary: '样品限额：样品车种类数、每份申请种类数、每种数量、待审核申请数',
    responses: { 200: SampleLimits },
  },
  adminUpdateSampleLimits: {
    access: { staff: ['admin'] },
    tag: DESK_TAG,
    summary: '修改样品限额（立即生效，已在样品车中的样品不受影响）',
    body: SampleLimits,
    responses: { 200: SampleLimits },
    example: { body: { maxCartItems: 20, maxApplicationItems: 20, maxQuantity: 10, maxPendingApplications: 5, companyYearlyApplications: 24, companyYearlyItems: 100 } },
  },
} as const satisfies Record<string, EndpointSpec>;
