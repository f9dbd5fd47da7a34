import { CAPTCHA_LENGTH, CODE_LENGTH } from '@fuliaotong/contracts/constants';
import { FieldFrame, controlProps } from '../../components/form-field';
import { Spinner } from '../../components/load-state';
import type { PlainField } from '../../lib/plain-form';
import type { CodeSender } from './use-code-sender';
import './verification.css';

/*
 * The captcha and code fields of the sign-in pages, outside antd's scope (docs/decisions/0067): the
 * same CodeSender as code-field.tsx (antd's, for the account's dialogs), plain controls.
 */

/** The image captcha, shown only when the server asked for one before the next code. */
export function PlainCaptchaField({ sender, id = 'captcha' }: { sender: CodeSender; id?: string }) {
  if (!sender.captcha && !sender.captchaLoading) return null;
  return (
    <FieldFrame
      controlId={id}
      label="图片验证码"
      error={sender.captchaError}
      extra="获取验证码的次数较多，请先输入图中的字符（不区分大小写）"
    >
      <div className="captcha-row">
        <input
          id={id}
          className="text-input"
          value={sender.captchaAnswer}
          onChange={(event) => sender.setCaptchaAnswer(event.target.value)}
          maxLength={CAPTCHA_LENGTH * 2}
          autoComplete="off"
          placeholder="图中字符"
          aria-invalid={sender.captchaError ? true : undefined}
          aria-describedby={`${id}-help`}
        />
        <button
          type="button"
          className="captcha-row__image"
          onClick={sender.refreshCaptcha}
          aria-label="看不清？换一张图片验证码"
          title="看不清？点击换一张"
          // The server's SVG: paths only, made by svg-captcha from random characters.
          dangerouslySetInnerHTML={sender.captcha ? { __html: sender.captcha.svg } : undefined}
        />
        {sender.captchaLoading ? <Spinner /> : null}
      </div>
    </FieldFrame>
  );
}

/**
 * The code with its 获取验证码 button (a countdown after each code). `request` asks for a code: the
 * page checks the account field first (and shows why not).
 */
export function PlainCodeField({
  field,
  sender,
  request,
  label = '验证码',
  showSentTo = true,
}: {
  field: PlainField;
  sender: CodeSender;
  request: () => void;
  label?: string;
  /** Say under the field where the last code went (off where the page says it already). */
  showSentTo?: boolean;
}) {
  const extra = showSentTo && sender.sentTo ? `验证码已发送至 ${sender.sentTo}` : undefined;
  return (
    <FieldFrame controlId={field.id} label={label} error={field.error} extra={extra}>
      <div className="field-row">
        <input
          className="text-input"
          placeholder={`${CODE_LENGTH} 位数字`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          {...controlProps(field, Boolean(field.error || extra))}
        />
        <button
          type="button"
          className="button"
          onClick={request}
          disabled={sender.secondsLeft > 0}
          aria-busy={sender.pending || undefined}
        >
          {sender.pending ? <Spinner /> : null}
          {sender.secondsLeft > 0 ? `${sender.secondsLeft} 秒后重发` : sender.sentTo ? '重新获取' : '获取验证码'}
        </button>
      </div>
    </FieldFrame>
  );
}
