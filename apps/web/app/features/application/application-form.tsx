import { MAX_ADDRESSES, resolveRegion, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { Address, ApplicationItemInput, FormDicCode, SampleApplication } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Radio, Select, Skeleton, type FormInstance, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { schemaRule } from '../../lib/form-rules';
import { addressesQuery, regionsQuery } from '../address/address-api';
import { AddressFields } from '../address/address-fields';
import { profileQuery } from '../account/account-api';
import { formDictionaryQuery, isAllowanceRefusal, locationQuery, useSubmitApplication } from './application-form-api';

const NEW_ADDRESS = 'new' as const;

export interface ApplicationValues {
  contactName: string;
  mobile: string;
  email: string;
  company: string;
  companyType?: string;
  department: string;
  purpose?: string;
  dosageForm?: string;
  stage?: string;
  projectName: string;
  notes: string;
  addressChoice?: number | typeof NEW_ADDRESS;
  address: { recipient: string; mobile: string; regionCodes: string[]; street: string };
  saveAddress: boolean;
}

const topFields = [
  'contactName',
  'mobile',
  'email',
  'company',
  'companyType',
  'department',
  'purpose',
  'dosageForm',
  'stage',
  'projectName',
  'notes',
] as const;
const addressFields = ['recipient', 'mobile', 'regionCodes', 'street'] as const;

/**
 * The server's validation issues put under their fields (`body.address.street` → the new address's
 * street); what belongs to no field is returned for the alert above the form.
 */
export function placeServerErrors(form: FormInstance<ApplicationValues>, error: unknown): string | undefined {
  const details =
    error instanceof ApiError
      ? ((error.body as { error?: { details?: Array<{ path: string; message: string }> } } | null)?.error?.details ?? [])
      : [];
  const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const other: string[] = [];
  for (const issue of details) {
    const parts = issue.path.replace(/^body\./, '').split('.');
    let name: (string | number)[] | undefined;
    if ((topFields as readonly string[]).includes(parts[0] ?? '')) name = [parts[0]!];
    else if (parts[0] === 'address' && (addressFields as readonly string[]).includes(parts[1] ?? ''))
      name = ['address', parts[1]!];
    else if (parts[0] === 'addressId') name = ['addressChoice'];
    if (!name) {
      other.push(issue.message);
      continue;
    }
    const key = name.join('.');
    fields.set(key, { name, errors: [...(fields.get(key)?.errors ?? []), issue.message] });
  }
  if (fields.size > 0) {
    form.setFields([...fields.values()] as Parameters<FormInstance<ApplicationValues>['setFields']>[0]);
    return other.length > 0 ? other.join('；') : undefined;
  }
  return errorMessage(error, '提交失败，请稍后重试');
}

/** Default address first, then the newest. */
function ordered(items: Address[]): Address[] {
  return [...items].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt));
}

/** A select of one option list of the form dictionary (Form.Item hands it value and onChange). */
function DicSelect({
  code,
  options,
  ...props
}: { code: FormDicCode; options: Map<FormDicCode, Array<{ value: string; label: string }>> } & Omit<SelectProps, 'options'>) {
  return <Select {...props} options={options.get(code) ?? []} placeholder="请选择" loading={!options.has(code)} />;
}

