import type { Key, ReactNode } from 'react';
import './data-table.css';

/** A column a list can be ordered by: the `sort` values of its two orders, and the one a first click picks. */
export interface ColumnSort {
  asc: string;
  desc: string;
  first: 'asc' | 'desc';
}

export interface DataColumn<T> {
  key: string;
  title: string;
  /** Width in px (the others share the rest). */
  width?: number;
  /** The cell; the row's field named `key` when there is none. */
  render?: (row: T) => ReactNode;
  sort?: ColumnSort;
  /** Amounts line up on the right. */
  align?: 'right';
}

/** A field shown as it is: text and numbers; nothing for anything else. */
function cellText(value: unknown): ReactNode {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The order a header shows for the list's `sort` value. */
function orderOf(sort: string | undefined, column: ColumnSort): 'ascending' | 'descending' | undefined {
  if (sort === column.asc) return 'ascending';
  if (sort === column.desc) return 'descending';
  return undefined;
}

/** A header click: first order, then the other, then back to the list's default order (undefined). */
function nextSort(sort: string | undefined, column: ColumnSort): string | undefined {
  const [first, second] = column.first === 'asc' ? [column.asc, column.desc] : [column.desc, column.asc];
  if (sort === first) return second;
  if (sort === second) return undefined;
  return first;
}

/**
 * A public list's records as a table, in antd's table look: plain markup, so database lists show without
 * antd. A column with `sort` has a header button that orders the list (`onSort` gets the new `sort`
 * value, or undefined for the default order). Put it in a `.table-scroll` section to scroll sideways on
 * narrow screens; below 640 px lists show `RecordCards` instead.
 */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  sort,
  onSort,
  minWidth = 640,
}: {
  /** The table's name, read aloud (登记信息列表). */
  label: string;
  rows: T[];
  rowKey: (row: T) => Key;
  columns: Array<DataColumn<T>>;
  empty: string;
  sort?: string;
  onSort?: (sort: string | undefined) => void;
  minWidth?: number;
}) {
  return (
    <table className="data-table" aria-label={label} style={{ minWidth }}>
      <thead>
        <tr>
          {columns.map((column) => {
            const order = column.sort ? orderOf(sort, column.sort) : undefined;
            return (
              <th
                key={column.key}
                scope="col"
                className={column.align === 'right' ? 'is-right' : undefined}
                style={column.width ? { width: column.width } : undefined}
                aria-sort={order}
              >
                {column.sort && onSort ? (
                  <button type="button" className="data-table__sort" onClick={() => onSort(nextSort(sort, column.sort!))}>
                    {column.title}
                    <span className={`data-table__arrows${order ? ` is-${order}` : ''}`} aria-hidden>
                      <span className="data-table__up">▲</span>
                      <span className="data-table__down">▼</span>
                    </span>
                  </button>
                ) : (
                  column.title
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} className={column.align === 'right' ? 'is-right' : undefined}>
                {column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key])}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="data-table__empty">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
