import { FileSearchOutlined } from '@ant-design/icons';
import type { SalesOrder, SalesOrderSummary } from '@fuliaotong/contracts';
import { SALES_ORDER_STATES, formatFen, paths, salesOrderStateLabels, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/sales-orders';
import { DataTable } from '../../components/data-table';
import { ListPager, withParams } from '../../components/list-pager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RecordDetail } from '../../components/record-detail';
import { RecordCards } from '../../components/record-cards';
import { SegmentedLinks } from '../../components/segmented-links';
import { dayText } from '../../features/quote/quote-rules';
import { SalesOrderActions, SalesOrderInvoicePart } from '../../features/sales-order/sales-order-actions';
import { SALES_ORDER_PAGE_SIZE, mySalesOrdersQuery, salesOrderQuery, type SalesOrderListQuery } from '../../features/sales-order/sales-order-api';
import { buyerNote, invoiceBlock, paymentStage, salesOrderIdParam, salesOrderStateParam, showsShipment } from '../../features/sales-order/sales-order-rules';
import { SalesOrderStatusTag } from '../../features/sales-order/sales-order-status';
import { OrderFacts, OrderHistory, OrderLines, OrderSection, PaymentFacts, ShipmentFacts } from '../../features/sales-order/sales-order-view';
import '../../features/sales-order/sales-order.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.salesOrders);
}

function listQuery(params: URLSearchParams): SalesOrderListQuery {
  return { status: salesOrderStateParam(params.get('status')), page: Math.max(1, Number(params.get('page')) || 1) };
}

/** The list the address asks for, or (`?id=`) one order. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = salesOrderIdParam(params.get('id'));
  return loadSignedInQueries((ensure) => [id === undefined ? ensure(mySalesOrdersQuery(listQuery(params))) : ensure(salesOrderQuery(id))]);
}

const detailHref = (id: number) => withQuery(paths.salesOrders, { id });

/** 销售订单: the orders made from the user's (and their company's) accepted quotes, or one of them. */
export default function SalesOrdersPage() {
  const [params] = useSearchParams();
  const id = salesOrderIdParam(params.get('id'));
  return id === undefined ? <SalesOrderList /> : <SalesOrderDetail id={id} />;
}

/** 未付款 beside a shipped order on 账期 terms (its money is still to come). */
function UnpaidTag({ order }: { order: Pick<SalesOrderSummary, 'status' | 'paid'> }) {
  return order.status === 'shipped' && !order.paid ? (
    <Tag color="orange" className="sales-order-list__paid">
      未付款
    </Tag>
  ) : null;
}

