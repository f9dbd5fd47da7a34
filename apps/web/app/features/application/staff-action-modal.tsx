import { UploadOutlined } from '@ant-design/icons';
import { COA_MAX_BYTES } from '@fuliaotong/contracts/constants';
import type { AdminApplication, ApplicationAction } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { AutoComplete, Button, Form, Input, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { uploadCoa, useStaffCommand, type StaffCommand } from './application-api';
import { toast } from '../../components/toast';

export type StaffAction = Exclude<ApplicationAction, 'withdraw'>;

/** How each staff action is offered: the button, the dialog title and what is said when it is done. */
export const staffActionText: Record<StaffAction, { button: string; title: string; done: string }> = {
  approve: { button: '通过', title: '通过申请', done: '申请已通过' },
  reject: { button: '驳回', title: '驳回申请', done: '申请已驳回' },
  ship: { button: '发货', title: '登记发货', done: '已登记发货' },
  deliver: { button: '确认签收', title: '确认签收', done: '已确认签收' },
};

/** Carriers offered as suggestions (any other name may be typed). */
const carriers = ['顺丰速运', '京东物流', 'EMS', '中通快递', '圆通速递', '韵达快递', '申通快递', '德邦快递', '极兔速递'];

interface Values {
  note?: string;
  reason?: string;
  carrier?: string;
  trackingNumber?: string;
  /** Per item id: the shipped batch and its uploaded COA. */
  batches?: Record<string, { batchNumber?: string; coa?: string }>;
}

function commandOf(action: StaffAction, values: Values): StaffCommand {
  switch (action) {
    case 'approve':
      return { action, body: { note: values.note?.trim() ?? '' } };
    case 'reject':
      return { action, body: { reason: values.reason?.trim() ?? '' } };
    case 'ship':
      return {
        action,
        body: {
          carrier: values.carrier?.trim() ?? '',
          trackingNumber: values.trackingNumber?.trim() ?? '',
          batches: Object.entries(values.batches ?? {})
            .filter(([, batch]) => batch.batchNumber?.trim())
            .map(([itemId, batch]) => ({
              itemId: Number(itemId),
              batchNumber: batch.batchNumber!.trim(),
              ...(batch.coa ? { coa: batch.coa } : {}),
            })),
        },
      };
    case 'deliver':
      return { action };
  }
}

/** A batch's COA: a PDF uploaded at once; the field's value is the key the shipment names. */
function CoaField({ value, onChange, label }: { value?: string; onChange?: (value: string | undefined) => void; label: string }) {
  const [name, setName] = useState<string>();
  const [pending, setPending] = useState(false);
  return (
    <Space wrap>
      <Upload
        accept=".pdf,application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > COA_MAX_BYTES) {
            toast.error(`COA 文件不能超过 ${COA_MAX_BYTES / 1024 / 1024} MB`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setPending(true);
          uploadCoa(file as File)
            .then((uploaded) => {
              setName(uploaded.filename);
              onChange?.(uploaded.coa);
            })
            .catch((error: unknown) => toast.error(errorMessage(error)))
            .finally(() => setPending(false));
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={pending} aria-label={`上传${label}`}>
          {value ? '重新上传' : '上传 PDF'}
        </Button>
      </Upload>
      {value ? <span className="staff-action-modal__file">{name ?? '已上传'}</span> : null}
    </Space>
  );
}

/** The dialog of one staff action: an optional note (通过), a required reason (驳回), carrier and tracking number (发货). */
export function StaffActionModal({
  application,
  action,
  onClose,
}: {
  application: AdminApplication;
  action: StaffAction | null;
  onClose: () => void;
}) {
  const text = action ? staffActionText[action] : undefined;
  const { form, onFinish, formError, pending, reset } = useMutationForm(useStaffCommand(application.id), {
    variables: (values: Values) => commandOf(action!, values),
    fields: ['note', 'reason', 'carrier', 'trackingNumber'],
    success: `${text?.done ?? '已完成'}：${application.number}`,
    onSuccess: onClose,
    onRefused: (error) => {
      if (!(error instanceof ApiError && error.code === 'conflict')) return false;
      // Someone else moved the application on first: say so; the page shows its new state.
      toast.error(errorMessage(error));
      onClose();
      return true;
    },
  });

  return (
    <Modal
      open={action !== null}
      title={text ? `${text.title} · ${application.number}` : undefined}
      okText={text?.button}
      okButtonProps={{ danger: action === 'reject' }}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      className="staff-action-modal"
    >
      <p className="staff-action-modal__who">
        {application.company} · {application.contactName} · 共 {application.items.length} 项样品
      </p>
      <FormError className="staff-action-modal__error" message={formError} />
      <Form form={form} layout="vertical" requiredMark="optional" onFinish={onFinish}>
        {action === 'approve' ? (
          <Form.Item name="note" label="审核备注" rules={[schemaRule((s) => s.ApproveBody.shape.note)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填，例如：库存充足，安排本周发出" />
          </Form.Item>
        ) : null}
        {action === 'reject' ? (
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, schemaRule((s) => s.RejectBody.shape.reason)]}
            extra="申请人会在消息通知和申请单中看到这段原因。"
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：单位信息不完整，请补充后重新申请" />
          </Form.Item>
        ) : null}
        {action === 'ship' ? (
          <>
            <Form.Item
              name="carrier"
              label="快递公司"
              rules={[{ required: true, whitespace: true, message: '请填写快递公司' }, schemaRule((s) => s.ShipBody.shape.carrier)]}
            >
              <AutoComplete
                options={carriers.map((value) => ({ value }))}
                placeholder="选择或输入快递公司"
                filterOption={(input, option) => (option?.value ?? '').includes(input)}
              />
            </Form.Item>
            <Form.Item
              name="trackingNumber"
              label="运单号"
              normalize={(value: string) => value.replace(/\s+/g, '')}
              rules={[{ required: true, message: '请填写运单号' }, schemaRule((s) => s.ShipBody.shape.trackingNumber)]}
            >
              <Input placeholder="例如：SF1234567890123" autoComplete="off" inputMode="text" />
            </Form.Item>
            <p className="staff-action-modal__hint">每个样品的批号与该批次的 COA（PDF）：申请人会在申请单中看到批号并可下载 COA。</p>
            {application.items.map((item) => (
              <fieldset key={item.id} className="staff-action-modal__batch">
                <legend>
                  {item.nameZh} · {item.grade} · {item.packSize}
                </legend>
                <Form.Item
                  name={['batches', String(item.id), 'batchNumber']}
                  label="批号"
                  rules={[{ required: true, whitespace: true, message: '请填写批号' }, schemaRule((s) => s.ShipmentBatch.shape.batchNumber)]}
                >
                  <Input placeholder="例如：CCS-240518" autoComplete="off" maxLength={40} />
                </Form.Item>
                <Form.Item name={['batches', String(item.id), 'coa']} label="COA（PDF）">
                  <CoaField label={`${item.nameZh} 的 COA`} />
                </Form.Item>
              </fieldset>
            ))}
          </>
        ) : null}
        {action === 'deliver' ? <p>确认收件人已签收样品？签收后申请即办结。</p> : null}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
