import { z } from 'zod';
import { text } from './text.js';
import { CAPTCHA_LENGTH, VERIFICATION_PURPOSES } from './constants/account.js';
import { AccountName } from './account.js';

/*
 * Verification codes (by SMS or e-mail) and the image captchas that guard sending them.
 */

export const VerificationPurpose = z
  .enum(VERIFICATION_PURPOSES)
  .describe('register 注册 · reset 找回密码 · login 验证码登录 · delete 注销账号');
export type VerificationPurpose = z.infer<typeof VerificationPurpose>;

/**
 * Asks for a verification code to the account (by SMS to a mobile number, by e-mail to an address).
 * `captchaId` and `captcha` only when the previous answer was `captcha_required`.
 */
export const SendCodeBody = z
  .object({
    account: AccountName,
    purpose: VerificationPurpose,
    captchaId: z.uuid('图片验证码已失效，请换一张').optional(),
    captcha: text().trim().min(1, '请输入图片验证码').max(CAPTCHA_LENGTH * 2, '图片验证码不正确').optional(),
  })
  .meta({ id: 'SendCodeBody' });
export type SendCodeBody = z.infer<typeof SendCodeBody>;

/** Where the code went (masked) and when another may be asked for; the same whether the account exists or not. */
export const SendCodeResponse = z
  .object({
    channel: z.enum(['sms', 'email']),
    to: z.string().describe('The masked address: 138****8000 or w***@example.com'),
    expiresIn: z.number().int().describe('Seconds the code is valid'),
    resendIn: z.number().int().describe('Seconds before another code may be asked for'),
  })
  .meta({ id: 'SendCodeResponse' });
export type SendCodeResponse = z.infer<typeof SendCodeResponse>;

/** An image captcha: its id (sent back with the answer) and the picture (SVG markup). */
export const Captcha = z
  .object({ id: z.uuid(), svg: z.string(), expiresIn: z.number().int() })
  .meta({ id: 'Captcha' });
export type Captcha = z.infer<typeof Captcha>;
