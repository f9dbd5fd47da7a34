import { applicationStatusLabels, paths } from '@fuliaotong/contracts/constants';
import type { AdminApplicationSummary } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Result } from 'antd';
import { Link } from 'react-router';
import { lazy, Suspense } from 'react';
import { EmptyState, LoadState, PageLoading } from '../../components/load-state';
import { ADMIN_PAGE_SIZE, adminApplicationsQuery } from '../../features/application/application-api';
import { ApplicationList, ApplicationStatusTabs } from '../../features/application/application-list';
import { allowedActions, idParam, pageParam, statusParam } from '../../features/application/application-rules';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { changedParams, DESK_KEYWORD_MAX, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';

/** One application (its sheet, the review actions and their dialogs) loads when it is opened. */
const ApplicationDetail = lazy(() =>
  import('../../features/application/staff-application-detail').then((module) => ({ default: module.ApplicationDetail })),
);

export function meta() {
  return pageMeta(paths.adminApplications);
}

function Forbidden() {
  return <Result status="403" title="仅限工作人员访问" subTitle="当前账号没有审核权限。" />;
}

/** Staff review: every application, filtered by status and a keyword, paged; `?id=` opens one. */
export default function AdminApplicationsPage() {
  const { searchParams } = useDeskQuery();
  const id = idParam(searchParams.get('id'));
  return id === undefined ? (
    <StaffApplicationList />
  ) : (
    <Suspense fallback={<PageLoading />}>
      <ApplicationDetail id={id} forbidden={<Forbidden />} />
    </Suspense>
  );
}

function StaffApplicationList() {
  const { searchParams, keyword, go } = useDeskQuery();
  const status = statusParam(searchParams.get('status'));
  const page = pageParam(searchParams.get('page'));
  const list = useQuery(
    adminApplicationsQuery({
      status,
      keyword: keyword || undefined,
      page,
      pageSize: ADMIN_PAGE_SIZE,
    }),
  );
  const { canWrite } = useDeskWrites();
  /** The detail's address, keeping the list's filters (for the way back). */
  const detailHref = (applicationId: number) => `${paths.adminApplications}?${changedParams(searchParams, { id: applicationId })}`;
  const actions = (item: AdminApplicationSummary) => {
    const handle = canWrite && allowedActions(item.status, 'staff').length > 0;
    return (
      <Link to={detailHref(item.id)} aria-label={`${handle ? '处理' : '查看'}申请 ${item.number}`}>
        {handle ? '处理' : '查看'}
      </Link>
    );
  };

  return (
    <Desk path={paths.adminApplications} className="" refresh={list}>
      <div className="admin-toolbar">
        <Input.Search
          key={keyword}
          className="admin-toolbar__search"
          defaultValue={keyword}
          maxLength={DESK_KEYWORD_MAX}
          allowClear
          enterButton="搜索"
          placeholder="申请编号 / 单位 / 联系人 / 手机号"
          aria-label="搜索申请"
          onSearch={(value) => go({ keyword: value, page: 1 })}
        />
      </div>
      <ApplicationStatusTabs
        status={status}
        counts={list.data?.countsByStatus}
        countCap={9999}
        onChange={(next) => go({ status: next === 'all' ? null : next, page: 1 })}
      />
      <LoadState
        query={list}
        errorTitle="加载失败"
        rows={6}
        panel
        onError={{ forbidden: <Forbidden /> }}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
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
            {keyword || status || page > 1 ? (
              <Button onClick={() => go({ status: null, keyword: null, page: 1 })}>查看全部申请</Button>
            ) : null}
          </EmptyState>
        }
      >
        {(data) => (
          <ApplicationList
            items={data.items}
            totalCount={data.totalCount}
            page={page}
            pageSize={ADMIN_PAGE_SIZE}
            onPageChange={(next) => go({ page: next })}
            loading={list.isFetching && list.isPlaceholderData}
            href={(item) => detailHref(item.id)}
            withTime
            applicantAccount={(item) => item.applicant.account}
            actions={actions}
            actionsWidth={80}
          />
        )}
      </LoadState>
    </Desk>
  );
}
