import type { SampleLimits } from '@fuliaotong/contracts';
import { DEFAULT_SAMPLE_LIMITS, SAMPLE_LIMIT_RANGES, paths } from '@fuliaotong/contracts/constants';
import { ApiError } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Skeleton } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../components/load-state';
import { sampleLimitsQuery, useUpdateSampleLimits } from '../../features/application/application-api';
import { Desk } from '../../features/staff/desk/desk';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';

export function meta() {
  return pageMeta(paths.adminSettings);
}

const fields: Array<{ name: keyof SampleLimits; label: string; help: string; unit: string }> = [
  { name: 'maxCartItems', label: '样品车样品种数上限', help: '一个样品车里最多可放几种样品（同一产品的每个规格与包装算一种）。', unit: '种' },
  { name: 'maxApplicationItems', label: '每份申请样品种数上限', help: '一份申请最多包含几种样品。', unit: '种' },
  { name: 'maxQuantity', label: '单个样品数量上限', help: '同一样品一次最多申请的数量（最少为 1）。', unit: '件' },
  { name: 'maxPendingApplications', label: '待审核申请上限', help: '每位用户同时处于“待审核”的申请数。', unit: '份' },
  {
    name: 'companyYearlyApplications',
    label: '企业每年样品申请份数',
    help: '每个企业全体成员一个自然年合计可提交的申请份数（已撤回和未通过的不计入）；可在“企业认证”中为单个企业另设。',
    unit: '份',
  },
  {
    name: 'companyYearlyItems',
    label: '企业每年样品种数',
    help: '每个企业全体成员一个自然年的申请中合计的样品种数；可在“企业认证”中为单个企业另设。',
    unit: '种',
  },
];

/** The limits of the sample programme, changed at run time by staff. */
export default function AdminSettingsPage() {
  const limits = useQuery(sampleLimitsQuery());
  const { form, onFinish, formError, pending } = useMutationForm(useUpdateSampleLimits(), {
    variables: (values: SampleLimits) => values,
    fields: fields.map((f) => f.name),
    success: '样品设置已保存，立即生效',
    stored: (saved) => saved,
  });

  useEffect(() => {
    if (limits.data) form.setFieldsValue(limits.data);
  }, [form, limits.data]);

  return (
    <Desk path={paths.adminSettings} className="admin-settings" description="样品车、样品申请与企业每年样品额度的数量限制。保存后对所有用户立即生效。">
      <section className="panel admin-settings__panel">
        {limits.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : limits.isError ? (
          limits.error instanceof ApiError && limits.error.code === 'forbidden' ? (
            <Alert type="error" showIcon title="仅限工作人员访问" />
          ) : (
            <LoadError error={limits.error} title="设置加载失败" onRetry={() => void limits.refetch()} />
          )
        ) : (
          <Form<SampleLimits> form={form} layout="vertical" initialValues={limits.data} onFinish={onFinish}>
            <FormError className="admin-settings__error" message={formError} />
            {fields.map((field) => {
              const { min, max } = SAMPLE_LIMIT_RANGES[field.name];
              return (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  extra={`${field.help}默认 ${DEFAULT_SAMPLE_LIMITS[field.name]}。`}
                  rules={[
                    { required: true, message: `请填写${field.label}` },
                    { type: 'integer', min, max, message: `请输入 ${min}–${max} 的整数` },
                  ]}
                >
                  <InputNumber min={min} max={max} precision={0} suffix={field.unit} className="admin-settings__number" />
                </Form.Item>
              );
            })}
            <div className="admin-settings__actions">
              <Button type="primary" htmlType="submit" loading={pending}>
                保存设置
              </Button>
              <Button onClick={() => form.setFieldsValue(DEFAULT_SAMPLE_LIMITS)}>恢复默认值</Button>
            </div>
          </Form>
        )}
      </section>
    </Desk>
  );
}
