import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import './quantity-input.css';

/**
 * A quantity between `min` and `max`: − and + buttons around a number field, named in Chinese for
 * screen readers. Plain markup: the product page shows it without antd. While the field is being
 * typed in, a number out of bounds is brought within them; an empty field goes back to the value when
 * it loses focus.
 */
export function QuantityInput({
  value,
  min = 1,
  max,
  disabled,
  label,
  onChange,
  onCommit,
}: {
  value: number;
  min?: number;
  max: number;
  disabled?: boolean;
  /** What the number is, e.g. "样品数量"; the buttons are "减少…" and "增加…". */
  label: string;
  onChange: (value: number) => void;
  /** The field lost focus or Enter was pressed. */
  onCommit?: () => void;
}) {
  const bounded = (next: number) => Math.min(max, Math.max(min, Math.trunc(next)));
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    setDraft(String(value));
    onCommit?.();
  };
  return (
    <span className="quantity-input">
      <button
        type="button"
        className="quantity-input__step"
        aria-label={`减少${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(bounded(value - 1))}
      >
        <MinusOutlined aria-hidden />
      </button>
      <input
        className="quantity-input__field"
        value={draft}
        disabled={disabled}
        role="spinbutton"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        inputMode="numeric"
        pattern="[0-9]*"
        onChange={(event) => {
          const text = event.target.value.replace(/\D/g, '');
          if (text === '') {
            setDraft(text);
            return;
          }
          // A number out of bounds shows as the bound it is brought to.
          const next = bounded(Number(text));
          setDraft(String(next));
          onChange(next);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          // A spin button's keys: the arrows step by one.
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            onChange(bounded(value + (event.key === 'ArrowUp' ? 1 : -1)));
          }
        }}
      />
      <button
        type="button"
        className="quantity-input__step"
        aria-label={`增加${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(bounded(value + 1))}
      >
        <PlusOutlined aria-hidden />
      </button>
    </span>
  );
}
