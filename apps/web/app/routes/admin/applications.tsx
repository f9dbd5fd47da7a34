import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  applicationStatusLabels,
  type AdminApplication,
  type AdminApplicationSummary,
  type ApplicationStatus,
} from '@fuliaotong/contracts';
import { Alert, Button, Empty, Input, Pagination, Result, Skeleton, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { ADMIN_PAGE_SIZE, useAdminApplication, useAdminApplications } from '../../features/application/application-api';
import { allowedActions, idParam, itemsText, pageParam, statusParam } from '../../features/application/application-rules';
import { ApplicationSheet, formatTime, Shipment } from '../../features/application/application-sheet';
import { ApplicationStatusTag, applicationStatuses } from '../../features/application/application-status';
import { StaffActionModal, staffActionText, type StaffAction } from '../../features/application/staff-action-modal';
import { useWideScreen } from '../../features/application/use-wide-screen';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-errors';
import { paths } from '../../paths';
import { pageInfo, pageMeta } from '../../site/pages';

export function meta() {
  return pageMeta(paths.adminApplications);
}

const KEYWORD_MAX = 50;

function Forbidden() {
  return <Result status="403" title="仅限工作人员访问" subTitle="当前账号没有审核权限。" />;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 401) return null;
  if (error instanceof ApiError && error.status === 403) return <Forbidden />;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, '加载失败')}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/** Staff review: every application, filtered by status and a keyword, paged; `?id=` opens one. */
export default function AdminApplicationsPage() {
  const [searchParams] = useSearchParams();
  const id = idParam(searchParams.get('id'));
  return id === undefined ? <ApplicationList /> : <ApplicationDetail id={id} />;
}

function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusParam(searchParams.get('status'));
  const page = pageParam(searchParams.get('page'));
  const keyword = (searchParams.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  const go = (next: { status?: ApplicationStatus | 'all'; page?: number; keyword?: string; id?: number }) => {
    const params = new URLSearchParams();
    const nextStatus = next.status === 'all' ? undefined : (next.status ?? status);
    const nextKeyword = (next.keyword ?? keyword).trim();
    const nextPage = next.page ?? page;
    if (nextStatus) params.set('status', nextStatus);
    if (nextKeyword) params.set('keyword', nextKeyword);
    if (nextPage > 1) params.set('page', String(nextPage));
    if (next.id !== undefined) params.set('id', String(next.id));
    setSearchParams(params, { preventScrollReset: next.id === undefined });
  };
  /** The detail's address, keeping the list's filters (for the way back). */
  const detailHref = (applicationId: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('id', String(applicationId));
    return `${paths.adminApplications}?${params}`;
  };
  return { status, page, keyword, go, detailHref, searchParams };
}

