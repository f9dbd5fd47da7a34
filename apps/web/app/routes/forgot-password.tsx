import { paths, PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/forgot-password';
import { AuthShell, SubmitButton } from '../components/auth-shell';
import { PasswordField, TextField } from '../components/form-field';
import { Notice, StatusSign } from '../components/notice';
import { checkAccount, checkCode, checkConfirm, checkNewPassword } from '../features/session/auth-checks';
import { useResetPassword } from '../features/session/session-api';
import { PlainCaptchaField, PlainCodeField } from '../features/verification/plain-code-fields';
import { useCodeSender, type CodeSender } from '../features/verification/use-code-sender';
import { usePlainForm } from '../lib/plain-form';
import { pageMeta } from '../site/pages';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

type Step = 'account' | 'password' | 'done';
const steps: { key: Step; title: string }[] = [
  { key: 'account', title: '验证账号' },
  { key: 'password', title: '设置新密码' },
  { key: 'done', title: '完成' },
];

/**
 * 忘记密码 (no layout, like /login; outside antd's scope, docs/decisions/0067): the account → a code
 * to it (after an image captcha when the server asks for one) → the code and a new password → done,
 * sign in. Every session of the account ends with the reset.
 */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('account');
  const [account, setAccount] = useState('');
  const codes = useCodeSender('reset');
  const at = steps.findIndex((s) => s.key === step);

  return (
    <AuthShell
      title="找回密码"
      subtitle="我们会向您的手机（短信）或邮箱发送验证码，验证后即可设置新密码。"
      footer={
        <>
          想起密码了？<Link to={paths.login}>返回登录</Link>
        </>
      }
    >
      <ol className="auth-steps" aria-label="找回密码的步骤">
        {steps.map((s, index) => (
          <li
            key={s.key}
            className={`auth-steps__step${index < at || step === 'done' ? ' auth-steps__step--done' : ''}`}
            aria-current={index === at ? 'step' : undefined}
          >
            {s.title}
          </li>
        ))}
      </ol>
      {step === 'account' ? (
        <AccountStep
          codes={codes}
          initial={account}
          onSent={(sentTo) => {
            setAccount(sentTo);
            setStep('password');
          }}
        />
      ) : null}
      {step === 'password' ? <PasswordStep codes={codes} account={account} onBack={() => setStep('account')} onDone={() => setStep('done')} /> : null}
      {step === 'done' ? (
        <div className="auth-result" role="status">
          <StatusSign type="success" large />
          <h2 className="auth-result__title">密码已重置</h2>
          <p className="auth-result__text">您在所有设备上的登录均已退出，请使用新密码登录。</p>
          <Link to={paths.login} className="button button--primary button--block">
            去登录
          </Link>
        </div>
      ) : null}
    </AuthShell>
  );
}

function AccountStep({ codes, initial, onSent }: { codes: CodeSender; initial: string; onSent: (account: string) => void }) {
  const form = usePlainForm({ account: checkAccount() }, { account: initial });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (codes.pending || !form.validate()) return;
    const trimmed = form.values.account.trim();
    if (await codes.send(trimmed)) onSent(trimmed);
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        field={form.field('account')}
        label="账号"
        extra="注册时使用的手机号或邮箱"
        placeholder="手机号或邮箱"
        autoComplete="username"
        inputMode="email"
        maxLength={254}
      />
      <PlainCaptchaField sender={codes} />
      <SubmitButton busy={codes.pending} disabled={codes.secondsLeft > 0}>
        {codes.secondsLeft > 0 ? `${codes.secondsLeft} 秒后可重新获取` : '获取验证码'}
      </SubmitButton>
    </form>
  );
}

function PasswordStep({ codes, account, onBack, onDone }: { codes: CodeSender; account: string; onBack: () => void; onDone: () => void }) {
  const form = usePlainForm({ code: checkCode, password: checkNewPassword('新密码'), confirm: checkConfirm('password', '新密码') });
  const mutation = useResetPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.validate()) return;
    form.setFormError(undefined);
    mutation.mutate(
      { account, code: form.values.code.trim(), password: form.values.password },
      { onSuccess: onDone, onError: (error) => form.showServerError(error) },
    );
  };
  return (
    <>
      <Notice
        className="auth-card__alert"
        title={
          <>
            验证码已发送至 {codes.sentTo ?? account}，5 分钟内有效。
            <button type="button" className="link-button" onClick={onBack}>
              换一个账号
            </button>
          </>
        }
      />
      <form noValidate onSubmit={submit}>
        {form.formError ? <Notice className="auth-card__alert" type="error" title={form.formError} /> : null}
        <PlainCaptchaField sender={codes} />
        <PlainCodeField
          field={form.field('code')}
          sender={codes}
          request={() => {
            if (!codes.pending) void codes.send(account);
          }}
          showSentTo={false}
        />
        <PasswordField
          field={form.field('password')}
          label="新密码"
          extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位，建议使用不易猜到的词组`}
          placeholder="设置新的登录密码"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
        <PasswordField field={form.field('confirm')} label="确认新密码" placeholder="再次输入新密码" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        <SubmitButton busy={mutation.isPending}>重置密码</SubmitButton>
      </form>
    </>
  );
}
