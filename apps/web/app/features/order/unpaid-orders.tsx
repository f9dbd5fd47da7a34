import { formatFen, paths, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-state';
import { myOrdersQuery, ORDER_PAGE_SIZE } from './order-api';

/** The unpaid orders, for /account/payment without an order: which one to pay. */
export const unpaidOrdersQuery = () => myOrdersQuery({ status: 'pending', page: 1, pageSize: ORDER_PAGE_SIZE });

/**
 * 支付 without an order named: the orders waiting to be paid, each with its 去支付; none, and the way
 * to the plans and to every order.
 */
export function UnpaidOrders() {
  const orders = useQuery(unpaidOrdersQuery());
  if (orders.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (orders.isError) return <LoadError error={orders.error} title="订单加载失败" onRetry={() => void orders.refetch()} />;
  const { items } = orders.data;
  if (items.length === 0) {
    return (
      <Result
        status="info"
        title="没有待支付的订单"
        subTitle="选择会员或数据库订阅后下单，即可在这里支付；已支付和已关闭的订单在“我的订单”中查看。"
        extra={[
          <Link key="plans" to={paths.upgrade}>
            <Button type="primary">选择会员或数据库</Button>
          </Link>,
          <Link key="orders" to={paths.databaseOrders}>
            <Button>查看我的订单</Button>
          </Link>,
        ]}
      />
    );
  }
  return (
    <section aria-labelledby="unpaid-orders-title">
      <h2 id="unpaid-orders-title" className="unpaid-orders__title">
        请选择要支付的订单
      </h2>
      <ul className="unpaid-orders">
        {items.map((order) => (
          <li key={order.id} className="unpaid-order">
            <span className="unpaid-order__text">
              <strong>{order.name}</strong>
              <span className="unpaid-order__meta">
                {order.number} · 请于 {dayjs(order.expiresAt).format('YYYY-MM-DD HH:mm')} 前支付
              </span>
            </span>
            <strong className="payment-amount">{formatFen(order.amountFen)}</strong>
            <Link to={withQuery(paths.payment, { order: order.id })} aria-label={`支付订单 ${order.number}`}>
              <Button type="primary">去支付</Button>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
