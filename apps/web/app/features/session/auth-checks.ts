import { CODE_LENGTH, CODE_PATTERN, EMAIL_PATTERN, MOBILE_PATTERN, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';

/*
 * The checks of the sign-in pages' fields (/login, /register, /forgot-password), without zod: those
 * pages load no form library (docs/decisions/0067). Each says what the contract's schema says for the
 * same value (auth-checks.test.ts holds them to it); undefined when the value passes.
 */

export type Check = (value: string, values: Readonly<Record<string, string>>) => string | undefined;

/** A mobile number or an e-mail address. `checked: false` (a password sign-in) only asks for one. */
export const checkAccount =
  (checked = true): Check =>
  (value) => {
    const v = value.trim();
    if (!v) return '请输入手机号或邮箱';
    if (!checked) return undefined;
    if (v.length > 254) return '账号过长';
    return MOBILE_PATTERN.test(v) || EMAIL_PATTERN.test(v) ? undefined : '请输入正确的手机号或邮箱';
  };

export const checkMobile: Check = (value) => {
  const v = value.trim();
  if (!v) return '请输入手机号';
  return MOBILE_PATTERN.test(v) ? undefined : '请输入 11 位手机号码';
};

export const checkCode: Check = (value) => {
  const v = value.trim();
  if (!v) return '请输入验证码';
  return CODE_PATTERN.test(v) ? undefined : `请输入 ${CODE_LENGTH} 位数字验证码`;
};

export const checkNickName: Check = (value) => (value.trim().length > NICKNAME_MAX ? `昵称最多 ${NICKNAME_MAX} 个字` : undefined);

/** A new password (`label` names it in the empty-field message: 密码, 新密码). */
export const checkNewPassword =
  (label = '密码'): Check =>
  (value) => {
    if (!value) return `请输入${label}`;
    if (value.length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 位`;
    if (value.length > PASSWORD_MAX) return `密码最多 ${PASSWORD_MAX} 位`;
    return undefined;
  };

/** The confirmation of a new password: the same as the form's field `passwordField`. */
export const checkConfirm =
  (passwordField = 'password', label = '密码'): Check =>
  (value, values) => {
    if (!value) return `请再次输入${label}`;
    return value === values[passwordField] ? undefined : '两次输入的密码不一致';
  };

export const checkRequired =
  (message: string): Check =>
  (value) =>
    value.trim() ? undefined : message;
