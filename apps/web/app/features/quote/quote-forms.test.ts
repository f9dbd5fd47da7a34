import type { QuoteRequestBody, QuoteRevisionBody } from '@fuliaotong/contracts';
import { ApiError } from '@fuliaotong/client';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { submitMutationForm } from '../../lib/mutation-form';
import { RECOMMENDED_SPEC, requestBody, requestForm, revisionForm, type RequestValues, type RevisionValues } from './quote-rules';

/** What a form is told: field errors and values set. */
function formRecorder() {
  const told: { fields: unknown[] } = { fields: [] };
  return { told, form: { setFields: (fields: unknown) => void told.fields.push(fields), setFieldsValue: () => undefined } };
}

/** A change that answers `answer` and keeps what it was sent. */
function mutation<Body, Result>(answer: () => Promise<Result>) {
  const sent: Body[] = [];
  return {
    sent,
    isPending: false,
    mutateAsync: (body: Body) => {
      sent.push(body);
      return answer();
    },
  };
}

const refusal = (status: number, code: string, message: string, details?: Array<{ path: string; message: string }>) =>
  new ApiError(status, { error: { code, message, details, requestId: 'r1' } });

const request: RequestValues = {
  lines: [{ excipientId: 7, specId: RECOMMENDED_SPEC, quantity: 500, unit: 'kg' }],
  deliveryCity: '浙江省杭州市',
  requiredDate: dayjs('2030-03-01'),
  purpose: 'rnd',
  remark: '',
  contactName: '王采购',
  contactPhone: '13800138000',
};
const requestOptions = (sampleApplicationId: number | null) => ({
  ...requestForm,
  variables: (values: RequestValues) => requestBody(values, sampleApplicationId),
  success: '询价已提交',
});

describe('询价', () => {
  it('sends the request with the sample application it came from, and says so', async () => {
    const create = mutation<QuoteRequestBody, unknown>(async () => ({ id: 5 }));
    const said: string[] = [];
    await submitMutationForm(formRecorder().form, create, requestOptions(12), request, (text) => said.push(text));
    expect(create.sent).toEqual([{ ...requestBody(request, 12) }]);
    expect(create.sent[0]).toMatchObject({ sampleApplicationId: 12, lines: [{ excipientId: 7, specId: null, quantity: 500, unit: 'kg' }] });
    expect(said).toEqual(['询价已提交']);
  });

  it('puts the server’s field errors under their fields, a line’s problem and a conflict above the form', async () => {
    const invalid = formRecorder();
    const checked = refusal(400, 'validation_failed', '请求参数不正确', [
      { path: 'body.requiredDate', message: '需求日期不能早于今天' },
      { path: 'body.lines.0.quantity', message: '数量最多保留 3 位小数' },
    ]);
    const shown = await submitMutationForm(invalid.form, mutation<QuoteRequestBody, unknown>(() => Promise.reject(checked)), requestOptions(null), request);
    expect(invalid.told.fields).toEqual([[{ name: ['requiredDate'], errors: ['需求日期不能早于今天'] }]]);
    expect(shown).toBe('数量最多保留 3 位小数');

    const refused = formRecorder();
    const conflict = refusal(409, 'quote_state', '这份样品申请尚未发货，不能据此询价');
    expect(await submitMutationForm(refused.form, mutation<QuoteRequestBody, unknown>(() => Promise.reject(conflict)), requestOptions(3), request)).toBe(
      '这份样品申请尚未发货，不能据此询价',
    );
    expect(refused.told.fields).toEqual([]);
  });
});

describe('报价', () => {
  const values: RevisionValues = {
    lines: [
      {
        excipientId: 7,
        productName: '微晶纤维素',
        spec: '药用级 25 kg/袋',
        unit: 'kg',
        quantity: 500,
        unitPrice: 48,
        taxRate: 13,
        taxCode: '1070201040000000000',
        moq: 100,
        leadTimeDays: 7,
        dangerousGoods: '',
        remark: '',
      },
    ],
    validUntil: dayjs('2030-01-31'),
    paymentTerms: 'credit',
    creditDays: 30,
    deliveryTerms: '送货上门，运费由供方承担',
    remark: '',
  };

  it('sends the prices in 分 and the terms', async () => {
    const revise = mutation<QuoteRevisionBody, unknown>(async () => ({ number: 'BJ1' }));
    await submitMutationForm(formRecorder().form, revise, { ...revisionForm, success: '已报价' }, values, () => undefined);
    expect(revise.sent[0]).toMatchObject({ lines: [{ unitPriceFen: 4_800, dangerousGoods: null }], paymentTerms: 'credit', creditDays: 30, validUntil: '2030-01-31' });
  });

  it('puts a refusal of the terms under its field, and a closed request above the form', async () => {
    const invalid = formRecorder();
    const checked = refusal(400, 'validation_failed', '请求参数不正确', [{ path: 'body.creditDays', message: '付款方式为账期时请填写账期天数' }]);
    expect(
      await submitMutationForm(invalid.form, mutation<QuoteRevisionBody, unknown>(() => Promise.reject(checked)), { ...revisionForm, success: '' }, values),
    ).toBeUndefined();
    expect(invalid.told.fields).toEqual([[{ name: ['creditDays'], errors: ['付款方式为账期时请填写账期天数'] }]]);

    const closed = formRecorder();
    const conflict = refusal(409, 'quote_state', '询价已被接受，不能再报价');
    expect(
      await submitMutationForm(closed.form, mutation<QuoteRevisionBody, unknown>(() => Promise.reject(conflict)), { ...revisionForm, success: '' }, values),
    ).toBe('询价已被接受，不能再报价');
  });
});
