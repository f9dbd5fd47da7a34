import { paths } from '@fuliaotong/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { AuthShell, SubmitButton } from '../components/auth-shell';
import { PasswordField, TextField } from '../components/form-field';
import { Notice } from '../components/notice';
import { toast } from '../components/toast';
import { checkCode, checkConfirm, checkMobile, checkNewPassword, checkNickName } from '../features/session/auth-checks';
import { afterLoginPath, loginHref, REDIRECT_PARAM, safeRedirect } from '../features/session/login-redirect';
import { useRegister } from '../features/session/session-api';
import { PlainCaptchaField, PlainCodeField } from '../features/verification/plain-code-fields';
import { useCodeSender } from '../features/verification/use-code-sender';
import { usePlainForm } from '../lib/plain-form';
import { PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

const CONSENT_MESSAGE = '请阅读并同意《用户协议》和《隐私政策》';

/**
 * No layout: a page of its own, outside antd's scope (docs/decisions/0067). A mobile number, the code
 * sent to it, a password and consent.
 */
export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));
  const codes = useCodeSender('register');
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const form = usePlainForm({
    account: checkMobile,
    code: checkCode,
    nickName: checkNickName,
    password: checkNewPassword(),
    confirm: checkConfirm(),
  });
  const mutation = useRegister();

  const requestCode = () => {
    if (codes.pending || !form.validate(['account'])) return;
    void codes.send(form.values.account.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const valid = form.validate();
    setConsentError(agreed ? undefined : CONSENT_MESSAGE);
    if (!valid || !agreed) return;
    const { account, code, nickName } = form.values;
    mutation.mutate(
      { account: account.trim(), code: code.trim(), password: form.values.password, nickName: nickName.trim() || undefined, agree: true },
      {
        onSuccess: () => {
          toast.success('注册成功，欢迎加入辅料通');
          void navigate(afterLoginPath(searchParams), { replace: true });
        },
        // A taken number (409) belongs under the number.
        onError: (error) => form.showServerError(error, (e) => (e.code === 'conflict' ? 'account' : undefined)),
      },
    );
  };

  return (
    <AuthShell
      title="注册"
      subtitle="用手机号注册辅料通账号，注册后可在线申请辅料样品。"
      footer={
        <>
          已有账号？<Link to={loginHref(redirectTo)}>直接登录</Link>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        {form.formError ? <Notice className="auth-card__alert" type="error" title={form.formError} /> : null}
        <TextField
          field={form.field('account')}
          label="手机号"
          extra="用于登录和接收验证码"
          placeholder="11 位手机号码"
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
        />
        <PlainCaptchaField sender={codes} />
        <PlainCodeField field={form.field('code')} sender={codes} request={requestCode} label="短信验证码" />
        <TextField field={form.field('nickName')} label="昵称（选填）" placeholder="在网站上显示的名字" autoComplete="nickname" maxLength={30} />
        <PasswordField
          field={form.field('password')}
          label="密码"
          extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位，建议使用不易猜到的词组`}
          placeholder="设置登录密码"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
        <PasswordField field={form.field('confirm')} label="确认密码" placeholder="再次输入密码" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        <div className={`form-field auth-card__consent${consentError ? ' form-field--error' : ''}`}>
          <label className="check-line">
            <input
              type="checkbox"
              name="agree"
              checked={agreed}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? 'agree-help' : undefined}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setConsentError(undefined);
              }}
            />
            <span>
              我已阅读并同意
              <Link to={paths.agreement} target="_blank" rel="noopener">
                《用户协议》
              </Link>
              和
              <Link to={paths.privacy} target="_blank" rel="noopener">
                《隐私政策》
              </Link>
            </span>
          </label>
          {consentError ? (
            <div id="agree-help" className="form-field__error" role="alert">
              {consentError}
            </div>
          ) : null}
        </div>
        <SubmitButton busy={mutation.isPending}>注册</SubmitButton>
      </form>
    </AuthShell>
  );
}
