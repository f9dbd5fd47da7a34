import type { Quote } from '@fuliaotong/contracts';
import { formatFen } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Button, Form, Input, Modal } from 'antd';
import { useConfirm } from '../../components/confirm';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm, type FormMutation } from '../../lib/mutation-form';
import { useAcceptQuote, useCancelQuote, useDeclineQuote, useRequestQuoteRevision } from './quote-api';
import './quote.css';

interface MessageValues {
  message?: string;
}

/** A dialog that sends one text: 要求修改 (required) or 拒绝 (a reason, optional). */
function MessageModal({
  title,
  label,
  required,
  placeholder,
  okText,
  danger = false,
  mutation,
  success,
  onClose,
}: {
  title: string;
  label: string;
  required: boolean;
  placeholder: string;
  okText: string;
  danger?: boolean;
  mutation: FormMutation<{ message: string }, unknown>;
  success: string;
  onClose: () => void;
}) {
  const { form, onFinish, formError, pending } = useMutationForm(mutation, {
    variables: (values: MessageValues) => ({ message: (values.message ?? '').trim() }),
    fields: ['message'],
    success,
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormError className="form-alert" message={formError} />
      <Form<MessageValues> form={form} name="quote-answer" layout="vertical" onFinish={onFinish} aria-label={title}>
        <Form.Item
          name="message"
          label={label}
          rules={[...(required ? [{ required: true, whitespace: true, message: '请填写修改要求' }] : []), schemaRule((s) => (required ? s.QuoteMessageBody : s.QuoteDeclineBody).shape.message)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * What the buyer may do with the request now (the answer's `actions`): 接受报价 (the newest revision),
 * 要求修改, 拒绝, 撤回询价. The server decides again on every call.
 */
export function QuoteActions({ quote }: { quote: Quote }) {
  const [confirm, confirmHolder] = useConfirm();
  const accept = useAcceptQuote(quote.id);
  const decline = useDeclineQuote(quote.id);
  const revise = useRequestQuoteRevision(quote.id);
  const cancel = useCancelQuote(quote.id);
  const [open, setOpen] = useState<'decline' | 'revise'>();
  const { actions, current } = quote;
  const canAccept = actions.accept && current !== null;
  if (!canAccept && !actions.requestRevision && !actions.decline && !actions.cancel) return null;

  const confirmAccept = () => {
    if (!current) return;
    confirm({
      title: '接受这份报价？',
      content: `报价单 ${current.number}（第 ${current.revision} 版），合计 ${formatFen(current.totalFen)}（含税）。接受后销售会与您联系签订合同、安排发货。`,
      okText: '接受报价',
      cancelText: '再看看',
      onOk: () =>
        accept.mutateAsync({ revisionId: current.id }).then(
          () => toast.success('报价已接受'),
          (error: unknown) => toast.error(errorMessage(error, '接受报价失败，请稍后重试')),
        ),
    });
  };
  const confirmCancel = () =>
    confirm({
      title: '撤回这份询价？',
      content: `询价单 ${quote.number} 撤回后销售将不再报价；如仍需要，可重新询价。`,
      okText: '撤回询价',
      danger: true,
      cancelText: '取消',
      onOk: () =>
        cancel.mutateAsync().then(
          () => toast.success('询价已撤回'),
          (error: unknown) => toast.error(errorMessage(error, '撤回失败，请稍后重试')),
        ),
    });

  return (
    <div className="quote-actions" role="group" aria-label="处理报价">
      {confirmHolder}
      {canAccept ? (
        <Button type="primary" onClick={confirmAccept} loading={accept.isPending}>
          接受报价
        </Button>
      ) : null}
      {actions.requestRevision ? <Button onClick={() => setOpen('revise')}>要求修改</Button> : null}
      {actions.decline ? (
        <Button danger onClick={() => setOpen('decline')}>
          拒绝
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button danger type="text" onClick={confirmCancel} loading={cancel.isPending}>
          撤回询价
        </Button>
      ) : null}
      {open === 'revise' ? (
        <MessageModal
          title="要求修改报价"
          label="修改要求（销售会按此重新报价）"
          required
          placeholder="如：请按 1 吨重新报价，账期 60 天"
          okText="发送要求"
          mutation={revise}
          success="已发送修改要求，销售会重新报价"
          onClose={() => setOpen(undefined)}
        />
      ) : null}
      {open === 'decline' ? (
        <MessageModal
          title="拒绝报价"
          label="原因（选填，销售会看到）"
          required={false}
          placeholder="如：价格高于预算"
          okText="拒绝报价"
          danger
          mutation={decline}
          success="已拒绝报价"
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </div>
  );
}
