import type { Order } from '@fuliaotong/contracts';
import { formatFen, paths } from '@fuliaotong/contracts/constants';
import { ApiError } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/payment';
import { LoadError } from '../../components/load-state';
import { idParam } from '../../features/application/application-rules';
import { myOrderQuery, useRefreshOrder } from '../../features/order/order-api';
import { OrderStatusTag } from '../../features/order/order-status';
import { PaymentPanel } from '../../features/order/payment-panel';
import { UnpaidOrders, unpaidOrdersQuery } from '../../features/order/unpaid-orders';
import '../../features/order/order.css';
import { lastDay } from '../../features/plan/grant-summary';
import { grantListQuery } from '../../features/plan/plan-api';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(new URL(request.url).searchParams.get('order'));
  return loadSignedInQueries((ensure) => (id === undefined ? [ensure(unpaidOrdersQuery())] : [ensure(myOrderQuery(id))]));
}

function Summary({ order }: { order: Order }) {
  return (
    <Descriptions
      className="payment-summary"
      column={{ xs: 1, sm: 2 }}
      size="small"
      items={[
        { key: 'name', label: '商品', children: order.name },
        { key: 'number', label: '订单号', children: order.number },
        { key: 'amount', label: '应付金额', children: <strong className="payment-amount">{formatFen(order.amountFen)}</strong> },
        { key: 'status', label: '状态', children: <OrderStatusTag status={order.status} /> },
        order.status === 'pending'
          ? { key: 'deadline', label: '支付期限', children: `${dayjs(order.expiresAt).format('YYYY-MM-DD HH:mm')} 前` }
          : { key: 'created', label: '下单时间', children: dayjs(order.createdAt).format('YYYY-MM-DD HH:mm') },
      ]}
    />
  );
}

function Paid({ order }: { order: Order }) {
  const grants = useQuery(grantListQuery());
  const grant = grants.data?.items.find((g) => g.state !== 'ended' && g.name === order.name);
  return (
    <Result
      status="success"
      title="支付成功"
      subTitle={`“${order.name}”已开通${grant ? `，有效期至 ${lastDay(grant.endsAt)}` : ''}。会员可见的字段现在可以查看了。`}
      extra={[
        <Link key="orders" to={paths.databaseOrders}>
          <Button type="primary">查看我的订单</Button>
        </Link>,
        <Link key="databases" to={paths.database}>
          <Button>前往数据库</Button>
        </Link>,
      ]}
    />
  );
}

/** 支付: one order, paid here (no layout, as the specification says). Leaving and coming back works. */
export default function PaymentPage() {
  const [searchParams] = useSearchParams();
  const id = idParam(searchParams.get('order'));
  const order = useQuery({ ...myOrderQuery(id ?? 0), enabled: id !== undefined });
  const refresh = useRefreshOrder();
  const asked = useRef(false);

  // Back from a gateway's cashier: ask the gateway at once instead of waiting for its notification.
  useEffect(() => {
    const data = order.data;
    if (asked.current || !data || data.status !== 'pending' || !data.method || data.method === 'bank') return;
    asked.current = true;
    refresh.mutate(data.id);
  }, [order.data, refresh]);

  let body;
  if (id === undefined) {
    body = <UnpaidOrders />;
  } else if (order.isPending) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (order.isError) {
    body =
      order.error instanceof ApiError && order.error.code === 'not_found' ? (
        <Result
          status="warning"
          title="订单不存在"
          subTitle="订单号不正确，或不是您的订单。"
          extra={
            <Link to={paths.databaseOrders}>
              <Button type="primary">查看我的订单</Button>
            </Link>
          }
        />
      ) : (
        <LoadError error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />
      );
  } else {
    const data = order.data;
    body = (
      <>
        <Summary order={data} />
        {data.status === 'pending' ? <PaymentPanel order={data} /> : null}
        {data.status === 'paid' ? <Paid order={data} /> : null}
        {data.status === 'confirming' ? (
          <Result status="info" title="等待财务确认" subTitle="已收到您的汇款凭证。财务确认到账后立即开通，并发送消息通知您。" />
        ) : null}
        {data.status === 'closed' || data.status === 'cancelled' ? (
          <Result
            status="warning"
            title={data.status === 'closed' ? '订单已超时关闭' : '订单已取消'}
            subTitle="如已付款，款项到账后订单会自动恢复；也可以重新下单。"
            extra={
              <Link to={paths.upgrade}>
                <Button type="primary">重新选择方案</Button>
              </Link>
            }
          />
        ) : null}
        {data.status === 'refunded' ? (
          <Result status="info" title="订单已退款" subTitle="款项已原路退回，相应的会员或数据库权益已终止。" />
        ) : null}
      </>
    );
  }

  return (
    <div className="standalone payment-page">
      <header className="payment-page__header">
        <Link to={paths.home} className="payment-page__brand">
          辅料通
        </Link>
        <h1 className="payment-page__title">订单支付</h1>
        <Link to={paths.databaseOrders} className="payment-page__back">
          我的订单
        </Link>
      </header>
      <main className="panel payment-page__body">{body}</main>
    </div>
  );
}
