import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminCompany,
  AdminCompanyPage,
  AdminCompanyQuery,
  Company,
  CompanyAllowanceBody,
  CompanyBody,
  CompanyInvitation,
  CompanyInvitationBody,
  CompanyInvitationList,
  CompanyMember,
  CompanyMemberList,
  CompanyMemberRolesBody,
  CompanyRejectBody,
  MyCompany,
  SampleAllowance,
} from '../company.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '企业';
const DESK_TAG = '企业认证（销售）';
/** The caller's company: everyone else gets 404, as for a company that does not exist. */
const ownCompany = { kind: 'company', owner: true } as const;
/** A member of the caller's company (`userId`). */
const ownMember = { kind: 'companyMember', owner: true } as const;
const ownInvitation = { kind: 'companyInvitation', owner: true } as const;
/** An invitation addressed to the caller. */
const invitationToMe = { kind: 'invitationToMe', owner: true } as const;
const anyCompany = { kind: 'companyRow', owner: false } as const;
const sales = { staff: ['sales'] } as const;
const salesReads = deskReads('sales');
const companyExample = { name: '浙江示例制药股份有限公司', creditCode: '91330100716105852F', contactName: '王采购', contactPhone: '13800138000' } as const;
const MemberParams = IdParams.extend({ userId: IdParams.shape.id });

/** Companies (企业): creating one, its members, roles and invitations, its sample allowance; the staff's verification desk. */
export const companyEndpoints = {
  companyMine: {
    access: 'user',
    tag: TAG,
    summary: '我的企业（没有为 null）与发给我的待接受邀请',
    responses: { 200: MyCompany },
  },
  companyCreate: {
    access: 'user',
    tag: TAG,
    summary: '创建企业：创建者成为企业管理员，企业待认证；每个账号只能属于一个企业',
    body: CompanyBody,
    responses: { 201: Company },
    errors: [409],
    example: { body: companyExample },
  },
  companyUpdate: {
    access: 'user',
    tag: TAG,
    summary: '修改企业信息（企业管理员；已认证的企业不能修改，未通过的企业修改后重新待认证）',
    params: IdParams,
    body: CompanyBody,
    responses: { 200: Company },
    errors: [403, 409],
    rows: ownCompany,
    example: { body: companyExample },
  },
  companyLicenseUpload: {
    access: 'user',
    tag: TAG,
    summary: '上传营业执照：multipart/form-data，字段 file；JPEG、PNG 或 WebP 图片（企业管理员，认证前）',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('营业执照图片（binary）') }),
    responses: { 200: Company },
    errors: [403, 409, 413, 415],
    rows: ownCompany,
  },
  companyLicense: {
    access: 'user',
    tag: TAG,
    summary: '查看本企业的营业执照图片',
    params: IdParams,
    responses: { 200: z.string().describe('图片') },
    responseFormat: 'binary',
    rows: ownCompany,
  },
  companyMemberList: {
    access: 'user',
    tag: TAG,
    summary: '企业成员与其角色',
    params: IdParams,
    responses: { 200: CompanyMemberList },
    rows: ownCompany,
  },
  companyMemberRoles: {
    access: 'user',
    tag: TAG,
    summary: '设置成员的角色（企业管理员）；企业须始终有一位管理员',
    params: MemberParams,
    body: CompanyMemberRolesBody,
    responses: { 200: CompanyMember },
    errors: [403, 409],
    rows: ownMember,
    example: { body: { roles: ['admin', 'purchasing'] } },
  },
  companyMemberRemove: {
    access: 'user',
    tag: TAG,
    summary: '移除成员（企业管理员），或退出企业（成员本人）；有其他成员时最后一位管理员不能退出',
    params: MemberParams,
    responses: { 204: z.null() },
    errors: [403, 409],
    rows: ownMember,
  },
  companyInvitationList: {
    access: 'user',
    tag: TAG,
    summary: '本企业发出的邀请（企业管理员）',
    params: IdParams,
    responses: { 200: CompanyInvitationList },
    errors: [403],
    rows: ownCompany,
  },
  companyInvitationCreate: {
    access: 'user',
    tag: TAG,
    summary: '邀请手机号或邮箱加入企业并指定角色（企业管理员）；7 天内有效，对方验证过该手机号或邮箱后可接受',
    params: IdParams,
    body: CompanyInvitationBody,
    responses: { 201: CompanyInvitation },
    errors: [403, 409],
    rows: ownCompany,
    example: { body: { account: 'qa@example.com', roles: ['quality'] } },
  },
  companyInvitationRevoke: {
    access: 'user',
    tag: TAG,
    summary: '撤回尚未接受的邀请（企业管理员）',
    params: IdParams.extend({ invitationId: IdParams.shape.id }),
    responses: { 204: z.null() },
    errors: [403, 409],
    rows: ownInvitation,
  },
  companyInvitationAccept: {
    access: 'user',
    tag: TAG,
    summary: '接受发给我的邀请，加入企业',
    params: IdParams,
    responses: { 200: Company },
    errors: [409],
    rows: invitationToMe,
  },
  companyInvitationDecline: {
    access: 'user',
    tag: TAG,
    summary: '拒绝发给我的邀请',
    params: IdParams,
    responses: { 204: z.null() },
    errors: [409],
    rows: invitationToMe,
  },
  companySampleAllowance: {
    access: 'user',
    tag: TAG,
    summary: '本企业今年（北京时间自然年）的样品额度：申请份数与样品种数，全体成员合计，已用与剩余',
    params: IdParams,
    responses: { 200: SampleAllowance },
    rows: ownCompany,
  },
  adminCompanyList: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '企业（销售）：按状态筛选，按名称或统一社会信用代码查找；待认证的在前',
    query: AdminCompanyQuery,
    responses: { 200: AdminCompanyPage },
  },
  adminCompanyDetail: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '企业详情：成员与角色、样品额度',
    params: IdParams,
    responses: { 200: AdminCompany },
    rows: anyCompany,
  },
  adminCompanyLicense: {
    access: salesReads,
    tag: DESK_TAG,
    summary: '企业的营业执照图片',
    params: IdParams,
    responses: { 200: z.string().describe('图片') },
    responseFormat: 'binary',
    rows: anyCompany,
  },
  adminCompanyVerify: {
    access: sales,
    tag: DESK_TAG,
    summary: '认证企业（须已上传营业执照）；通知企业管理员并记入操作日志',
    params: IdParams,
    responses: { 200: AdminCompany },
    errors: [409],
    rows: anyCompany,
  },
  adminCompanyReject: {
    access: sales,
    tag: DESK_TAG,
    summary: '企业认证未通过，写明原因；通知企业管理员并记入操作日志',
    params: IdParams,
    body: CompanyRejectBody,
    responses: { 200: AdminCompany },
    errors: [409],
    rows: anyCompany,
    example: { body: { reason: '营业执照与企业名称不符，请上传清晰的营业执照' } },
  },
  adminCompanyAllowance: {
    access: sales,
    tag: DESK_TAG,
    summary: '为企业单独设置今年起的样品额度（null：使用样品设置中的默认额度）；记入操作日志',
    params: IdParams,
    body: CompanyAllowanceBody,
    responses: { 200: AdminCompany },
    rows: anyCompany,
    example: { body: { applications: 40, items: 200 } },
  },
} as const satisfies Record<string, EndpointSpec>;
