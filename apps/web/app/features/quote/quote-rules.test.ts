import type { QuoteLine, QuoteRequestLine, QuoteRevision } from '@fuliaotong/contracts';
import { QuoteRequestBody, QuoteRevisionBody } from '@fuliaotong/contracts/forms';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  amountOfText,
  beforeToday,
  canQuoteFromApplication,
  defaultValidUntil,
  earlierRevisions,
  fenToYuan,
  isPastValidity,
  lineAmountFen,
  paymentText,
  prefillContact,
  prefillLines,
  RECOMMENDED_SPEC,
  requestBody,
  requestSpecText,
  revisionBody,
  revisionPrefill,
  runningTotal,
  taxWithinFen,
  yuanToFen,
  type RevisionValues,
} from './quote-rules';

describe('money of a quote', () => {
  it('turns 元 as typed into whole 分 and back, without floating-point dust', () => {
    expect(yuanToFen(48)).toBe(4_800);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.15)).toBe(115);
    expect(yuanToFen(19.99)).toBe(1_999);
    expect(yuanToFen(0.01)).toBe(1);
    expect(fenToYuan(4_801)).toBe(48.01);
    for (const fen of [1, 29, 115, 1_999, 4_801, 123_456_789]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('prices a line at unit price × quantity, rounded to the 分, quantities to three decimals', () => {
    expect(lineAmountFen(4_800, 500)).toBe(2_400_000);
    expect(lineAmountFen(4_800, 0.5)).toBe(2_400);
    // 0.125 kg at ¥0.29: 3.625 分, rounded half up.
    expect(lineAmountFen(29, 0.125)).toBe(4);
    // 1.005 t is 1005/1000 exactly, not 1.00499…
    expect(lineAmountFen(1_000_000, 1.005)).toBe(1_005_000);
  });

  it('finds the VAT within an amount that includes it', () => {
    expect(taxWithinFen(11_300, 13)).toBe(1_300);
    expect(taxWithinFen(10_900, 9)).toBe(900);
    expect(taxWithinFen(10_000, 0)).toBe(0);
    expect(taxWithinFen(2_400_000, 13)).toBe(276_106);
  });

  it('adds up the lines typed so far, leaving out those without a price or quantity', () => {
    expect(runningTotal([])).toEqual({ totalFen: 0, taxFen: 0, priced: 0 });
    expect(
      runningTotal([
        { unitPrice: 48, quantity: 500, taxRate: 13 },
        { unitPrice: 12.5, quantity: 2, taxRate: 9 },
        { unitPrice: null, quantity: 10, taxRate: 13 },
        { unitPrice: 10, quantity: undefined, taxRate: 13 },
        undefined,
      ]),
    ).toEqual({ totalFen: 2_400_000 + 2_500, taxFen: 276_106 + 206, priced: 2 });
    // No rate chosen yet: the default 13 %.
    expect(runningTotal([{ unitPrice: 113, quantity: 1 }]).taxFen).toBe(1_300);
  });
});

describe('what the pages say', () => {
  it('writes quantities, specs and payment terms as people read them', () => {
    expect(amountOfText(500, 'kg')).toBe('500 千克');
    expect(amountOfText(0.25, 't')).toBe('0.25 吨');
    expect(requestSpecText({ grade: '药用级', packSize: '25 kg/袋' })).toBe('药用级 · 25 kg/袋');
    expect(requestSpecText({ grade: null, packSize: null })).toBe('由销售推荐');
    expect(paymentText({ paymentTerms: 'prepaid', creditDays: null })).toBe('款到发货');
    expect(paymentText({ paymentTerms: 'credit', creditDays: 60 })).toBe('账期 60 天');
  });

  it('counts the last valid day as valid', () => {
    const today = dayjs('2030-01-31T10:00:00');
    expect(isPastValidity('2030-01-31', today)).toBe(false);
    expect(isPastValidity('2030-01-30', today)).toBe(true);
  });

  it('keeps earlier revisions apart from the newest', () => {
    const revisions = [{ id: 3 }, { id: 2 }, { id: 1 }] as QuoteRevision[];
    expect(earlierRevisions({ current: revisions[0]!, revisions }).map((r) => r.id)).toEqual([2, 1]);
    expect(earlierRevisions({ current: null, revisions: [] })).toEqual([]);
  });

  it('offers a price request from a sample application once its samples are shipped', () => {
    expect(canQuoteFromApplication('shipped')).toBe(true);
    expect(canQuoteFromApplication('delivered')).toBe(true);
    for (const status of ['submitted', 'approved', 'rejected', 'withdrawn'] as const) expect(canQuoteFromApplication(status)).toBe(false);
  });
});

describe('the request form', () => {
  const product = { id: 7, specs: [{ id: 70 }, { id: 71 }] };

  it('starts with the product of the link, with its spec only when the spec is the product’s', () => {
    expect(prefillLines({ product, specId: 71 })).toEqual([{ excipientId: 7, specId: 71, quantity: undefined, unit: 'kg' }]);
    expect(prefillLines({ product, specId: 99 })).toEqual([{ excipientId: 7, specId: RECOMMENDED_SPEC, quantity: undefined, unit: 'kg' }]);
    expect(prefillLines({})).toEqual([{ excipientId: undefined, specId: RECOMMENDED_SPEC, quantity: undefined, unit: 'kg' }]);
  });

  it('starts with the products of a sample application, each spec once, removed products left out', () => {
    const application = {
      items: [
        { excipientId: 7, specId: 70 },
        { excipientId: 7, specId: 70 },
        { excipientId: 7, specId: 71 },
        { excipientId: null, specId: null },
        { excipientId: 8, specId: null },
      ],
    };
    expect(prefillLines({ application }).map((line) => [line.excipientId, line.specId])).toEqual([
      [7, 70],
      [7, 71],
      [8, RECOMMENDED_SPEC],
    ]);
    // An application whose products are all gone: one empty line.
    expect(prefillLines({ application: { items: [{ excipientId: null, specId: null }] } })).toHaveLength(1);
  });

  it('fills the contact from the profile, the company’s contact where the profile has none', () => {
    const company = { contactName: '王采购', contactPhone: '13900000000' };
    expect(prefillContact({ name: '李工', nickName: 'li', account: '13800138000' }, company)).toEqual({ contactName: '李工', contactPhone: '13800138000' });
    // A 采购 with a mobile account and no real name in the profile: their nickname, never the company contact's name.
    expect(prefillContact({ name: '', nickName: '李采购', account: '13800138000' }, company)).toEqual({ contactName: '李采购', contactPhone: '13800138000' });
    expect(prefillContact({ name: ' ', nickName: 'li', account: 'li@example.com' }, company)).toEqual({ contactName: '王采购', contactPhone: '13900000000' });
    expect(prefillContact({ name: '', nickName: '小李', account: 'li@example.com' }, null)).toEqual({ contactName: '小李', contactPhone: '' });
    expect(prefillContact(undefined, undefined)).toEqual({ contactName: '', contactPhone: '' });
  });

  it('refuses a required date before today, today itself allowed', () => {
    const today = dayjs('2030-03-01T23:59:00');
    expect(beforeToday(dayjs('2030-02-28'), today)).toBe(true);
    expect(beforeToday(dayjs('2030-03-01'), today)).toBe(false);
    expect(beforeToday(dayjs('2030-03-02'), today)).toBe(false);
  });

  it('sends what the contract takes: trimmed, 由销售推荐 as null, the date as YYYY-MM-DD', () => {
    const body = requestBody(
      {
        lines: [
          { excipientId: 7, specId: 71, quantity: 500, unit: 'kg' },
          { excipientId: 8, specId: RECOMMENDED_SPEC, quantity: 1.5, unit: 't' },
        ],
        deliveryCity: ' 浙江省杭州市 ',
        requiredDate: dayjs('2030-03-01'),
        purpose: 'commercial',
        remark: ' 需随货提供 COA ',
        contactName: ' 王采购 ',
        contactPhone: '13800138000 ',
      },
      12,
    );
    expect(body).toEqual({
      lines: [
        { excipientId: 7, specId: 71, quantity: 500, unit: 'kg' },
        { excipientId: 8, specId: null, quantity: 1.5, unit: 't' },
      ],
      deliveryCity: '浙江省杭州市',
      requiredDate: '2030-03-01',
      purpose: 'commercial',
      remark: '需随货提供 COA',
      contactName: '王采购',
      contactPhone: '13800138000',
      sampleApplicationId: 12,
    });
    expect(QuoteRequestBody.safeParse(body).success).toBe(true);
  });
});

describe('the quote form', () => {
  const requestLine = (over: Partial<QuoteRequestLine>): QuoteRequestLine => ({
    id: 1,
    excipientId: 7,
    productName: '微晶纤维素',
    specId: 70,
    grade: '药用级 PH101',
    packSize: '25 kg/袋',
    quantity: 500,
    unit: 'kg',
    dangerousGoods: null,
    ...over,
  });
  const today = dayjs('2030-01-01T09:00:00');

  it('starts a first quote from the request: product, 规格型号 from grade and pack size, unit, quantity; 13 %; valid 30 days', () => {
    const values = revisionPrefill({ lines: [requestLine({}), requestLine({ id: 2, excipientId: 8, productName: '乙醇', grade: null, packSize: null, quantity: 1, unit: 't' })], current: null }, today);
    expect(values.lines.map((line) => [line.excipientId, line.productName, line.spec, line.quantity, line.unit, line.taxRate])).toEqual([
      [7, '微晶纤维素', '药用级 PH101 25 kg/袋', 500, 'kg', 13],
      [8, '乙醇', '', 1, 't', 13],
    ]);
    expect(values.validUntil?.format('YYYY-MM-DD')).toBe('2030-01-31');
    expect(defaultValidUntil(today).format('YYYY-MM-DD')).toBe('2030-01-31');
    expect(values.paymentTerms).toBe('prepaid');
  });

  it('fills a 危险化学品 line with the product’s transport terms from the catalogue, and leaves other lines without', () => {
    const terms = 'UN1170，第 3 类易燃液体，II 类包装';
    const values = revisionPrefill({ lines: [requestLine({}), requestLine({ id: 2, excipientId: 8, productName: '乙醇', dangerousGoods: terms })], current: null }, today);
    expect(values.lines.map((line) => [line.productName, line.dangerousGoods, line.catalogueTerms])).toEqual([
      ['微晶纤维素', '', null],
      ['乙醇', terms, terms],
    ]);
    // What the sales staff leave (or change) is what is sent.
    const edited = { ...values, deliveryTerms: '送货上门', lines: values.lines.map((line) => ({ ...line, unitPrice: 10, moq: 1, leadTimeDays: 3 })) };
    edited.lines[1]!.dangerousGoods = `${terms}，危险货物道路运输`;
    expect(revisionBody(edited).lines.map((line) => line.dangerousGoods)).toEqual([null, `${terms}，危险货物道路运输`]);
    expect(revisionBody(values).lines.map((line) => line.dangerousGoods)).toEqual([null, terms]);
  });

  it('keeps a revised line’s own terms, and brings the catalogue’s to a line quoted before the product was flagged', () => {
    const quoted = (excipientId: number, productName: string, dangerousGoods: string | null): QuoteLine => ({
      id: excipientId,
      excipientId,
      productName,
      spec: '药用级 200 L/桶',
      unit: 'L',
      quantity: 200,
      unitPriceFen: 1_999,
      taxRate: 13,
      taxCode: '1070302990000000000',
      moq: 200,
      leadTimeDays: 3,
      dangerousGoods,
      remark: '',
      amountFen: 399_800,
      taxFen: 45_994,
    });
    const current = {
      id: 3,
      lines: [quoted(8, '乙醇', 'UN1170，第 3 类易燃液体，危险货物道路运输'), quoted(9, '异丙醇', null), quoted(7, '微晶纤维素', null)],
      paymentTerms: 'prepaid',
      creditDays: null,
      deliveryTerms: '送货上门',
      remark: '',
    } as unknown as QuoteRevision;
    const lines = [
      requestLine({ id: 1, excipientId: 8, productName: '乙醇', dangerousGoods: 'UN1170，第 3 类易燃液体，II 类包装' }),
      requestLine({ id: 2, excipientId: 9, productName: '异丙醇', dangerousGoods: 'UN1219，第 3 类易燃液体，II 类包装' }),
      requestLine({ id: 3, excipientId: 7 }),
    ];
    expect(revisionPrefill({ lines, current }, today).lines.map((line) => [line.productName, line.dangerousGoods])).toEqual([
      ['乙醇', 'UN1170，第 3 类易燃液体，危险货物道路运输'],
      ['异丙醇', 'UN1219，第 3 类易燃液体，II 类包装'],
      ['微晶纤维素', ''],
    ]);
  });

  it('leaves out a line whose product has left the catalogue: it cannot be quoted again', () => {
    const values = revisionPrefill({ lines: [requestLine({ excipientId: null, productName: '已下架的产品' }), requestLine({ id: 2 })], current: null }, today);
    expect(values.lines.map((line) => [line.excipientId, line.productName])).toEqual([[7, '微晶纤维素']]);
  });

  it('starts a new revision from the newest one: its prices in 元 and its terms, valid 30 days again', () => {
    const line: QuoteLine = {
      id: 9,
      excipientId: 7,
      productName: '微晶纤维素',
      spec: '药用级 25 kg/袋',
      unit: 'kg',
      quantity: 500,
      unitPriceFen: 4_801,
      taxRate: 13,
      taxCode: '1070201040000000000',
      moq: 100,
      leadTimeDays: 7,
      dangerousGoods: null,
      remark: '',
      amountFen: 2_400_500,
      taxFen: 276_165,
    };
    const current = {
      id: 3,
      lines: [line],
      paymentTerms: 'credit',
      creditDays: 30,
      deliveryTerms: '送货上门',
      remark: '含包装',
    } as unknown as QuoteRevision;
    const values = revisionPrefill({ lines: [requestLine({})], current }, today);
    expect(values.lines[0]).toMatchObject({ unitPrice: 48.01, taxCode: '1070201040000000000', moq: 100, leadTimeDays: 7, dangerousGoods: '' });
    expect(values).toMatchObject({ paymentTerms: 'credit', creditDays: 30, deliveryTerms: '送货上门', remark: '含包装' });
    expect(values.validUntil?.format('YYYY-MM-DD')).toBe('2030-01-31');
  });

  it('sends 分, trimmed texts, no 危险化学品 term as null and 账期 days only with 账期', () => {
    const values: RevisionValues = {
      lines: [
        {
          excipientId: 8,
          productName: '乙醇',
          spec: ' 药用级 200 L/桶 ',
          unit: 'L',
          quantity: 400,
          unitPrice: 19.99,
          taxRate: 13,
          taxCode: ' 1070201040000000000 ',
          moq: 200,
          leadTimeDays: 5,
          dangerousGoods: ' UN1170，第 3 类易燃液体，危险货物道路运输 ',
          remark: '',
        },
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
          dangerousGoods: '  ',
        },
      ],
      validUntil: dayjs('2030-01-31'),
      paymentTerms: 'prepaid',
      creditDays: 45,
      deliveryTerms: ' 送货上门，运费由供方承担 ',
      remark: '',
    };
    const body = revisionBody(values);
    expect(body.lines.map((line) => [line.unitPriceFen, line.spec, line.taxCode, line.dangerousGoods])).toEqual([
      [1_999, '药用级 200 L/桶', '1070201040000000000', 'UN1170，第 3 类易燃液体，危险货物道路运输'],
      [4_800, '药用级 25 kg/袋', '1070201040000000000', null],
    ]);
    expect(body).toMatchObject({ validUntil: '2030-01-31', paymentTerms: 'prepaid', creditDays: null, deliveryTerms: '送货上门，运费由供方承担' });
    expect(QuoteRevisionBody.safeParse(body).success).toBe(true);
    expect(revisionBody({ ...values, paymentTerms: 'credit' }).creditDays).toBe(45);
  });
});
