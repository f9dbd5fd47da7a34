import { DeleteOutlined } from '@ant-design/icons';
import type { AdminQuote, QuoteRevision } from '@fuliaotong/contracts';
import { PAYMENT_TERMS, QUOTE_UNITS, QUOTE_VALID_DAYS, formatFen, paymentTermsLabels, quoteUnitLabels } from '@fuliaotong/contracts/constants';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useReviseQuote } from './quote-api';
import {
  beforeToday,
  lineAmountFen,
  revisionForm,
  revisionPrefill,
  runningTotal,
  TAX_RATE_OPTIONS,
  yuanToFen,
  type RevisionLineValues,
  type RevisionValues,
} from './quote-rules';
import './quote.css';

const lineRule = (name: 'spec' | 'quantity' | 'taxCode' | 'moq' | 'leadTimeDays' | 'dangerousGoods' | 'remark') =>
  schemaRule((s) => s.QuoteLineBody.shape[name]);
const termRule = (name: 'deliveryTerms' | 'remark' | 'creditDays') => schemaRule((s) => s.QuoteRevisionBody.shape[name]);

/** A line's amount as it is typed (含税). */
function LineAmount({ line }: { line: RevisionLineValues | undefined }) {
  if (!line || typeof line.unitPrice !== 'number' || typeof line.quantity !== 'number' || line.unitPrice <= 0 || line.quantity <= 0) {
    return <span className="quote-form-line__amount muted">金额 —</span>;
  }
  return <span className="quote-form-line__amount">金额 {formatFen(lineAmountFen(yuanToFen(line.unitPrice), line.quantity))}</span>;
}

/** One line of the quote: what a 专票 later needs (规格型号, 单位, 数量, 含税单价, 税率, 税收分类编码) and the terms of the line. */
function RevisionLine({ name, index, line, onRemove }: { name: number; index: number; line: RevisionLineValues | undefined; onRemove?: () => void }) {
  const number = index + 1;
  const unit = line?.unit ? quoteUnitLabels[line.unit] : '';
  return (
    <li className="quote-form-line" aria-label={`报价第 ${number} 行`}>
      <div className="quote-form-line__head">
        <strong>
          {number}. {line?.productName}
        </strong>
        <LineAmount line={line} />
        {onRemove ? (
          <Button type="text" danger size="small" icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={`移除报价第 ${number} 行`}>
            移除
          </Button>
        ) : null}
      </div>
      {/* The line's product: sent (excipientId) and shown (productName), not edited. */}
      <Form.Item name={[name, 'excipientId']} hidden noStyle>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'productName']} hidden noStyle>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'catalogueTerms']} hidden noStyle>
        <Input />
      </Form.Item>
      <div className="quote-form-line__grid">
        <Form.Item
          name={[name, 'spec']}
          label="规格型号"
          className="quote-form-line__wide"
          rules={[{ required: true, whitespace: true, message: '请填写规格型号' }, lineRule('spec')]}
        >
          <Input maxLength={60} placeholder="如：药用级 25 kg/袋" />
        </Form.Item>
        <Form.Item name={[name, 'quantity']} label="数量" rules={[{ required: true, message: '请填写数量' }, lineRule('quantity')]}>
          <InputNumber controls={false} inputMode="decimal" min={0} max={1_000_000} className="quote-form-line__number" />
        </Form.Item>
        <Form.Item name={[name, 'unit']} label="单位">
          <Select options={QUOTE_UNITS.map((value) => ({ value, label: quoteUnitLabels[value] }))} />
        </Form.Item>
        <Form.Item
          name={[name, 'unitPrice']}
          label={`含税单价（元${unit ? `/${unit}` : ''}）`}
          rules={[
            { required: true, message: '请填写含税单价' },
            {
              validator: async (_, value: number | null | undefined) => {
                if (typeof value === 'number' && yuanToFen(value) < 1) throw new Error('单价须大于 0');
              },
            },
          ]}
        >
          <InputNumber controls={false} inputMode="decimal" min={0} max={10_000_000} precision={2} prefix="¥" className="quote-form-line__number" />
        </Form.Item>
        <Form.Item name={[name, 'taxRate']} label="税率">
          <Select options={TAX_RATE_OPTIONS.map((rate) => ({ value: rate, label: `${rate}%` }))} />
        </Form.Item>
        <Form.Item
          name={[name, 'taxCode']}
          label="税收分类编码"
          className="quote-form-line__wide"
          rules={[{ required: true, whitespace: true, message: '请填写税收分类编码' }, lineRule('taxCode')]}
          normalize={(value: string) => value.replace(/\s+/g, '')}
        >
          <Input maxLength={19} inputMode="numeric" placeholder="19 位数字，如 1070201040000000000" />
        </Form.Item>
        <Form.Item name={[name, 'moq']} label={`起订量${unit ? `（${unit}）` : ''}`} rules={[{ required: true, message: '请填写起订量' }, lineRule('moq')]}>
          <InputNumber controls={false} inputMode="decimal" min={0} max={1_000_000} className="quote-form-line__number" />
        </Form.Item>
        <Form.Item
          name={[name, 'leadTimeDays']}
          label="交货期（天）"
          rules={[{ required: true, message: '请填写交货期' }, lineRule('leadTimeDays')]}
        >
          <InputNumber controls={false} inputMode="numeric" min={0} max={365} precision={0} className="quote-form-line__number" />
        </Form.Item>
        <Form.Item
          name={[name, 'dangerousGoods']}
          label="危险化学品运输条款（非危险品不填）"
          className="quote-form-line__full"
          rules={[lineRule('dangerousGoods')]}
          extra={line?.catalogueTerms ? `产品目录中为危险化学品：${line.catalogueTerms}（已预填，可修改）` : undefined}
        >
          <Input maxLength={120} placeholder="如：UN1170，第 3 类易燃液体，危险货物道路运输" />
        </Form.Item>
        <Form.Item name={[name, 'remark']} label="备注" className="quote-form-line__full" rules={[lineRule('remark')]}>
          <Input maxLength={200} />
        </Form.Item>
      </div>
    </li>
  );
}

