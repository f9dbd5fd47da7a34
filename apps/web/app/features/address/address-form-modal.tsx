import { AddressBody, type Address, type RegionNode } from '@fuliaotong/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Cascader, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { schemaRule } from '../../lib/form-rules';
import { queryKeys } from '../../lib/query-keys';
import { createAddress, regionsQuery, updateAddress } from './address-api';

interface AddressValues {
  recipient: string;
  mobile: string;
  regionCodes: string[];
  street: string;
  isDefault: boolean;
}

const fields = ['recipient', 'mobile', 'regionCodes', 'street', 'isDefault'] as const;
const fieldNames = { label: 'name', value: 'code', children: 'children' } as const;
const { shape } = AddressBody;

function matchesRegion(input: string, path: RegionNode[]): boolean {
  const needle = input.trim();
  return path.some((node) => node.name.includes(needle));
}

/** Adding (address undefined) or editing an address. */
export function AddressFormModal({
  open,
  address,
  isFirst,
  onClose,
}: {
  open: boolean;
  address?: Address;
  /** The user has no address yet: this one will be the default anyway. */
  isFirst: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AddressValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  // The division tree is fetched only when the form is opened (it is ~137 KB).
  const regions = useQuery({ ...regionsQuery(), enabled: open });

  const mutation = useMutation({
    mutationFn: (body: AddressBody) => (address ? updateAddress(address.id, body) : createAddress(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.addresses() });
      message.success(address ? '地址已保存' : '地址已添加');
      onClose();
    },
    onError: (error) => setFormError(showServerErrors(form, error, fields)),
  });

  return (
    <Modal
      title={address ? '编辑收货地址' : '新增收货地址'}
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
          mutation.mutate({
            recipient: values.recipient.trim(),
            mobile: values.mobile.trim(),
            regionCodes: values.regionCodes,
            street: values.street.trim(),
            isDefault: values.isDefault,
          });
        }}
      >
        <div className="form-row">
          <Form.Item label="收货人" name="recipient" rules={[{ required: true, whitespace: true }, schemaRule(shape.recipient)]}>
            <Input maxLength={30} placeholder="姓名" autoComplete="name" />
          </Form.Item>
          <Form.Item
            label="手机号码"
            name="mobile"
            rules={[{ required: true, whitespace: true }, schemaRule(shape.mobile)]}
          >
            <Input maxLength={11} placeholder="11 位手机号码" inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </div>
        <Form.Item
          label="所在地区"
          name="regionCodes"
          rules={[{ required: true, type: 'array', min: 2, message: '请选择省市区' }]}
        >
          <Cascader<RegionNode>
            options={regions.data}
            fieldNames={fieldNames}
            loading={regions.isPending}
            disabled={regions.isError}
            placeholder={regions.isError ? '地区数据加载失败，请刷新重试' : '请选择省 / 市 / 区县'}
            showSearch={{ filter: matchesRegion, limit: 50 }}
            expandTrigger="click"
            classNames={{ popup: { root: 'region-cascader-popup' } }}
            notFoundContent={regions.isPending ? '正在加载地区…' : '没有匹配的地区'}
          />
        </Form.Item>
        <Form.Item label="详细地址" name="street" rules={[{ required: true, whitespace: true }, schemaRule(shape.street)]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={120}
            showCount
            placeholder="街道、门牌号、楼栋、单位等"
            autoComplete="street-address"
          />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox disabled={isFirst || address?.isDefault}>设为默认收货地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
