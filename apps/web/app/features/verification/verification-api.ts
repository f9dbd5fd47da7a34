import type { Captcha, SendCodeBody, SendCodeResponse } from '@fuliaotong/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/* ------------------------------------------ fetchers ------------------------------------------ */

/** Sends a verification code to the account (SMS or e-mail); `captcha_required` when a captcha must come first. */
export function sendCode(body: SendCodeBody): Promise<SendCodeResponse> {
  return api().call('accountSendCode', { body }, { handleUnauthorized: false });
}

/** A new image captcha (one try, 5 minutes). */
export function fetchCaptcha(): Promise<Captcha> {
  return api().call('accountCaptcha', {}, { handleUnauthorized: false });
}

/* -------------------------------------------- hooks -------------------------------------------- */

export function useSendCodeMutation() {
  return useMutation({ mutationFn: sendCode });
}

/** A captcha is a change on the server (a row with its answer), not cached data: a mutation. */
export function useCaptchaMutation() {
  return useMutation({ mutationFn: fetchCaptcha });
}
