import type { SalesOrder, SalesOrderLine } from '@fuliaotong/contracts';
import { SalesOrderContractBody, SalesOrderShipBody } from '@fuliaotong/contracts/forms';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  afterToday,
  batchFieldLabel,
  buyerNote,
  contractBody,
  contractPrefill,
  deskNextStep,
  invoiceBlock,
  paymentStage,
  salesOrderIdParam,
  salesOrderStateParam,
  shipBody,
  shipPrefill,
  staffSteps,
  transferBody,
  transferPrefill,
} from './sales-order-rules';

const line = (id: number, productName: string, batchNumbers: string[] = []): SalesOrderLine => ({
  id,
  excipientId: id,
  productName,
  spec: '药用级 25 kg/袋',
  unit: 'kg',
  quantity: 500,
  unitPriceFen: 4_800,
  taxRate: 13,
  taxCode: '1070201040000000000',
  amountFen: 2_400_000,
  taxFen: 276_106,
  dangerousGoods: null,
  batchNumbers,
});

/** An order as the server answers it, in the state asked for. */
function order(overrides: Partial<SalesOrder> = {}, payment: Partial<SalesOrder['payment']> = {}): SalesOrder {
  return {
    id: 1,
    number: 'XS20261128000001',
    status: 'contract',
    quote: { id: 3, number: 'XJ20261120000003', revisionNumber: 'BJ20261121000004', revision: 1 },
    company: { id: 2, name: '浙江示例制药有限公司' },
    buyer: '王总',
    lines: [line(11, '微晶纤维素')],
    totalFen: 2_400_000,
    taxFen: 276_106,
    paymentTerms: 'prepaid',
    creditDays: null,
    deliveryTerms: '送货上门',
    deliveryCity: '浙江省杭州市',
    contactName: '李采购',
    contactPhone: '13800138000',
    contractNumber: null,
    signedOn: null,
    payment: { accountName: '辅料通（杭州）科技有限公司', bankName: '招商银行杭州分行', accountNumber: '571900000000001', remittanceCode: 'K7M2Q9XP', paidAt: null, paidFen: null, ...payment },
    shipment: null,
    receivedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: null,
    invoice: null,
    events: [],
    actions: { receive: false, cancel: false, invoice: false },
    createdAt: '2026-11-28T02:00:00.000Z',
    updatedAt: '2026-11-28T02:00:00.000Z',
    ...overrides,
  };
}

const PAID = { paidAt: '2026-11-29T02:00:00.000Z', paidFen: 2_400_000 };

describe('the address of the sales orders page', () => {
  it('takes a status filter and an id only when they are real', () => {
    expect(salesOrderStateParam('shipped')).toBe('shipped');
    expect(salesOrderStateParam('paying')).toBeUndefined();
    expect(salesOrderStateParam(null)).toBeUndefined();
    expect(salesOrderIdParam('12')).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'x', null, '99999999999999999999']) expect(salesOrderIdParam(bad)).toBeUndefined();
  });
});

describe('which parts of an order the buyer sees', () => {
  it('shows where to pay from the contract until the money is in, and what arrived afterwards', () => {
    expect(paymentStage(order({ status: 'contract' }))).toBe('later');
    expect(paymentStage(order({ status: 'signed' }))).toBe('due');
    // 账期: shipped before paying, the account is still shown.
    expect(paymentStage(order({ status: 'shipped', paymentTerms: 'credit' }))).toBe('due');
    expect(paymentStage(order({ status: 'paid' }, PAID))).toBe('paid');
    expect(paymentStage(order({ status: 'completed' }, PAID))).toBe('paid');
    expect(paymentStage(order({ status: 'cancelled' }))).toBe('none');
  });

  it('says what comes next in each state', () => {
    expect(buyerNote(order({ status: 'contract' })).text).toContain('签订合同');
    expect(buyerNote(order({ status: 'signed' })).text).toContain('货款到账后安排发货');
    expect(buyerNote(order({ status: 'signed', paymentTerms: 'credit', creditDays: 30 })).text).toContain('按账期安排发货');
    expect(buyerNote(order({ status: 'shipped' }, PAID)).text).toContain('请确认收货');
    expect(buyerNote(order({ status: 'shipped', paymentTerms: 'credit', receivedAt: '2026-12-01T02:00:00.000Z' })).text).toBe('已确认收货；货款到账后订单完成。');
    expect(buyerNote(order({ status: 'completed' }, PAID)).type).toBe('success');
    expect(buyerNote(order({ status: 'cancelled', cancelReason: '项目推迟' }))).toEqual({ type: 'warning', text: '订单已取消：项目推迟' });
  });
});

