import type { z } from 'zod';

/**
 * A stored settings object read back against its schema: a value written by an older version may lack
 * a field or hold one that is no longer valid; each such field keeps its default, the others are kept.
 */
export function withDefaults<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  defaults: z.output<z.ZodObject<Shape>>,
  stored: unknown,
): z.output<z.ZodObject<Shape>> {
  if (stored === undefined) return defaults;
  const merged: Record<string, unknown> = { ...defaults, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const whole = schema.safeParse(merged);
  if (whole.success) return whole.data;
  const fields = Object.fromEntries(
    Object.keys(defaults).map((key) => {
      const one = (schema.shape[key] as z.ZodType).safeParse(merged[key]);
      return [key, one.success ? one.data : (defaults as Record<string, unknown>)[key]];
    }),
  );
  return fields as z.output<z.ZodObject<Shape>>;
}
