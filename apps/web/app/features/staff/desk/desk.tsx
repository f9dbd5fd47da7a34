import { Button, Drawer, Input, Segmented, Select, Table } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-state';
import { PageHeading } from '../../../components/page-heading';
import { RefreshButton } from '../../../components/refresh-button';
import { pageInfo } from '../../../site/pages';
import { useWideScreen } from '../../application/use-wide-screen';
import { DESK_KEYWORD_MAX, useDeskQuery, type DeskChange } from './desk-query';
import './desk.css';

/*
 * The staff console's desk shell: a desk is its columns, its filters and its editor. The frame (the
 * page's title and description, 刷新 and the desk's buttons, the row of filters), the table of a
 * server-paged list and the drawer of one item are here; the list's state is in the address
 * (desk-query.ts), its data comes from the feature's xxxQuery() factory (useQuery(xxxQuery(…))), and
 * its editor binds its form to a change with useMutationForm (lib/mutation-form.tsx).
 */

/** What 刷新 and the table need of a read: TanStack Query's result. */
interface DeskRead<Data> {
  data: Data | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A list the server answers a page of (or the whole of, without totalCount). */
interface DeskPage<Row> {
  items: readonly Row[];
  totalCount?: number;
}

/**
 * The frame of a desk. `path` names its page: the title and description come from the table of pages
 * (site/pages.ts) unless `description` says otherwise; `className` is the desk's own beside `admin-page`. `refresh` puts 刷新 for that read in the head,
 * before `actions` (新建…, 导出…); `filters` are one wrapping row above the list; `editor` (a drawer or
 * a dialog) comes after it.
 */
export function Desk({
  path,
  description,
  className = 'staff-desk',
  refresh,
  actions,
  filters,
  editor,
  children,
}: {
  path: string;
  description?: ReactNode;
  className?: string;
  refresh?: DeskRead<unknown>;
  actions?: ReactNode;
  filters?: ReactNode;
  editor?: ReactNode;
  children?: ReactNode;
}) {
  const info = pageInfo(path);
  const head =
    refresh || actions ? (
      <span className="staff-desk__head-actions">
        {refresh ? <RefreshButton query={refresh} /> : null}
        {actions}
      </span>
    ) : undefined;
  return (
    <div className={className ? `admin-page ${className}` : 'admin-page'}>
      <PageHeading title={info.title} description={description ?? info.description} extra={head} />
      {filters ? <div className="staff-desk__filters">{filters}</div> : null}
      {children}
      {editor}
    </div>
  );
}

/**
 * The list of a desk: an antd table of the read's rows, its error with 重试 in its place, and with
 * `paging` the server's pages (the page is the address's `page`; `unit` counts the total: 共 12 个).
 * `noun` says an empty list: 没有找到与“关键词”相关的{noun} when searching, else 暂无{noun}; `empty`
 * says it otherwise.
 */
export function DeskTable<Row extends object>({
  list,
  columns,
  errorTitle,
  scrollX,
  paging,
  noun,
  empty,
  expandable,
}: {
  list: DeskRead<DeskPage<Row>>;
  columns: ColumnsType<Row>;
  errorTitle: string;
  scrollX: number;
  paging?: { pageSize: number; unit: string };
  noun?: string;
  empty?: string;
  expandable?: TableProps<Row>['expandable'];
}) {
  const { keyword, page, go } = useDeskQuery();
  if (list.isError) return <LoadError title={errorTitle} error={list.error} onRetry={() => void list.refetch()} />;
  const emptyText = empty ?? (noun === undefined ? undefined : keyword ? `没有找到与“${keyword}”相关的${noun}` : `暂无${noun}`);
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.items}
      loading={list.isPending}
      scroll={{ x: scrollX }}
      expandable={expandable}
      locale={emptyText === undefined ? undefined : { emptyText }}
      pagination={
        paging
          ? {
              current: page,
              pageSize: paging.pageSize,
              total: list.data?.totalCount ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} ${paging.unit}`,
              onChange: (next) => go({ page: next }),
            }
          : false
      }
    />
  );
}

/** The link of a row that opens it (its name or number), named for what it does: 编辑产品 …, 查看订单 …. */
export function DeskLink({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" className="staff-desk__link" onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}

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

/** The drawer a desk opens one item in: large on wide screens (or `width`), the whole screen on phones. */
export function DeskDrawer({
  open,
  onClose,
  title,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children?: ReactNode;
}) {
  const wide = useWideScreen();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={wide ? 'large' : '100%'}
      styles={wide && width ? { wrapper: { width } } : undefined}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}

/** One item of a desk, read by its factory: its error with 重试, nothing while it loads, then `children(item)`. */
export function DeskItem<Item>({
  item,
  errorTitle,
  children,
}: {
  item: DeskRead<Item>;
  errorTitle: string;
  children: (item: Item) => ReactNode;
}) {
  if (item.isError) return <LoadError title={errorTitle} error={item.error} onRetry={() => void item.refetch()} />;
  return item.data ? children(item.data) : null;
}
