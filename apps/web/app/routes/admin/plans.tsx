import { PlusOutlined } from '@ant-design/icons';
import type { AdminPlan, DatabaseCode, PlanBody, PlanKind } from '@fuliaotong/contracts';
import { formatFen, PLAN_KINDS, planKindLabels, paths } from '@fuliaotong/contracts/constants';
import type { PlanBody as PlanSchema } from '@fuliaotong/contracts/forms';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { adminPlansQuery, term, useSavePlan } from '../../features/plan/plan-api';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminPlans);
}

const databaseOptions: Array<{ value: DatabaseCode; label: string }> = [
  { value: 'usage', label: '辅料用量' },
  { value: 'standard', label: '药典标准' },
  { value: 'registration', label: '原辅包登记信息' },
];

/** The plan desk (finance): memberships and database subscriptions, their prices and terms. */
export default function AdminPlansPage() {
  const plans = useQuery(adminPlansQuery());
  const [editing, setEditing] = useState<{ plan?: AdminPlan }>();
  const { canWrite } = useDeskWrites();
  const columns: ColumnsType<AdminPlan> = [
    {
      title: '名称',
      key: 'name',
      render: (_, plan) => (
        <DeskLink onClick={() => setEditing({ plan })} label={`${canWrite ? '编辑' : '查看'}方案 ${plan.name}`}>
          {plan.name}
        </DeskLink>
      ),
    },
    { title: '类型', dataIndex: 'kind', render: (kind: PlanKind) => planKindLabels[kind] },
    { title: '价格', dataIndex: 'priceFen', align: 'right', render: (fen: number) => formatFen(fen) },
    { title: '有效期', dataIndex: 'days', render: (days: number) => term(days) },
    {
      title: '范围',
      key: 'scope',
      render: (_, plan) =>
        plan.databaseCode
          ? databaseOptions.find((o) => o.value === plan.databaseCode)?.label
          : plan.seats
            ? `${plan.seats} 个账号`
            : '1 个账号',
    },
    {
      title: '开通后可见',
      key: 'unlocks',
      render: (_, plan) =>
        plan.unlocks.length ? plan.unlocks.map((u) => `${u.name}：${u.unlocked.join('、')}`).join('；') : <Tag color="orange">不解锁任何内容</Tag>,
    },
    { title: '状态', dataIndex: 'onSale', render: (on: boolean) => (on ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>) },
    { title: '排序', dataIndex: 'sortOrder', align: 'right' },
  ];
  return (
    <Desk
      path={paths.adminPlans}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
            新建方案
          </Button>
        ) : null
      }
      editor={editing ? <PlanEditor plan={editing.plan} onClose={() => setEditing(undefined)} /> : null}
    >
      <DeskTable list={plans} columns={columns} errorTitle="方案加载失败" scrollX={1080} />
    </Desk>
  );
}

/** The form's values: the price in 元 (the API takes 分). */
type PlanForm = Omit<PlanBody, 'priceFen'> & { priceYuan: number };

const fieldNames = ['kind', 'name', 'priceYuan', 'days', 'databaseCode', 'seats', 'description', 'onSale', 'sortOrder'];

/** The plan's body for the API: the price in 分, and only what its kind uses. */
function planBody({ priceYuan, ...values }: PlanForm): PlanBody {
  return {
    ...values,
    priceFen: Math.round(priceYuan * 100),
    databaseCode: values.kind === 'database' ? (values.databaseCode ?? null) : null,
    seats: values.kind === 'membership' ? (values.seats ?? null) : null,
    description: values.description ?? '',
  };
}

function PlanEditor({ plan, onClose }: { plan?: AdminPlan; onClose: () => void }) {
  const { form, onFinish, formError, pending } = useMutationForm(useSavePlan(), {
    variables: (values: PlanForm) => ({ id: plan?.id, body: planBody(values) }),
    fields: fieldNames,
    success: plan ? '已保存，会员升级页立即更新' : '已新建方案',
    onSuccess: onClose,
  });
  const kind = Form.useWatch('kind', form);
  const { canWrite } = useDeskWrites();
  const initial: PlanForm = plan
    ? { ...plan, priceYuan: plan.priceFen / 100 }
    : {
        kind: 'membership',
        name: '',
        priceYuan: 0,
        days: 365,
        databaseCode: null,
        seats: null,
        description: '',
        onSale: true,
        sortOrder: 100,
      };
  const rule = (name: keyof typeof PlanSchema.shape) => schemaRule((s) => s.PlanBody.shape[name]);
  return (
    <Modal
      open
      title={plan ? `${canWrite ? '编辑' : '查看'}方案：${plan.name}` : '新建方案'}
      onCancel={onClose}
      {...(canWrite ? {} : { footer: null })}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<PlanForm> form={form} layout="vertical" initialValues={initial} onFinish={onFinish} disabled={!canWrite}>
        <FormError className="site-desk__error" message={formError} />
        <Form.Item name="kind" label="类型">
          <Select options={PLAN_KINDS.map((value) => ({ value, label: planKindLabels[value] }))} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }, rule('name')]}>
          <Input placeholder="例如 专业会员 年卡" />
        </Form.Item>
        <div className="product-desk__grid">
          <Form.Item name="priceYuan" label="价格（元）" rules={[{ required: true, message: '请填写价格' }]}>
            <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="days" label="有效天数" rules={[{ required: true, message: '请填写有效天数' }]}>
            <InputNumber min={1} max={3660} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {kind === 'database' ? (
            <Form.Item name="databaseCode" label="数据库" rules={[{ required: true, message: '请选择数据库' }]}>
              <Select options={databaseOptions} />
            </Form.Item>
          ) : (
            <Form.Item name="seats" label="企业账号数" extra="个人会员留空。">
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="sortOrder" label="排序" extra="小的在前">
            <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="description" label="说明" rules={[rule('description')]}>
          <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="onSale" label="在售" valuePropName="checked">
          <Switch checkedChildren="在售" unCheckedChildren="下架" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
