import { PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { useChangePassword } from './account-api';
import './account.css';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const fields = ['oldPassword', 'newPassword'] as const;

/** Changing the password answers a new token for this session (stored here); other sessions end. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const { message } = App.useApp();
  const [formError, setFormError] = useState<string>();
  const mutation = useChangePassword();

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认修改"
      confirmLoading={mutation.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) setFormError(undefined);
      }}
    >
      <p className="modal-note">修改后，您在其他设备和浏览器上的登录将全部失效，本设备保持登录。</p>
      {formError ? <Alert type="error" showIcon title={formError} className="form-alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ oldPassword, newPassword }) => {
          setFormError(undefined);
          mutation.mutate(
            { oldPassword, newPassword },
            {
              onSuccess: () => {
                message.success('密码已修改，其他设备上的登录已失效');
                onClose();
              },
              // A wrong current password is the server's 400/403: it belongs under that field.
              onError: (error) =>
                setFormError(showServerErrors(form, error, fields, (e) => (e.code === 'forbidden' ? 'oldPassword' : undefined))),
            },
          );
        }}
      >
        <Form.Item label="当前密码" name="oldPassword" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位`}
          rules={[
            { required: true },
            { min: PASSWORD_MIN, max: PASSWORD_MAX },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error('新密码不能与当前密码相同');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
