import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { CAPTCHA_LENGTH, CODE_LENGTH } from '@fuliaotong/contracts/constants';
import { Button, Form, Input, Space } from 'antd';
import { schemaRule } from '../../lib/form-rules';
import type { CodeSender } from './use-code-sender';
import './verification.css';

/**
 * The image captcha, shown only when the server asked for one before the next code. The picture is
 * the server's SVG (drawn paths, no text), inlined; clicking it fetches another.
 */
/** The checks of a 6-digit code field. */
export const codeRules = [{ required: true, whitespace: true, message: '请输入验证码' }, schemaRule((s) => s.VerificationCode)];

export function CaptchaField({ sender, id = 'captcha' }: { sender: CodeSender; id?: string }) {
  if (!sender.captcha && !sender.captchaLoading) return null;
  return (
    <Form.Item
      label="图片验证码"
      htmlFor={id}
      validateStatus={sender.captchaError ? 'error' : undefined}
      help={sender.captchaError ?? '获取验证码的次数较多，请先输入图中的字符（不区分大小写）'}
    >
      <div className="captcha-row">
        <Input
          id={id}
          value={sender.captchaAnswer}
          onChange={(event) => sender.setCaptchaAnswer(event.target.value)}
          maxLength={CAPTCHA_LENGTH * 2}
          autoComplete="off"
          placeholder="图中字符"
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
        <Button
          type="text"
          icon={<ReloadOutlined aria-hidden />}
          onClick={sender.refreshCaptcha}
          loading={sender.captchaLoading}
          aria-label="换一张"
        />
      </div>
    </Form.Item>
  );
}

/**
 * The code field with its 获取验证码 button (a countdown after each code). The code goes to `account`
 * when the page knows it already, else to the form's `accountField` once that field is valid (the form
 * shows why not).
 */
export function CodeField({
  sender,
  account,
  accountField = 'account',
  name = 'code',
  label = '验证码',
  id = 'code',
  showSentTo = true,
}: {
  sender: CodeSender;
  account?: string;
  accountField?: string;
  name?: string;
  label?: string;
  id?: string;
  /** Say under the field where the last code went (off where the page says it already). */
  showSentTo?: boolean;
}) {
  const form = Form.useFormInstance<Record<string, string>>();
  const request = async () => {
    let to = account;
    if (to === undefined) {
      try {
        to = (await form.validateFields([accountField]))[accountField]?.trim();
      } catch {
        return; // the account field says what is wrong
      }
    }
    if (to) await sender.send(to);
  };
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={false}
      extra={showSentTo && sender.sentTo ? `验证码已发送至 ${sender.sentTo}` : undefined}
    >
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={codeRules}>
          <Input
            id={id}
            prefix={<SafetyOutlined aria-hidden />}
            placeholder={`${CODE_LENGTH} 位数字`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
          />
        </Form.Item>
        <Button className="code-button" onClick={() => void request()} disabled={sender.secondsLeft > 0} loading={sender.pending}>
          {sender.secondsLeft > 0 ? `${sender.secondsLeft} 秒后重发` : sender.sentTo ? '重新获取' : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
