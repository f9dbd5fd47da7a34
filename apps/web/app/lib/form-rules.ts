import type { FormRule } from 'antd';

/** What a contract (zod) schema offers for checking a value. */
interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd form rule that validates with a contract schema, so the browser says exactly what the
 * server would (the contracts carry Chinese messages). Empty values are left to `required`.
 */
export function schemaRule(schema: Checkable): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
