import type { ValidationIssue } from '@fuliaotong/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client';

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

/**
 * Puts the server's answer where the user looks: field errors under their fields, everything else
 * as one message (returned, for an Alert above the form), or undefined when every issue had a field.
 */
export function showServerErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fields: readonly string[],
  /** Errors that belong to a field although the server sent no details (e.g. conflict → account). */
  fieldFor?: (error: ApiError) => string | undefined,
): string | undefined {
  const { fieldErrors, other } = splitServerErrors(error, fields);
  if (fieldErrors.length > 0) {
    form.setFields(fieldErrors as Parameters<FormInstance<Values>['setFields']>[0]);
    return other.length > 0 ? other.join('；') : undefined;
  }
  if (error instanceof ApiError && fieldFor) {
    const field = fieldFor(error);
    if (field) {
      form.setFields([{ name: [field], errors: [errorMessage(error)] }] as Parameters<FormInstance<Values>['setFields']>[0]);
      return undefined;
    }
  }
  return errorMessage(error);
}
