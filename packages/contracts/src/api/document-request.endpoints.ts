import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminConfidentialityList,
  AdminDocumentRequest,
  AdminDocumentRequestPage,
  AdminDocumentRequestQuery,
  ConfidentialityAcceptBody,
  ConfidentialityAgreement,
  DocumentApproveBody,
  DocumentFileQuery,
  DocumentRefuseBody,
  DocumentRequest,
  DocumentRequestBody,
  DocumentRequestPage,
  DocumentRequestQuery,
  MyConfidentiality,
  PublishConfidentialityBody,
} from '../document-request.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '注册资料';
const DESK_TAG = '注册资料（工作台）';
/**
 * A request the caller may see: their company's, when they are its 管理员, 质量 or 研发. Everyone
 * else (other members, other companies, people without a company) gets 404.
 */
const ownRequest = { kind: 'documentRequest', owner: true } as const;
const anyRequest = { kind: 'documentRequestRow', owner: false } as const;
const quality = { staff: ['quality'] } as const;

/** Regulatory documents under the confidentiality agreement: the company's side and the quality desk. */
export const documentRequestEndpoints = {
  confidentialityCurrent: {
    access: 'user',
    tag: TAG,
    summary: '保密协议：现行版本全文、调用者是否已签署、是否可以签署，以及本企业成员的签署记录',
    responses: { 200: MyConfidentiality },
  },
  confidentialityAccept: {
    access: 'user',
    tag: TAG,
    summary: '签署保密协议（企业的质量或研发成员；版本须为现行版本）：记录版本、签署人、企业、时间与 IP，不可更改；已签署的再次提交原样返回',
    body: ConfidentialityAcceptBody,
    responses: { 200: MyConfidentiality },
    errors: [403, 409],
    example: { body: { version: 1 } },
  },
  documentRequestList: {
    access: 'user',
    tag: TAG,
    summary: '本企业的资料申请（企业管理员、质量、研发可见），新的在前',
    query: DocumentRequestQuery,
    responses: { 200: DocumentRequestPage },
  },
  documentRequestCreate: {
    access: 'user',
    tag: TAG,
    summary: '申请注册资料（企业的质量或研发成员，须已签署现行保密协议）：授权使用书须填写制剂名称，现场审计须填写拟定日期与范围',
    body: DocumentRequestBody,
    responses: { 201: DocumentRequest },
    errors: [403, 404, 409],
    example: { body: { excipientId: 1, kind: 'authorization', formulationName: '阿莫西林胶囊', applicant: '江苏示例制药有限公司' } },
  },
  documentRequestDetail: {
    access: 'user',
    tag: TAG,
    summary: '资料申请详情',
    params: IdParams,
    responses: { 200: DocumentRequest },
    rows: ownRequest,
  },
  documentRequestWithdraw: {
    access: 'user',
    tag: TAG,
    summary: '撤回资料申请（待审核时；申请人本人）',
    params: IdParams,
    responses: { 200: DocumentRequest },
    errors: [403, 409],
    rows: ownRequest,
  },
  documentRequestFile: {
    access: 'user',
    tag: TAG,
    summary: '下载已批准的资料（PDF）：每页加企业名称、下载日期与申请编号水印；电子签章文件可另下载原件（copy=original）。每次下载均记录；过期后 403',
    params: IdParams,
    query: DocumentFileQuery,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    errors: [403, 409],
    rows: ownRequest,
  },
  adminConfidentialityList: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '保密协议的各个版本（新的在前）与签署人数',
    responses: { 200: AdminConfidentialityList },
  },
  adminConfidentialityPublish: {
    access: quality,
    tag: DESK_TAG,
    summary: '发布保密协议的新版本（版本号依次递增，成为现行版本）：此后申请资料须重新签署；记入操作日志',
    body: PublishConfidentialityBody,
    responses: { 201: ConfidentialityAgreement },
    example: { body: { title: '保密协议', body: '甲乙双方就注册资料的使用与保密约定如下：一、乙方仅将资料用于制剂注册申报。', effectiveOn: '2026-11-28' } },
  },
  adminDocumentRequestList: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '资料申请（质量）：按状态筛选，按申请编号、企业或产品查找；待审核的在前',
    query: AdminDocumentRequestQuery,
    responses: { 200: AdminDocumentRequestPage },
  },
  adminDocumentRequestDetail: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '资料申请详情：申请人与企业、签署的保密协议（版本、签署人、时间、IP）、文件与下载记录',
    params: IdParams,
    responses: { 200: AdminDocumentRequest },
    rows: anyRequest,
  },
  adminDocumentRequestUpload: {
    access: quality,
    tag: DESK_TAG,
    summary: '上传要交付的资料：multipart/form-data，字段 file；PDF，不超过 20 MB（待审核时，批准前）；记入操作日志',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('资料文件（binary，PDF）') }),
    responses: { 200: AdminDocumentRequest },
    errors: [409, 413, 415],
    rows: anyRequest,
  },
  adminDocumentRequestFile: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '查看已上传或生成的资料原件（不加水印）',
    params: IdParams,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    rows: anyRequest,
  },
  adminDocumentRequestApprove: {
    access: quality,
    tag: DESK_TAG,
    summary: '批准：交付上传的文件（授权使用书未上传时按模板生成），设定查阅期限（默认一年）；现场审计写明安排。通知申请企业并记入操作日志',
    params: IdParams,
    body: DocumentApproveBody,
    responses: { 200: AdminDocumentRequest },
    errors: [409],
    rows: anyRequest,
    example: { body: { sealed: false } },
  },
  adminDocumentRequestRefuse: {
    access: quality,
    tag: DESK_TAG,
    summary: '驳回资料申请，写明原因；通知申请企业并记入操作日志',
    params: IdParams,
    body: DocumentRefuseBody,
    responses: { 200: AdminDocumentRequest },
    errors: [409],
    rows: anyRequest,
    example: { body: { reason: '该制剂项目不在我司产品的适用范围内' } },
  },
} as const satisfies Record<string, EndpointSpec>;
