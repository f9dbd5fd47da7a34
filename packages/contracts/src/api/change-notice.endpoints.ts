import { z } from 'zod';
import {
  AdminChangeNotice,
  AdminChangeNoticePage,
  AdminChangeNoticeQuery,
  ChangeNotice,
  ChangeNoticeBody,
  ChangeNoticeDocumentParams,
  ChangeNoticePage,
  ChangeNoticeQuery,
  ChangeNoticeRemindResult,
  ChangeNoticeReport,
  ChangeNoticeWithdrawBody,
} from '../change-notice.js';
import { IdParams } from '../common.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '变更通知';
const DESK_TAG = '变更通知（工作台）';
/** A notice that reached the caller (published or withdrawn); everyone else gets 404. */
const received = { kind: 'changeNotice', owner: true } as const;
/** A published notice, as the quality desk sees it. */
const anyNotice = { kind: 'changeNoticeRow', owner: false } as const;
/** A draft notice on the quality desk. */
const draft = { kind: 'changeNoticeDraft', owner: false } as const;
const quality = { staff: ['quality'] } as const;

const example = {
  excipientId: 1,
  kind: 'packaging',
  title: '内包装袋供应商变更',
  description: '药用低密度聚乙烯内包装袋的供应商由甲公司变更为乙公司，材质与规格不变。',
  impactLevel: 'minor',
  impact: '经相容性与稳定性研究评估，对产品质量无不良影响；制剂客户无需补充研究。',
  effectiveOn: '2026-12-31',
} as const;

/** Change notices: the companies tied to a product are told of a change and acknowledge it; the quality desk publishes them. */
export const changeNoticeEndpoints = {
  changeNoticeList: {
    access: 'user',
    tag: TAG,
    summary: '我收到的变更通知（新的在前）：因本人或本企业申请过样品、询过价、采购过、收藏或持有授权使用书而收到',
    query: ChangeNoticeQuery,
    responses: { 200: ChangeNoticePage },
  },
  changeNoticeDetail: {
    access: 'user',
    tag: TAG,
    summary: '变更通知详情（仅收件人可见）',
    params: IdParams,
    responses: { 200: ChangeNotice },
    rows: received,
  },
  changeNoticeAcknowledge: {
    access: 'user',
    tag: TAG,
    summary: '确认已阅（收件人本人；重复确认原样返回）',
    params: IdParams,
    responses: { 200: ChangeNotice },
    errors: [409],
    rows: received,
  },
  changeNoticeDocument: {
    access: 'user',
    tag: TAG,
    summary: '下载变更通知的附件（PDF；仅收件人）',
    params: ChangeNoticeDocumentParams,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    rows: received,
    example: { params: { n: 1 } },
  },
  adminChangeNoticeList: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '变更通知（质量）：按状态筛选，按编号、标题或产品查找；新的在前',
    query: AdminChangeNoticeQuery,
    responses: { 200: AdminChangeNoticePage },
  },
  adminChangeNoticeCreate: {
    access: quality,
    tag: DESK_TAG,
    summary: '新建变更通知（草稿）：产品、变更类别、内容、变更分类与影响评估、生效日期；记入操作日志',
    body: ChangeNoticeBody,
    responses: { 201: AdminChangeNotice },
    errors: [404],
    example: { body: example },
  },
  adminChangeNoticeDetail: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '变更通知详情与确认人数',
    params: IdParams,
    responses: { 200: AdminChangeNotice },
    rows: anyNotice,
  },
  adminChangeNoticeUpdate: {
    access: quality,
    tag: DESK_TAG,
    summary: '修改草稿（发布后不能修改，可撤回后重新发布）；记入操作日志',
    params: IdParams,
    body: ChangeNoticeBody,
    responses: { 200: AdminChangeNotice },
    errors: [404, 409],
    rows: draft,
    example: { body: example },
  },
  adminChangeNoticeUpload: {
    access: quality,
    tag: DESK_TAG,
    summary: '上传附件：multipart/form-data，字段 file；PDF，不超过 20 MB，最多 10 个（草稿时）；记入操作日志',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('附件（binary，PDF）') }),
    responses: { 200: AdminChangeNotice },
    errors: [409, 413, 415],
    rows: draft,
  },
  adminChangeNoticeDocument: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '查看附件（PDF）',
    params: ChangeNoticeDocumentParams,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    rows: anyNotice,
    example: { params: { n: 1 } },
  },
  adminChangeNoticePublish: {
    access: quality,
    tag: DESK_TAG,
    summary: '发布：通知与该产品有关联的用户（申请过样品、询过价、采购过、收藏、持有授权使用书）及其企业的管理员、质量、采购成员；站内通知，并按各人的设置发送短信与邮件',
    params: IdParams,
    responses: { 200: AdminChangeNotice },
    errors: [409],
    rows: draft,
  },
  adminChangeNoticeWithdraw: {
    access: quality,
    tag: DESK_TAG,
    summary: '撤回已发布的通知，写明原因；收件人收到站内通知；记入操作日志',
    params: IdParams,
    body: ChangeNoticeWithdrawBody,
    responses: { 200: AdminChangeNotice },
    errors: [409],
    rows: anyNotice,
    example: { body: { reason: '变更实施计划调整，另行通知' } },
  },
  adminChangeNoticeRemind: {
    access: quality,
    tag: DESK_TAG,
    summary: '提醒尚未确认的收件人（站内通知与短信、邮件）；记入操作日志',
    params: IdParams,
    responses: { 200: ChangeNoticeRemindResult },
    errors: [409],
    rows: anyNotice,
  },
  adminChangeNoticeReport: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '确认情况：按企业列出收件人、收到原因、确认与提醒时间',
    params: IdParams,
    responses: { 200: ChangeNoticeReport },
    rows: anyNotice,
  },
} as const satisfies Record<string, EndpointSpec>;
