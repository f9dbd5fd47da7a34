import type { ConfirmTransferBody, SalesOrderContractBody, SalesOrderShipBody } from '@fuliaotong/contracts';
import { ApiError } from '@fuliaotong/client';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { submitMutationForm } from '../../lib/mutation-form';
import { contractForm, shipForm, transferForm, type ContractValues, type ShipValues, type TransferValues } from './sales-order-rules';

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

describe('登记合同', () => {
  it('sends the number and the day, and puts the server’s refusal of the day under it', async () => {
    const sign = mutation<SalesOrderContractBody, unknown>(() => Promise.reject(refusal(400, 'validation_failed', '请求参数不正确', [{ path: 'body.signedOn', message: '签订日期不能晚于今天' }])));
    const { told, form } = formRecorder();
    const values: ContractValues = { contractNumber: 'HT-2026-0158 ', signedOn: dayjs('2026-11-28') };
    const above = await submitMutationForm(form, sign, { ...contractForm, success: '合同已登记' }, values, () => undefined);
    expect(sign.sent).toEqual([{ contractNumber: 'HT-2026-0158', signedOn: '2026-11-28' }]);
    expect(above).toBeUndefined();
    expect(told.fields).toEqual([[{ name: ['signedOn'], errors: ['签订日期不能晚于今天'] }]]);
  });
});

describe('确认到账', () => {
  const values: TransferValues = { amountYuan: 23_999.99, reference: 'HX20261128000456' };

  it('puts an amount other than the order’s total under the amount', async () => {
    const message = '到账金额 ¥23,999.99 与订单合计 ¥24,000.00 不一致，请核对后再确认（多付或少付请与买方协商处理）';
    const confirm = mutation<ConfirmTransferBody, unknown>(() => Promise.reject(refusal(409, 'sales_order_state', message)));
    const { told, form } = formRecorder();
    const above = await submitMutationForm(form, confirm, { ...transferForm, success: '已确认到账' }, values, () => undefined);
    expect(confirm.sent).toEqual([{ amountFen: 2_399_999, reference: 'HX20261128000456' }]);
    expect(above).toBeUndefined();
    expect(told.fields).toEqual([[{ name: ['amountYuan'], errors: [message] }]]);
  });

  it('says any other refusal above the form (the transfer was confirmed meanwhile)', async () => {
    const confirm = mutation<ConfirmTransferBody, unknown>(() => Promise.reject(refusal(409, 'sales_order_state', '销售订单 XS20261128000001 的货款已确认到账')));
    const { told, form } = formRecorder();
    const above = await submitMutationForm(form, confirm, { ...transferForm, success: '已确认到账' }, values, () => undefined);
    expect(above).toBe('销售订单 XS20261128000001 的货款已确认到账');
    expect(told.fields).toEqual([]);
  });
});

describe('发货', () => {
  const order = { lines: [{ id: 11, productName: '微晶纤维素' }, { id: 12, productName: '乳糖' }] } as Parameters<typeof shipForm>[0];
  const values: ShipValues = { carrier: '顺丰速运', trackingNumber: 'SF1234567890123', batches: { '11': ['MCC261101'], '12': ['LAC2611'] } };

  it('sends every line with its batch numbers and says so', async () => {
    const ship = mutation<SalesOrderShipBody, unknown>(async () => ({}));
    const said: string[] = [];
    await submitMutationForm(formRecorder().form, ship, { ...shipForm(order), success: '已发货' }, values, (text) => said.push(text));
    expect(ship.sent).toEqual([
      {
        carrier: '顺丰速运',
        trackingNumber: 'SF1234567890123',
        lines: [
          { lineId: 11, batchNumbers: ['MCC261101'] },
          { lineId: 12, batchNumbers: ['LAC2611'] },
        ],
      },
    ]);
    expect(said).toEqual(['已发货']);
  });

  it('puts the tracking number’s problem under it and a line’s problem above the form', async () => {
    const ship = mutation<SalesOrderShipBody, unknown>(() =>
      Promise.reject(
        refusal(400, 'validation_failed', '请求参数不正确', [
          { path: 'body.trackingNumber', message: '请填写运单号' },
          { path: 'body.lines', message: '请填写 乳糖 的批号' },
        ]),
      ),
    );
    const { told, form } = formRecorder();
    const above = await submitMutationForm(form, ship, { ...shipForm(order), success: '已发货' }, values, () => undefined);
    expect(above).toBe('请填写 乳糖 的批号');
    expect(told.fields).toEqual([[{ name: ['trackingNumber'], errors: ['请填写运单号'] }]]);
  });
});
