import { sexLabels } from '@fuliaotong/contracts/constants';
import type { Sex, User } from '@fuliaotong/contracts';
import { Alert, Form, Input, Modal, Radio, Switch } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { schemaRule } from '../../lib/form-rules';
import { useUpdateProfile } from './account-api';
import { toast } from '../../components/toast';

interface ProfileValues {
  nickName: string;
  name: string;
  sex: Sex;
  notifyBySmsAndEmail: boolean;
}

const fields = ['nickName', 'name', 'sex', 'notifyBySmsAndEmail'] as const;
const sexOptions = (Object.keys(sexLabels) as Sex[]).map((value) => ({ value, label: sexLabels[value] }));

export function EditProfileModal({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ProfileValues>();
  const [formError, setFormError] = useState<string>();
  const mutation = useUpdateProfile();

  return (
    <Modal
      title="编辑资料"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={mutation.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) setFormError(undefined);
      }}
    >
      {formError ? <Alert type="error" showIcon title={formError} className="form-alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          nickName: user.nickName,
          name: user.name,
          sex: user.sex,
          // A user stored before the setting existed has it on, like every new account.
          notifyBySmsAndEmail: user.notifyBySmsAndEmail ?? true,
        }}
        onFinish={(values) => {
          setFormError(undefined);
          mutation.mutate(
            {
              nickName: values.nickName.trim(),
              name: values.name.trim(),
              sex: values.sex,
              notifyBySmsAndEmail: values.notifyBySmsAndEmail,
            },
            {
              onSuccess: () => {
                toast.success('资料已保存');
                onClose();
              },
              onError: (error) => setFormError(showServerErrors(form, error, fields)),
            },
          );
        }}
      >
        <Form.Item label="昵称" name="nickName" rules={[{ required: true, whitespace: true }, schemaRule((s) => s.NickName)]}>
          <Input maxLength={30} showCount placeholder="在网站上显示的名字" autoComplete="nickname" />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={[{ max: 30, message: '姓名最多 30 个字' }]} extra="用于样品寄送与开票，可不填">
          <Input maxLength={30} placeholder="真实姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item label="性别" name="sex">
          <Radio.Group options={sexOptions} />
        </Form.Item>
        <Form.Item
          label="短信与邮件通知"
          name="notifyBySmsAndEmail"
          valuePropName="checked"
          extra="样品申请审核、发货等状态变化时，向申请单上的手机号和邮箱发送通知；关闭后只在站内通知中通知。验证码短信不受影响。"
        >
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
