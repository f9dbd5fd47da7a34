import type { AdminOrder, AdminOrderDetail, OrderStatus, PaymentMethod } from '@fuliaotong/contracts';
import { formatFen, ORDER_STATUSES, orderStatusLabels, PAYMENT_METHODS, paymentMethodLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, InputNumber } from 'antd';
import { useConfirm } from '../../components/confirm';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ADMIN_ORDERS_PAGE_SIZE, adminOrderQuery, adminOrdersQuery, downloadSlip, fetchSlip, useConfirmTransfer, useRefundOrder } from '../../features/order/order-admin-api';
import { OrderStatusTag } from '../../features/order/order-status';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch, DeskSelect } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminOrders);
}

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** The orders desk (finance): every order; bank transfers to confirm; refunds. */
export default function AdminOrdersPage() {
  const { searchParams, keyword, page, openId: open, go } = useDeskQuery();
  const status = paramOf(searchParams.get('status'), ORDER_STATUSES);
  const method = paramOf(searchParams.get('method'), PAYMENT_METHODS);
  const openId = typeof open === 'number' ? open : undefined;
  const list = useQuery(adminOrdersQuery({ status, method, keyword: keyword || undefined, page }));
  const { canWrite } = useDeskWrites();

  const columns: ColumnsType<AdminOrder> = [
    {
      title: '订单号',
      dataIndex: 'number',
      render: (number: string, order) => (
        <DeskLink onClick={() => go({ id: order.id })} label={`${canWrite ? '处理' : '查看'}订单 ${number}`}>
          {number}
        </DeskLink>
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
    <Desk
      path={paths.adminOrders}
      refresh={list}
      filters={
        <>
          <DeskChoice
            label="订单状态"
            param="status"
            value={status ?? 'all'}
            options={[{ label: '全部', value: 'all' }, ...ORDER_STATUSES.map((s) => ({ label: orderStatusLabels[s], value: s }))]}
          />
          <DeskSelect
            label="支付方式"
            placeholder="支付方式"
            param="method"
            value={method}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          />
          <DeskSearch label="搜索订单" placeholder="订单号、买家账号或汇款备注码" />
        </>
      }
      editor={<OrderDrawer id={openId} onClose={() => go({ id: null })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="订单加载失败"
        scrollX={960}
        noun="订单"
        paging={{ pageSize: ADMIN_ORDERS_PAGE_SIZE, unit: '笔' }}
      />
    </Desk>
  );
}

function OrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const order = useQuery({ ...adminOrderQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={order.data ? `订单 ${order.data.number}` : '订单'}>
      <DeskItem item={order} errorTitle="订单加载失败">
        {(data) => <OrderDetail order={data} />}
      </DeskItem>
    </DeskDrawer>
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

interface TransferForm {
  amountYuan: number;
  reference: string;
}

function ConfirmTransfer({ order }: { order: AdminOrderDetail }) {
  const { form, onFinish, formError, pending } = useMutationForm(useConfirmTransfer(), {
    variables: (values: TransferForm) => ({ id: order.id, body: { amountFen: Math.round(values.amountYuan * 100), reference: values.reference } }),
    fields: ['reference'],
    fieldFor: (problem) => (problem.code === 'order_state' ? 'amountYuan' : undefined),
    success: '已确认到账，权益已开通',
  });
  return (
    <section className="order-detail__action" aria-label="确认到账">
      <h3 className="order-detail__title">确认对公转账到账</h3>
      <FormError className="form-alert" message={formError} />
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ amountYuan: undefined, reference: '' }}>
        <Form.Item name="amountYuan" label="到账金额（元）" rules={[{ required: true, message: '请填写到账金额' }]}>
          <InputNumber min={0.01} precision={2} step={100} className="order-detail__amount" />
        </Form.Item>
        <Form.Item name="reference" label="银行流水号" rules={[{ required: true, whitespace: true, message: '请填写银行流水号' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          确认到账
        </Button>
      </Form>
    </section>
  );
}

function Refund({ order }: { order: AdminOrderDetail }) {
  const [confirm, confirmHolder] = useConfirm();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const ask = () =>
    confirm({
      title: `退款 ${formatFen(order.paidFen ?? 0)}？`,
      content:
        order.paidBy === 'bank'
          ? '对公转账的款项需由财务线下退回买家账户；确认后订单标为已退款，权益立即终止。'
          : '款项将通过原支付方式退回；权益立即终止。',
      okText: '确认退款',
      danger: true,
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
      {confirmHolder}
    </section>
  );
}
