import { LockOutlined } from '@ant-design/icons';
import type { LoginBody, LoginChallenge, SessionResponse } from '@fuliaotong/contracts';
import { Alert, Button, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthShell } from '../components/auth-shell';
import { AccountField } from '../features/session/credential-fields';
import { useLogin, useLoginByCode, useLoginVerify } from '../features/session/session-api';
import { afterLoginPath, REDIRECT_PARAM, registerHref, safeRedirect } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { CaptchaField, CodeField, codeRules } from '../features/verification/code-field';
import { useCodeSender } from '../features/verification/use-code-sender';
import { showServerErrors } from '../lib/api-errors';
import { paths } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';
import '../components/auth-shell.css';
import { toast } from '../components/toast';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

const fields = ['account', 'password'] as const;
const codeFields = ['account', 'code'] as const;

/** The two ways in: password, or a code sent to the account (which works while password sign-in is locked). */
type Method = 'password' | 'code';

/** No layout: a page of its own. */
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
        <Alert
          className="auth-card__alert"
          type="info"
          showIcon
          title={
            <>
              您已登录为 {current.nickName || current.account}，<Link to={afterLoginPath(searchParams, current)}>继续访问</Link>
            </>
          }
        />
      ) : null}
      <Tabs
        className="auth-card__tabs"
        activeKey={method}
        onChange={(key) => setMethod(key as Method)}
        destroyOnHidden
        items={[
          { key: 'password', label: '密码登录', children: <PasswordLogin onSignedIn={signedIn} /> },
          { key: 'code', label: '验证码登录', children: <CodeLogin onSignedIn={signedIn} /> },
        ]}
      />
    </AuthShell>
  );
}

function PasswordLogin({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const [form] = Form.useForm<LoginBody>();
  const [formError, setFormError] = useState<string>();
  /** A staff account's second step: the password was right and a code went to the account. */
  const [challenge, setChallenge] = useState<{ answer: LoginChallenge; credentials: LoginBody }>();
  const mutation = useLogin();
  const signIn = (credentials: LoginBody) => {
    setFormError(undefined);
    mutation.mutate(credentials, {
      onSuccess: (answer) => ('token' in answer ? onSignedIn(answer) : setChallenge({ answer, credentials })),
      onError: (error) => setFormError(showServerErrors(form, error, fields)),
    });
  };
  if (challenge) {
    return (
      <SecondFactor
        challenge={challenge.answer}
        resending={mutation.isPending}
        resendError={formError}
        onResend={() => signIn(challenge.credentials)}
        onBack={() => {
          setFormError(undefined);
          setChallenge(undefined);
        }}
        onSignedIn={onSignedIn}
      />
    );
  }
  return (
    <>
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => {
          setFormError(undefined);
          signIn({ account: values.account.trim(), password: values.password });
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <AccountField checked={false} />
        <Form.Item label="密码" name="password" rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} placeholder="请输入密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <div className="auth-card__links">
          <Link to={paths.forgotPassword}>忘记密码？</Link>
        </div>
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </>
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
  const [form] = Form.useForm<{ code: string }>();
  const [formError, setFormError] = useState<string>();
  const mutation = useLoginVerify();
  const channel = challenge.channel === 'sms' ? '短信' : '邮件';
  return (
    <>
      <Alert
        className="auth-card__alert"
        type="info"
        showIcon
        title="工作人员账号需要二次验证"
        description={`验证码已通过${channel}发送至 ${challenge.to}，${Math.round(challenge.expiresIn / 60)} 分钟内有效。`}
      />
      {formError || resendError ? (
        <Alert className="auth-card__alert" type="error" showIcon title={formError ?? resendError} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => {
          setFormError(undefined);
          mutation.mutate(
            { challenge: challenge.challenge, code: values.code.trim() },
            { onSuccess: onSignedIn, onError: (error) => setFormError(showServerErrors(form, error, ['code'])) },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <Form.Item label="验证码" name="code" rules={codeRules}>
          <Input placeholder="6 位数字验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            验证并登录
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-card__links">
        <Typography.Link onClick={onBack}>返回</Typography.Link>
        <Button type="link" size="small" loading={resending} onClick={onResend}>
          重新发送验证码
        </Button>
      </div>
    </>
  );
}

function CodeLogin({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const [form] = Form.useForm<{ account: string; code: string }>();
  const [formError, setFormError] = useState<string>();
  const codes = useCodeSender('login');
  const mutation = useLoginByCode();
  return (
    <>
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => {
          setFormError(undefined);
          mutation.mutate(
            { account: values.account.trim(), code: values.code.trim() },
            { onSuccess: onSignedIn, onError: (error) => setFormError(showServerErrors(form, error, codeFields)) },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <AccountField extra="验证码将发送到您的手机（短信）或邮箱" />
        <CaptchaField sender={codes} />
        <CodeField sender={codes} />
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
