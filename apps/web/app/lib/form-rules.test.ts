import { SHIPMENT_BATCHES_MAX } from '@fuliaotong/contracts/constants';
import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it, vi } from 'vitest';
import { schemaCheck, schemaRule } from './form-rules';

/** What a field shows for a value under the rule: the message, or undefined when it passes. */
async function says(rule: FormRule, value: unknown): Promise<string | undefined> {
  const { validator } = rule as RuleObject;
  try {
    await validator!({}, value, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form fields check with the contract schemas, loaded with the first check', () => {
  it('says the contract’s Chinese message for a bad value and nothing for a good one', async () => {
    const mobile = schemaRule((s) => s.AddressBody.shape.mobile);
    expect(await says(mobile, '12345')).toBe('请输入 11 位手机号码');
    expect(await says(mobile, '13812345678')).toBeUndefined();
    const creditCode = schemaRule((s) => s.CreditCode);
    expect(await says(creditCode, '91110000')).toBe('统一社会信用代码应为 18 位');
    const account = schemaRule((s) => s.AccountName);
    expect(await says(account, 'not-an-account')).toBe('请输入正确的手机号或邮箱');
  });

  it('leaves an empty value to `required`, without loading the schemas', async () => {
    const pick = vi.fn((s: Parameters<Parameters<typeof schemaRule>[0]>[0]) => s.Mobile);
    const rule = schemaRule(pick);
    for (const value of [undefined, null, '']) expect(await says(rule, value)).toBeUndefined();
    expect(pick).not.toHaveBeenCalled();
    expect(await says(rule, '1')).toBe('请输入 11 位手机号码');
    expect(await says(rule, '2')).toBe('请输入 11 位手机号码');
    expect(pick).toHaveBeenCalledTimes(1);
  });

  it('checks a list, such as a shipped line’s batch numbers', async () => {
    const check = schemaCheck<string[]>((s) => s.SalesOrderShipBody.shape.lines.element.shape.batchNumbers);
    await expect(check(Array.from({ length: SHIPMENT_BATCHES_MAX + 1 }, (_, i) => `B${i}`))).rejects.toThrow(
      `每个产品最多 ${SHIPMENT_BATCHES_MAX} 个批号`,
    );
    await expect(check(['B1'])).resolves.toBeUndefined();
  });
});
