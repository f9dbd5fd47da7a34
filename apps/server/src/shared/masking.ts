import { MOBILE_PATTERN } from '@fuliaotong/contracts';

/*
 * How personal data is shown where it must not be shown whole: log lines, answers that name where a
 * code went, and what stays on a deleted account's finished sample applications (docs/decisions/0021).
 */

/** E-mail addresses are case-insensitive; a mobile number is kept as typed. */
export function normalizeAccount(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

export const isMobile = (account: string) => MOBILE_PATTERN.test(account);

/** 13812348000 → 138****8000; anything else of 7 or more characters keeps its first 3 and last 4. */
export function maskMobile(mobile: string): string {
  const value = mobile.trim();
  if (value.length < 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

/** wang.xm@example.com → w***@example.com (the domain stays: it names the organisation, not the person). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** An account (mobile number or e-mail address), masked. */
export function maskAccount(account: string): string {
  return account.includes('@') ? maskEmail(account) : maskMobile(account);
}

/** 王晓明 → 王**: the family name stays. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return `${chars[0]}**`;
}

/** How the desks show a deleted account (`deleted:<id>`) on the records that stay: 已注销用户. */
export function shownAccount(account: string): string {
  return account.startsWith('deleted:') ? '已注销用户' : account;
}
