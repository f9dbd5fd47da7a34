import type { InvoiceStatus, OrderListItem } from '@fuliaotong/contracts';
import { invoiceStatusLabels } from '@fuliaotong/contracts/constants';
import { Button, Tag } from 'antd';
import { downloadInvoice } from './invoice-api';

const colors: Record<InvoiceStatus, string> = {
  requested: 'orange',
  issued: 'green',
  rejected: 'red',
  reversed: 'purple',
};

export function InvoiceStatusTag({ status, prefix = '' }: { status: InvoiceStatus; prefix?: string }) {
  return <Tag color={colors[status]}>{`${prefix}${invoiceStatusLabels[status]}`}</Tag>;
}

/** Saves an issued invoice's file; its name for the button's accessible name. */
export function InvoiceDownloadButton({
  id,
  invoiceNumber,
  orderNumber,
}: {
  id: number;
  invoiceNumber: string | null;
  orderNumber: string;
}) {
  return (
    <Button
      size="small"
      onClick={() => void downloadInvoice(id, `发票-${invoiceNumber ?? orderNumber}.pdf`)}
      aria-label={`下载发票 ${invoiceNumber ?? orderNumber}`}
    >
      下载发票
    </Button>
  );
}

/**
 * The invoice part of an order's actions: 申请发票 while a paid order has none (or had one rejected),
 * else what became of it — 发票申请中, 发票已开具 with its download, 发票已红冲 — so that nobody asks twice.
 */
export function OrderInvoiceActions({ order, onRequest }: { order: OrderListItem; onRequest: () => void }) {
  const { invoice } = order;
  const canAsk = order.status === 'paid' && (!invoice || invoice.status === 'rejected');
  return (
    <>
      {invoice ? <InvoiceStatusTag status={invoice.status} prefix="发票" /> : null}
      {invoice?.status === 'issued' && invoice.hasFile ? (
        <InvoiceDownloadButton id={invoice.id} invoiceNumber={invoice.invoiceNumber} orderNumber={order.number} />
      ) : null}
      {canAsk ? (
        <Button size="small" onClick={onRequest} aria-label={`${invoice ? '重新申请发票' : '申请发票'} ${order.number}`}>
          {invoice ? '重新申请发票' : '申请发票'}
        </Button>
      ) : null}
    </>
  );
}
