import { ApiError, errorMessage, splitServerErrors } from '@fuliaotong/client';
import type { FormInstance } from 'antd';

/* The API's errors in antd's forms; the messages and the split by field are the client's. */

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