describe('the invoice of an order', () => {
  const invoice = (status: 'requested' | 'issued' | 'rejected' | 'reversed', mine: boolean, hasFile = status === 'issued') => ({
    id: 9,
    status,
    invoiceNumber: status === 'issued' ? '26330000000012345678' : null,
    hasFile,
    mine,
    type: 'special' as const,
  });

  it('offers 申请发票 when the server allows it, and says when it may be asked otherwise', () => {
    expect(invoiceBlock(order({ status: 'contract' }))).toEqual({ ask: undefined, download: false, note: '货款到账后可申请发票（下单人，或企业的管理员、财务）。' });
    expect(invoiceBlock(order({ status: 'paid', actions: { receive: false, cancel: false, invoice: true } }, PAID))).toEqual({ ask: 'ask', download: false, note: undefined });
    // A 采购 of the company sees the order paid, but the invoice is the 管理员's or 财务's to ask for.
    expect(invoiceBlock(order({ status: 'paid' }, PAID))?.note).toBe('发票由下单人或企业的管理员、财务申请。');
    expect(invoiceBlock(order({ status: 'cancelled' }))).toBeUndefined();
  });

  it('lets only the one who asked download the issued invoice', () => {
    expect(invoiceBlock(order({ status: 'completed', invoice: invoice('issued', true) }, PAID))).toEqual({ ask: undefined, download: true, note: undefined });
    expect(invoiceBlock(order({ status: 'completed', invoice: invoice('issued', false) }, PAID))).toEqual({
      ask: undefined,
      download: false,
      note: '发票已开具，申请人可在“发票管理”中下载。',
    });
    expect(invoiceBlock(order({ status: 'completed', invoice: invoice('issued', true, false) }, PAID))?.download).toBe(false);
    expect(invoiceBlock(order({ status: 'completed', invoice: invoice('requested', true) }, PAID))?.note).toBe('财务开具后会通知申请人。');
  });

  it('asks again after a rejection, where the server allows it', () => {
    const rejected = order({ status: 'completed', invoice: invoice('rejected', true), actions: { receive: false, cancel: false, invoice: true } }, PAID);
    expect(invoiceBlock(rejected)).toEqual({ ask: 'again', download: false, note: '发票申请未通过，可重新申请。' });
    expect(invoiceBlock({ ...rejected, actions: { receive: false, cancel: false, invoice: false } })).toEqual({ ask: undefined, download: false, note: '发票申请未通过。' });
  });
});

describe('the desk’s steps by role and state', () => {
  const none = { contract: false, confirm: false, ship: false, receive: false, cancel: false };

  it('gives sales the contract and cancelling while 待签合同, and nothing to finance or an administrator', () => {
    const waiting = order({ status: 'contract' });
    expect(staffSteps(waiting, ['sales'])).toEqual({ ...none, contract: true, cancel: true });
    expect(staffSteps(waiting, ['finance'])).toEqual(none);
    expect(staffSteps(waiting, ['admin'])).toEqual(none);
  });

  it('ships 款到发货 orders once paid, 账期 orders once signed; finance confirms until the money is in', () => {
    const signed = order({ status: 'signed' });
    expect(staffSteps(signed, ['sales'])).toEqual({ ...none, cancel: true });
    expect(staffSteps(signed, ['finance'])).toEqual({ ...none, confirm: true });
    expect(staffSteps(order({ status: 'signed', paymentTerms: 'credit', creditDays: 30 }), ['sales'])).toEqual({ ...none, ship: true, cancel: true });
    expect(staffSteps(order({ status: 'paid' }, PAID), ['sales', 'finance'])).toEqual({ ...none, ship: true });
    const shippedOnCredit = order({ status: 'shipped', paymentTerms: 'credit', creditDays: 30 });
    expect(staffSteps(shippedOnCredit, ['sales'])).toEqual({ ...none, receive: true });
    expect(staffSteps(shippedOnCredit, ['finance'])).toEqual({ ...none, confirm: true });
    expect(staffSteps({ ...shippedOnCredit, receivedAt: '2026-12-01T02:00:00.000Z' }, ['sales', 'finance'])).toEqual({ ...none, confirm: true });
    expect(staffSteps(order({ status: 'shipped' }, PAID), ['finance'])).toEqual(none);
  });

  it('leaves nothing to do on a finished order', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      expect(staffSteps(order({ status }, status === 'completed' ? PAID : {}), ['sales', 'finance', 'admin'])).toEqual(none);
      expect(deskNextStep(order({ status }))).toBeNull();
    }
  });

  it('says whose turn it is', () => {
    expect(deskNextStep(order({ status: 'contract' }))).toBe('待销售登记合同');
    expect(deskNextStep(order({ status: 'signed' }))).toBe('待买方转账、财务确认到账');
    expect(deskNextStep(order({ status: 'signed', paymentTerms: 'credit' }))).toBe('账期订单：待销售发货，待财务确认到账');
    expect(deskNextStep(order({ status: 'paid' }, PAID))).toBe('待销售发货');
    expect(deskNextStep(order({ status: 'shipped' }, PAID))).toBe('待买方确认收货');
    expect(deskNextStep(order({ status: 'shipped', receivedAt: '2026-12-01T02:00:00.000Z' }))).toBe('买方已签收，待财务确认到账');
  });
});

