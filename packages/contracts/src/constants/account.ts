/** Mainland mobile number: 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;
/** An e-mail address as an account: zod's own pattern (`z.email()`), kept here so that forms without zod check the same. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 30;

export const SEXES = ['unknown', 'male', 'female'] as const;
export const sexLabels: Record<(typeof SEXES)[number], string> = { unknown: '保密', male: '男', female: '女' };

/**
 * What a member of the staff (工作人员) may do; an account holds none (a member) or several.
 * `admin`: users, roles, site settings, the audit log, and reading every other desk · `editor`: content
 * and databases · `reviewer`: sample applications · `finance`: orders and invoices (docs/decisions/0046) ·
 * `sales`: customers' companies (verifying them, docs/decisions/0061) · `quality`: quality matters of
 * customers' companies (no desk of its own yet).
 */
export const STAFF_ROLES = ['admin', 'editor', 'reviewer', 'finance', 'sales', 'quality'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];
export const staffRoleLabels: Record<StaffRoleName, string> = {
  admin: '管理员',
  editor: '内容编辑',
  reviewer: '样品审核',
  finance: '财务',
  sales: '销售',
  quality: '质量',
};
export const staffRoleDescriptions: Record<StaffRoleName, string> = {
  admin: '用户与角色、样品设置、网站信息与法律文本、操作日志；可查看所有工作台',
  editor: '产品、文章、法规、数据库与导入',
  reviewer: '样品申请的审核、发货与签收',
  finance: '订单、付款与发票',
  sales: '企业客户的认证',
  quality: '企业客户的质量事务',
};

/** A member of the staff: an account holding at least one staff role. */
export function isStaff(user: { roles: readonly string[] } | null | undefined): boolean {
  return (user?.roles.length ?? 0) > 0;
}

/** Whether the user holds any of `roles`. */
export function hasRole(user: { roles: readonly string[] } | null | undefined, ...roles: readonly StaffRoleName[]): boolean {
  return roles.some((role) => user?.roles.includes(role) ?? false);
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The image types every image upload takes (avatars, a company's licence); the server checks the bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_TYPES = IMAGE_TYPES;

export const MAX_ADDRESSES = 20;
export const NOTICE_KINDS = ['system', 'account', 'sample', 'order', 'watch', 'quote', 'sales_order', 'document_request', 'change_notice'] as const;

/*
 * Registration watch (登记关注): a user watches one CDE registration record, or every record of a
 * product (品种名称), and hears by notice when an import or an edit changes what the CDE decides.
 */
export const REGISTRATION_WATCH_SCOPES = ['registration', 'product'] as const;
export const registrationWatchScopeLabels: Record<(typeof REGISTRATION_WATCH_SCOPES)[number], string> = {
  registration: '单条登记',
  product: '品种全部登记',
};
export const MAX_REGISTRATION_WATCHES = 100;
/** A change to one of these fields of a watched record sends a notice (the record's own names). */
export const WATCHED_REGISTRATION_FIELDS = ['与制剂共同审评审批结果', '更新日期', '企业名称'] as const;
/** Notices one import sends one user, one per record; more changes are summed up in one more notice. */
export const WATCH_NOTICES_PER_IMPORT = 20;

export const FAVORITE_TARGET_TYPES = ['excipient', 'registration', 'regulation', 'news'] as const;
export const favoriteTypeLabels: Record<(typeof FAVORITE_TARGET_TYPES)[number], string> = {
  excipient: '辅料产品',
  registration: '登记信息',
  regulation: '法规政策',
  news: '行业资讯',
};
export const MAX_FAVORITES = 500;

/*
 * Verification codes (验证码) sent by SMS to a mobile number or by e-mail to an address
 * (docs/decisions/0021).
 */
export const VERIFICATION_PURPOSES = ['register', 'reset', 'login', 'delete'] as const;
export const verificationPurposeLabels: Record<(typeof VERIFICATION_PURPOSES)[number], string> = {
  register: '注册',
  reset: '找回密码',
  login: '验证码登录',
  delete: '注销账号',
};
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;
/** A code is valid this long after it was sent. */
export const CODE_TTL_SECONDS = 5 * 60;
/** Wrong entries a code allows before it stops working (the right one included in the count). */
export const CODE_MAX_TRIES = 5;
/** The least time between two codes to one account. */
export const CODE_RESEND_SECONDS = 60;
/** An image captcha is valid this long and for one try. */
export const CAPTCHA_TTL_SECONDS = 5 * 60;
export const CAPTCHA_LENGTH = 4;

/**
 * The version of the 《用户协议》 and 《隐私政策》 a registration agrees to (their effective date):
 * stored with the account as the record of consent.
 */
export const POLICY_VERSION = '2026-11-27';
