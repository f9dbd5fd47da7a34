import { Alert, Button, Form, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/forgot-password';
import { AuthShell } from '../components/auth-shell';
import { AccountField, NewPasswordFields } from '../features/session/credential-fields';
import { useResetPassword } from '../features/session/session-api';
import { CaptchaField, CodeField } from '../features/verification/code-field';
import { useCodeSender, type CodeSender } from '../features/verification/use-code-sender';
import { showServerErrors } from '../lib/api-errors';
import { paths } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';
import '../components/auth-shell.css';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

type Step = 'account' | 'password' | 'done';
const stepIndex: Record<Step, number> = { account: 0, password: 1, done: 2 };

/**
 * 忘记密码 (no layout, like /login): the account → a code to it (after an image captcha when the
 * server asks for one) → the code and a new password → done, sign in. Every session of the account
 * ends with the reset.
 */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('account');
  const [account, setAccount] = useState('');
  const codes = useCodeSender('reset');
  const navigate = useNavigate();

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
      <Steps
        className="auth-card__steps"
        size="small"
        current={stepIndex[step]}
        items={[{ title: '验证账号' }, { title: '设置新密码' }, { title: '完成' }]}
        responsive={false}
      />
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
        <Result
          status="success"
          title="密码已重置"
          subTitle="您在所有设备上的登录均已退出，请使用新密码登录。"
          extra={
            <Button type="primary" size="large" onClick={() => void navigate(paths.login)}>
              去登录
            </Button>
          }
        />
      ) : null}
    </AuthShell>
  );
}

function AccountStep({ codes, initial, onSent }: { codes: CodeSender; initial: string; onSent: (account: string) => void }) {
  const [form] = Form.useForm<{ account: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ account: initial }}
      onFinish={async ({ account }) => {
        const trimmed = account.trim();
        if (await codes.send(trimmed)) onSent(trimmed);
      }}
    >
      <AccountField extra="注册时使用的手机号或邮箱" />
      <CaptchaField sender={codes} />
      <Form.Item className="auth-card__submit">
        <Button type="primary" htmlType="submit" block loading={codes.pending} disabled={codes.secondsLeft > 0}>
          {codes.secondsLeft > 0 ? `${codes.secondsLeft} 秒后可重新获取` : '获取验证码'}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface PasswordValues {
  code: string;
  password: string;
  confirm: string;
}

const fields = ['code', 'password'] as const;

function PasswordStep({ codes, account, onBack, onDone }: { codes: CodeSender; account: string; onBack: () => void; onDone: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const [formError, setFormError] = useState<string>();
  const mutation = useResetPassword();
  return (
    <>
      <Alert
        className="auth-card__alert"
        type="info"
        showIcon
        title={
          <>
            验证码已发送至 {codes.sentTo ?? account}，5 分钟内有效。<Button type="link" size="small" onClick={onBack}>换一个账号</Button>
          </>
        }
      />
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ code, password }) => {
          setFormError(undefined);
          mutation.mutate(
            { account, code: code.trim(), password },
            { onSuccess: onDone, onError: (error) => setFormError(showServerErrors(form, error, fields)) },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <CaptchaField sender={codes} />
        <CodeField sender={codes} account={account} showSentTo={false} />
        <NewPasswordFields label="新密码" confirmLabel="确认新密码" placeholder="设置新的登录密码" confirmPlaceholder="再次输入新密码" />
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            重置密码
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
