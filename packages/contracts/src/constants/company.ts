/*
 * Companies (企业) buying on the site (docs/decisions/0061): a member's roles in their company, and the
 * company's verification state.
 */
export const COMPANY_ROLES = ['admin', 'purchasing', 'rnd', 'quality', 'finance'] as const;
export type CompanyRoleName = (typeof COMPANY_ROLES)[number];
export const companyRoleLabels: Record<CompanyRoleName, string> = {
  admin: '管理员',
  purchasing: '采购',
  rnd: '研发',
  quality: '质量',
  finance: '财务',
};

export const COMPANY_STATES = ['pending', 'verified', 'rejected'] as const;
export type CompanyStateName = (typeof COMPANY_STATES)[number];
export const companyStateLabels: Record<CompanyStateName, string> = {
  pending: '待认证',
  verified: '已认证',
  rejected: '未通过',
};

/** The largest business licence (营业执照) image a company's 管理员 may upload. */
export const COMPANY_LICENSE_MAX_BYTES = 5 * 1024 * 1024;

/** Days an invitation to join a company may be accepted. */
export const COMPANY_INVITATION_DAYS = 7;

/** What became of an invitation; `expired` is a pending one past its date. */
export const COMPANY_INVITATION_STATES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type CompanyInvitationStateName = (typeof COMPANY_INVITATION_STATES)[number];
export const companyInvitationStateLabels: Record<CompanyInvitationStateName, string> = {
  pending: '待接受',
  accepted: '已接受',
  declined: '已拒绝',
  expired: '已过期',
};

/*
 * What a company shares with its members, by role (docs/decisions/0068): its invoice titles are kept by
 * the 管理员 and 财务 and chosen by those who ask for invoices; its addresses are kept by the 管理员 and
 * 采购 and used by those who apply for samples or receive goods.
 */
export const COMPANY_TITLE_MANAGERS: readonly CompanyRoleName[] = ['admin', 'finance'];
export const COMPANY_TITLE_USERS: readonly CompanyRoleName[] = ['admin', 'finance', 'purchasing'];
export const COMPANY_ADDRESS_MANAGERS: readonly CompanyRoleName[] = ['admin', 'purchasing'];
export const COMPANY_ADDRESS_USERS: readonly CompanyRoleName[] = ['admin', 'purchasing', 'rnd', 'quality'];
/** Whether a member holding `roles` is one of `allowed`. */
export const holdsCompanyRole = (roles: readonly string[], allowed: readonly CompanyRoleName[]) => roles.some((role) => (allowed as readonly string[]).includes(role));

/** The role a seat holder of a company's 企业会员 plan is invited with. */
export const COMPANY_SEAT_ROLE: CompanyRoleName = 'rnd';

/** Whose a shared row is: the member's own, or their company's. */
export const ROW_OWNERS = ['personal', 'company'] as const;
export type RowOwnerName = (typeof ROW_OWNERS)[number];
export const rowOwnerLabels: Record<RowOwnerName, string> = { personal: '个人', company: '企业' };
