import { EMAIL_PATTERN } from '@fuliaotong/contracts/constants';
import { AccountName, Mobile, NickName, Password, VerificationCode } from '@fuliaotong/contracts/forms';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAccount, checkCode, checkConfirm, checkMobile, checkNewPassword, checkNickName, type Check } from './auth-checks';

/** What the contract's schema says of a value: its first message, or undefined when it passes. */
function schemaSays(schema: z.ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const accounts = ['', '   ', '13812345678', ' 13812345678 ', '1381234567', '23812345678', 'a@b.cn', 'A.B+c@mail.example.com', 'a@b', 'a..b@c.cn', '.a@b.cn', '甲@乙.cn', `${'a'.repeat(250)}@b.cn`];
const mobiles = ['', '13812345678', '1381234567', '138123456789', '138-1234-5678', ' 13812345678'];
const codes = ['', '123456', '12345', '1234567', 'abcdef', ' 123456 '];
const passwords = ['', 'short', '12345678', 'x'.repeat(128), 'x'.repeat(129)];
const nickNames = ['', '小明', '甲'.repeat(30), '甲'.repeat(31), `  ${'甲'.repeat(30)}  `];

function agrees(check: Check, schema: z.ZodType, values: string[], emptyMessage?: string) {
  for (const value of values) {
    const expected = value.trim() === '' && emptyMessage ? emptyMessage : schemaSays(schema, value);
    expect(check(value, {}), JSON.stringify(value)).toBe(expected);
  }
}

describe('the sign-in pages check their fields as the contract does', () => {
  it('uses zod’s own e-mail pattern', () => {
    const emails = ['a@b.cn', "o'neil+x@mail.example.com", 'a-b_c@d-e.org', 'a..b@c.cn', '.a@b.cn', 'a.@b.cn', 'a@-b.cn', 'a@b.c', 'a b@c.cn', '甲@乙.cn', 'a@b'];
    for (const email of emails) expect(EMAIL_PATTERN.test(email), email).toBe(z.regexes.email.test(email));
  });

  it('accounts, mobile numbers, codes, passwords and nicknames', () => {
    agrees(checkAccount(), AccountName, accounts);
    agrees(checkMobile, Mobile, mobiles, '请输入手机号');
    agrees(checkCode, VerificationCode, codes, '请输入验证码');
    agrees(checkNewPassword(), Password, passwords, '请输入密码');
    agrees(checkNickName, NickName, nickNames);
  });

  it('a password sign-in asks only for an account', () => {
    expect(checkAccount(false)('anything', {})).toBeUndefined();
    expect(checkAccount(false)(' ', {})).toBe('请输入手机号或邮箱');
  });

  it('a confirmation compares with its password', () => {
    expect(checkConfirm()('abcdefgh', { password: 'abcdefgh' })).toBeUndefined();
    expect(checkConfirm()('abcdefgx', { password: 'abcdefgh' })).toBe('两次输入的密码不一致');
    expect(checkConfirm('password', '新密码')('', { password: 'abcdefgh' })).toBe('请再次输入新密码');
  });
});
