import { z } from 'zod';
import { Mobile, AccountName } from './account.js';
import { PageQuery, pageOf } from './common.js';
import { COMPANY_INVITATION_STATES, COMPANY_ROLES, COMPANY_STATES } from './constants/company.js';
import { CreditCode } from './invoice.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Companies (企业, docs/decisions/0061): a buyer's company, its members and their roles, the
 * invitations its 管理员 sends, the staff's verification, and the company's yearly sample allowance.
 * ------------------------------------------------------------------------------------------- */

export const CompanyRole = z.enum(COMPANY_ROLES).describe('admin 管理员 · purchasing 采购 · rnd 研发 · quality 质量 · finance 财务');
export type CompanyRole = z.infer<typeof CompanyRole>;
export const CompanyState = z.enum(COMPANY_STATES).describe('pending 待认证 · verified 已认证 · rejected 未通过');
export type CompanyState = z.infer<typeof CompanyState>;
export const CompanyInvitationState = z
  .enum(COMPANY_INVITATION_STATES)
  .describe('pending 待接受 · accepted 已接受 · declined 已拒绝 · expired 已过期');
export type CompanyInvitationState = z.infer<typeof CompanyInvitationState>;

/** One or several roles, each once. */
export const CompanyRoles = z
  .array(CompanyRole)
  .min(1, '请至少选择一个角色')
  .max(COMPANY_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, '角色不能重复');

/** What the company's 管理员 writes: on creation, and to correct a company not yet verified. */
export const CompanyBody = z
  .object({
    name: text().trim().min(2, '请填写企业名称').max(100, '企业名称不能超过 100 个字'),
    creditCode: CreditCode.describe('统一社会信用代码（18 位，含 GB 32100 校验位）'),
    contactName: text().trim().min(1, '请填写联系人').max(30, '联系人不能超过 30 个字'),
    contactPhone: Mobile.describe('联系人手机号'),
  })
  .meta({ id: 'CompanyBody' });
export type CompanyBody = z.input<typeof CompanyBody>;

/** A company as its members see it. */
export const Company = z
  .object({
    id: z.number().int(),
    name: z.string(),
    creditCode: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    status: CompanyState,
    rejectReason: z.string().nullable().describe('未通过的原因'),
    hasLicense: z.boolean().describe('是否已上传营业执照（提交认证前须上传）'),
    memberCount: z.number().int(),
    myRoles: z.array(CompanyRole).describe('调用者在本企业的角色'),
    createdAt: z.string(),
    verifiedAt: z.string().nullable(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

/** An invitation addressed to the caller (to one of their verified contacts). */
export const MyCompanyInvitation = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    companyName: z.string(),
    companyStatus: CompanyState,
    roles: z.array(CompanyRole),
    invitedBy: z.string().describe('邀请人（企业管理员）的称呼'),
    expiresAt: z.string(),
  })
  .meta({ id: 'MyCompanyInvitation' });
export type MyCompanyInvitation = z.infer<typeof MyCompanyInvitation>;

/** The caller's company (null: none) and the invitations waiting for them. */
export const MyCompany = z
  .object({ company: Company.nullable(), invitations: z.array(MyCompanyInvitation) })
  .meta({ id: 'MyCompany' });
export type MyCompany = z.infer<typeof MyCompany>;

export const CompanyMember = z
  .object({
    userId: z.number().int(),
    name: z.string().describe('称呼（昵称，没有昵称时为脱敏账号）'),
    account: z.string().describe('脱敏账号'),
    roles: z.array(CompanyRole),
    joinedAt: z.string(),
  })
  .meta({ id: 'CompanyMember' });
export type CompanyMember = z.infer<typeof CompanyMember>;
export const CompanyMemberList = z.object({ items: z.array(CompanyMember) }).meta({ id: 'CompanyMemberList' });
export type CompanyMemberList = z.infer<typeof CompanyMemberList>;

export const CompanyMemberRolesBody = z.object({ roles: CompanyRoles }).meta({ id: 'CompanyMemberRolesBody' });
export type CompanyMemberRolesBody = z.infer<typeof CompanyMemberRolesBody>;

/** Invites a mobile number or e-mail address, with the roles the person will hold. */
export const CompanyInvitationBody = z.object({ account: AccountName, roles: CompanyRoles }).meta({ id: 'CompanyInvitationBody' });
export type CompanyInvitationBody = z.infer<typeof CompanyInvitationBody>;

/** An invitation as the company's 管理员 sees it. */
export const CompanyInvitation = z
  .object({
    id: z.number().int(),
    account: z.string().describe('被邀请的手机号或邮箱（管理员填写的原样）'),
    roles: z.array(CompanyRole),
    status: CompanyInvitationState,
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'CompanyInvitation' });
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;
export const CompanyInvitationList = z.object({ items: z.array(CompanyInvitation) }).meta({ id: 'CompanyInvitationList' });
export type CompanyInvitationList = z.infer<typeof CompanyInvitationList>;

/** One count of the yearly allowance: the limit, what the company's members used, what is left. */
const AllowanceCount = z.object({ limit: z.number().int(), used: z.number().int(), left: z.number().int() });

/**
 * A company's sample allowance for the calendar year (Beijing time), counted across all its members:
 * applications, and sample items in them. Withdrawn and rejected applications do not count.
 */
export const SampleAllowance = z
  .object({
    year: z.number().int(),
    applications: AllowanceCount,
    items: AllowanceCount,
    custom: z.boolean().describe('true：工作人员为本企业单独设置了额度；false：使用样品设置中的默认额度'),
  })
  .meta({ id: 'SampleAllowance' });
export type SampleAllowance = z.infer<typeof SampleAllowance>;

/* ----------------------------------------- staff ----------------------------------------- */

export const AdminCompany = Company.omit({ myRoles: true })
  .extend({
    members: z.array(CompanyMember.extend({ account: z.string().describe('完整账号（仅工作人员可见）') })),
    allowance: SampleAllowance,
    verifiedBy: z.string().nullable(),
  })
  .meta({ id: 'AdminCompany' });
export type AdminCompany = z.infer<typeof AdminCompany>;

export const AdminCompanySummary = Company.omit({ myRoles: true }).meta({ id: 'AdminCompanySummary' });
export type AdminCompanySummary = z.infer<typeof AdminCompanySummary>;
export const AdminCompanyPage = pageOf(AdminCompanySummary).meta({ id: 'AdminCompanyPage' });
export type AdminCompanyPage = z.infer<typeof AdminCompanyPage>;
export const AdminCompanyQuery = PageQuery.extend({
  status: CompanyState.optional(),
  keyword: text().trim().max(50, '关键词不能超过 50 个字').optional().describe('企业名称或统一社会信用代码'),
});

export const CompanyRejectBody = z
  .object({ reason: text().trim().min(2, '请填写未通过的原因').max(200, '原因不能超过 200 个字') })
  .meta({ id: 'CompanyRejectBody' });
export type CompanyRejectBody = z.infer<typeof CompanyRejectBody>;

/** A company's own yearly allowance; null for a count: the default of the sample settings. */
export const CompanyAllowanceBody = z
  .object({
    applications: z.number().int('须为整数').min(0, '不能小于 0').max(10_000, '不能超过 10000').nullable(),
    items: z.number().int('须为整数').min(0, '不能小于 0').max(100_000, '不能超过 100000').nullable(),
  })
  .meta({ id: 'CompanyAllowanceBody' });
export type CompanyAllowanceBody = z.infer<typeof CompanyAllowanceBody>;
