import { Input, Segmented, Select } from 'antd';
import { DESK_KEYWORD_MAX, useDeskQuery, type DeskChange } from './desk-query';

/**
 * A choice of the filter row kept in the address's `param`. Choosing `clears` (the first option unless
 * told; null: none) leaves the parameter out; a change goes back to the first page and applies `also`.
 */
export function DeskChoice<V extends string | number>({
  label,
  param,
  value,
  options,
  clears = options[0]?.value ?? null,
  also,
}: {
  label: string;
  param: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  clears?: V | null;
  also?: Record<string, DeskChange>;
}) {
  const { go } = useDeskQuery();
  return (
    <Segmented<V>
      aria-label={label}
      value={value}
      options={[...options]}
      onChange={(next) => go({ [param]: next === clears ? null : next, page: 1, ...also })}
    />
  );
}

/** A list of the filter row to pick one value from (or none: cleared), kept in the address's `param`. */
export function DeskSelect<V extends string>({
  label,
  placeholder,
  param,
  value,
  options,
  also,
}: {
  label: string;
  placeholder: string;
  param: string;
  value: V | undefined;
  options: Array<{ value: V; label: string }>;
  also?: Record<string, DeskChange>;
}) {
  const { go } = useDeskQuery();
  return (
    <Select
      aria-label={label}
      className="staff-desk__select"
      allowClear
      placeholder={placeholder}
      value={value}
      options={options}
      onChange={(next?: V) => go({ [param]: next ?? null, page: 1, ...also })}
    />
  );
}

/** The keyword of the filter row (the address's `keyword`); searching goes back to the first page. */
export function DeskSearch({ label, placeholder }: { label: string; placeholder: string }) {
  const { keyword, go } = useDeskQuery();
  return (
    <Input.Search
      className="staff-desk__search"
      allowClear
      defaultValue={keyword}
      maxLength={DESK_KEYWORD_MAX}
      placeholder={placeholder}
      aria-label={label}
      onSearch={(next) => go({ keyword: next, page: 1 })}
    />
  );
}
