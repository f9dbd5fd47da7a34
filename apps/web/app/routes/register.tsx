import { MobileOutlined, SmileOutlined } from '@ant-design/icons';
import { Mobile, NickName } from '@fuliaotong/contracts/forms';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { AuthShell } from '../components/auth-shell';
import { NewPasswordFields } from '../features/session/credential-fields';
import { useRegister } from '../features/session/session-api';
import { afterLoginPath, loginHref, REDIRECT_PARAM, safeRedirect } from '../features/session/login-redirect';
import { CaptchaField, CodeField } from '../features/verification/code-field';
import { useCodeSender } from '../features/verification/use-code-sender';
import { showServerErrors } from '../lib/api-errors';
import { schemaRule } from '../lib/form-rules';
import { paths } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';
import '../components/auth-shell.css';
import { toast } from '../components/toast';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

interface RegisterValues {
  account: string;
  code: string;
  nickName?: string;
  password: string;
  confirm: string;
  agree: boolean;
}

const fields = ['account', 'code', 'nickName', 'password', 'agree'] as const;
const CONSENT_MESSAGE = '请阅读并同意《用户协议》和《隐私政策》';

/** No layout: a page of its own. A mobile number, the code sent to it, a password and consent. */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));
  const codes = useCodeSender('register');

  const mutation = useRegister();

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
      {formError ? <Alert className="auth-card__alert" type="error" showIcon title={formError} role="alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ account, code, nickName, password }) => {
          setFormError(undefined);
          mutation.mutate(
            { account: account.trim(), code: code.trim(), password, nickName: nickName?.trim() || undefined, agree: true },
            {
              onSuccess: () => {
                toast.success('注册成功，欢迎加入辅料通');
                void navigate(afterLoginPath(searchParams), { replace: true });
              },
              // A taken number (409) belongs under the number.
              onError: (error) =>
                setFormError(showServerErrors(form, error, fields, (e) => (e.code === 'conflict' ? 'account' : undefined))),
            },
          );
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <Form.Item
          label="手机号"
          name="account"
          extra="用于登录和接收验证码"
          rules={[{ required: true, whitespace: true, message: '请输入手机号' }, schemaRule(Mobile)]}
        >
          <Input prefix={<MobileOutlined aria-hidden />} placeholder="11 位手机号码" autoComplete="tel" inputMode="tel" maxLength={11} />
        </Form.Item>
        <CaptchaField sender={codes} />
        <CodeField sender={codes} label="短信验证码" />
        <Form.Item label="昵称（选填）" name="nickName" rules={[schemaRule(NickName)]}>
          <Input prefix={<SmileOutlined aria-hidden />} placeholder="在网站上显示的名字" autoComplete="nickname" maxLength={30} />
        </Form.Item>
        <NewPasswordFields placeholder="设置登录密码" confirmPlaceholder="再次输入密码" />
        <Form.Item
          name="agree"
          valuePropName="checked"
          className="auth-card__consent"
          rules={[
            {
              validator: async (_rule, value: boolean | undefined) => {
                if (!value) throw new Error(CONSENT_MESSAGE);
              },
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <Link to={paths.agreement} target="_blank" rel="noopener">
              《用户协议》
            </Link>
            和
            <Link to={paths.privacy} target="_blank" rel="noopener">
              《隐私政策》
            </Link>
          </Checkbox>
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
