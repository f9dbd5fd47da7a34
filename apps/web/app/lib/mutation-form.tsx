import type { ApiError } from '@fuliaotong/client';
import { Alert, Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { toast } from '../components/toast';
import { showServerErrors } from './api-errors';

/*
 * One way for a form that sends a change (docs/decisions/0054): the form's values become the
 * variables of a mutation hook of the feature's *-api.ts; while it runs the button spins; the server's
 * field errors go under their fields and anything else above the form; success says so in a toast and
 * then shows what was stored, closes the dialog or opens the new item.
 */

/** What useMutationForm needs of a mutation hook's result. */
export interface FormMutation<Variables, Result> {
  mutateAsync: (variables: Variables) => Promise<Result>;
  isPending: boolean;
}

export interface MutationFormOptions<Values, Variables, Result> {
  /** The mutation's variables from the form's values. */
  variables: (values: Values) => Variables;
  /** The form's fields the server's field errors may name (showServerErrors). */
  fields: readonly string[];
  /** A field for an error the server sends without details (e.g. a conflict that is about one field). */
  fieldFor?: (error: ApiError) => string | undefined;
  /** The toast after success. */
  success: string | ((result: Result, values: Values) => string);
  /** The form shows the stored values afterwards (what the server answered). */
  stored?: (result: Result) => Values;
  /** After the toast: close the dialog, open the new item… */
  onSuccess?: (result: Result, values: Values) => void;
  /** An error the caller deals with itself (true: the form shows nothing of it). */
  onRefused?: (error: unknown) => boolean;
}

/** The part of an antd form instance a submission uses. */
type SubmittedForm<Values> = Pick<FormInstance<Values>, 'setFields' | 'setFieldsValue'>;

/**
 * Runs one submission: sends, then the toast and what follows success; on failure answers the message
 * for above the form (undefined when every problem sits under its field or the caller dealt with it).
 */
export async function submitMutationForm<Values, Variables, Result>(
  form: SubmittedForm<Values>,
  mutation: FormMutation<Variables, Result>,
  options: MutationFormOptions<Values, Variables, Result>,
  values: Values,
  notify: (text: string) => void = toast.success,
): Promise<string | undefined> {
  try {
    const result = await mutation.mutateAsync(options.variables(values));
    notify(typeof options.success === 'string' ? options.success : options.success(result, values));
    if (options.stored) form.setFieldsValue(options.stored(result));
    options.onSuccess?.(result, values);
    return undefined;
  } catch (error) {
    if (options.onRefused?.(error)) return undefined;
    return showServerErrors(form as FormInstance<Values>, error, options.fields, options.fieldFor);
  }
}

/**
 * Binds an antd form to a mutation: `<Form form={form} onFinish={onFinish}>`, the submit button's
 * `loading={pending}`, and `<FormError message={formError} />` where the form's own error goes.
 * `reset()` empties the form and its error (a dialog that closes).
 */
export function useMutationForm<Values, Variables, Result>(
  mutation: FormMutation<Variables, Result>,
  options: MutationFormOptions<Values, Variables, Result>,
) {
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const onFinish = (values: Values) => {
    setFormError(undefined);
    void submitMutationForm(form, mutation, options, values).then(setFormError);
  };
  const reset = () => {
    form.resetFields();
    setFormError(undefined);
  };
  return { form, onFinish, formError, pending: mutation.isPending, reset };
}

/** The form's own error (what belongs to no field), above its fields; antd's Alert is read at once (role="alert"). */
export function FormError({ message, className }: { message: string | undefined; className: string }) {
  return message ? <Alert className={className} type="error" showIcon title={message} /> : null;
}
