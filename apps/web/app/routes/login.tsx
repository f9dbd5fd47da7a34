import type { LoginBody, LoginChallenge, SessionResponse } from '@fuliaotong/contracts';
import { paths } from '@fuliaotong/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthShell, SubmitButton } from '../components/auth-shell';
import { PasswordField, TextField } from '../components/form-field';
import { Spinner } from '../components/load-state';
import { Notice } from '../components/notice';
import { toast } from '../components/toast';
import { checkAccount, checkCode, checkRequired } from '../features/session/auth-checks';
import { afterLoginPath, REDIRECT_PARAM, registerHref, safeRedirect } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { useLogin, useLoginByCode, useLoginVerify } from '../features/session/session-api';
import { PlainCaptchaField, PlainCodeField } from '../features/verification/plain-code-fields';
import { useCodeSender } from '../features/verification/use-code-sender';
import { usePlainForm } from '../lib/plain-form';
import { pageMeta } from '../site/pages';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/** The two ways in: password, or a code sent to the account (which works while password sign-in is locked). */
type Method = 'password' | 'code';
const methods: { key: Method; label: string }[] = [
  { key: 'password', label: '密码登录' },
  { key: 'code', label: '验证码登录' },
];

/** No layout: a page of its own, outside antd's scope (docs/decisions/0067). */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const [method, setMethod] = useState<Method>('password');
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));

  const signedIn = ({ user }: SessionResponse) => {
    toast.success(`登录成功，欢迎回来${user.nickName ? `，${user.nickName}` : ''}`);
    void navigate(afterLoginPath(searchParams, user), { replace: true });
  };

  return (
    <AuthShell
      title="登录"
      subtitle={redirectTo ? '请先登录，登录后将回到您刚才访问的页面。' : '登录辅料通，申请样品、管理收藏与订单。'}
      footer={
        <>
          还没有账号？<Link to={registerHref(redirectTo)}>立即注册</Link>
        </>
      }
    >
      {current ? (
        <Notice
          className="auth-card__alert"
          title={
            <>
              您已登录为 {current.nickName || current.account}，<Link to={afterLoginPath(searchParams, current)}>继续访问</Link>
            </>
          }
        />
      ) : null}
      <div className="auth-tabs" role="tablist" aria-label="登录方式">
        {methods.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`login-tab-${key}`}
            aria-selected={method === key}
            aria-controls={`login-panel-${key}`}
            tabIndex={method === key ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => setMethod(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next = methods[(methods.findIndex((m) => m.key === key) + 1) % methods.length]!.key;
              setMethod(next);
              document.getElementById(`login-tab-${next}`)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${method}`} aria-labelledby={`login-tab-${method}`}>
        {method === 'password' ? <PasswordLogin onSignedIn={signedIn} /> : <CodeLogin onSignedIn={signedIn} />}
      </div>
    </AuthShell>
  );
}

function PasswordLogin({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const form = usePlainForm({ account: checkAccount(false), password: checkRequired('请输入密码') });
  /** A staff account's second step: the password was right and a code went to the account. */
  const [challenge, setChallenge] = useState<{ answer: LoginChallenge; credentials: LoginBody }>();
  const mutation = useLogin();
  const signIn = (credentials: LoginBody) => {
    form.setFormError(undefined);
    mutation.mutate(credentials, {
      onSuccess: (answer) => ('token' in answer ? onSignedIn(answer) : setChallenge({ answer, credentials })),
      onError: (error) => form.showServerError(error),
    });
  };
  if (challenge) {
    return (
      <SecondFactor
        challenge={challenge.answer}
        resending={mutation.isPending}
        resendError={form.formError}
        onResend={() => signIn(challenge.credentials)}
        onBack={() => {
          form.setFormError(undefined);
          setChallenge(undefined);
        }}
        onSignedIn={onSignedIn}
      />
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.validate()) return;
    signIn({ account: form.values.account.trim(), password: form.values.password });
  };
  return (
    <form noValidate onSubmit={submit}>
      {form.formError ? <Notice className="auth-card__alert" type="error" title={form.formError} /> : null}
      <TextField field={form.field('account')} label="账号" placeholder="手机号或邮箱" autoComplete="username" inputMode="email" maxLength={254} />
      <PasswordField field={form.field('password')} label="密码" placeholder="请输入密码" autoComplete="current-password" maxLength={128} />
      <div className="auth-card__links">
        <Link to={paths.forgotPassword}>忘记密码？</Link>
      </div>
      <SubmitButton busy={mutation.isPending}>登录</SubmitButton>
    </form>
  );
}

/**
 * The second step of a staff log-in: the code sent to the account. Asking again signs in with the
 * same password once more (a new code, within the sending limits).
 */
function SecondFactor({
  challenge,
  resending,
  resendError,
  onResend,
  onBack,
  onSignedIn,
}: {
  challenge: LoginChallenge;
  resending: boolean;
  /** Why asking for another code failed (too soon, say). */
  resendError?: string;
  onResend: () => void;
  onBack: () => void;
  onSignedIn: (session: SessionResponse) => void;
}) {
  const form = usePlainForm({ code: checkCode });
  const mutation = useLoginVerify();
  const channel = challenge.channel === 'sms' ? '短信' : '邮件';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.validate()) return;
    form.setFormError(undefined);
    mutation.mutate(
      { challenge: challenge.challenge, code: form.values.code.trim() },
      { onSuccess: onSignedIn, onError: (error) => form.showServerError(error) },
    );
  };
  const error = form.formError ?? resendError;
  return (
    <>
      <Notice
        className="auth-card__alert"
        title="工作人员账号需要二次验证"
        description={`验证码已通过${channel}发送至 ${challenge.to}，${Math.round(challenge.expiresIn / 60)} 分钟内有效。`}
      />
      {error ? <Notice className="auth-card__alert" type="error" title={error} /> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          field={form.field('code')}
          label="验证码"
          placeholder="6 位数字验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
        />
        <SubmitButton busy={mutation.isPending}>验证并登录</SubmitButton>
      </form>
      <div className="auth-card__links auth-card__links--apart">
        <button type="button" className="link-button" onClick={onBack}>
          返回
        </button>
        <button type="button" className="link-button" onClick={onResend} disabled={resending} aria-busy={resending || undefined}>
          {resending ? <Spinner /> : null}
          重新发送验证码
        </button>
      </div>
    </>
  );
}

function CodeLogin({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const form = usePlainForm({ account: checkAccount(), code: checkCode });
  const codes = useCodeSender('login');
  const mutation = useLoginByCode();
  const requestCode = () => {
    if (codes.pending || !form.validate(['account'])) return;
    void codes.send(form.values.account.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.validate()) return;
    form.setFormError(undefined);
    mutation.mutate(
      { account: form.values.account.trim(), code: form.values.code.trim() },
      { onSuccess: onSignedIn, onError: (error) => form.showServerError(error) },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      {form.formError ? <Notice className="auth-card__alert" type="error" title={form.formError} /> : null}
      <TextField
        field={form.field('account')}
        label="账号"
        extra="验证码将发送到您的手机（短信）或邮箱"
        placeholder="手机号或邮箱"
        autoComplete="username"
        inputMode="email"
        maxLength={254}
      />
      <PlainCaptchaField sender={codes} />
      <PlainCodeField field={form.field('code')} sender={codes} request={requestCode} />
      <SubmitButton busy={mutation.isPending}>登录</SubmitButton>
    </form>
  );
}
