import { applicationStatusLabels } from '@fuliaotong/contracts/constants';
import type { ApplicationStatus, ApplicationSummary } from '@fuliaotong/contracts';
import { Pagination, Table, Tabs, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { itemsText } from './application-rules';
import { formatDate, formatTime, Shipment } from './application-sheet';
import { ApplicationStatusTag, applicationStatuses } from './application-status';
import { useWideScreen } from './use-wide-screen';

/**
 * The status filter above a list of applications: 全部 and each status, with how many there are
 * (shown up to `countCap`, then "cap+"; no numbers before the first page has come).
 */
export function ApplicationStatusTabs({
  status,
  counts,
  countCap,
  onChange,
}: {
  status: ApplicationStatus | undefined;
  counts: Partial<Record<ApplicationStatus, number>> | undefined;
  countCap: number;
  onChange: (status: ApplicationStatus | 'all') => void;
}) {
  const countText = (n: number | undefined) => (n === undefined ? '' : ` ${n > countCap ? `${countCap}+` : n}`);
  const count = (s: ApplicationStatus) => (counts ? (counts[s] ?? 0) : undefined);
  const total = counts ? applicationStatuses.reduce((sum, s) => sum + (count(s) ?? 0), 0) : undefined;
  return (
    <Tabs
      className="app-tabs"
      activeKey={status ?? 'all'}
      onChange={(key) => onChange(key as ApplicationStatus | 'all')}
      items={[
        { key: 'all', label: `全部${countText(total)}` },
        ...applicationStatuses.map((s) => ({ key: s, label: `${applicationStatusLabels[s]}${countText(count(s))}` })),
      ]}
    />
  );
}

export interface ApplicationListProps<T extends ApplicationSummary> {
  /** One page of applications (not empty). */
  items: T[];
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A newer page is on its way while the previous one is shown. */
  loading: boolean;
  /** Where the application number leads (nowhere: a company's members' applications are read in the list only). */
  href?: (item: T) => string;
  /** The submission time with hours and minutes (staff) instead of the day alone. */
  withTime?: boolean;
  /** Staff views: the contact person with the applicant's account. */
  applicantAccount?: (item: T) => string;
  /** A company's members' applications: the member who made each (a column, and a line of its card). */
  member?: (item: T) => string;
  /** What can be done with an application (its last column, and the foot of its card); none for a read-only list. */
  actions?: (item: T) => ReactNode;
  actionsWidth?: number;
}

/** Applications as a table on wide screens and as cards on phones, with the pager below. */
export function ApplicationList<T extends ApplicationSummary>({
  items,
  totalCount,
  page,
  pageSize,
  onPageChange,
  loading,
  href,
  withTime = false,
  applicantAccount,
  member,
  actions,
  actionsWidth,
}: ApplicationListProps<T>) {
  const wide = useWideScreen();
  const formatAt = withTime ? formatTime : formatDate;
  const number = (item: T) =>
    href ? (
      <Link to={href(item)} className="app-number">
        {item.number}
      </Link>
    ) : (
      <span className="app-number">{item.number}</span>
    );

  const columns: TableColumnsType<T> = [
    { title: '申请编号', dataIndex: 'number', render: (_, item) => number(item) },
    {
      title: withTime ? '提交时间' : '申请日期',
      dataIndex: 'createdAt',
      width: withTime ? 150 : 110,
      render: (at: string) => formatAt(at),
    },
    { title: '单位', dataIndex: 'company', ellipsis: true },
    ...(applicantAccount
      ? [
          {
            title: '联系人',
            key: 'contact',
            width: 140,
            render: (_: unknown, item: T) => (
              <span>
                {item.contactName}
                <span className="muted small app-applicant">{applicantAccount(item)}</span>
              </span>
            ),
          },
        ]
      : []),
    ...(member ? [{ title: '成员', key: 'member', width: 120, render: (_: unknown, item: T) => member(item) }] : []),
    { title: '样品', key: 'items', render: (_, item) => itemsText(item) },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: ApplicationStatus) => <ApplicationStatusTag status={s} /> },
    { title: '物流', key: 'shipment', render: (_, item) => <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} /> },
    ...(actions ? [{ title: '操作', key: 'actions', width: actionsWidth, render: (_: unknown, item: T) => actions(item) }] : []),
  ];

  return (
    <>
      {wide ? (
        <section className="panel panel--flush">
          <Table<T>
            className="app-table"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={items}
            pagination={false}
            loading={loading}
          />
        </section>
      ) : (
        <ul className="app-cards" aria-label="申请列表">
          {items.map((item) => (
            <li key={item.id} className="app-card" data-application-id={item.id}>
              <div className="app-card__head">
                {number(item)}
                <ApplicationStatusTag status={item.status} />
              </div>
              <div className="app-card__items">{itemsText(item)}</div>
              {member ? <div className="app-card__member">成员：{member(item)}</div> : null}
              <div className="app-card__meta">
                <span className="app-card__company">{applicantAccount ? `${item.company} · ${item.contactName}` : item.company}</span>
                <span>{formatAt(item.createdAt)}</span>
              </div>
              {item.trackingNumber ? (
                <div className="app-card__shipment">
                  物流：
                  <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} />
                </div>
              ) : null}
              {actions ? <div className="app-card__actions">{actions(item)}</div> : null}
            </li>
          ))}
        </ul>
      )}
      {totalCount > pageSize ? (
        <Pagination
          className="list-pager"
          current={page}
          pageSize={pageSize}
          total={totalCount}
          showSizeChanger={false}
          showTotal={(n) => `共 ${n} 份`}
          onChange={onPageChange}
          simple={!wide}
        />
      ) : null}
    </>
  );
}