/**
 * 报价 / 重新报价 (sales): the lines prefilled from the request (or from the newest revision), prices in
 * 元 (sent as 分), the running total as it is typed, and the quote's terms. The buyer is notified.
 */
export function RevisionForm({ quote, onSent }: { quote: AdminQuote; onSent?: (revision: QuoteRevision) => void }) {
  const again = quote.current !== null;
  const { form, onFinish, formError, pending } = useMutationForm(useReviseQuote(quote.id), {
    ...revisionForm,
    success: (revision: QuoteRevision) => `报价单 ${revision.number}（第 ${revision.revision} 版）已发出，已通知询价人`,
    onSuccess: onSent,
  });
  const lines = Form.useWatch('lines', form) as RevisionLineValues[] | undefined;
  const paymentTerms = Form.useWatch('paymentTerms', form) as RevisionValues['paymentTerms'] | undefined;
  const total = runningTotal(lines ?? []);
  return (
    <section className="quote-form" aria-label={again ? '重新报价' : '报价'}>
      <FormError className="form-alert" message={formError} />
      <Form<RevisionValues> form={form} name="quote-revision" layout="vertical" onFinish={onFinish} initialValues={revisionPrefill(quote)} aria-label={again ? '重新报价' : '报价'}>
        <Form.List name="lines">
          {(fields, { remove }) => (
            <ol className="quote-form__lines">
              {fields.map((field, index) => (
                <RevisionLine
                  key={field.key}
                  name={field.name}
                  index={index}
                  line={lines?.[field.name]}
                  onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                />
              ))}
            </ol>
          )}
        </Form.List>
        <div className="quote-form__total" aria-live="polite">
          <span>合计（含税）</span>
          <strong className="quote-total__amount">{formatFen(total.totalFen)}</strong>
          <span className="muted">其中税额 {formatFen(total.taxFen)}</span>
        </div>
        <div className="quote-form__terms">
          <Form.Item
            name="validUntil"
            label="有效期至"
            extra={`默认 ${QUOTE_VALID_DAYS} 天（含当日）`}
            rules={[
              { required: true, message: '请选择有效期' },
              {
                validator: async (_, day: RevisionValues['validUntil']) => {
                  if (day && beforeToday(day)) throw new Error('有效期不能早于今天');
                },
              },
            ]}
          >
            <DatePicker className="quote-request__date" disabledDate={(day) => beforeToday(day)} allowClear={false} />
          </Form.Item>
          <Form.Item name="paymentTerms" label="付款方式" rules={[{ required: true, message: '请选择付款方式' }]}>
            <Radio.Group options={PAYMENT_TERMS.map((value) => ({ value, label: paymentTermsLabels[value] }))} />
          </Form.Item>
          {paymentTerms === 'credit' ? (
            <Form.Item name="creditDays" label="账期（天）" rules={[{ required: true, message: '付款方式为账期时请填写账期天数' }, termRule('creditDays')]}>
              <InputNumber controls={false} inputMode="numeric" min={1} max={180} precision={0} className="quote-form-line__number" />
            </Form.Item>
          ) : null}
        </div>
        <Form.Item
          name="deliveryTerms"
          label="交货条款"
          rules={[{ required: true, whitespace: true, message: '请填写交货条款' }, termRule('deliveryTerms')]}
        >
          <Input maxLength={120} placeholder="如：送货上门，运费由供方承担" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[termRule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount placeholder="如：随货提供 COA；价格含包装" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {again ? '发出新一版报价' : '发出报价'}
        </Button>
      </Form>
    </section>
  );
}
