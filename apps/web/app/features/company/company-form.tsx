import type { Company, CompanyBody } from '@fuliaotong/contracts';
import { Button, Form, Input, Modal } from 'antd';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { schemaRule } from '../../lib/form-rules';
import { useCreateCompany, useUpdateCompany } from './company-api';
import { companyForm } from './company-rules';
import './company.css';


/** The company's fields, checked as the server checks them (the credit code with its GB 32100 check character). */
function CompanyFields() {
  return (
    <>
      <Form.Item
        name="name"
        label="企业名称"
        rules={[
          { required: true, whitespace: true, message: '请填写企业名称' },
          { min: 2, message: '请填写企业名称' },
        ]}
        extra="与营业执照上的名称一致"
      >
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label="统一社会信用代码"
        rules={[{ required: true, whitespace: true, message: '请填写统一社会信用代码' }, schemaRule((s) => s.CreditCode)]}
        normalize={(value: string) => value.toUpperCase().replace(/\s+/g, '')}
      >
        <Input maxLength={18} placeholder="18 位，如 91330100716105852F" />
      </Form.Item>
      <div className="company-form__row">
        <Form.Item name="contactName" label="联系人" rules={[{ required: true, whitespace: true, message: '请填写联系人' }]}>
          <Input maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="联系人手机"
          rules={[{ required: true, whitespace: true, message: '请填写联系人手机号' }, schemaRule((s) => s.Mobile)]}
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
      </div>
    </>
  );
}

/** 创建企业: the user becomes its 管理员; the business licence is uploaded next. */
export function CreateCompanyForm() {
  const { form, onFinish, formError, pending } = useMutationForm(useCreateCompany(), {
    ...companyForm,
    success: '企业已创建，请上传营业执照以便认证',
  });
  return (
    <>
      <FormError className="form-alert" message={formError} />
      <Form<CompanyBody> form={form} layout="vertical" onFinish={onFinish} className="company-form" aria-label="创建企业">
        <CompanyFields />
        <Button type="primary" htmlType="submit" loading={pending}>
          创建企业
        </Button>
      </Form>
    </>
  );
}

/** 修改企业信息 (its 管理员, until verified); a rejected company awaits verification again after it. */
export function EditCompanyModal({ company, onClose }: { company: Company; onClose: () => void }) {
  const { form, onFinish, formError, pending } = useMutationForm(useUpdateCompany(company.id), {
    ...companyForm,
    success: company.status === 'rejected' ? '企业信息已保存，已重新提交认证' : '企业信息已保存',
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title="修改企业信息"
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormError className="form-alert" message={formError} />
      <Form<CompanyBody>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ name: company.name, creditCode: company.creditCode, contactName: company.contactName, contactPhone: company.contactPhone }}
      >
        <CompanyFields />
        {company.status === 'rejected' ? <p className="muted small">保存后企业重新进入“待认证”，由工作人员再次审核。</p> : null}
      </Form>
    </Modal>
  );
}
