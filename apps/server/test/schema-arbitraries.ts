import fc from 'fast-check';
import { z } from 'zod';

/*
 * Values that a zod schema of the contracts accepts, generated from its JSON Schema (`z.toJSONSchema`,
 * the input side): types, lengths, patterns, ranges, enums, required and optional keys. Refinements
 * the JSON Schema cannot say (no control characters, a real calendar date, an e-mail after trimming,
 * "one of two fields") are not followed: a generated value is valid for the schema's shape, and most
 * of the time for the schema itself.
 */

interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Printable characters people type: letters, digits, a few marks, Chinese, inner spaces. */
const ordinaryCharacter = fc.oneof(
  fc.constantFrom(...'abcxyzABCXYZ0123456789-_.@'),
  fc.constantFrom(...'乳糖微晶纤维素羟丙甲基聚维酮硬脂酸镁药用辅料杭州王工'),
  fc.constantFrom(' ', '·', '（', '）'),
);

function ordinaryString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  // Long strings only add time: a valid one is at most a little over the minimum or 40 characters.
  const max = Math.min(maxLength, Math.max(minLength + 5, 40));
  return fc
    .string({ unit: ordinaryCharacter, minLength, maxLength: max })
    .map((value) => value.trim())
    .filter((value) => value.length >= minLength);
}

/** Integers near the lower bound most of the time (small ids name the demo content's rows), and the bounds. */
function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const near = fc.integer({ min, max: Math.min(max, min + 20) });
  if (max - min <= 20) return near;
  return fc.oneof(
    { weight: 3, arbitrary: near },
    { weight: 2, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function fromJsonSchema(schema: JsonSchema, defs: Record<string, JsonSchema>, key?: string): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    const target = defs[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return fromJsonSchema(target, defs, key);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => fromJsonSchema(alternative, defs, key)));
  if (schema.allOf) return fromJsonSchema(Object.assign({}, ...schema.allOf) as JsonSchema, defs, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1, Number.MAX_SAFE_INTEGER);
      return type === 'integer' ? integerIn(min, max) : fc.double({ min, max, noNaN: true });
    }
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? 200;
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern), { size: 'xsmall' })
          .filter((value) => value.length >= minLength && value.length <= maxLength);
      }
      if (schema.format === 'email' || key === 'email') return fc.emailAddress({ size: 'xsmall' }).filter((value) => value.length <= maxLength);
      if (schema.format === 'uuid') return fc.uuid();
      return ordinaryString(minLength, maxLength);
    }
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => fromJsonSchema(item, defs)));
      const item = schema.items ? fromJsonSchema(schema.items, defs) : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.min(schema.maxItems ?? 5, minLength + 4) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, fromJsonSchema(property, defs, name)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      // Unrepresentable in JSON Schema (`{}`): any small JSON value.
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Values of the schema's input shape (see above). */
export function validInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, json.$defs ?? {});
}

/** The keys of an object schema that take free text (a string without an enum, a pattern or a format). */
export function freeTextKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const root = json.$ref ? json.$defs?.[json.$ref.replace('#/$defs/', '')] : json;
  return Object.entries(root?.properties ?? {})
    .filter(([, property]) => property.type === 'string' && !property.enum && !property.pattern && !property.format)
    .map(([key]) => key);
}
