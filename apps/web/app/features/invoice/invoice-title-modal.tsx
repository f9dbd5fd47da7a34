import type { InvoiceTitle, InvoiceTitleBody } from '@fuliaotong/contracts';
import { INVOICE_TITLE_KINDS, INVOICE_TYPES, invoiceTitleKindLabels, invoiceTypeLabels } from '@fuliaotong/contracts/constants';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../lib/api-errors';
import { schemaRule } from '../../lib/form-rules';
import { useSaveInvoiceTitle } from './invoice-api';
import { toast } from '../../components/toast';

const fields = ['kind', 'type', 'name', 'taxId', 'addressPhone', 'bankAccount', 'email'];

/**
 * Adds or edits an invoice title: 个人 or 单位, 普票 or 专票, with the credit code checked as the server
 * checks it; `company`: adding one to the caller's company (its 管理员 and 财务).
 */
export function InvoiceTitleModal({
  title,
  company,
  open,
  onClose,
}: {
  title?: InvoiceTitle;
  company?: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const companyName = title?.companyName ?? company?.name;
  const [form] = Form.useForm<InvoiceTitleBody>();
  const save = useSaveInvoiceTitle();
  const [formError, setFormError] = useState<string>();
  const kind = Form.useWatch('kind', form) ?? title?.kind ?? 'company';
  const type = Form.useWatch('type', form) ?? title?.type ?? 'normal';
  const submit = async (values: InvoiceTitleBody) => {
    setFormError(undefined);
    const body: InvoiceTitleBody = {
      ...values,
      type: values.kind === 'personal' ? 'normal' : values.type,
      taxId: values.kind === 'company' ? values.taxId : undefined,
      addressPhone: values.addressPhone || undefined,
      bankAccount: values.bankAccount || undefined,
    };
    try {
      await save.mutateAsync({ id: title?.id, body: company && !title ? { ...body, companyId: company.id } : body });
      toast.success(title ? '抬头已保存' : '抬头已添加');
      onClose();
    } catch (error) {
      setFormError(showServerErrors(form, error, fields));
    }
  };
  return (
    <Modal
      open={open}
      title={`${title ? '编辑' : '新增'}${companyName ? '企业' : ''}发票抬头`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {formError ? <Alert className="form-alert" type="error" showIcon title={formError} /> : null}
      {companyName ? <p className="muted">保存为“{companyName}”的抬头：本企业的管理员、财务、采购申请发票时均可选用。</p> : null}
      <Form<InvoiceTitleBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          title
            ? {
                ...title,
                taxId: title.taxId ?? undefined,
                addressPhone: title.addressPhone ?? undefined,
                bankAccount: title.bankAccount ?? undefined,
              }
            : { kind: 'company', type: 'normal' }
        }
      >
        <Form.Item name="kind" label="抬头类型">
          <Radio.Group options={INVOICE_TITLE_KINDS.map((k) => ({ value: k, label: invoiceTitleKindLabels[k] }))} optionType="button" />
        </Form.Item>
        {kind === 'company' ? (
          <Form.Item name="type" label="发票类型">
            <Radio.Group options={INVOICE_TYPES.map((t) => ({ value: t, label: invoiceTypeLabels[t] }))} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="name"
          label={kind === 'company' ? '单位名称' : '姓名'}
          rules={[{ required: true, whitespace: true, message: '请填写发票抬头名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'company' ? (
          <Form.Item
            name="taxId"
            label="纳税人识别号（统一社会信用代码）"
            rules={[{ required: true, whitespace: true, message: '单位抬头请填写统一社会信用代码' }, schemaRule((s) => s.CreditCode)]}
            normalize={(value: string) => value.toUpperCase().replace(/\s+/g, '')}
          >
            <Input maxLength={18} placeholder="18 位，如 91330100716105852F" />
          </Form.Item>
        ) : null}
        {kind === 'company' ? (
          <>
            <Form.Item name="addressPhone" label="地址、电话" extra={type === 'special' ? '数电专票可不填' : undefined}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="bankAccount" label="开户行及账号" extra={type === 'special' ? '数电专票可不填' : undefined}>
              <Input maxLength={120} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="email" label="接收邮箱" rules={[{ required: true, type: 'email', message: '请输入正确的邮箱' }]}>
          <Input maxLength={254} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
