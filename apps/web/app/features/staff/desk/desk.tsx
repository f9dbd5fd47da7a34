import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { RefreshButton } from '../../../components/refresh-button';
import { pageInfo } from '../../../site/pages';
import './desk.css';

/*
 * The staff console's desk shell: a desk is its columns, its filters and its editor. Here the frame (the
 * page's title and description, 刷新 and the desk's buttons, the row of filters); the table of a
 * server-paged list (desk-table.tsx), the filters (desk-filters.tsx) and the drawer of one item
 * (desk-drawer.tsx) are files of their own, so that a desk loads only the antd parts it shows. The
 * list's state is in the address (desk-query.ts), its data comes from the feature's xxxQuery() factory
 * (useQuery(xxxQuery(…))), and the editor binds its form to a change with useMutationForm
 * (lib/mutation-form.tsx).
 */

/** What 刷新, the table and the drawer need of a read: TanStack Query's result. */
export interface DeskRead<Data> {
  data: Data | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A list the server answers a page of (or the whole of, without totalCount). */
export interface DeskPage<Row> {
  items: readonly Row[];
  totalCount?: number;
}

/**
 * The frame of a desk. `path` names its page: the title and description come from the table of pages
 * (site/pages.ts) unless `description` says otherwise; `className` is the desk's own beside
 * `admin-page`. `refresh` puts 刷新 for that read in the head, before `actions` (新建…, 导出…);
 * `filters` are one wrapping row above the list; `editor` (a drawer or a dialog) comes after it.
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
