import type { ValidationIssue } from '@fuliaotong/contracts';
import { ApiError } from './api-client.js';

/** A message for people, in Chinese, for any failure of an API call. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后重试'): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return '服务器开小差了，请稍后重试';
    return error.serverMessage ?? fallback;
  }
  if (error instanceof TypeError) return '网络连接失败，请检查网络后重试';
  return fallback;
}

export interface FieldError {
  name: string[];
  errors: string[];
}

/**
 * The validation issues of a 400 answer, split into errors of the form's fields (`body.password` →
 * `password`) and the rest.
 */
export function splitServerErrors(error: unknown, fields: readonly string[]): { fieldErrors: FieldError[]; other: string[] } {
  const fieldErrors = new Map<string, string[]>();
  const other: string[] = [];
  const details: readonly ValidationIssue[] = error instanceof ApiError ? error.details : [];
  for (const issue of details) {
    const field = issue.path.replace(/^body\./, '').split('.')[0] ?? '';
    if (fields.includes(field)) fieldErrors.set(field, [...(fieldErrors.get(field) ?? []), issue.message]);
    else other.push(issue.message);
  }
  return { fieldErrors: [...fieldErrors].map(([name, errors]) => ({ name: [name], errors })), other };
}
