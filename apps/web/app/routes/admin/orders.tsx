import type { AdminOrder, AdminOrderDetail, OrderStatus, PaymentMethod } from '@fuliaotong/contracts';
import { formatFen, ORDER_STATUSES, orderStatusLabels, PAYMENT_METHODS, paymentMethodLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, InputNumber, Segmented, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { LoadError } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RefreshButton } from '../../components/refresh-button';
import { useWideScreen } from '../../features/application/use-wide-screen';
import { ADMIN_ORDERS_PAGE_SIZE, downloadSlip, fetchSlip, useAdminOrder, useAdminOrders, useConfirmTransfer, useRefundOrder } from '../../features/orders/order-admin-api';
import { OrderStatusTag } from '../../features/orders/order-status';
import { useDeskQuery } from '../../features/staff/desk/desk-query';
import { showServerErrors } from '../../lib/api-errors';
import { useDeskWrites } from '../../features/staff/desk-access';
import { pageInfo, pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminOrders);
}

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
const statusParam = (value: string | null): OrderStatus | undefined => ORDER_STATUSES.find((s) => s === value);
const methodParam = (value: string | null): PaymentMethod | undefined => PAYMENT_METHODS.find((m) => m === value);

/** The orders desk (finance): every order; bank transfers to confirm; refunds. */
export default function AdminOrdersPage() {
  const info = pageInfo(paths.adminOrders);
  const { searchParams, keyword, page, openId: open, go } = useDeskQuery();
  const status = statusParam(searchParams.get('status'));
  const method = methodParam(searchParams.get('method'));
  const openId = typeof open === 'number' ? open : undefined;
  const list = useAdminOrders({ status, method, keyword: keyword || undefined, page });
  const { canWrite } = useDeskWrites();

  const columns: ColumnsType<AdminOrder> = [
    {
      title: '订单号',
      dataIndex: 'number',
      render: (number: string, order) => (
        <Button
          type="link"
          className="staff-desk__link"
          onClick={() => go({ id: order.id })}
          aria-label={`${canWrite ? '处理' : '查看'}订单 ${number}`}
        >
          {number}
        </Button>
      ),
    },
    { title: '买家', key: 'buyer', render: (_, order) => [order.account, order.buyerName].filter(Boolean).join(' / ') },
    { title: '商品', dataIndex: 'name' },
    { title: '金额', dataIndex: 'amountFen', align: 'right', render: (fen: number) => formatFen(fen) },
    { title: '支付方式', dataIndex: 'method', render: (m: PaymentMethod | null) => (m ? paymentMethodLabels[m] : '—') },
    { title: '状态', dataIndex: 'status', render: (s: OrderStatus) => <OrderStatusTag status={s} /> },
    { title: '下单时间', dataIndex: 'createdAt', render: time },
  ];

  return (
    <div className="admin-page staff-desk">
      <PageHeading title={info.title} description={info.description} extra={<RefreshButton query={list} />} />
      <div className="staff-desk__filters">
        <Segmented
          aria-label="订单状态"
          value={status ?? 'all'}
          options={[{ label: '全部', value: 'all' }, ...ORDER_STATUSES.map((s) => ({ label: orderStatusLabels[s], value: s }))]}
          onChange={(value) => go({ status: value === 'all' ? null : String(value), page: 1 })}
        />
        <Select
          aria-label="支付方式"
          className="staff-desk__select"
          allowClear
          placeholder="支付方式"
          value={method}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          onChange={(value?: PaymentMethod) => go({ method: value ?? null, page: 1 })}
        />
        <Input.Search
          className="staff-desk__search"
          allowClear
          defaultValue={keyword}
          maxLength={50}
          placeholder="订单号、买家账号或汇款备注码"
          aria-label="搜索订单"
          onSearch={(value) => go({ keyword: value, page: 1 })}
        />
      </div>
      {list.isError ? (
        <LoadError title="订单加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminOrder>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isPending}
          scroll={{ x: 960 }}
          locale={{ emptyText: keyword ? `没有找到与“${keyword}”相关的订单` : '暂无订单' }}
          pagination={{
            current: page,
            pageSize: ADMIN_ORDERS_PAGE_SIZE,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 笔`,
            onChange: (next) => go({ page: next }),
          }}
        />
      )}
      <OrderDrawer id={openId} onClose={() => go({ id: null })} />
    </div>
  );
}

function OrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const order = useAdminOrder(id);
  const wide = useWideScreen();
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={order.data ? `订单 ${order.data.number}` : '订单'}
      size={wide ? 'large' : '100%'}
      destroyOnHidden
    >
      {order.isError ? (
        <LoadError title="订单加载失败" error={order.error} onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <OrderDetail order={order.data} />
      ) : null}
    </Drawer>
  );
}

/** The buyer's slip: an image shown in place, a PDF opened or saved. */
function Slip({ order }: { order: AdminOrderDetail }) {
  const [url, setUrl] = useState<string>();
  const image = order.slipType?.startsWith('image/') ?? false;
  useEffect(() => {
    if (!image) return;
    let objectUrl: string | undefined;
    fetchSlip(order.id).then(
      (blob) => setUrl((objectUrl = URL.createObjectURL(blob))),
      (error: unknown) => toast.error(errorMessage(error, '凭证加载失败')),
    );
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [order.id, image]);
  if (!order.slipType) return <span className="staff-desk__muted">买家未上传</span>;
  return image ? (
    url ? (
      <img className="order-slip" src={url} alt={`订单 ${order.number} 的汇款凭证`} />
    ) : (
      <span>加载中…</span>
    )
  ) : (
    <Button
      onClick={() => void downloadSlip(order.id, `汇款凭证-${order.number}.pdf`)}
    >
      下载汇款凭证（PDF）
    </Button>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const { canWrite } = useDeskWrites();
  return (
    <div className="order-detail">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'status', label: '状态', children: <OrderStatusTag status={order.status} /> },
          { key: 'buyer', label: '买家', children: [order.account, order.buyerName].filter(Boolean).join(' / ') },
          { key: 'name', label: '商品', children: order.name },
          { key: 'amount', label: '订单金额', children: formatFen(order.amountFen) },
          { key: 'method', label: '支付方式', children: order.method ? paymentMethodLabels[order.method] : '未选择' },
          { key: 'code', label: '汇款备注码', children: order.remittanceCode ?? '—' },
          { key: 'created', label: '下单时间', children: time(order.createdAt) },
          { key: 'expires', label: order.method === 'bank' ? '到账期限' : '支付期限', children: time(order.expiresAt) },
          { key: 'paid', label: '支付时间', children: time(order.paidAt) },
          { key: 'trade', label: '交易号 / 流水号', children: order.tradeNo ?? '—' },
          { key: 'refund', label: '退款', children: order.refundFen ? `${formatFen(order.refundFen)}（${time(order.refundedAt)}）` : '—' },
          { key: 'slip', label: '汇款凭证', children: <Slip order={order} /> },
        ]}
      />
      {order.payments.length > 0 ? (
        <>
          <h3 className="order-detail__title">收付记录</h3>
          <ul className="order-detail__payments">
            {order.payments.map((p) => (
              <li key={`${p.kind}-${p.tradeNo}`}>
                {time(p.createdAt)} · {paymentMethodLabels[p.method]} · {p.kind === 'refund' ? '退款' : '付款'} {formatFen(p.amountFen)} ·{' '}
                {p.tradeNo}
                {p.outcome === 'reopened'
                  ? '（关闭后到账，已恢复订单）'
                  : p.outcome === 'refunded' && p.kind === 'payment'
                    ? '（重复付款，已自动退回）'
                    : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canWrite && order.method === 'bank' && order.status !== 'paid' && order.status !== 'refunded' ? (
        <ConfirmTransfer order={order} />
      ) : null}
      {canWrite && order.status === 'paid' ? <Refund order={order} /> : null}
    </div>
  );
}

function ConfirmTransfer({ order }: { order: AdminOrderDetail }) {
  const [form] = Form.useForm<{ amountYuan: number; reference: string }>();
  const confirm = useConfirmTransfer();
  const [formError, setFormError] = useState<string>();
  const submit = async (values: { amountYuan: number; reference: string }) => {
    setFormError(undefined);
    try {
      await confirm.mutateAsync({ id: order.id, body: { amountFen: Math.round(values.amountYuan * 100), reference: values.reference } });
      toast.success('已确认到账，权益已开通');
    } catch (error) {
      setFormError(showServerErrors(form, error, ['reference'], (problem) => (problem.code === 'order_state' ? 'amountYuan' : undefined)));
    }
  };
  return (
    <section className="order-detail__action" aria-label="确认到账">
      <h3 className="order-detail__title">确认对公转账到账</h3>
      {formError ? <Alert className="form-alert" type="error" showIcon title={formError} /> : null}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ amountYuan: undefined, reference: '' }}>
        <Form.Item name="amountYuan" label="到账金额（元）" rules={[{ required: true, message: '请填写到账金额' }]}>
          <InputNumber min={0.01} precision={2} step={100} className="order-detail__amount" />
        </Form.Item>
        <Form.Item name="reference" label="银行流水号" rules={[{ required: true, whitespace: true, message: '请填写银行流水号' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          确认到账
        </Button>
      </Form>
    </section>
  );
}

function Refund({ order }: { order: AdminOrderDetail }) {
  const { modal } = App.useApp();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const ask = () =>
    modal.confirm({
      title: `退款 ${formatFen(order.paidFen ?? 0)}？`,
      content:
        order.paidBy === 'bank'
          ? '对公转账的款项需由财务线下退回买家账户；确认后订单标为已退款，权益立即终止。'
          : '款项将通过原支付方式退回；权益立即终止。',
      okText: '确认退款',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        refund.mutateAsync({ id: order.id, reason }).then(
          () => toast.success('已退款，权益已终止'),
          (error: unknown) => toast.error(errorMessage(error, '退款失败')),
        ),
    });
  return (
    <section className="order-detail__action" aria-label="退款">
      <h3 className="order-detail__title">退款</h3>
      <Input.TextArea
        aria-label="退款原因"
        placeholder="退款原因（买家会在通知中看到）"
        maxLength={200}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button danger className="order-detail__refund" disabled={reason.trim().length < 2} loading={refund.isPending} onClick={ask}>
        退款
      </Button>
    </section>
  );
}
