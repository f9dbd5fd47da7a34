import { ApiError, errorMessage, splitServerErrors } from '@fuliaotong/client';
import { useRef, useState } from 'react';

/*
 * A form without antd (the sign-in pages, docs/decisions/0067): text values by field, each field's
 * check (features/session/auth-checks.ts), the error under each field, and the server's answer put
 * where the user looks — as showServerErrors (api-errors.ts) does for antd's forms.
 */

/** A field's check: its message, or undefined when the value passes. `values` are all the form's (a confirmation compares). */
export type FieldCheck = (value: string, values: Readonly<Record<string, string>>) => string | undefined;

export interface PlainField {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface PlainForm<F extends string> {
  values: Record<F, string>;
  /** The props of one field's control (components/form-field.tsx). */
  field: (name: F) => PlainField;
  /** Checks the fields (all by default) and shows their errors; focuses the first wrong one. True when all pass. */
  validate: (names?: readonly F[]) => boolean;
  /** The message above the form (the server's answer that belongs to no field). */
  formError?: string;
  setFormError: (message: string | undefined) => void;
  /**
   * The server's refusal: field errors under their fields, the rest above the form. `fieldFor` names
   * the field of an error the server sent without details (a taken number belongs under the number).
   */
  showServerError: (error: unknown, fieldFor?: (error: ApiError) => F | undefined) => void;
}

export function usePlainForm<F extends string>(
  /** Each field's check; a field without one is free text. */
  checks: Record<F, FieldCheck | undefined>,
  initial: Partial<Record<F, string>> = {},
  /** Prefixes the fields' ids (two forms in one page). */
  idPrefix = '',
): PlainForm<F> {
  const names = Object.keys(checks) as F[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, initial[name] ?? ''])) as Record<F, string>);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string>();
  /** Fields the user has left or the form has checked: their errors show as they change. */
  const touched = useRef(new Set<F>());
  const idOf = (name: F) => `${idPrefix}${name}`;
  const checkOf = (name: F, all: Record<F, string>) => checks[name]?.(all[name], all);

  const validate = (only?: readonly F[]) => {
    const checked = only ?? names;
    const found: Partial<Record<F, string>> = {};
    for (const name of checked) {
      touched.current.add(name);
      const message = checkOf(name, values);
      if (message) found[name] = message;
    }
    setErrors((current) => {
      const next = { ...current };
      for (const name of checked) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
    const first = checked.find((name) => found[name]);
    if (first) document.getElementById(idOf(first))?.focus();
    return first === undefined;
  };

  const field = (name: F): PlainField => ({
    id: idOf(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (value) => {
      const next = { ...values, [name]: value };
      setValues(next);
      setFormError(undefined);
      // Fields already checked are checked again as the user types (a confirmation follows its password).
      const again = [...touched.current].filter((other) => other === name || errors[other] !== undefined);
      if (again.length > 0) setErrors((current) => ({ ...current, ...Object.fromEntries(again.map((other) => [other, checkOf(other, next)])) }));
    },
    onBlur: () => {
      if (values[name] === '' && !touched.current.has(name)) return; // passing through an empty field
      touched.current.add(name);
      setErrors((current) => ({ ...current, [name]: checkOf(name, values) }));
    },
  });

  const showServerError = (error: unknown, fieldFor?: (error: ApiError) => F | undefined) => {
    const { fieldErrors, other } = splitServerErrors(error, names);
    if (fieldErrors.length > 0) {
      const found: Partial<Record<F, string>> = {};
      for (const e of fieldErrors) {
        const name = e.name[0] as F;
        touched.current.add(name);
        found[name] = e.errors[0];
      }
      setErrors((current) => ({ ...current, ...found }));
      setFormError(other.length > 0 ? other.join('；') : undefined);
      return;
    }
    const field = error instanceof ApiError ? fieldFor?.(error) : undefined;
    if (field) {
      touched.current.add(field);
      setErrors((current) => ({ ...current, [field]: errorMessage(error) }));
      setFormError(undefined);
      return;
    }
    setFormError(errorMessage(error));
  };

  return { values, field, validate, formError, setFormError, showServerError };
}
