import type { Address } from '@fuliaotong/contracts';
import { Alert, Checkbox, Form, Modal } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { useSaveAddress } from './address-api';
import { AddressFields } from './address-fields';
import { toast } from '../../components/toast';

interface AddressValues {
  recipient: string;
  mobile: string;
  regionCodes: string[];
  street: string;
  isDefault: boolean;
}

const fields = ['recipient', 'mobile', 'regionCodes', 'street', 'isDefault'] as const;

/** Adding (address undefined) or editing an address; `company`: adding one to the caller's company. */
export function AddressFormModal({
  open,
  address,
  isFirst,
  company,
  onClose,
}: {
  open: boolean;
  address?: Address;
  /** The user has no address yet: this one will be the default anyway. */
  isFirst: boolean;
  company?: { id: number; name: string };
  onClose: () => void;
}) {
  // A company's address is never a personal default.
  const companyName = address?.companyName ?? company?.name;
  const [form] = Form.useForm<AddressValues>();
  const [formError, setFormError] = useState<string>();
  const mutation = useSaveAddress();

  return (
    <Modal
      title={`${address ? '编辑' : '新增'}${companyName ? '企业' : ''}收货地址`}
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
        initialValues={
          address
            ? { ...address, isDefault: address.isDefault }
            : { recipient: '', mobile: '', regionCodes: [], street: '', isDefault: isFirst }
        }
        onFinish={(values) => {
          setFormError(undefined);
          const body = {
            recipient: values.recipient.trim(),
            mobile: values.mobile.trim(),
            regionCodes: values.regionCodes,
            street: values.street.trim(),
            ...(companyName ? {} : { isDefault: values.isDefault }),
            ...(company && !address ? { companyId: company.id } : {}),
          };
          mutation.mutate(
            { id: address?.id, body },
            {
              onSuccess: () => {
                toast.success(address ? '地址已保存' : '地址已添加');
                onClose();
              },
              onError: (error) => setFormError(showServerErrors(form, error, fields)),
            },
          );
        }}
      >
        <AddressFields regionRules={[{ required: true, type: 'array', min: 2, message: '请选择省市区' }]} />
        {companyName ? (
          <p className="address-form__company">保存为“{companyName}”的地址：本企业的管理员、采购、研发、质量均可选用。</p>
        ) : (
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox disabled={isFirst || address?.isDefault}>设为默认收货地址</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
