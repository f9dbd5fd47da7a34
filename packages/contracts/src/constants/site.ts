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
