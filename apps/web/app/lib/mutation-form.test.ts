import { ApiError } from '@fuliaotong/client';
import { describe, expect, it } from 'vitest';
import { submitMutationForm, type FormMutation, type MutationFormOptions } from './mutation-form';

interface Values {
  name: string;
  price: number;
}
interface Saved {
  id: number;
  name: string;
  priceFen: number;
}

/** What a form is told: field errors and values set. */
function formRecorder() {
  const told: { fields: unknown[]; values: unknown[] } = { fields: [], values: [] };
  return {
    told,
    form: {
      setFields: (fields: unknown) => void told.fields.push(fields),
      setFieldsValue: (values: unknown) => void told.values.push(values),
    },
  };
}

function mutation(answer: (body: { name: string; priceFen: number }) => Promise<Saved>): FormMutation<{ name: string; priceFen: number }, Saved> & {
  sent: unknown[];
} {
  const sent: unknown[] = [];
  return {
    sent,
    isPending: false,
    mutateAsync: (body) => {
      sent.push(body);
      return answer(body);
    },
  };
}

const options = (extra: Partial<MutationFormOptions<Values, { name: string; priceFen: number }, Saved>> = {}) => ({
  variables: (values: Values) => ({ name: values.name.trim(), priceFen: Math.round(values.price * 100) }),
  fields: ['name', 'price'],
  success: (saved: Saved) => `已保存“${saved.name}”`,
  ...extra,
});

const validation = new ApiError(400, {
  error: {
    code: 'validation_failed',
    message: '请求参数不正确',
    details: [
      { path: 'body.name', message: '名称已被使用' },
      { path: 'body.sortOrder', message: '排序不正确' },
    ],
    requestId: 'r1',
  },
});

describe('a form bound to a change', () => {
  it('sends the variables, says so, shows what was stored and goes on', async () => {
    const { form, told } = formRecorder();
    const save = mutation(async (body) => ({ id: 9, ...body }));
    const said: string[] = [];
    const after: unknown[] = [];
    const error = await submitMutationForm(
      form,
      save,
      options({ stored: (saved) => ({ name: saved.name, price: saved.priceFen / 100 }), onSuccess: (saved) => after.push(saved.id) }),
      { name: ' 年卡 ', price: 12.5 },
      (text) => said.push(text),
    );
    expect(error).toBeUndefined();
    expect(save.sent).toEqual([{ name: '年卡', priceFen: 1250 }]);
    expect(said).toEqual(['已保存“年卡”']);
    expect(told.values).toEqual([{ name: '年卡', price: 12.5 }]);
    expect(after).toEqual([9]);
  });

  it('puts the server’s field errors under their fields and answers the rest for above the form', async () => {
    const { form, told } = formRecorder();
    const said: string[] = [];
    const error = await submitMutationForm(form, mutation(() => Promise.reject(validation)), options(), { name: '年卡', price: 1 }, (text) =>
      said.push(text),
    );
    expect(told.fields).toEqual([[{ name: ['name'], errors: ['名称已被使用'] }]]);
    expect(error).toBe('排序不正确');
    expect(said).toEqual([]);
  });

  it('names a field for an error without details, and leaves an error its caller deals with', async () => {
    const conflict = new ApiError(409, { error: { code: 'order_state', message: '金额与订单不符', requestId: 'r2' } });
    const first = formRecorder();
    expect(
      await submitMutationForm(first.form, mutation(() => Promise.reject(conflict)), options({ fieldFor: () => 'price' }), { name: 'a', price: 1 }),
    ).toBeUndefined();
    expect(first.told.fields).toEqual([[{ name: ['price'], errors: ['金额与订单不符'] }]]);

    const second = formRecorder();
    const refused: unknown[] = [];
    expect(
      await submitMutationForm(
        second.form,
        mutation(() => Promise.reject(conflict)),
        options({ onRefused: (error) => refused.push(error) > 0 }),
        { name: 'a', price: 1 },
      ),
    ).toBeUndefined();
    expect(refused).toEqual([conflict]);
    expect(second.told.fields).toEqual([]);

    const third = formRecorder();
    expect(await submitMutationForm(third.form, mutation(() => Promise.reject(conflict)), options(), { name: 'a', price: 1 })).toBe('金额与订单不符');
  });
});
