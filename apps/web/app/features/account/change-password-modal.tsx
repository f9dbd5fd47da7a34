import { PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { NewPasswordFields } from '../session/credential-fields';
import { useChangePassword } from './account-api';
import './account.css';
import { toast } from '../../components/toast';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const fields = ['oldPassword', 'newPassword'] as const;

/** Changing the password answers a new token for this session (stored here); other sessions end. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
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
                toast.success('密码已修改，其他设备上的登录已失效');
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
        <NewPasswordFields
          name="newPassword"
          label="新密码"
          confirmLabel="确认新密码"
          extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位`}
          icons={false}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error('新密码不能与当前密码相同');
              },
            }),
          ]}
        />
      </Form>
    </Modal>
  );
}
