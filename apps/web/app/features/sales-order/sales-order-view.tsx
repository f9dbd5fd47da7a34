import { CopyOutlined } from '@ant-design/icons';
import type { AdminSalesOrder, SalesOrder, SalesOrderEvent, SalesOrderLine } from '@fuliaotong/contracts';
import { formatFen, quoteUnitLabels, salesOrderEventLabels } from '@fuliaotong/contracts/constants';
import { Alert, Button, Descriptions, type DescriptionsProps } from 'antd';
import { timeText } from '../../lib/time-text';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table';
import { RecordCards } from '../../components/record-cards';
import { toast } from '../../components/toast';
import { amountOfText, paymentText } from '../quote/quote-rules';
import type { PaymentStage } from './sales-order-rules';
import { HazardTag, SalesOrderStatusTag } from './sales-order-status';
import './sales-order.css';

/* The parts of a sales order both sides read: its facts, lines, payment, shipment and history. */


/** The order's number with its state, for the heads of the detail views. */
export function SalesOrderTitle({ order }: { order: Pick<SalesOrder, 'number' | 'status'> }) {
  return (
    <span className="sales-order-title">
      <span>销售订单 {order.number}</span>
      <SalesOrderStatusTag status={order.status} />
    </span>
  );
}

/** Puts a text on the clipboard (a bank account, a remittance code) and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${label}已复制`);
    } catch {
      toast.error('复制失败，请手动选中后复制');
    }
  };
  return <Button size="small" type="link" className="sales-order__copy" icon={<CopyOutlined aria-hidden />} aria-label={`复制${label}`} onClick={() => void copy()} />;
}

/** Where the order came from, who ordered, the terms and the contract. `extra` adds the desk's facts. */
export function OrderFacts({
  order,
  quoteHref,
  extra = [],
}: {
  order: SalesOrder | AdminSalesOrder;
  /** Where the quote the order came from is opened. */
  quoteHref: string;
  extra?: NonNullable<DescriptionsProps['items']>;
}) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      className="sales-order-facts"
      items={[
        {
          key: 'quote',
          label: '来源询价',
          children: (
            <Link to={quoteHref}>
              {order.quote.number}（报价单 {order.quote.revisionNumber} · 第 {order.quote.revision} 版）
            </Link>
          ),
        },
        { key: 'company', label: '企业', children: order.company?.name ?? '个人订单' },
        { key: 'buyer', label: '下单人', children: order.buyer },
        ...extra,
        { key: 'contact', label: '联系人', children: `${order.contactName} ${order.contactPhone}` },
        { key: 'city', label: '收货城市', children: order.deliveryCity },
        { key: 'payment', label: '付款方式', children: paymentText(order) },
        { key: 'delivery', label: '交货条款', children: <span className="sales-order__text">{order.deliveryTerms}</span> },
        {
          key: 'contract',
          label: '合同',
          children: order.contractNumber ? `${order.contractNumber}（${order.signedOn ?? ''} 签订）` : <span className="muted">待签订</span>,
        },
        { key: 'created', label: '下单时间', children: timeText(order.createdAt) },
        ...(order.status === 'cancelled'
          ? [
              { key: 'cancelled', label: '取消时间', children: timeText(order.cancelledAt) },
              { key: 'reason', label: '取消原因', children: <span className="sales-order__text">{order.cancelReason ?? '—'}</span> },
            ]
          : []),
      ]}
    />
  );
}

/** The product cell: its name, the 危险化学品 tag with the transport terms. */
function ProductCell({ line }: { line: SalesOrderLine }) {
  return (
    <div className="sales-order-product">
      <span className="sales-order-product__name">
        {line.productName}
        {line.dangerousGoods ? <HazardTag /> : null}
      </span>
      {line.dangerousGoods ? <span className="sales-order-product__hazard">运输条款：{line.dangerousGoods}</span> : null}
    </div>
  );
}

/** A line's batch numbers, or a dash before shipping. */
function Batches({ line }: { line: SalesOrderLine }) {
  if (line.batchNumbers.length === 0) return <span className="muted">—</span>;
  return (
    <span className="sales-order__batches" aria-label={`${line.productName} 的批号`}>
      {line.batchNumbers.map((batch) => (
        <span key={batch} className="sales-order__batch">
          {batch}
        </span>
      ))}
    </span>
  );
}

const unitPriceText = (line: SalesOrderLine) => `${formatFen(line.unitPriceFen)}/${quoteUnitLabels[line.unit]}`;

