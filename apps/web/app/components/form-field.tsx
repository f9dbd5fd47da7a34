import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { PlainField } from '../lib/plain-form';
import './form-field.css';

/*
 * The fields of a form outside antd's scope (the sign-in pages, docs/decisions/0067), in the look of
 * antd's large vertical form: the label above, the control, then the error (announced, linked to the
 * control by aria-describedby) or a hint under it.
 */

/** A label, a control and the line under it. `controlId` is the control's id (the label points at it). */
export function FieldFrame({
  controlId,
  label,
  error,
  extra,
  children,
}: {
  controlId: string;
  label: ReactNode;
  error?: string;
  /** A hint under the control, shown while there is no error. */
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${controlId}-help`} className="form-field__error" role="alert">
          {error}
        </div>
      ) : extra ? (
        <div id={`${controlId}-help`} className="form-field__extra">
          {extra}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'type'>;

/** The attributes that tie a control to its field: value, events, error state and help line. */
export function controlProps(field: PlainField, hasHelp: boolean) {
  return {
    id: field.id,
    name: field.name,
    value: field.value,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': hasHelp ? `${field.id}-help` : undefined,
  } as const;
}

/** A text field (account, mobile number, nickname, code). */
export function TextField({ field, label, extra, ...input }: { field: PlainField; label: ReactNode; extra?: ReactNode } & InputProps) {
  return (
    <FieldFrame controlId={field.id} label={label} error={field.error} extra={extra}>
      <input className="text-input" type="text" {...input} {...controlProps(field, Boolean(field.error || extra))} />
    </FieldFrame>
  );
}

/**
 * A password field with a toggle button 显示 (pressed: the password shows). Its name is one word so
 * that it never repeats the field's label.
 */
export function PasswordField({ field, label, extra, ...input }: { field: PlainField; label: ReactNode; extra?: ReactNode } & InputProps) {
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame controlId={field.id} label={label} error={field.error} extra={extra}>
      <span className="text-input text-input--affix">
        <input type={shown ? 'text' : 'password'} {...input} {...controlProps(field, Boolean(field.error || extra))} />
        <button
          type="button"
          className="text-input__reveal"
          aria-pressed={shown}
          aria-controls={field.id}
          title={shown ? '隐藏输入的密码' : '显示输入的密码'}
          onClick={() => setShown((value) => !value)}
        >
          显示
        </button>
      </span>
    </FieldFrame>
  );
}
