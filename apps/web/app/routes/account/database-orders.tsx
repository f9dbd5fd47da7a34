import { ShoppingOutlined } from '@ant-design/icons';
import type { OrderListItem, OrderStatus } from '@fuliaotong/contracts';
import { formatFen, ORDER_STATUSES, orderStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/database-orders';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ListPager, withParams } from '../../components/list-pager';
import { RecordCards } from '../../components/record-cards';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { SegmentedLinks } from '../../components/segmented-links';
import { ORDER_PAGE_SIZE, myOrdersQuery, useCancelOrder, type OrderListQuery } from '../../features/order/order-api';
import { OrderInvoiceActions } from '../../features/invoice/invoice-status';
import { OrderStatusTag } from '../../features/order/order-status';
import { CompanyScopeSwitch, scopeParam } from '../../features/company/company-scope';
import '../../features/order/order.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { toast } from '../../components/toast';

// The invoice dialog (a form with its checks) loads when first opened.
const RequestInvoiceModal = lazy(() => import('../../features/invoice/request-invoice-modal').then((m) => ({ default: m.RequestInvoiceModal })));

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.databaseOrders);
}

const statusParam = (value: string | null): OrderStatus | undefined => ORDER_STATUSES.find((status) => status === value);

function listQuery(params: URLSearchParams): OrderListQuery {
  return {
    status: statusParam(params.get('status')),
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: ORDER_PAGE_SIZE,
    ...(scopeParam(params) ? { scope: 'company' as const } : {}),
  };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(new URL(request.url).searchParams);
  return loadSignedInQueries((ensure) => [ensure(myOrdersQuery(query))]);
}

function Actions({ order, onInvoice }: { order: OrderListItem; onInvoice: () => void }) {
  const cancel = useCancelOrder();
  return (
    <span className="order-actions">
      <OrderInvoiceActions order={order} onRequest={onInvoice} />
      {order.status === 'pending' ? (
        <Link to={withQuery(paths.payment, { order: order.id })} aria-label={`支付订单 ${order.number}`}>
          <Button type="primary" size="small">
            去支付
          </Button>
        </Link>
      ) : (
        <Link to={withQuery(paths.payment, { order: order.id })} aria-label={`查看订单 ${order.number}`}>
          查看
        </Link>
      )}
      {order.status === 'pending' ? (
        <Popconfirm
          title="取消这个订单？"
          okText="取消订单"
          cancelText="不取消"
          onConfirm={() =>
            cancel.mutateAsync(order.id).then(
              () => toast.success('订单已取消'),
              (error: unknown) => toast.error(errorMessage(error, '取消失败，请稍后重试')),
            )
          }
        >
          <Button size="small" danger aria-label={`取消订单 ${order.number}`}>
            取消
          </Button>
        </Popconfirm>
      ) : null}
    </span>
  );
}

/** 我的订单: the user's orders of memberships and database subscriptions. */
export default function DatabaseOrdersPage() {
  const info = pageInfo(paths.databaseOrders);
  const [params] = useSearchParams();
  const query = listQuery(params);
  const orders = useQuery(myOrdersQuery(query));
  const [invoicing, setInvoicing] = useState<OrderListItem>();
  // The company's members' orders are read only: no payment, cancelling or invoice from here.
  const company = query.scope === 'company';
  const tabs = [undefined, ...(['pending', 'confirming', 'paid', 'refunded', 'closed', 'cancelled'] as const)].map((s) => ({
    label: s ? orderStatusLabels[s] : '全部',
    to: withParams(new URLSearchParams(), { scope: company ? 'company' : undefined, status: s }),
    current: query.status === s,
  }));
  const columns: Array<DataColumn<OrderListItem>> = [
    { key: 'number', title: '订单号' },
    ...(company ? [{ key: 'memberName', title: '成员' }] : []),
    { key: 'name', title: '商品' },
    { key: 'amountFen', title: '金额', align: 'right', render: (order) => formatFen(order.amountFen) },
    { key: 'status', title: '状态', render: (order) => <OrderStatusTag status={order.status} /> },
    { key: 'createdAt', title: '下单时间', render: (order) => dayjs(order.createdAt).format('YYYY-MM-DD HH:mm') },
    ...(company
      ? []
      : [{ key: 'actions', title: '操作', render: (order: OrderListItem) => <Actions order={order} onInvoice={() => setInvoicing(order)} /> }]),
  ];
  return (
    <div className="page orders-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Link to={paths.upgrade}>
            <Button icon={<ShoppingOutlined aria-hidden />}>会员与数据库订阅</Button>
          </Link>
        }
      />
      <CompanyScopeSwitch what="订单" />
      <SegmentedLinks label="订单状态" className="orders-page__tabs" preventScrollReset items={tabs} />
      <LoadState
        query={orders}
        errorTitle="订单加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            image={<ShoppingOutlined aria-hidden className="empty-icon" />}
            description={`${company ? '企业成员' : ''}${query.status ? `没有${orderStatusLabels[query.status]}的订单` : '还没有订单'}`}
          >
            {company ? null : (
              <Link to={paths.upgrade}>
                <Button type="primary">开通会员或数据库</Button>
              </Link>
            )}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <section className="panel table-scroll records-table">
              <DataTable<OrderListItem> label="订单列表" rows={data.items} rowKey={(order) => order.id} empty="还没有订单" minWidth={720} columns={columns} />
            </section>
            <RecordCards
              label="订单列表"
              empty="还没有订单"
              items={data.items.map((order) => ({
                key: order.id,
                name: order.name,
                tag: <OrderStatusTag status={order.status} />,
                code: order.number,
                lines: [<strong key="amount">{formatFen(order.amountFen)}</strong>, ...(company ? [<span key="member">成员：{order.memberName}</span>] : [])],
                meta: `下单时间 ${dayjs(order.createdAt).format('YYYY-MM-DD HH:mm')}`,
                actions: company ? undefined : <Actions order={order} onInvoice={() => setInvoicing(order)} />,
              }))}
            />
            <ListPager total={data.totalCount} pageSize={ORDER_PAGE_SIZE} />
            {invoicing ? (
              <Suspense fallback={null}>
                <RequestInvoiceModal order={invoicing} onClose={() => setInvoicing(undefined)} />
              </Suspense>
            ) : null}
          </>
        )}
      </LoadState>
    </div>
  );
}
