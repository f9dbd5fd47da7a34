import { Captcha, SendCodeBody, SendCodeResponse } from '../verification.js';
import { CODE_MAX_TRIES, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../constants/account.js';
import type { EndpointSpec } from './endpoint.js';

/**
 * Verification codes (by SMS or e-mail) for registering, signing in, resetting the password and deleting
 * the account, and the image captchas that guard sending them.
 */
export const verificationEndpoints = {
  accountSendCode: {
    access: 'public',
    tag: '账号',
    summary: `发送 6 位验证码：手机号发短信，邮箱发邮件；${CODE_TTL_SECONDS / 60} 分钟内有效，最多尝试 ${CODE_MAX_TRIES} 次`,
    description: [
      `同一账号 ${CODE_RESEND_SECONDS} 秒内只能获取一次、24 小时内最多 10 次；同一地址与全站每天另有上限，超出时返回 429 和 Retry-After。`,
      '账号或地址短时间内获取过多时返回 403 captcha_required：先调用 accountCaptcha 取图片验证码，再带 captchaId 与 captcha 重新发送。',
      '无论账号是否存在，应答都相同（注册用途的验证码照常发送，已注册在提交注册时才提示）。',
    ].join(''),
    body: SendCodeBody,
    responses: { 200: SendCodeResponse },
    errors: [403, 429],
    example: { body: { account: '13800138000', purpose: 'register' } },
  },
  accountCaptcha: {
    access: 'public',
    tag: '账号',
    summary: '图片验证码：返回 id 与 SVG 图片，5 分钟内有效，只能校验一次',
    responses: { 200: Captcha },
    errors: [429],
  },
} as const satisfies Record<string, EndpointSpec>;
