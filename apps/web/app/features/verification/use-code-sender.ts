import type { Captcha, VerificationPurpose } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { useCallback, useEffect, useState } from 'react';
import { useCaptchaMutation, useSendCodeMutation } from './verification-api';
import { toast } from '../../components/toast';

/** The state of asking for codes for one purpose: the countdown, where the last code went, the captcha when one is asked for. */
export interface CodeSender {
  /** Asks for a code to the account; true when it was sent. Shows why not (a message, or the captcha). */
  send: (account: string) => Promise<boolean>;
  pending: boolean;
  /** Seconds before another code may be asked for (0: now). */
  secondsLeft: number;
  /** The masked address the last code went to. */
  sentTo?: string;
  /** The captcha to solve before the next code, when the server asked for one. */
  captcha?: Captcha;
  captchaAnswer: string;
  setCaptchaAnswer: (answer: string) => void;
  captchaError?: string;
  refreshCaptcha: () => void;
  captchaLoading: boolean;
}

/**
 * Asking for verification codes (验证码): the one-minute countdown between two, and the image
 * captcha the server asks for (`captcha_required`) when an account or a network asked for many —
 * then the captcha is shown, and the next request carries its answer.
 */
export function useCodeSender(purpose: VerificationPurpose): CodeSender {
  const sendMutation = useSendCodeMutation();
  const captchaMutation = useCaptchaMutation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sentTo, setSentTo] = useState<string>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<string>();

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const { mutateAsync: loadCaptcha } = captchaMutation;
  const refreshCaptcha = useCallback(() => {
    setCaptchaAnswer('');
    loadCaptcha()
      .then(setCaptcha)
      .catch((error: unknown) => setCaptchaError(errorMessage(error, '图片验证码加载失败，请重试')));
  }, [loadCaptcha]);

  const { mutateAsync: sendAsync } = sendMutation;
  const send = useCallback(
    async (account: string) => {
      if (captcha && !captchaAnswer.trim()) {
        setCaptchaError('请输入图片验证码');
        return false;
      }
      try {
        const sent = await sendAsync({
          account,
          purpose,
          ...(captcha ? { captchaId: captcha.id, captcha: captchaAnswer.trim() } : {}),
        });
        setCaptcha(undefined);
        setCaptchaAnswer('');
        setCaptchaError(undefined);
        setSentTo(sent.to);
        setSecondsLeft(sent.resendIn);
        toast.success(`验证码已发送至 ${sent.to}，${Math.round(sent.expiresIn / 60)} 分钟内有效`);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'captcha_required') {
          // The first time it is a request to solve one; after an answer, the answer was wrong.
          setCaptchaError(captcha ? errorMessage(error) : undefined);
          refreshCaptcha();
          return false;
        }
        toast.error(errorMessage(error, '验证码发送失败，请稍后重试'));
        return false;
      }
    },
    [captcha, captchaAnswer, purpose, refreshCaptcha, sendAsync],
  );

  return {
    send,
    pending: sendMutation.isPending,
    secondsLeft,
    sentTo,
    captcha,
    captchaAnswer,
    setCaptchaAnswer: (answer: string) => {
      setCaptchaAnswer(answer);
      setCaptchaError(undefined);
    },
    captchaError,
    refreshCaptcha,
    captchaLoading: captchaMutation.isPending,
  };
}
