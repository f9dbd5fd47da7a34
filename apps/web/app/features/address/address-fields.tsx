import type { RegionNode } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Form, Input } from 'antd';
import type { FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import { schemaRule } from '../../lib/form-rules';
import { regionsQuery } from './address-api';
import './address.css';

const fieldNames = { label: 'name', value: 'code', children: 'children' } as const;

function matchesRegion(input: string, path: RegionNode[]): boolean {
  const needle = input.trim();
  return path.some((node) => node.name.includes(needle));
}

/**
 * The fields of a shipping address inside a Form: recipient and mobile, region (a cascader of the
 * division tree, read when the fields are first shown: it is ~137 KB) and street. `prefix` puts them
 * under a nested name (`['address', 'street']`); what differs between the forms comes in as props.
 */
export function AddressFields({
  prefix = [],
  mobileLabel = '手机号码',
  regionRules,
  regionExtra,
}: {
  prefix?: string[];
  mobileLabel?: string;
  regionRules: NonNullable<FormItemProps['rules']>;
  regionExtra?: ReactNode;
}) {
  const regions = useQuery(regionsQuery());
  return (
    <>
      <div className="form-row">
        <Form.Item
          label="收货人"
          name={[...prefix, 'recipient']}
          rules={[{ required: true, whitespace: true, message: '请输入收货人' }, schemaRule((s) => s.AddressBody.shape.recipient)]}
        >
          <Input maxLength={30} placeholder="姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item
          label={mobileLabel}
          name={[...prefix, 'mobile']}
          rules={[{ required: true, whitespace: true, message: '请输入收货人手机号码' }, schemaRule((s) => s.AddressBody.shape.mobile)]}
        >
          <Input maxLength={11} placeholder="11 位手机号码" inputMode="numeric" autoComplete="tel" />
        </Form.Item>
      </div>
      <Form.Item label="所在地区" name={[...prefix, 'regionCodes']} rules={regionRules} extra={regionExtra}>
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
      <Form.Item
        label="详细地址"
        name={[...prefix, 'street']}
        rules={[{ required: true, whitespace: true, message: '请输入详细地址' }, schemaRule((s) => s.AddressBody.shape.street)]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={120}
          showCount
          placeholder="街道、门牌号、楼栋、单位等"
          autoComplete="street-address"
        />
      </Form.Item>
    </>
  );
}
