import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormDicList } from '@fuliaotong/contracts';
import { formDictionary } from './form-dictionary.schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('form dictionary', () => {
  it('lists the enabled options of the four groups in their order, without a token', async () => {
    await t.database.db
      .update(formDictionary)
      .set({ enabled: false })
      .where(and(eq(formDictionary.groupCode, 'stage'), eq(formDictionary.value, 'commercial')));
    const response = await t.app.inject({ method: 'GET', url: '/api/app/no-token-interface/form-dic-list' });
    expect(response.statusCode).toBe(200);
    const { items } = parsed(response, FormDicList);
    expect(items.map((g) => [g.code, g.name])).toEqual([
      ['purpose', '申请用途'],
      ['dosageForm', '剂型'],
      ['stage', '研发阶段'],
      ['companyType', '单位类型'],
    ]);
    const stage = items.find((g) => g.code === 'stage')!;
    expect(stage.options).toEqual([
      { value: 'preclinical', label: '处方前研究' },
      { value: 'pilot', label: '小试' },
      { value: 'scale_up', label: '中试 / 工艺放大' },
      { value: 'clinical', label: '临床研究' },
      { value: 'registration', label: '申报注册' },
    ]);
    const purpose = items.find((g) => g.code === 'purpose')!;
    expect(purpose.options[0]).toEqual({ value: 'formulation_development', label: '处方开发' });
    expect(purpose.options.at(-1)).toEqual({ value: 'other', label: '其他' });
  });

  it('ignores a token, even a bad one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/app/no-token-interface/form-dic-list',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(200);
  });
});
