import { z } from 'zod';
import { IdParams } from '../common.js';
import { COA_MAX_BYTES } from '../constants/sample.js';
import {
  CoaParams,
  CoaUpload,
  AdminApplication,
  AdminApplicationPage,
  AdminApplicationQuery,
  ApproveBody,
  RejectBody,
  SampleLimits,
  ShipBody,
} from '../sample.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '样品审核';
/** Sample applications are the reviewers' work. */
const reviewer = { staff: ['reviewer'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const reviewerReads = deskReads('reviewer');
const application = { kind: 'application', owner: false } as const;

/** The reviewers' desk (sample applications) and the sample programme's limits (admin). */
export const adminEndpoints = {
  adminApplicationList: {
    access: reviewerReads,
    tag: TAG,
    summary: '样品申请列表（新的在前；可按状态筛选，关键词查申请编号、单位、联系人、手机号）',
    query: AdminApplicationQuery,
    responses: { 200: AdminApplicationPage },
  },
  adminApplicationGet: {
    access: reviewerReads,
    tag: TAG,
    summary: '一份样品申请',
    params: IdParams,
    responses: { 200: AdminApplication },
    rows: application,
  },
  adminApplicationApprove: {
    access: reviewer,
    tag: TAG,
    summary: '审核通过（仅待审核的申请；备注可选，可不带请求体）',
    params: IdParams,
    body: ApproveBody.nullish(),
    responses: { 200: AdminApplication },
    errors: [409],
    rows: application,
    example: { body: { note: '资料齐全' } },
  },
  adminApplicationReject: {
    access: reviewer,
    tag: TAG,
    summary: '驳回（仅待审核的申请；须填写原因，会通知申请人）',
    params: IdParams,
    body: RejectBody,
    responses: { 200: AdminApplication },
    errors: [409],
    rows: application,
    example: { body: { reason: '资料不全' } },
  },
  adminApplicationShip: {
    access: reviewer,
    tag: TAG,
    summary: '发货（仅已通过的申请；快递公司与运单号会通知申请人）',
    params: IdParams,
    body: ShipBody,
    responses: { 200: AdminApplication },
    errors: [409],
    rows: application,
    example: { body: { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches: [] } },
  },
  adminApplicationCoaUpload: {
    access: reviewer,
    tag: TAG,
    summary: `上传一个批次的 COA（PDF，最大 ${COA_MAX_BYTES / 1024 / 1024} MB，字段 file），发货时在 batches 中引用返回的 coa`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('COA 文件（PDF，binary）') }),
    responses: { 201: CoaUpload },
    errors: [413, 415],
  },
  adminApplicationCoa: {
    access: reviewerReads,
    tag: TAG,
    summary: '下载发货时附上的批次 COA（PDF）',
    params: CoaParams,
    responses: { 200: z.string() },
    responseFormat: 'binary',
    rows: application,
    example: { params: { itemId: 1 } },
  },
  adminApplicationDeliver: {
    access: reviewer,
    tag: TAG,
    summary: '确认签收（仅已发货的申请；可不带请求体或为 {}）',
    params: IdParams,
    body: z.object({}).nullish(),
    responses: { 200: AdminApplication },
    errors: [409],
    rows: application,
  },
  adminSampleLimits: {
    access: { staff: ['admin'] },
    tag: TAG,
    summary: '样品限额：样品车种类数、每份申请种类数、每种数量、待审核申请数',
    responses: { 200: SampleLimits },
  },
  adminUpdateSampleLimits: {
    access: { staff: ['admin'] },
    tag: TAG,
    summary: '修改样品限额（立即生效，已在样品车中的样品不受影响）',
    body: SampleLimits,
    responses: { 200: SampleLimits },
    example: { body: { maxCartItems: 20, maxApplicationItems: 20, maxQuantity: 10, maxPendingApplications: 5 } },
  },
} as const satisfies Record<string, EndpointSpec>;
