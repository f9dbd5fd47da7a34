import type { ApiError } from '@fuliaotong/client';
import type {
  Company,
  CompanyAllowanceBody,
  CompanyBody,
  CompanyInvitation,
  CompanyInvitationBody,
  CompanyMember,
  CompanyRole,
  SampleAllowance,
} from '@fuliaotong/contracts';
import { COMPANY_INVITATION_DAYS, COMPANY_LICENSE_MAX_BYTES, COMPANY_ROLES, IMAGE_TYPES, companyRoleLabels } from '@fuliaotong/contracts/constants';
import dayjs from 'dayjs';

/* What the company pages decide without the server (which decides again on every call). */

/** The roles as the pages say them, in the contracts' order: 管理员、采购. */
export function rolesText(roles: readonly CompanyRole[]): string {
  return COMPANY_ROLES.filter((role) => roles.includes(role))
    .map((role) => companyRoleLabels[role])
    .join('、');
}

/** The choices of a roles field. */
export const roleOptions = COMPANY_ROLES.map((role) => ({ value: role, label: companyRoleLabels[role] }));

/** Whether the user is the company's 管理员 (invites, sets roles, removes members, edits the company). */
export function isCompanyAdmin(company: Pick<Company, 'myRoles'>): boolean {
  return company.myRoles.includes('admin');
}

/** Whether the company's 管理员 may still change its name, code, contact and licence: until it is verified. */
export function canEditCompany(company: Pick<Company, 'myRoles' | 'status'>): boolean {
  return isCompanyAdmin(company) && company.status !== 'verified';
}

/** Whether the member is the company's only 管理员 while others remain (the server refuses their leaving: 409). */
export function isSoleAdmin(members: readonly Pick<CompanyMember, 'userId' | 'roles'>[], userId: number): boolean {
  const admins = members.filter((member) => member.roles.includes('admin'));
  return members.length > 1 && admins.length === 1 && admins[0]!.userId === userId;
}

/** What the file picker offers for the business licence. */
export const licenseAccept = IMAGE_TYPES.join(',');

/** Why a file cannot be the business licence, or undefined when it can (the server checks it again). */
export function licenseProblem(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return '营业执照请上传 JPG、PNG 或 WebP 图片';
  if (file.size === 0) return '图片文件是空的';
  if (file.size > COMPANY_LICENSE_MAX_BYTES) return `营业执照图片不能超过 ${COMPANY_LICENSE_MAX_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/** `本企业 2026 年样品额度：还可申请 3 份、12 种样品`. */
export function allowanceText(allowance: SampleAllowance): string {
  return `本企业 ${allowance.year} 年样品额度：还可申请 ${Math.max(0, allowance.applications.left)} 份、${Math.max(0, allowance.items.left)} 种样品`;
}

/** What the allowance does not leave for an application of `itemCount` sample items, or undefined when it is enough. */
export function allowanceShortfall(allowance: SampleAllowance, itemCount: number): string | undefined {
  if (allowance.applications.left <= 0) return `本企业今年的 ${allowance.applications.limit} 份样品申请已用完，暂不能提交新的申请。`;
  if (itemCount > allowance.items.left) {
    return allowance.items.left <= 0
      ? `本企业今年的 ${allowance.items.limit} 种样品额度已用完，暂不能提交新的申请。`
      : `本次选择了 ${itemCount} 种样品，本企业今年还可申请 ${allowance.items.left} 种，请减少样品后再申请。`;
  }
  return undefined;
}

/** One count of the allowance as the pages show it: 已用 3 / 24 份，剩余 21 份. */
export function allowanceCountText(count: SampleAllowance['applications'], unit: string): string {
  return `已用 ${count.used} / ${count.limit} ${unit}，剩余 ${Math.max(0, count.left)} ${unit}`;
}

/** The desk's allowance form: an empty count is null (the default of the sample settings). */
export function allowanceBody(values: { applications?: number | null; items?: number | null }): CompanyAllowanceBody {
  return { applications: values.applications ?? null, items: values.items ?? null };
}

/** When an invitation may be answered until, or that it may no longer be. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  return dayjs(expiresAt).isAfter(now) ? `${dayjs(expiresAt).format('YYYY-MM-DD HH:mm')} 前有效` : '已过期';
}

/* The forms' bindings to their changes (useMutationForm): what is sent, and where the server's refusals go. */

/** The company's form (创建企业, 修改企业信息): a refusal without details (one company per user: 409) goes above it. */
export const companyForm = {
  variables: (values: CompanyBody): CompanyBody => ({
    name: values.name.trim(),
    creditCode: values.creditCode.trim(),
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
  }),
  fields: ['name', 'creditCode', 'contactName', 'contactPhone'],
} as const;

/** 邀请成员: a conflict (already a member, already invited) is about the address, and goes under it. */
export const invitationForm = {
  variables: (values: CompanyInvitationBody): CompanyInvitationBody => ({ account: values.account.trim(), roles: values.roles }),
  fields: ['account', 'roles'],
  fieldFor: (error: ApiError) => (error.status === 409 ? 'account' : undefined),
  success: (invitation: CompanyInvitation) => `已邀请 ${invitation.account}，${COMPANY_INVITATION_DAYS} 天内有效`,
} as const;