describe('the desk’s forms', () => {
  it('registers the contract on today unless another day is chosen, never a day to come', () => {
    const today = dayjs('2026-11-28T15:30:00');
    const values = contractPrefill(today);
    expect(contractBody({ ...values, contractNumber: ' HT-2026-0158 ' })).toEqual({ contractNumber: 'HT-2026-0158', signedOn: '2026-11-28' });
    expect(SalesOrderContractBody.safeParse(contractBody({ ...values, contractNumber: 'HT-1' })).success).toBe(true);
    expect(afterToday(dayjs('2026-11-29'), today)).toBe(true);
    expect(afterToday(dayjs('2026-11-28'), today)).toBe(false);
  });

  it('prefills the transfer with the order’s total and sends it in whole 分', () => {
    const values = transferPrefill({ totalFen: 2_400_001 });
    expect(values.amountYuan).toBe(24_000.01);
    expect(transferBody({ ...values, reference: ' HX20261128000456 ' })).toEqual({ amountFen: 2_400_001, reference: 'HX20261128000456' });
    expect(transferBody({ amountYuan: null, reference: '' }).amountFen).toBe(0);
  });

  it('ships every line with its batch numbers trimmed, once each, as the contract checks them', () => {
    const shipped = order({ status: 'paid', lines: [line(11, '微晶纤维素'), line(12, '乳糖', ['LAC2611'])] }, PAID);
    const values = shipPrefill(shipped);
    expect(values.batches).toEqual({ '11': [], '12': ['LAC2611'] });
    const body = shipBody(shipped, {
      carrier: ' 顺丰速运 ',
      trackingNumber: 'SF 1234 5678 90123',
      batches: { '11': ['MCC261101', ' MCC261102 ', 'MCC261101', ''], '12': ['LAC2611'] },
    });
    expect(body).toEqual({
      carrier: '顺丰速运',
      trackingNumber: 'SF1234567890123',
      lines: [
        { lineId: 11, batchNumbers: ['MCC261101', 'MCC261102'] },
        { lineId: 12, batchNumbers: ['LAC2611'] },
      ],
    });
    expect(SalesOrderShipBody.safeParse(body).success).toBe(true);
    // A line left without a batch number is sent empty, and the contract refuses it as the server would.
    const missing = shipBody(shipped, { carrier: '顺丰速运', trackingNumber: 'SF1234567890123', batches: { '12': ['LAC2611'] } });
    expect(missing.lines[0]).toEqual({ lineId: 11, batchNumbers: [] });
    expect(SalesOrderShipBody.safeParse(missing).error?.issues[0]?.message).toBe('请填写该产品的批号');
  });

  it('names each line’s batch field by its product, and by its 规格型号 when the product is there twice', () => {
    const lines = [line(1, '微晶纤维素'), { ...line(2, '微晶纤维素'), spec: 'PH102 20 kg/桶' }, line(3, '乳糖')];
    expect(batchFieldLabel(lines[2]!, lines)).toBe('乳糖 的批号');
    expect(batchFieldLabel(lines[1]!, lines)).toBe('微晶纤维素 的批号（PH102 20 kg/桶）');
  });
});