/** The new-address fields: the region cascader is prefilled with the visitor's province and city. */
function NewAddressFields({ form, bookFull }: { form: FormInstance<ApplicationValues>; bookFull: boolean }) {
  const regions = useQuery(regionsQuery());
  const location = useQuery(locationQuery());
  const prefilled = useRef(false);

  useEffect(() => {
    if (prefilled.current || !location.data || !regions.data) return;
    prefilled.current = true;
    const current = form.getFieldValue(['address', 'regionCodes']) as string[] | undefined;
    const codes = location.data.regionCodes;
    if ((current?.length ?? 0) === 0 && codes.length > 0) form.setFieldValue(['address', 'regionCodes'], codes);
  }, [location.data, regions.data, form]);

  return (
    <div className="application-new-address">
      <AddressFields
        prefix={['address']}
        mobileLabel="收货手机"
        regionRules={[
          { required: true, type: 'array', min: 1, message: '请选择省市区' },
          {
            validator: async (_rule, value: string[] | undefined) => {
              if (!value || value.length === 0 || !regions.data) return;
              if (!resolveRegion(regions.data, value)) throw new Error('请选择到区县');
            },
          },
        ]}
        regionExtra={
          location.data?.province && !form.isFieldTouched(['address', 'regionCodes'])
            ? '已按您所在地区预填，请核对并选择区县'
            : undefined
        }
      />
      <Form.Item
        name="saveAddress"
        valuePropName="checked"
        extra={bookFull ? `地址簿已有 ${MAX_ADDRESSES} 个地址，不能再保存` : undefined}
      >
        <Checkbox disabled={bookFull}>保存到地址簿</Checkbox>
      </Form.Item>
    </div>
  );
}

/** The form's values of an application being changed; its address comes back as a new address (its own copy). */
function valuesOf(application: SampleApplication): ApplicationValues {
  const { address } = application;
  return {
    contactName: application.contactName,
    mobile: application.mobile,
    email: application.email,
    company: application.company,
    companyType: application.companyType,
    department: application.department,
    purpose: application.purpose,
    dosageForm: application.dosageForm,
    stage: application.stage,
    projectName: application.projectName,
    notes: application.notes,
    addressChoice: NEW_ADDRESS,
    address: { recipient: address.recipient, mobile: address.mobile, regionCodes: address.regionCodes, street: address.street },
    saveAddress: false,
  };
}

const emptyValues: Partial<ApplicationValues> = {
  contactName: '',
  mobile: '',
  email: '',
  company: '',
  department: '',
  projectName: '',
  notes: '',
  address: { recipient: '', mobile: '', regionCodes: [], street: '' },
  saveAddress: true,
};

/**
 * The application form of /formconfirm: contact, company, research project, shipping address (one of
 * the address book or a new one) and notes. `items` are the confirmed cart items (or, when `editing` an
 * application awaiting review, its items); `ready` false keeps the submit button disabled.
 */
