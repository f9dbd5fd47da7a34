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
