import { PASSWORD_MAX, paths } from '@fuliaotong/contracts/constants';
import { Alert, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showServerErrors } from '../../lib/api-errors';
import type { SessionUser } from '../session/session-store';
import { CaptchaField, CodeField } from '../verification/code-field';
import { useCodeSender } from '../verification/use-code-sender';
import { useDeleteAccount } from './account-api';
import { maskAccount } from './user-display';
import './account.css';

interface DeleteValues {
  method: 'password' | 'code';
  password?: string;
  code?: string;
  understood: boolean;
}

const fields = ['password', 'code'] as const;

/**
 * 注销账号: what goes and what stays, then confirmation by the password or by a code sent to the
 * account. Refused by the server (409), with what to finish first shown above the form, while a sample
 * application, an unpaid order, an invoice request or seats given to colleagues are still open.
 */
export function DeleteAccountModal({
  user,
  open,
  onClose,
  onDeleted,
}: {
  user: Pick<SessionUser, 'account'>;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [form] = Form.useForm<DeleteValues>();
  const [formError, setFormError] = useState<string>();
  const method = Form.useWatch('method', form) ?? 'password';
  const codes = useCodeSender('delete');
  const mutation = useDeleteAccount();

  return (
    <Modal
      title="注销账号"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认注销"
      okButtonProps={{ danger: true }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) setFormError(undefined);
      }}
    >
      <div className="delete-account__note">
        <p>注销后无法恢复，请谨慎操作：</p>
        <ul>
          <li>您的个人资料（姓名、昵称、头像、手机号或邮箱）、收货地址、收藏、样品车、发票抬头、消息通知和登录记录将被删除，未到期的会员和付费服务随之终止；</li>
          <li>已完成的样品申请作为寄样记录保留，其中的联系人姓名、电话、邮箱仅保留部分字符，详细地址将被删除；</li>
          <li>已支付的订单和已开具的发票是会计档案，依法保留，但不再与您关联，收票邮箱和地址电话将被删除；</li>
          <li>有尚未完成的样品申请、未支付或等待确认到账的订单、正在开具的发票，或企业会员仍有同事在使用时不能注销，请先处理。</li>
        </ul>
        <p>
          详见<Link to={paths.privacy} target="_blank" rel="noopener">《隐私政策》</Link>。
        </p>
      </div>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ method: 'password', understood: false }}
        onFinish={({ method: how, password, code }) => {
          setFormError(undefined);
          mutation.mutate(how === 'password' ? { password } : { code: code?.trim() }, {
            onSuccess: onDeleted,
            onError: (error) => setFormError(showServerErrors(form, error, fields)),
          });
        }}
        onValuesChange={() => formError && setFormError(undefined)}
      >
        <Form.Item label="确认方式" name="method">
          <Radio.Group
            options={[
              { value: 'password', label: '密码确认' },
              { value: 'code', label: `验证码确认（发送至 ${maskAccount(user.account)}）` },
            ]}
          />
        </Form.Item>
        {method === 'password' ? (
          <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} />
          </Form.Item>
        ) : (
          <>
            <CaptchaField sender={codes} id="delete-captcha" />
            <CodeField sender={codes} account={user.account} id="delete-code" />
          </>
        )}
        <Form.Item
          name="understood"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: boolean | undefined) => {
                if (!value) throw new Error('请确认您已了解注销的后果');
              },
            },
          ]}
        >
          <Checkbox>我已了解：注销后账号无法恢复</Checkbox>
        </Form.Item>
      </Form>
      {/* Beside the buttons, where a phone's screen is when 确认注销 was tapped: what to finish first. */}
      {formError ? (
        <div className="delete-account__error">
          <Alert type="error" showIcon title={formError} role="alert" />
        </div>
      ) : null}
    </Modal>
  );
}
