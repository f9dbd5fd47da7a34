import type * as FormSchemas from '@fuliaotong/contracts/forms';
import type { FormRule } from 'antd';

/** What a contract (zod) schema offers for checking a value. */
export interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The contract schemas the forms check with (`@fuliaotong/contracts/forms`). */
export type Schemas = typeof FormSchemas;

let schemas: Promise<Schemas> | undefined;

/**
 * The form schemas, with zod: loaded on the first check of any field, not with the page, and shared
 * by every field after. Answers undefined when they cannot be loaded (the next check tries again; the
 * server checks the value anyway).
 */
export async function loadSchemas(): Promise<Schemas | undefined> {
  schemas ??= import('@fuliaotong/contracts/forms');
  try {
    return await schemas;
  } catch {
    schemas = undefined;
    return undefined;
  }
}

/**
 * A check of a non-empty value with the schema that `pick` takes from the contracts, so the browser
 * says exactly what the server would (the contracts carry Chinese messages).
 */
export function schemaCheck<T>(pick: (schemas: Schemas) => Checkable, fallback = '格式不正确'): (value: T) => Promise<void> {
  let schema: Checkable | undefined;
  return async (value) => {
    if (!schema) {
      const loaded = await loadSchemas();
      if (!loaded) return;
      schema = pick(loaded);
    }
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? fallback);
  };
}

/**
 * An antd form rule that validates with a contract schema, e.g.
 * `schemaRule((s) => s.AddressBody.shape.mobile)`. Empty values are left to `required`.
 */
export function schemaRule(pick: (schemas: Schemas) => Checkable): FormRule {
  const check = schemaCheck<unknown>(pick);
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      await check(value);
    },
  };
}
