/** The three QR codes of the side panel: 公众号, 小程序, 企业微信客服. */
export const SITE_QR_SLOTS = ['officialAccount', 'miniProgram', 'corporateChat'] as const;
export type SiteQrSlotName = (typeof SITE_QR_SLOTS)[number];
export const siteQrSlotLabels: Record<SiteQrSlotName, string> = {
  officialAccount: '公众号',
  miniProgram: '小程序',
  corporateChat: '企业微信客服',
};

/** The largest QR image a member of the staff may upload. */
export const SITE_QR_IMAGE_MAX_BYTES = 1024 * 1024;

/** The legal texts of the site, each edited on the legal texts desk with its own version. */
export const LEGAL_DOCUMENTS = ['agreement', 'privacy'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];
export const legalDocumentLabels: Record<LegalDocumentName, string> = { agreement: '用户协议', privacy: '隐私政策' };
/** What a legal text may name and the page fills in from the site settings. */
export const LEGAL_PLACEHOLDERS = {
  company: '公司名称',
  address: '公司地址',
  phone: '客服电话',
  serviceHours: '服务时间',
  email: '客服邮箱',
  privacyEmail: '个人信息保护邮箱',
} as const;
export const LEGAL_TEXT_MAX_LENGTH = 100_000;
