import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN } from '@fuliaotong/contracts/constants';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { schemaRule } from '../../lib/form-rules';

/**
 * The account of a sign-in form: a mobile number or an e-mail address. `checked` adds the contract's
 * check (where a code is sent to it); a password sign-in leaves that to the server.
 */
export function AccountField({ extra, checked = true }: { extra?: string; checked?: boolean }) {
  const rules: Rule[] = [{ required: true, whitespace: true, message: '请输入手机号或邮箱' }];
  if (checked) rules.push(schemaRule((s) => s.AccountName));
  return (
    <Form.Item label="账号" name="account" extra={extra} rules={rules}>
      <Input prefix={<UserOutlined aria-hidden />} placeholder="手机号或邮箱" autoComplete="username" inputMode="email" maxLength={254} />
    </Form.Item>
  );
}

/**
 * A new password and its confirmation (field `confirm`, which must match). `name` is the password's
 * field; `rules` adds checks of the form's own (e.g. not the current password).
 */
export function NewPasswordFields({
  name = 'password',
  label = '密码',
  confirmLabel = '确认密码',
  placeholder,
  confirmPlaceholder,
  extra = `${PASSWORD_MIN}–${PASSWORD_MAX} 位，建议使用不易猜到的词组`,
  rules = [],
  icons = true,
}: {
  name?: string;
  label?: string;
  confirmLabel?: string;
  placeholder?: string;
  confirmPlaceholder?: string;
  extra?: string;
  rules?: Rule[];
  /** The lock icon in the inputs (the pages have it; the compact dialog does not). */
  icons?: boolean;
}) {
  const prefix = icons ? <LockOutlined aria-hidden /> : undefined;
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        extra={extra}
        rules={[{ required: true, message: `请输入${label}` }, { min: PASSWORD_MIN, max: PASSWORD_MAX }, ...rules]}
      >
        <Input.Password prefix={prefix} placeholder={placeholder} autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirm"
        dependencies={[name]}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue(name)) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password prefix={prefix} placeholder={confirmPlaceholder} autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
    </>
  );
}