export function ApplicationForm({
  items,
  ready,
  editing,
}: {
  items: ApplicationItemInput[];
  ready: boolean;
  editing?: SampleApplication;
}) {
  const [form] = Form.useForm<ApplicationValues>();
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const [formError, setFormError] = useState<string>();
  /** The server refused for want of the company's sample allowance: the alert says so and leads to 我的企业. */
  const [allowanceRefused, setAllowanceRefused] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const profile = useQuery(profileQuery());
  const addresses = useQuery(addressesQuery());
  const dictionary = useQuery(formDictionaryQuery());
  const choice = Form.useWatch('addressChoice', form);

  const options = new Map<FormDicCode, Array<{ value: string; label: string }>>(
    (dictionary.data?.items ?? []).map((group) => [group.code, group.options]),
  );
  const book = addresses.data ? ordered(addresses.data.items) : [];
  // The personal book's limit (a company's addresses are counted apart).
  const bookFull = (addresses.data?.items.filter((address) => address.owner === 'personal').length ?? 0) >= MAX_ADDRESSES;

  // What is known about the user goes into fields they have not touched yet.
  useEffect(() => {
    const user = profile.data;
    if (!user || editing) return;
    const known: Partial<ApplicationValues> = {};
    if (user.name && !form.isFieldTouched('contactName')) known.contactName = user.name;
    if (/^1\d{10}$/.test(user.account) && !form.isFieldTouched('mobile')) known.mobile = user.account;
    if (user.account.includes('@') && !form.isFieldTouched('email')) known.email = user.account;
    form.setFieldsValue(known);
    mirrorContact(known);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per profile
  }, [profile.data, form]);

  // The default address is chosen until the user picks another; without any, a new one is entered.
  useEffect(() => {
    if (!addresses.data || form.getFieldValue('addressChoice') !== undefined) return;
    const first = ordered(addresses.data.items)[0];
    form.setFieldValue('addressChoice', first ? first.id : NEW_ADDRESS);
  }, [addresses.data, form]);

  // A new address starts with the contact's name and mobile (until the user types its own).
  const mirrorContact = (values: Partial<Pick<ApplicationValues, 'contactName' | 'mobile'>>) => {
    if (values.contactName !== undefined && !form.isFieldTouched(['address', 'recipient'])) {
      form.setFieldValue(['address', 'recipient'], values.contactName);
    }
    if (values.mobile !== undefined && !form.isFieldTouched(['address', 'mobile'])) {
      form.setFieldValue(['address', 'mobile'], values.mobile);
    }
  };

  const onFinish = (values: ApplicationValues) => {
    setFormError(undefined);
    setAllowanceRefused(false);
    const isNew = values.addressChoice === NEW_ADDRESS;
    submit.mutate(
      {
        contactName: values.contactName.trim(),
        mobile: values.mobile.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        companyType: values.companyType ?? '',
        department: (values.department ?? '').trim(),
        purpose: values.purpose ?? '',
        dosageForm: values.dosageForm ?? '',
        stage: values.stage ?? '',
        projectName: (values.projectName ?? '').trim(),
        notes: (values.notes ?? '').trim(),
        ...(isNew
          ? {
              address: {
                recipient: values.address.recipient.trim(),
                mobile: values.address.mobile.trim(),
                regionCodes: values.address.regionCodes,
                street: values.address.street.trim(),
              },
              saveAddress: !bookFull && values.saveAddress,
            }
          : { addressId: values.addressChoice as number }),
        items: items.map((item) => ({ excipientId: item.excipientId, specId: item.specId, quantity: item.quantity })),
        ...(editing ? { id: editing.id } : {}),
      },
      {
        onSuccess: (application) =>
          navigate(withQuery(editing ? paths.applicationOrder : paths.formSuccess, { id: application.id }), { replace: true }),
        onError: (error) => {
          const text = placeServerErrors(form, error);
          setFormError(text);
          setAllowanceRefused(isAllowanceRefusal(error));
          if (text) window.setTimeout(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }), 0);
        },
      },
    );
  };

  return (
    <Form<ApplicationValues>
      form={form}
      layout="vertical"
      className="application-form"
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      initialValues={editing ? valuesOf(editing) : emptyValues}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<ApplicationValues>) => mirrorContact(changed)}
    >
      <section className="panel" aria-labelledby="contact-title">
        <h2 className="panel__title" id="contact-title">
          联系人与单位
        </h2>
        <div className="form-row">
          <Form.Item
            label="联系人"
            name="contactName"
            rules={[{ required: true, whitespace: true, message: '请输入联系人' }, schemaRule((s) => s.SampleApplicationBody.shape.contactName)]}
          >
            <Input maxLength={30} placeholder="姓名" autoComplete="name" />
          </Form.Item>
          <Form.Item
            label="手机号码"
            name="mobile"
            rules={[{ required: true, whitespace: true, message: '请输入手机号码' }, schemaRule((s) => s.SampleApplicationBody.shape.mobile)]}
          >
            <Input maxLength={11} placeholder="11 位手机号码，用于审核与寄送通知" inputMode="numeric" autoComplete="tel" />
          </Form.Item>
          <Form.Item
            label="电子邮箱"
            name="email"
            rules={[{ required: true, whitespace: true, message: '请输入电子邮箱' }, schemaRule((s) => s.SampleApplicationBody.shape.email)]}
          >
            <Input maxLength={100} placeholder="name@company.com" inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            label="单位名称"
            name="company"
            rules={[{ required: true, whitespace: true, message: '请输入单位名称' }, schemaRule((s) => s.SampleApplicationBody.shape.company)]}
          >
            <Input maxLength={100} placeholder="公司、院校或研究所全称" autoComplete="organization" />
          </Form.Item>
          <Form.Item label="单位类型" name="companyType" rules={[{ required: true, message: '请选择单位类型' }]}>
            <DicSelect code="companyType" options={options} />
          </Form.Item>
          <Form.Item label="部门" name="department" rules={[schemaRule((s) => s.SampleApplicationBody.shape.department)]}>
            <Input maxLength={50} placeholder="如：制剂研发部（选填）" />
          </Form.Item>
        </div>
      </section>

      <section className="panel" aria-labelledby="project-title">
        <h2 className="panel__title" id="project-title">
          研发信息
        </h2>
        <div className="form-row">
          <Form.Item label="申请用途" name="purpose" rules={[{ required: true, message: '请选择申请用途' }]}>
            <DicSelect code="purpose" options={options} />
          </Form.Item>
          <Form.Item label="剂型" name="dosageForm" rules={[{ required: true, message: '请选择剂型' }]}>
            <DicSelect code="dosageForm" options={options} />
          </Form.Item>
          <Form.Item label="研发阶段" name="stage" rules={[{ required: true, message: '请选择研发阶段' }]}>
            <DicSelect code="stage" options={options} />
          </Form.Item>
          <Form.Item label="项目名称" name="projectName" rules={[schemaRule((s) => s.SampleApplicationBody.shape.projectName)]}>
            <Input maxLength={100} placeholder="选填" />
          </Form.Item>
        </div>
        {dictionary.isError ? <Alert type="warning" showIcon title="选项加载失败，请刷新页面重试" /> : null}
      </section>

      <section className="panel" aria-labelledby="address-title">
        <h2 className="panel__title" id="address-title">
          收货地址
        </h2>
        {addresses.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Form.Item
            name="addressChoice"
            rules={[{ required: true, message: '请选择收货地址' }]}
            className="application-address-choice"
          >
            <Radio.Group className="address-options" aria-label="收货地址">
              {book.map((address) => (
                <Radio key={address.id} value={address.id} className="address-option">
                  <span className="address-option__head">
                    <strong>{address.recipient}</strong> {address.mobile}
                    {address.isDefault ? <span className="address-option__tag">默认</span> : null}
                    {address.owner === 'company' ? <span className="address-option__tag">企业</span> : null}
                  </span>
                  <span className="address-option__text">
                    {address.regionNames.join(' ')} {address.street}
                  </span>
                </Radio>
              ))}
              <Radio value={NEW_ADDRESS} className="address-option">
                <span className="address-option__head">
                  <strong>{book.length > 0 ? '使用新地址' : '填写收货地址'}</strong>
                </span>
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {choice === NEW_ADDRESS ? <NewAddressFields form={form} bookFull={bookFull} /> : null}
        {book.length > 0 ? (
          <p className="muted small">
            地址簿可在 <Link to={paths.addresses}>收货地址</Link> 中管理。
          </p>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="notes-title">
        <h2 className="panel__title" id="notes-title">
          备注
        </h2>
        <Form.Item name="notes" rules={[schemaRule((s) => s.SampleApplicationBody.shape.notes)]} className="application-notes">
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={500}
            showCount
            placeholder="对样品、寄送时间等的其他要求（选填）"
            aria-label="备注"
          />
        </Form.Item>
      </section>

      <div ref={alertRef}>
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            description={allowanceRefused ? '本企业今年的样品额度不足：请减少样品，或联系企业管理员与辅料通销售调整额度。' : undefined}
            action={allowanceRefused ? <Link to={paths.company}>查看样品额度</Link> : undefined}
            className="form-alert"
            role="alert"
          />
        ) : null}
      </div>
      <div className="application-submit">
        {editing ? (
          <Link to={withQuery(paths.applicationOrder, { id: editing.id })}>不修改，返回申请单</Link>
        ) : (
          <Link to={paths.sampleCart}>返回样品车</Link>
        )}
        <Button type="primary" size="large" htmlType="submit" loading={submit.isPending} disabled={!ready || items.length === 0}>
          {editing ? '保存修改' : '提交申请'}
        </Button>
      </div>
    </Form>
  );
}
