import type { SalesOrderState, SalesOrderSummary } from '@fuliaotong/contracts';
import { SALES_ORDER_STATES, formatFen, paths, salesOrderStateLabels } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/load-state';
import { ADMIN_SALES_ORDERS_PAGE_SIZE, adminSalesOrderQuery, adminSalesOrdersQuery } from '../../features/sales-order/sales-order-api';
import { SalesOrderStatusTag } from '../../features/sales-order/sales-order-status';
import { SalesOrderTitle } from '../../features/sales-order/sales-order-view';
import { timeText } from '../../lib/time-text';
import '../../features/sales-order/sales-order.css';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

/** The order in the drawer, with the steps its staff take (forms, dates, batch numbers), loads when a drawer opens. */
const SalesOrderDetail = lazy(() =>
  import('../../features/sales-order/sales-order-desk-detail').then((module) => ({ default: module.SalesOrderDetail })),
);

export function meta() {
  return pageMeta(paths.adminSalesOrders);
}

/**
 * The sales orders desk: sales record the contract, ship with batch numbers and record receipt; finance
 * confirms the transfers; administrators read. Orders under way first; open one in the drawer.
 */
export default function AdminSalesOrdersPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const status = paramOf(searchParams.get('status'), SALES_ORDER_STATES);
  const list = useQuery(adminSalesOrdersQuery({ status, keyword: keyword || undefined, page }));
  const counts = list.data?.countsByStatus;
  const countText = (state: SalesOrderState) => (counts ? ` ${counts[state] ?? 0}` : '');
  const columns: ColumnsType<SalesOrderSummary> = [
    {
      title: '订单号',
      dataIndex: 'number',
      render: (number: string, order) => (
        <DeskLink onClick={() => go({ id: order.id })} label={`查看销售订单 ${number}`}>
          <span className="sales-order-number">{number}</span>
        </DeskLink>
      ),
    },
    { title: '企业 / 下单人', key: 'who', render: (_, order) => (order.company ? `${order.company} · ${order.buyer}` : order.buyer) },
    { title: '产品', dataIndex: 'products', render: (products: string) => <span className="sales-order-list__products">{products}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: SalesOrderState, order) => (
        <>
          <SalesOrderStatusTag status={s} />
          {s === 'shipped' && !order.paid ? (
            <Tag color="orange" className="sales-order-list__paid">
              未付款
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: '合计（含税）', dataIndex: 'totalFen', align: 'right', render: (fen: number) => formatFen(fen) },
    { title: '下单时间', dataIndex: 'createdAt', render: (at: string) => timeText(at) },
    { title: '更新时间', dataIndex: 'updatedAt', render: (at: string) => timeText(at) },
  ];
  return (
    <Desk
      path={paths.adminSalesOrders}
      refresh={list}
      filters={
        <>
          <DeskChoice
            label="订单状态"
            param="status"
            value={status ?? 'all'}
            options={[{ label: '全部', value: 'all' }, ...SALES_ORDER_STATES.map((s) => ({ label: `${salesOrderStateLabels[s]}${countText(s)}`, value: s }))]}
            also={{ id: null }}
          />
          <DeskSearch label="搜索销售订单" placeholder="订单号、询价单号、企业、汇款备注码或合同编号" />
        </>
      }
      editor={<SalesOrderDrawer id={typeof openId === 'number' ? openId : undefined} onClose={() => go({ id: null })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="销售订单加载失败"
        scrollX={1000}
        noun={status ? `${salesOrderStateLabels[status]}的销售订单` : '销售订单'}
        paging={{ pageSize: ADMIN_SALES_ORDERS_PAGE_SIZE, unit: '个' }}
      />
    </Desk>
  );
}

function SalesOrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const order = useQuery({ ...adminSalesOrderQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={order.data ? <SalesOrderTitle order={order.data} /> : '销售订单'} width={1040}>
      <Suspense fallback={<Skeleton rows={8} />}>
        <DeskItem item={order} errorTitle="销售订单加载失败">
          {(data) => <SalesOrderDetail order={data} />}
        </DeskItem>
      </Suspense>
    </DeskDrawer>
  );
}
