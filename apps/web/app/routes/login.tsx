import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@fuliaotong/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthShell } from '../components/auth-shell';
import { useLogin } from '../features/session/session-api';
import { afterLoginPath, REDIRECT_PARAM, registerHref, safeRedirect } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { showServerErrors } from '../lib/api-errors';
import { paths } from '../paths';
import { pageMeta } from '../site/pages';
import '../components/auth-shell.css';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

const fields = ['account', 'password'] as const;

/** No layout: a page of its own. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginBody>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const current = useCurrentUser();
  const [formError, setFormError] = useState<string>();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));

  const mutation = useLogin();

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
              您已登录为 {current.nickName || current.account}，<Link to={redirectTo ?? paths.account}>继续访问</Link>
            </>
          }
        />
      ) : null}
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => {
          setFormError(undefined);
          mutation.mutate(
            { account: values.account.trim(), password: values.password },
            {
              onSuccess: ({ user }) => {
                message.success(`登录成功，欢迎回来${user.nickName ? `，${user.nickName}` : ''}`);
                void navigate(afterLoginPath(searchParams), { replace: true });
              },
              onError: (error) => setFormError(showServerErrors(form, error, fields)),
            },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <Form.Item label="账号" name="account" rules={[{ required: true, whitespace: true, message: '请输入手机号或邮箱' }]}>
          <Input prefix={<UserOutlined />} placeholder="手机号或邮箱" autoComplete="username" inputMode="email" maxLength={254} />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </AuthShell>
  );
}
