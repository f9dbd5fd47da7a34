import type { SalesOrder, SalesOrderCancelBody as CancelBody } from '@fuliaotong/contracts';
import { formatFen, invoiceTypeLabels } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Button, Form, Input, Modal } from 'antd';
import { useConfirm } from '../../components/confirm';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm, type FormMutation } from '../../lib/mutation-form';
import { InvoiceDownloadButton, InvoiceStatusTag } from '../invoice/invoice-status';
import { InvoiceTitleChoice, useInvoiceTitleChoice } from '../invoice/invoice-title-choice';
import { useCancelSalesOrder, useReceiveSalesOrder, useRequestSalesOrderInvoice } from './sales-order-api';
import { invoiceBlock } from './sales-order-rules';
import './sales-order.css';

interface ReasonValues {
  reason?: string;
}

/** 取消订单: the reason, checked as the server checks it (the buyer's side, or the desk). */
export function CancelModal<Result>({
  order,
  mutation,
  success,
  onClose,
}: {
  order: Pick<SalesOrder, 'number'>;
  mutation: FormMutation<CancelBody, Result>;
  success: string;
  onClose: () => void;
}) {
  const { form, onFinish, formError, pending } = useMutationForm(mutation, {
    variables: (values: ReasonValues) => ({ reason: (values.reason ?? '').trim() }),
    fields: ['reason'],
    success,
    onSuccess: onClose,
  });
  const title = `取消销售订单 ${order.number}`;
  return (
    <Modal
      open
      title={title}
      okText="取消订单"
      cancelText="返回"
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormError className="form-alert" message={formError} />
      <Form<ReasonValues> form={form} name="sales-order-cancel" layout="vertical" onFinish={onFinish} aria-label={title}>
        <Form.Item
          name="reason"
          label="取消原因（对方会看到）"
          rules={[{ required: true, whitespace: true, message: '请填写取消原因' }, schemaRule((s) => s.SalesOrderCancelBody.shape.reason)]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：项目推迟，暂不采购" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * What the buyer's side may do with the order now (the answer's `actions`): 确认收货 once shipped (the
 * requester, or the company's 管理员 or 采购), 取消订单 before the contract (the company's 管理员).
 */
export function SalesOrderActions({ order }: { order: SalesOrder }) {
  const [confirm, confirmHolder] = useConfirm();
  const receive = useReceiveSalesOrder(order.id);
  const cancel = useCancelSalesOrder(order.id);
  const [cancelling, setCancelling] = useState(false);
  const { actions } = order;
  if (!actions.receive && !actions.cancel) return null;

  const confirmReceipt = () =>
    confirm({
      title: '确认收货？',
      content: `请核对销售订单 ${order.number} 的货物、数量与批号后再确认。${order.payment.paidAt ? '确认后订单完成。' : ''}`,
      okText: '确认收货',
      cancelText: '再看看',
      onOk: () =>
        receive.mutateAsync().then(
          (after) => toast.success(after.status === 'completed' ? '已确认收货，订单完成' : '已确认收货'),
          (error: unknown) => toast.error(errorMessage(error, '确认收货失败，请稍后重试')),
        ),
    });

  return (
    <div className="sales-order-actions" role="group" aria-label="处理订单">
      {actions.receive ? (
        <Button type="primary" onClick={confirmReceipt} loading={receive.isPending}>
          确认收货
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button danger onClick={() => setCancelling(true)}>
          取消订单
        </Button>
      ) : null}
      {cancelling ? <CancelModal order={order} mutation={cancel} success="订单已取消，已通知销售" onClose={() => setCancelling(false)} /> : null}
      {confirmHolder}
    </div>
  );
}

/** 申请发票: one of the user's titles (the only one is chosen already), or a new one; the amount is the order's. */
function InvoiceRequestModal({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const choice = useInvoiceTitleChoice();
  const { titleId } = choice;
  const request = useRequestSalesOrderInvoice(order.id);
  const [formError, setFormError] = useState<string>();
  const submit = () => {
    if (titleId === undefined) return;
    setFormError(undefined);
    request.mutate(
      { titleId },
      {
        onSuccess: () => {
          toast.success('开票申请已提交，开具后会通知您');
          onClose();
        },
        onError: (error) => setFormError(errorMessage(error, '申请失败，请稍后重试')),
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
      <FormError className="form-alert" message={formError} />
      <p>
        开票金额 {formatFen(order.payment.paidFen ?? order.totalFen)}（订单合计，含税）；发票明细按订单的产品行开具。专票请选择增值税专用发票的单位抬头。
      </p>
      <InvoiceTitleChoice choice={choice} />
    </Modal>
  );
}

/**
 * The order's invoice as the buyer's side sees it: its type and state, 下载发票 for the one who asked
 * once it is issued, 申请发票 (again, after a rejection) for whom the server allows, or when it may be asked.
 */
export function SalesOrderInvoicePart({ order }: { order: SalesOrder }) {
  const [asking, setAsking] = useState(false);
  const block = invoiceBlock(order);
  if (!block) return null;
  const { invoice } = order;
  return (
    <div className="sales-order-invoice">
      {invoice ? <InvoiceStatusTag status={invoice.status} prefix={`${invoiceTypeLabels[invoice.type]} · `} /> : null}
      {invoice?.invoiceNumber ? <span>发票号码 {invoice.invoiceNumber}</span> : null}
      {invoice && block.download ? <InvoiceDownloadButton id={invoice.id} invoiceNumber={invoice.invoiceNumber} orderNumber={order.number} /> : null}
      {block.ask ? (
        <Button type={block.ask === 'ask' ? 'primary' : 'default'} onClick={() => setAsking(true)}>
          {block.ask === 'again' ? '重新申请发票' : '申请发票'}
        </Button>
      ) : null}
      {block.note ? <p className="sales-order-invoice__note">{block.note}</p> : null}
      {asking ? <InvoiceRequestModal order={order} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
