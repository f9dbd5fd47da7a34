/*
 * Logs never hold a whole mobile number, e-mail address or verification code (the `log` message
 * drivers' own lines excepted, see log-drivers): these helpers mask them, and the logger applies
 * `maskLogValue` to everything it writes (logger.ts).
 */

/** A mainland mobile number standing alone (not inside a longer run of digits). */
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** A code after the words that introduce one ("验证码为 123456", "code: 123456"). */
const CODE_IN_TEXT = /(验证码\D{0,8}|\bcode\W{1,3})\d{4,8}(?!\d)/gi;
/** Fields whose value is a secret whatever it looks like. */
const SECRET_KEYS = /^(password|newPassword|oldPassword|token|accessKeySecret)$/i;
/**
 * Fields that hold a verification code when their value is 6 to 8 digits (an error's `code` is a word,
 * or PostgreSQL's 5 characters, `23505`).
 */
const CODE_KEYS = /^(code|verificationCode|smsCode)$/i;
const DIGITS = /^\d{6,8}$/;

function isSecretField(key: string, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  return SECRET_KEYS.test(key) || (CODE_KEYS.test(key) && DIGITS.test(String(value)));
}

/** `13800138000` → `138****8000`. */
export function maskPhone(phone: string): string {
  return phone.replace(MOBILE, '$1****$2');
}

/** `zhang@example.com` → `z***@example.com`. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, '$1***@$2');
}

/** An account (a mobile number or an e-mail address) as logs may show it; anything else keeps only its first 3 characters. */
export function maskAccount(account: string): string {
  const masked = maskText(account);
  if (masked !== account) return masked;
  return account.length <= 3 ? '***' : `${account.slice(0, 3)}***`;
}

/** What each of the patterns above needs: four digits in a row, or an `@`. Most texts (a URL) have neither. */
const MAYBE_MASKED = /\d{4}|@/;

/** Masks every mobile number, e-mail address and introduced verification code inside a text. */
export function maskText(text: string): string {
  if (!MAYBE_MASKED.test(text)) return text;
  return text.replace(CODE_IN_TEXT, (_, intro: string) => `${intro}******`).replace(MOBILE, '$1****$2').replace(EMAIL, '$1***@$2');
}

const MAX_DEPTH = 6;

/**
 * A copy of a value about to be logged with every string masked and secret fields replaced. Only
 * plain objects and arrays are walked (requests, errors and other class instances are left to their
 * serializers, which mask what they output).
 */
export function maskLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return maskError(value, depth);
  if (Array.isArray(value)) return value.map((item) => maskLogValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = isSecretField(key, item) ? '******' : maskLogValue(item, depth + 1);
  }
  return result;
}

/**
 * A copy of an error with its message, stack and own fields masked (a failed query's message holds
 * its parameters), of the same class, so that the logger's error serializer still names its type.
 */
export function maskError(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, item] of Object.entries(error)) copy[key] = isSecretField(key, item) ? '******' : maskLogValue(item, depth + 1);
  Object.defineProperty(copy, 'message', { value: maskText(error.message), enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', { value: error.stack === undefined ? undefined : maskText(error.stack), enumerable: false, writable: true, configurable: true });
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', { value: maskLogValue(error.cause, depth + 1), enumerable: false, writable: true, configurable: true });
  }
  return copy;
}

/**
 * Marks a log object whose values are not walked by `maskLogValue`: the `log` message drivers' lines,
 * which exist so that development and tests can read what was sent, and each request's line, whose
 * text (the URL) its serializer masks. A field added to such a line must be masked where it is added.
 * (pino does not write symbol keys.)
 */
export const UNMASKED = Symbol.for('fuliaotong.log.unmasked');
