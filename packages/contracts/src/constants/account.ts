/** Mainland mobile number: 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 30;

export const SEXES = ['unknown', 'male', 'female'] as const;
export const sexLabels: Record<(typeof SEXES)[number], string> = { unknown: '保密', male: '男', female: '女' };

export const ROLES = ['member', 'staff'] as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const MAX_ADDRESSES = 20;
export const NOTICE_KINDS = ['system', 'account', 'sample', 'order'] as const;

export const FAVORITE_TARGET_TYPES = ['excipient', 'registration', 'regulation', 'news'] as const;
export const favoriteTypeLabels: Record<(typeof FAVORITE_TARGET_TYPES)[number], string> = {
  excipient: '辅料产品',
  registration: '登记信息',
  regulation: '法规政策',
  news: '行业资讯',
};
export const MAX_FAVORITES = 500;
