import { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return: none belongs in what people
 * type, and PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * Every text field of a request: a string without control characters. Chain `.trim()`, `.min()`,
 * `.max()`, `.regex()` as on `z.string()`.
 */
export function text() {
  return z.string().refine((value) => !CONTROL_CHARACTER.test(value), '不能包含控制字符');
}