function lineColumns(taxCodes: boolean): Array<DataColumn<SalesOrderLine>> {
  return [
    { key: 'product', title: '产品', width: 180, render: (line) => <ProductCell line={line} /> },
    { key: 'spec', title: '规格型号', width: 130 },
    { key: 'quantity', title: '数量', align: 'right', render: (line) => amountOfText(line.quantity, line.unit) },
    { key: 'unitPrice', title: '含税单价', align: 'right', render: (line) => unitPriceText(line) },
    { key: 'taxRate', title: '税率', align: 'right', render: (line) => `${line.taxRate}%` },
    ...(taxCodes
      ? [{ key: 'taxCode', title: '税收分类编码', render: (line: SalesOrderLine) => <span className="sales-order__code">{line.taxCode}</span> }]
      : []),
    { key: 'amountFen', title: '金额', align: 'right', render: (line) => <strong>{formatFen(line.amountFen)}</strong> },
    { key: 'batches', title: '批号', width: 160, render: (line) => <Batches line={line} /> },
  ];
}

/**
 * The order's lines (a table on wide screens, a card per line on phones) with their batch numbers once
 * shipped, and the total with the VAT in it. The desk shows each line's 税收分类编码 (the 专票 prints it).
 */
export function OrderLines({ order, taxCodes = false }: { order: SalesOrder | AdminSalesOrder; taxCodes?: boolean }) {
  return (
    <div className="sales-order-lines">
      <section className="table-scroll records-table">
        <DataTable<SalesOrderLine>
          label={`销售订单 ${order.number} 的产品`}
          rows={order.lines}
          rowKey={(line) => line.id}
          empty="订单没有产品"
          columns={lineColumns(taxCodes)}
          minWidth={taxCodes ? 1000 : 860}
        />
      </section>
      <RecordCards
        label={`销售订单 ${order.number} 的产品`}
        empty="订单没有产品"
        items={order.lines.map((line) => ({
          key: line.id,
          name: line.productName,
          tag: line.dangerousGoods ? <HazardTag /> : undefined,
          code: line.spec,
          lines: [
            `${amountOfText(line.quantity, line.unit)} × ${unitPriceText(line)}（含税，税率 ${line.taxRate}%）`,
            <strong key="amount">金额 {formatFen(line.amountFen)}</strong>,
            ...(taxCodes ? [`税收分类编码 ${line.taxCode}`] : []),
            ...(line.batchNumbers.length > 0 ? [<span key="batches">批号 {line.batchNumbers.join('、')}</span>] : []),
            ...(line.dangerousGoods ? [<span key="hazard" className="sales-order-product__hazard">运输条款：{line.dangerousGoods}</span>] : []),
          ],
        }))}
      />
      <dl className="sales-order-total">
        <div>
          <dt>合计（含税）</dt>
          <dd className="sales-order-total__amount">{formatFen(order.totalFen)}</dd>
        </div>
        <div>
          <dt>其中税额</dt>
          <dd>{formatFen(order.taxFen)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * How to pay, as the buyer reads it: before the contract, that the account comes with it; then the
 * supplier's account, the amount and the remittance code for the transfer's 附言, each to copy; once
 * the money is in, what arrived when.
 */
export function PaymentFacts({ order, stage }: { order: SalesOrder; stage: Exclude<PaymentStage, 'none'> }) {
  const { payment } = order;
  const code = (
    <span className="sales-order__copyable">
      <strong className="sales-order__remittance-code">{payment.remittanceCode}</strong>
      <CopyButton text={payment.remittanceCode} label="汇款备注码" />
    </span>
  );
  if (stage === 'later') {
    return (
      <p className="muted sales-order__hint">
        应付 {formatFen(order.totalFen)}（{paymentText(order)}）。合同签订后，在此查看收款账户与汇款备注码，对公转账付款。
      </p>
    );
  }
  if (stage === 'paid') {
    return (
      <Descriptions
        size="small"
        column={1}
        bordered
        className="sales-order-payment"
        items={[
          { key: 'paid', label: '到账金额', children: <strong>{formatFen(payment.paidFen ?? order.totalFen)}</strong> },
          { key: 'at', label: '到账时间', children: timeText(payment.paidAt) },
          { key: 'code', label: '汇款备注码', children: payment.remittanceCode },
        ]}
      />
    );
  }
  const configured = payment.accountName !== null && payment.accountNumber !== null;
  return (
    <>
      {configured ? null : <Alert className="sales-order-note" type="warning" showIcon title="收款账户尚未在网站登记，请联系销售获取收款账户。" />}
      <Descriptions
        size="small"
        column={1}
        bordered
        className="sales-order-payment"
        items={[
          ...(configured
            ? [
                { key: 'name', label: '户名', children: payment.accountName },
                { key: 'bank', label: '开户行', children: payment.bankName ?? '—' },
                {
                  key: 'number',
                  label: '账号',
                  children: (
                    <span className="sales-order__copyable">
                      <span className="sales-order__account">{payment.accountNumber}</span>
                      <CopyButton text={payment.accountNumber ?? ''} label="账号" />
                    </span>
                  ),
                },
              ]
            : []),
          { key: 'amount', label: '应付金额', children: <strong className="sales-order-total__amount">{formatFen(order.totalFen)}</strong> },
          { key: 'code', label: '汇款备注码', children: code },
          { key: 'terms', label: '付款方式', children: paymentText(order) },
        ]}
      />
      <p className="sales-order__hint">
        请对公转账，金额与订单合计一致，并在附言（用途）中填写汇款备注码 {payment.remittanceCode}。财务核对到账后会通知您。
      </p>
    </>
  );
}

/** The payment as the desk reads it: the code finance matches, the amount, what arrived and the bank's reference. */
export function DeskPaymentFacts({ order }: { order: AdminSalesOrder }) {
  const { payment } = order;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      bordered
      className="sales-order-payment"
      items={[
        { key: 'amount', label: '订单合计', children: <strong>{formatFen(order.totalFen)}</strong> },
        { key: 'code', label: '汇款备注码', children: <strong className="sales-order__code">{payment.remittanceCode}</strong> },
        { key: 'terms', label: '付款方式', children: paymentText(order) },
        { key: 'paid', label: '到账', children: payment.paidAt ? `${formatFen(payment.paidFen ?? 0)}（${timeText(payment.paidAt)}）` : <span className="muted">未到账</span> },
        { key: 'reference', label: '银行流水号', children: order.bankReference ?? '—' },
      ]}
    />
  );
}

/** The shipment: carrier, tracking number (to copy), when it left and when it was received. */
export function ShipmentFacts({ order }: { order: SalesOrder | AdminSalesOrder }) {
  const { shipment } = order;
  if (!shipment) return null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      className="sales-order-facts"
      items={[
        { key: 'carrier', label: '承运商', children: shipment.carrier },
        {
          key: 'tracking',
          label: '运单号',
          children: (
            <span className="sales-order__copyable">
              <span className="sales-order__code">{shipment.trackingNumber}</span>
              <CopyButton text={shipment.trackingNumber} label="运单号" />
            </span>
          ),
        },
        { key: 'shipped', label: '发货时间', children: timeText(shipment.shippedAt) },
        { key: 'received', label: '收货确认', children: order.receivedAt ? timeText(order.receivedAt) : <span className="muted">待确认</span> },
      ]}
    />
  );
}

const sideLabels: Record<SalesOrderEvent['side'], string> = { buyer: '买方', staff: '工作人员', system: '' };

/** The order's history: who did what when, oldest first. */
export function OrderHistory({ events }: { events: SalesOrderEvent[] }) {
  if (events.length === 0) return <p className="muted">暂无记录。</p>;
  return (
    <ol className="sales-order-history" aria-label="订单记录">
      {events.map((event) => (
        <li key={event.id} className={`sales-order-history__item sales-order-history__item--${event.kind}`}>
          <div className="sales-order-history__head">
            <strong className="sales-order-history__what">{salesOrderEventLabels[event.kind]}</strong>
            <span className="sales-order-history__who">
              {event.name}
              {sideLabels[event.side] ? `（${sideLabels[event.side]}）` : ''}
            </span>
            <time className="sales-order-history__when" dateTime={event.createdAt}>
              {timeText(event.createdAt)}
            </time>
          </div>
          {event.message ? <p className="sales-order-history__message">{event.message}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** A section of the order: its heading (h2 on the page, h3 in the desk's drawer) names the region. */
export function OrderSection({
  id,
  title,
  level = 2,
  extra,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={level === 2 ? 'panel sales-order-section' : 'sales-order-section sales-order-section--desk'} aria-labelledby={id}>
      <div className="sales-order-section__head">
        <Heading className={level === 2 ? 'panel__title' : 'sales-order-section__title'} id={id}>
          {title}
        </Heading>
        {extra}
      </div>
      {children}
    </section>
  );
}