function ApplicationList() {
  const info = pageInfo(paths.adminApplications);
  const wide = useWideScreen();
  const { status, page, keyword, go, detailHref } = useListParams();
  const list = useAdminApplications({ status, keyword: keyword || undefined, page, pageSize: ADMIN_PAGE_SIZE });
  const counts = list.data?.countsByStatus;
  const total = counts ? applicationStatuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  const countText = (n: number | undefined) => (n === undefined ? '' : ` ${n > 9999 ? '9999+' : n}`);

  const columns: TableColumnsType<AdminApplicationSummary> = [
    {
      title: '申请编号',
      dataIndex: 'number',
      render: (number: string, item) => (
        <Link to={detailHref(item.id)} className="app-number">
          {number}
        </Link>
      ),
    },
    { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (at: string) => formatTime(at) },
    { title: '单位', dataIndex: 'company', ellipsis: true },
    {
      title: '联系人',
      key: 'contact',
      width: 140,
      render: (_, item) => (
        <span>
          {item.contactName}
          <span className="muted small app-applicant">{item.applicant.account}</span>
        </span>
      ),
    },
    { title: '样品', key: 'items', render: (_, item) => itemsText(item) },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: ApplicationStatus) => <ApplicationStatusTag status={s} /> },
    { title: '物流', key: 'shipment', render: (_, item) => <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, item) => (
        <Link to={detailHref(item.id)} aria-label={`处理申请 ${item.number}`}>
          {allowedActions(item.status, 'staff').length > 0 ? '处理' : '查看'}
        </Link>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Button icon={<ReloadOutlined />} loading={list.isFetching && !list.isPending} onClick={() => void list.refetch()}>
            刷新
          </Button>
        }
      />
      <div className="admin-toolbar">
        <Input.Search
          key={keyword}
          className="admin-toolbar__search"
          defaultValue={keyword}
          maxLength={KEYWORD_MAX}
          allowClear
          enterButton="搜索"
          placeholder="申请编号 / 单位 / 联系人 / 手机号"
          aria-label="搜索申请"
          onSearch={(value) => go({ keyword: value, page: 1 })}
        />
      </div>
      <Tabs
        className="app-tabs"
        activeKey={status ?? 'all'}
        onChange={(key) => go({ status: key as ApplicationStatus | 'all', page: 1 })}
        items={[
          { key: 'all', label: `全部${countText(total)}` },
          ...applicationStatuses.map((s) => ({
            key: s,
            label: `${applicationStatusLabels[s]}${countText(counts ? (counts[s] ?? 0) : undefined)}`,
          })),
        ]}
      />
      {list.isPending ? (
        <section className="panel">
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <section className="panel">
          <Empty
            description={
              keyword
                ? `没有与“${keyword}”相符的${status ? applicationStatusLabels[status] : ''}申请`
                : page > 1
                  ? '这一页没有申请'
                  : status
                    ? `没有${applicationStatusLabels[status]}的申请`
                    : '还没有样品申请'
            }
          >
            {keyword || status || page > 1 ? <Button onClick={() => go({ status: 'all', keyword: '', page: 1 })}>查看全部申请</Button> : null}
          </Empty>
        </section>
      ) : (
        <>
          {wide ? (
            <section className="panel panel--flush">
              <Table<AdminApplicationSummary>
                className="app-table"
                rowKey="id"
                size="middle"
                columns={columns}
                dataSource={list.data.items}
                pagination={false}
                loading={list.isFetching && list.isPlaceholderData}
              />
            </section>
          ) : (
            <ul className="app-cards" aria-label="申请列表">
              {list.data.items.map((item) => (
                <li key={item.id} className="app-card" data-application-id={item.id}>
                  <div className="app-card__head">
                    <Link to={detailHref(item.id)} className="app-number">
                      {item.number}
                    </Link>
                    <ApplicationStatusTag status={item.status} />
                  </div>
                  <div className="app-card__items">{itemsText(item)}</div>
                  <div className="app-card__meta">
                    <span className="app-card__company">
                      {item.company} · {item.contactName}
                    </span>
                    <span>{formatTime(item.createdAt)}</span>
                  </div>
                  {item.trackingNumber ? (
                    <div className="app-card__shipment">
                      物流：
                      <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} />
                    </div>
                  ) : null}
                  <div className="app-card__actions">
                    <Link to={detailHref(item.id)}>{allowedActions(item.status, 'staff').length > 0 ? '处理' : '查看'}</Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {list.data.totalCount > ADMIN_PAGE_SIZE ? (
            <Pagination
              className="list-pager"
              current={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={list.data.totalCount}
              showSizeChanger={false}
              showTotal={(n) => `共 ${n} 份`}
              onChange={(next) => go({ page: next })}
              simple={!wide}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function ActionBar({ application, onAction }: { application: AdminApplication; onAction: (action: StaffAction) => void }) {
  const actions = allowedActions(application.status, 'staff') as StaffAction[];
  if (actions.length === 0) {
    return (
      <div className="admin-actions admin-actions--done">
        该申请{applicationStatusLabels[application.status]}，无需处理。
      </div>
    );
  }
  return (
    <div className="admin-actions" role="group" aria-label="审核操作">
      <span className="admin-actions__label">可执行：</span>
      {actions.map((action) => (
        <Button
          key={action}
          type={action === 'reject' ? 'default' : 'primary'}
          danger={action === 'reject'}
          onClick={() => onAction(action)}
        >
          {staffActionText[action].button}
        </Button>
      ))}
    </div>
  );
}

function ApplicationDetail({ id }: { id: number }) {
  const { searchParams } = useListParams();
  const application = useAdminApplication(id);
  const [action, setAction] = useState<StaffAction | null>(null);
  const back = new URLSearchParams(searchParams);
  back.delete('id');
  const backHref = back.toString() ? `${paths.adminApplications}?${back}` : paths.adminApplications;

  return (
    <div className="admin-page admin-detail">
      <div className="admin-detail__back">
        <Link to={backHref}>
          <ArrowLeftOutlined /> 返回申请列表
        </Link>
      </div>
      {application.isPending ? (
        <section className="panel">
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      ) : application.isError ? (
        application.error instanceof ApiError && application.error.status === 404 ? (
          <Result
            status="warning"
            title="没有找到这份申请"
            subTitle={`编号为 ${id} 的申请不存在。`}
            extra={
              <Link to={backHref}>
                <Button type="primary">返回申请列表</Button>
              </Link>
            }
          />
        ) : (
          <LoadError error={application.error} onRetry={() => void application.refetch()} />
        )
      ) : (
        <>
          <ActionBar application={application.data} onAction={setAction} />
          <section className="panel">
            <ApplicationSheet
              application={application.data}
              title={<h1 className="app-sheet__title">申请详情</h1>}
              headExtra={
                <Button
                  className="no-print"
                  icon={<ReloadOutlined />}
                  loading={application.isFetching}
                  onClick={() => void application.refetch()}
                >
                  刷新
                </Button>
              }
            />
          </section>
          <StaffActionModal application={application.data} action={action} onClose={() => setAction(null)} />
        </>
      )}
    </div>
  );
}
