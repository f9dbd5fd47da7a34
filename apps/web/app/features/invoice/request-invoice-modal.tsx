import type { Order } from '@fuliaotong/contracts';
import { formatFen, invoiceTypeLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Radio } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadState } from '../../components/load-state';
import { invoiceTitlesQuery, useRequestInvoice } from './invoice-api';
import { InvoiceTitleModal } from './invoice-title-modal';
import { toast } from '../../components/toast';

/** 申请发票 for a paid order: choose (or add) a title; the only saved title is chosen already. */
export function RequestInvoiceModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const titles = useQuery(invoiceTitlesQuery());
  const request = useRequestInvoice();
  const [chosen, setChosen] = useState<number>();
  // The only saved title is the one: it is chosen already (a choice of the user's stays).
  const only = titles.data?.items.length === 1 ? titles.data.items[0]?.id : undefined;
  const titleId = titles.data?.items.some((title) => title.id === chosen) ? chosen : only;
  const [adding, setAdding] = useState(false);
  const submit = () => {
    if (titleId === undefined) return;
    request.mutate(
      { orderId: order.id, titleId },
      {
        onSuccess: () => {
          toast.success('已提交开票申请，开具后会通知您');
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, '申请失败，请稍后重试')),
      },
    );
  };
  return (
    <Modal
      open
      title={`申请发票：${order.number}`}
      okText="提交申请"
      cancelText="取消"
      okButtonProps={{ disabled: titleId === undefined }}
      confirmLoading={request.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <p>
        {order.name}，开票金额 {formatFen(order.paidFen ?? order.amountFen)}。
      </p>
      <LoadState query={titles} errorTitle="发票抬头加载失败" rows={2}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty description="还没有发票抬头" />
          ) : (
            <Radio.Group className="invoice-titles-choice" value={titleId} onChange={(event) => setChosen(event.target.value as number)}>
              {data.items.map((title) => (
                <Radio key={title.id} value={title.id}>
                  {title.name}（{invoiceTypeLabels[title.type]}
                  {title.taxId ? ` · ${title.taxId}` : ''}）
                </Radio>
              ))}
            </Radio.Group>
          )
        }
      </LoadState>
      <p className="invoice-modal__links">
        <Button type="link" onClick={() => setAdding(true)}>
          新增抬头
        </Button>
        <Link to={paths.invoices}>管理发票抬头</Link>
      </p>
      <InvoiceTitleModal open={adding} onClose={() => setAdding(false)} />
    </Modal>
  );
}
