import { defineErrors } from './error-definition.js';

/** Error codes of verification codes and image captchas (docs/decisions/0021). */
export const verificationErrors = defineErrors({
  /**
   * Sending another code needs an image captcha first (the account or the client address asked for
   * many codes): fetch one (`accountCaptcha`) and send again with `captchaId` and `captcha`. Also the
   * answer to a wrong or expired captcha (each captcha allows one try), with the issue on `body.captcha`.
   */
  captcha_required: { status: 403, message: '请先输入图片验证码' },
  /** The code is wrong, expired, used up or was never sent; the issue is on `body.code`. */
  code_invalid: { status: 400, message: '验证码错误或已失效' },
});
