import type { Order } from '@fuliaotong/contracts';
import { formatFen } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Modal } from 'antd';
import { useRequestInvoice } from './invoice-api';
import { InvoiceTitleChoice, useInvoiceTitleChoice } from './invoice-title-choice';
import { toast } from '../../components/toast';

/** 申请发票 for a paid order: choose (or add) a title; the only saved title is chosen already. */
export function RequestInvoiceModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const choice = useInvoiceTitleChoice();
  const { titleId } = choice;
  const request = useRequestInvoice();
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
      <InvoiceTitleChoice choice={choice} />
    </Modal>
  );
}
