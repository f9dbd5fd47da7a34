import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { AccountName, NickName } from '@fuliaotong/contracts/forms';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { AuthShell } from '../components/auth-shell';
import { useRegister } from '../features/session/session-api';
import { afterLoginPath, loginHref, REDIRECT_PARAM, safeRedirect } from '../features/session/login-redirect';
import { showServerErrors } from '../lib/api-errors';
import { schemaRule } from '../lib/form-rules';
import { pageMeta } from '../site/pages';
import '../components/auth-shell.css';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

interface RegisterValues {
  account: string;
  nickName?: string;
  password: string;
  confirm: string;
}

const fields = ['account', 'nickName', 'password'] as const;

/** No layout: a page of its own. */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [formError, setFormError] = useState<string>();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));

  const mutation = useRegister();

  return (
    <AuthShell
      title="注册"
      subtitle="用手机号或邮箱注册辅料通账号。"
      footer={
        <>
          已有账号？<Link to={loginHref(redirectTo)}>直接登录</Link>
        </>
      }
    >
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ account, nickName, password }) => {
          setFormError(undefined);
          mutation.mutate(
            { account: account.trim(), password, nickName: nickName?.trim() || undefined },
            {
              onSuccess: () => {
                message.success('注册成功，欢迎加入辅料通');
                void navigate(afterLoginPath(searchParams), { replace: true });
              },
              // A taken account (409) belongs under the account field.
              onError: (error) =>
                setFormError(showServerErrors(form, error, fields, (e) => (e.code === 'conflict' ? 'account' : undefined))),
            },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <Form.Item
          label="账号"
          name="account"
          extra="手机号（11 位）或邮箱地址，用于登录"
          rules={[{ required: true, whitespace: true, message: '请输入手机号或邮箱' }, schemaRule(AccountName)]}
        >
          <Input prefix={<UserOutlined />} placeholder="手机号或邮箱" autoComplete="username" inputMode="email" maxLength={254} />
        </Form.Item>
        <Form.Item label="昵称（选填）" name="nickName" rules={[schemaRule(NickName)]}>
          <Input prefix={<SmileOutlined />} placeholder="在网站上显示的名字" autoComplete="nickname" maxLength={30} />
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位，建议使用不易猜到的词组`}
          rules={[{ required: true }, { min: PASSWORD_MIN, max: PASSWORD_MAX }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="设置登录密码"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="再次输入密码"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item className="auth-card__submit">
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            注册
          </Button>
        </Form.Item>
      </Form>
    </AuthShell>
  );
}
