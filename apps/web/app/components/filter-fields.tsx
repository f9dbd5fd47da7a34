import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import './filter-fields.css';

/**
 * The fields that filter a public list (keyword, a choice, a date range, a check box): plain form
 * controls in antd's look, so lists show and work without antd, and phones get their own pickers.
 * Each calls back with the new value; the page keeps it in the URL (useFilterParams).
 */

export interface FieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

function MagnifierIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden>
      <path d="M909.6 854.5 649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0 0 11.6 0l43.6-43.5a8.2 8.2 0 0 0 0-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z" />
    </svg>
  );
}

/**
 * A keyword box. Enter or the button applies the words; emptying the box (its × or deleting the text)
 * clears the filter. `button`: the button's text (查询), or a magnifier when there is none.
 */
export function SearchField({
  value,
  onSearch,
  label,
  placeholder,
  maxLength = 50,
  button,
  className,
}: {
  value: string;
  onSearch: (words: string) => void;
  /** The field's name, read aloud (关键词, 企业名称). */
  label: string;
  placeholder?: string;
  maxLength?: number;
  button?: string;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The words last sent: the address coming back with them must not replace what is typed since.
  const sent = useRef(value);
  useEffect(() => {
    // A new value from the address (back button, 清除筛选) replaces what was typed.
    if (input.current && value !== sent.current) input.current.value = value;
    sent.current = value;
  }, [value]);
  const search = (words: string) => {
    sent.current = words;
    onSearch(words);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(input.current?.value.trim() ?? '');
  };
  return (
    <form className={`search-field ${className ?? ''}`} onSubmit={onSubmit}>
      <input
        ref={input}
        type="search"
        name="words"
        className="search-field__input"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-label={label}
        enterKeyHint="search"
        onChange={(event) => {
          if (event.target.value === '' && sent.current !== '') search('');
        }}
      />
      <button type="submit" className={button ? 'search-field__button search-field__button--text' : 'search-field__button'}>
        {button ?? <MagnifierIcon />}
        {button ? null : <span className="visually-hidden">搜索{label}</span>}
      </button>
    </form>
  );
}

/** One of a few values, or 全部 (no filter): a native select with its name in front (类型 全部 ▾). */
export function SelectField({
  label,
  value,
  options,
  onChange,
  emptyLabel = '全部',
  className,
}: {
  label: string;
  value: string | null;
  options: ReadonlyArray<FieldOption>;
  onChange: (value: string | undefined) => void;
  /** The choice that means "no filter"; `null` when a value is always chosen (排序). */
  emptyLabel?: string | null;
  className?: string;
}) {
  return (
    <label className={`select-field ${className ?? ''}`}>
      <span className="select-field__prefix">{label}</span>
      <select className="select-field__select" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        {emptyLabel === null ? null : <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The local date of today, as a date field's value (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A whole date with a four-digit year from 1900 on: what a date field holds once its last part is typed. */
const WHOLE_DATE = /^(19|20)\d\d-\d\d-\d\d$/;

/**
 * From and to dates (either may be empty), none after today: the device's own date pickers. A date
 * picked or typed whole applies at once; while a year is being typed (0002, 0020, …) nothing is
 * applied, and an emptied field applies when it is left.
 */
export function DateRangeField({
  label,
  from,
  to,
  onChange,
  className,
}: {
  label: string;
  from: string | null;
  to: string | null;
  onChange: (from: string | undefined, to: string | undefined) => void;
  className?: string;
}) {
  const id = useId();
  // Today in the visitor's time zone, set once the page runs in the browser (the server's day may differ).
  const [max, setMax] = useState<string>();
  useEffect(() => setMax(today()), []);
  const field = (which: 'from' | 'to') => {
    const current = (which === 'from' ? from : to) ?? '';
    const apply = (value: string) => {
      if (value === current) return;
      if (which === 'from') onChange(value || undefined, to ?? undefined);
      else onChange(from ?? undefined, value || undefined);
    };
    return (
      <input
        // A new value from the address (back button, 清除筛选) replaces what is shown.
        key={`${which}:${current}`}
        type="date"
        className="date-range__input"
        aria-label={`${label}：${which === 'from' ? '开始' : '结束'}`}
        defaultValue={current}
        min={which === 'to' ? (from ?? undefined) : undefined}
        max={which === 'from' ? (to ?? max) : max}
        onChange={(event) => {
          if (WHOLE_DATE.test(event.target.value)) apply(event.target.value);
        }}
        onBlur={(event) => apply(event.target.value)}
      />
    );
  };
  return (
    <div className={`date-range ${className ?? ''}`} role="group" aria-labelledby={id}>
      <span className="select-field__prefix" id={id}>
        {label}
      </span>
      {field('from')}
      <span className="date-range__to" aria-hidden>
        至
      </span>
      {field('to')}
    </div>
  );
}

/** A yes/no filter (只看可申请样品). */
export function CheckField({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`check-field ${className ?? ''}`}>
      <input type="checkbox" className="check-field__box" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
