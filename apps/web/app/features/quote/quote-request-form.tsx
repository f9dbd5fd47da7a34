import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Quote } from '@fuliaotong/contracts';
import { QUOTE_LINES_MAX, QUOTE_PURPOSES, QUOTE_UNITS, paths, quotePurposeLabels, quoteUnitLabels, withQuery } from '@fuliaotong/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { excipientPageQuery, excipientQuery } from '../excipient/excipient-api';
import { useCreateQuote } from './quote-api';
import { beforeToday, emptyRequestLine, RECOMMENDED_SPEC, requestBody, requestForm, type RequestValues } from './quote-rules';
import './quote.css';

/** How long the product search waits for the typing to pause. */
const SEARCH_DELAY_MS = 250;

/** The product of a line (and of a batch or a change notice on the quality desks): a search of the catalogue by name, alias or CAS number. */
export function ProductSelect({ id, value, onChange, label }: { id?: string; value?: number; onChange?: (id: number) => void; label: string }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    ...excipientPageQuery(keyword ? { keyword, page: '1', pageSize: '20' } : { page: '1', pageSize: '20' }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({ ...excipientQuery(value ?? 0), enabled: value !== undefined });
  const options = [
    ...(chosen.data && !found.data?.items.some((item) => item.id === chosen.data.id) ? [{ value: chosen.data.id, label: chosen.data.nameZh }] : []),
    ...(found.data?.items.map((item) => ({ value: item.id, label: `${item.nameZh}（${item.nameEn}）` })) ?? []),
  ];
  return (
    <Select<number>
      id={id}
      aria-label={label}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      placeholder="搜索产品名称、别名或 CAS 号"
      notFoundContent={found.isFetching ? '正在搜索…' : '没有找到相符的产品'}
      popupMatchSelectWidth={false}
    />
  );
}

/** One product asked for: the product, its grade and packaging (or 由销售推荐), the quantity and its unit. */
function RequestLine({
  form,
  name,
  index,
  onRemove,
}: {
  form: FormInstance<RequestValues>;
  name: number;
  index: number;
  onRemove?: () => void;
}) {
  const excipientId = Form.useWatch<number | undefined>(['lines', name, 'excipientId'], form);
  const product = useQuery({ ...excipientQuery(excipientId ?? 0), enabled: excipientId !== undefined });
  const specOptions = [
    { value: RECOMMENDED_SPEC, label: '由销售推荐' },
    ...(product.data?.specs.map((spec) => ({ value: spec.id, label: `${spec.grade} · ${spec.packSize}` })) ?? []),
  ];
  const number = index + 1;
  return (
    <li className="quote-line">
      <Form.Item name={[name, 'excipientId']} label="产品" rules={[{ required: true, message: '请选择产品' }]} className="quote-line__product">
        <ProductSelect
          label={`第 ${number} 个产品`}
          onChange={() => form.setFieldValue(['lines', name, 'specId'], RECOMMENDED_SPEC)}
        />
      </Form.Item>
      <Form.Item name={[name, 'specId']} label="级别与包装" className="quote-line__spec">
        <Select aria-label={`第 ${number} 个产品的级别与包装`} options={specOptions} loading={product.isFetching} />
      </Form.Item>
      <Form.Item
        name={[name, 'quantity']}
        label="数量"
        className="quote-line__quantity"
        rules={[{ required: true, message: '请填写数量' }, schemaRule((s) => s.QuoteRequestLineBody.shape.quantity)]}
      >
        <InputNumber aria-label={`第 ${number} 个产品的数量`} controls={false} inputMode="decimal" min={0} max={1_000_000} className="quote-line__number" />
      </Form.Item>
      <Form.Item name={[name, 'unit']} label="单位" className="quote-line__unit">
        <Select aria-label={`第 ${number} 个产品的单位`} options={QUOTE_UNITS.map((unit) => ({ value: unit, label: quoteUnitLabels[unit] }))} />
      </Form.Item>
      {onRemove ? (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={`移除第 ${number} 个产品`} className="quote-line__remove">
          移除
        </Button>
      ) : null}
    </li>
  );
}

const fieldRule = (name: 'deliveryCity' | 'contactName' | 'remark') => schemaRule((s) => s.QuoteRequestBody.shape[name]);

/**
 * 询价: the products with grade, packaging and quantity, where and when they are needed, what for, and
 * who to call; checked in the page as the server checks it. On success the new request opens.
 */
export function QuoteRequestForm({ initial, sampleApplicationId }: { initial: RequestValues; sampleApplicationId: number | null }) {
  const navigate = useNavigate();
  const { form, onFinish, formError, pending } = useMutationForm(useCreateQuote(), {
    ...requestForm,
    variables: (values: RequestValues) => requestBody(values, sampleApplicationId),
    success: (quote: Quote) => `询价已提交，询价单号 ${quote.number}`,
    onSuccess: (quote: Quote) => void navigate(withQuery(paths.quotes, { id: quote.id })),
  });
  return (
    <>
      <FormError className="form-alert" message={formError} />
      <Form<RequestValues> form={form} name="quote-request" layout="vertical" onFinish={onFinish} initialValues={initial} className="quote-request" aria-label="询价">
        <section className="panel" aria-labelledby="quote-products-title">
          <h2 className="panel__title" id="quote-products-title">
            询价产品
          </h2>
          <Form.List
            name="lines"
            rules={[
              {
                validator: async (_, lines: unknown[] | undefined) => {
                  if (!lines || lines.length === 0) throw new Error('请至少选择一个产品');
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                <ol className="quote-lines-form">
                  {fields.map((field, index) => (
                    <RequestLine
                      key={field.key}
                      form={form}
                      name={field.name}
                      index={index}
                      onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                    />
                  ))}
                </ol>
                <Form.ErrorList errors={errors} />
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add(emptyRequestLine())}
                  disabled={fields.length >= QUOTE_LINES_MAX}
                  className="quote-request__add"
                >
                  添加产品
                </Button>
                {fields.length >= QUOTE_LINES_MAX ? <span className="muted small"> 一次询价最多 {QUOTE_LINES_MAX} 个产品</span> : null}
              </>
            )}
          </Form.List>
        </section>
        <section className="panel" aria-labelledby="quote-needs-title">
          <h2 className="panel__title" id="quote-needs-title">
            需求与联系人
          </h2>
          <div className="quote-request__grid">
            <Form.Item
              name="deliveryCity"
              label="收货城市"
              rules={[{ required: true, whitespace: true, message: '请填写收货城市' }, fieldRule('deliveryCity')]}
            >
              <Input maxLength={50} placeholder="如：浙江省杭州市" autoComplete="address-level2" />
            </Form.Item>
            <Form.Item
              name="requiredDate"
              label="需求日期"
              extra="希望到货的日期"
              rules={[
                { required: true, message: '请选择需求日期' },
                {
                  validator: async (_, day: RequestValues['requiredDate']) => {
                    if (day && beforeToday(day)) throw new Error('需求日期不能早于今天');
                  },
                },
              ]}
            >
              <DatePicker className="quote-request__date" disabledDate={(day) => beforeToday(day)} />
            </Form.Item>
          </div>
          <Form.Item name="purpose" label="用途" rules={[{ required: true, message: '请选择用途' }]}>
            <Radio.Group options={QUOTE_PURPOSES.map((purpose) => ({ value: purpose, label: quotePurposeLabels[purpose] }))} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[fieldRule('remark')]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：年用量、需随货提供的资料（COA、DMF 授权书）、其他要求" />
          </Form.Item>
          <div className="quote-request__grid">
            <Form.Item name="contactName" label="联系人" rules={[{ required: true, whitespace: true, message: '请填写联系人' }, fieldRule('contactName')]}>
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
          <Button type="primary" htmlType="submit" loading={pending} size="large">
            提交询价
          </Button>
        </section>
      </Form>
    </>
  );
}
