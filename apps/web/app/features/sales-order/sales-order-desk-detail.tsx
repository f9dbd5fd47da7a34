import type { AdminSalesOrder, CompanyState } from '@fuliaotong/contracts';
import { COMPANY_STATES, invoiceTypeLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { Link } from 'react-router';
import { CompanyStatusTag } from '../company/company-status';
import { InvoiceStatusTag } from '../invoice/invoice-status';
import { dayText } from '../quote/quote-rules';
import { DeskSteps } from './sales-order-desk';
import { showsShipment } from './sales-order-rules';
import { DeskPaymentFacts, OrderFacts, OrderHistory, OrderLines, OrderSection, ShipmentFacts } from './sales-order-view';
import './sales-order.css';

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

/** One sales order on the sales orders desk: its facts, lines, payment, shipment, invoice, the next steps and its history. */
export function SalesOrderDetail({ order }: { order: AdminSalesOrder }) {
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