function SalesOrderList() {
  const info = pageInfo(paths.salesOrders);
  const [params] = useSearchParams();
  const query = listQuery(params);
  const list = useQuery(mySalesOrdersQuery(query));
  return (
    <div className="page sales-orders-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Link to={paths.quotes}>
            <Button icon={<FileSearchOutlined aria-hidden />}>我的询价</Button>
          </Link>
        }
      />
      <SegmentedLinks
        label="订单状态"
        className="sales-order-list__tabs"
        preventScrollReset
        items={[undefined, ...SALES_ORDER_STATES].map((state) => ({
          label: state ? salesOrderStateLabels[state] : '全部',
          to: withParams(new URLSearchParams(), { status: state }),
          current: query.status === state,
        }))}
      />
      <LoadState
        query={list}
        errorTitle="销售订单加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            image={<FileSearchOutlined aria-hidden className="empty-icon" />}
            description={
              query.status ? `没有${salesOrderStateLabels[query.status]}的销售订单` : '还没有销售订单。接受销售的报价后，会在这里生成销售订单。'
            }
          >
            <Link to={paths.quotes}>
              <Button type="primary">查看我的询价</Button>
            </Link>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <section className="panel table-scroll records-table">
              <DataTable<SalesOrderSummary>
                label="销售订单列表"
                rows={data.items}
                rowKey={(order) => order.id}
                empty="还没有销售订单"
                minWidth={760}
                columns={[
                  {
                    key: 'number',
                    title: '订单号',
                    render: (order) => (
                      <Link to={detailHref(order.id)} className="sales-order-number" aria-label={`查看销售订单 ${order.number}`}>
                        {order.number}
                      </Link>
                    ),
                  },
                  { key: 'products', title: '产品', render: (order) => <span className="sales-order-list__products">{order.products}</span> },
                  {
                    key: 'status',
                    title: '状态',
                    render: (order) => (
                      <>
                        <SalesOrderStatusTag status={order.status} />
                        <UnpaidTag order={order} />
                      </>
                    ),
                  },
                  { key: 'totalFen', title: '合计（含税）', align: 'right', render: (order) => formatFen(order.totalFen) },
                  { key: 'buyer', title: '下单人', render: (order) => (order.company ? `${order.buyer} · ${order.company}` : order.buyer) },
                  { key: 'createdAt', title: '下单日期', render: (order) => dayText(order.createdAt) },
                ]}
              />
            </section>
            <RecordCards
              label="销售订单列表"
              empty="还没有销售订单"
              items={data.items.map((order) => ({
                key: order.id,
                href: detailHref(order.id),
                name: order.products,
                tag: (
                  <>
                    <SalesOrderStatusTag status={order.status} />
                    <UnpaidTag order={order} />
                  </>
                ),
                code: order.number,
                lines: [<strong key="total">合计 {formatFen(order.totalFen)}</strong>],
                meta: `下单日期 ${dayText(order.createdAt)} · ${order.buyer}${order.company ? ` · ${order.company}` : ''}`,
              }))}
            />
            <ListPager total={data.totalCount} pageSize={SALES_ORDER_PAGE_SIZE} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function SalesOrderDetail({ id }: { id: number }) {
  const order = useQuery(salesOrderQuery(id));
  return (
    <RecordDetail
      query={order}
      className="sales-order-page"
      back={{ to: paths.salesOrders, label: '返回销售订单' }}
      errorTitle="销售订单加载失败"
      notFound={{ title: '没有找到这个销售订单', subTitle: '这个订单不存在，或不属于当前登录的账号及其企业。' }}
    >
      {(data) => <SalesOrderSheet order={data} />}
    </RecordDetail>
  );
}

function SalesOrderSheet({ order }: { order: SalesOrder }) {
  const note = buyerNote(order);
  const stage = paymentStage(order);
  const invoice = invoiceBlock(order);
  return (
    <>
      <PageHeading
        title={`销售订单 ${order.number}`}
        description={`${order.buyer}${order.company ? `（${order.company.name}）` : ''} 于 ${dayText(order.createdAt)} 接受报价下单`}
        extra={<SalesOrderStatusTag status={order.status} />}
      />
      <Alert className="sales-order-note" type={note.type} showIcon title={note.text} />
      <SalesOrderActions order={order} />
      <OrderSection id="sales-order-lines-title" title="产品明细">
        <OrderLines order={order} />
      </OrderSection>
      {stage !== 'none' ? (
        <OrderSection id="sales-order-payment-title" title="付款">
          <PaymentFacts order={order} stage={stage} />
        </OrderSection>
      ) : null}
      {showsShipment(order) ? (
        <OrderSection id="sales-order-shipment-title" title="发货">
          <ShipmentFacts order={order} />
        </OrderSection>
      ) : null}
      {invoice ? (
        <OrderSection id="sales-order-invoice-title" title="发票">
          <SalesOrderInvoicePart order={order} />
        </OrderSection>
      ) : null}
      <OrderSection id="sales-order-facts-title" title="订单信息">
        <OrderFacts order={order} quoteHref={withQuery(paths.quotes, { id: order.quote.id })} />
      </OrderSection>
      <OrderSection id="sales-order-history-title" title="订单记录">
        <OrderHistory events={order.events} />
      </OrderSection>
    </>
  );
}
