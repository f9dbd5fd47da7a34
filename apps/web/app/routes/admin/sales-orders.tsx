import type { AdminSalesOrder, CompanyState, SalesOrderState, SalesOrderSummary } from '@fuliaotong/contracts';
import { COMPANY_STATES, SALES_ORDER_STATES, formatFen, invoiceTypeLabels, paths, salesOrderStateLabels, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { CompanyStatusTag } from '../../features/company/company-status';
import { InvoiceStatusTag } from '../../features/invoice/invoice-status';
import { dayText } from '../../features/quote/quote-rules';
import { ADMIN_SALES_ORDERS_PAGE_SIZE, adminSalesOrderQuery, adminSalesOrdersQuery } from '../../features/sales-order/sales-order-api';
import { DeskSteps } from '../../features/sales-order/sales-order-desk';
import { showsShipment } from '../../features/sales-order/sales-order-rules';
import { SalesOrderStatusTag } from '../../features/sales-order/sales-order-status';
import {
  DeskPaymentFacts,
  OrderFacts,
  OrderHistory,
  OrderLines,
  OrderSection,
  SalesOrderTitle,
  ShipmentFacts,
} from '../../features/sales-order/sales-order-view';
import { timeText } from '../../lib/time-text';
import '../../features/sales-order/sales-order.css';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

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
      <DeskItem item={order} errorTitle="销售订单加载失败">
        {(data) => <SalesOrderDetail order={data} />}
      </DeskItem>
    </DeskDrawer>
  );
}

const companyState = (status: string | null): CompanyState | undefined => COMPANY_STATES.find((state) => state === status);

/** The order's invoice on the desk: its type and state, opened on the invoice desk (finance issues it there). */
function DeskInvoice({ order }: { order: AdminSalesOrder }) {
  const { invoice } = order;
  if (!invoice) return <p className="staff-desk__muted">{order.payment.paidAt ? '买方尚未申请发票。' : '货款到账后，买方可申请发票。'}</p>;
  return (
    <div className="sales-order-invoice">
      <InvoiceStatusTag status={invoice.status} prefix={`${invoiceTypeLabels[invoice.type]} · `} />
      {invoice.invoiceNumber ? <span>发票号码 {invoice.invoiceNumber}</span> : null}
      {order.invoiceId !== null ? <Link to={withQuery(paths.adminInvoices, { id: order.invoiceId })}>在发票开具中查看</Link> : null}
    </div>
  );
}

function SalesOrderDetail({ order }: { order: AdminSalesOrder }) {
  const verification = companyState(order.companyStatus);
  return (
    <div className="sales-order-desk">
      <OrderFacts
        order={order}
        quoteHref={withQuery(paths.adminQuotes, { id: order.quote.id })}
        extra={[
          { key: 'account', label: '下单人账号', children: order.buyerAccount },
          {
            key: 'verification',
            label: '企业认证',
            children: order.company ? (verification ? <CompanyStatusTag status={verification} /> : (order.companyStatus ?? '—')) : '—',
          },
        ]}
      />
      <OrderSection id="desk-lines-title" title="产品明细" level={3}>
        <OrderLines order={order} taxCodes />
      </OrderSection>
      <OrderSection id="desk-payment-title" title="付款" level={3}>
        <DeskPaymentFacts order={order} />
      </OrderSection>
      {showsShipment(order) ? (
        <OrderSection id="desk-shipment-title" title="发货" level={3}>
          <ShipmentFacts order={order} />
        </OrderSection>
      ) : null}
      <OrderSection id="desk-invoice-title" title="发票" level={3}>
        <DeskInvoice order={order} />
      </OrderSection>
      {order.status === 'completed' || order.status === 'cancelled' ? null : (
        <OrderSection id="desk-steps-title" title="处理" level={3}>
          <DeskSteps order={order} />
        </OrderSection>
      )}
      <OrderSection id="desk-history-title" title="订单记录" level={3}>
        <OrderHistory events={order.events} />
      </OrderSection>
      <p className="staff-desk__muted small">最后更新 {dayText(order.updatedAt)}</p>
    </div>
  );
}
