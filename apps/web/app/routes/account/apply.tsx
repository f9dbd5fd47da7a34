import { FileTextOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { applicationStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { ApplicationStatus, ApplicationSummary } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useConfirm } from '../../components/confirm';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/apply';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { APPLICATION_PAGE_SIZE, myApplicationsQuery, useWithdrawApplication, type ApplicationListQuery } from '../../features/application/application-api';
import { ApplicationList, ApplicationStatusTabs } from '../../features/application/application-list';
import { allowedActions, pageParam, statusParam } from '../../features/application/application-rules';
import '../../features/application/application.css';
import { CompanyScopeSwitch, scopeParam } from '../../features/company/company-scope';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { toast } from '../../components/toast';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.applications);
}

/** The list the query string asks for (a status tab and a page). */
function listQuery(params: URLSearchParams): ApplicationListQuery {
  return {
    status: statusParam(params.get('status')),
    page: pageParam(params.get('page')),
    pageSize: APPLICATION_PAGE_SIZE,
    ...(scopeParam(params) ? { scope: 'company' as const } : {}),
  };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(new URL(request.url).searchParams);
  return loadSignedInQueries((ensure) => [ensure(myApplicationsQuery(query))]);
}

const sheetHref = (id: number) => withQuery(paths.applicationOrder, { id });

function Actions({ item, onWithdraw, withdrawing }: { item: ApplicationSummary; onWithdraw: () => void; withdrawing: boolean }) {
  return (
    <span className="app-actions">
      <Link to={sheetHref(item.id)} aria-label={`查看申请单 ${item.number}`}>
        查看
      </Link>
      {item.status === 'submitted' ? (
        <Link to={withQuery(paths.formConfirm, { edit: item.id })} aria-label={`修改申请 ${item.number}`}>
          修改
        </Link>
      ) : null}
      {allowedActions(item.status, 'member').includes('withdraw') ? (
        <Button type="link" danger size="small" loading={withdrawing} onClick={onWithdraw} aria-label={`撤回申请 ${item.number}`}>
          撤回
        </Button>
      ) : null}
    </span>
  );
}

export default function ApplicationsPage() {
  const info = pageInfo(paths.applications);
  const [confirm, confirmHolder] = useConfirm();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = listQuery(searchParams);
  const { status, page } = query;
  // The company's members' applications are read only, in the list.
  const company = query.scope === 'company';
  const list = useQuery(myApplicationsQuery(query));
  const withdraw = useWithdrawApplication();

  const go = (next: { status?: ApplicationStatus | 'all'; page?: number }) => {
    const params = new URLSearchParams();
    if (company) params.set('scope', 'company');
    const nextStatus = next.status === 'all' ? undefined : (next.status ?? status);
    const nextPage = next.page ?? page;
    if (nextStatus) params.set('status', nextStatus);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params, { preventScrollReset: true });
  };

  const confirmWithdraw = (item: ApplicationSummary) => {
    confirm({
      title: '撤回这份申请？',
      content: `申请 ${item.number} 撤回后将不再审核；如仍需样品，可重新提交申请。`,
      okText: '撤回申请',
      danger: true,
      cancelText: '取消',
      onOk: () =>
        withdraw.mutateAsync(item.id).then(
          () => toast.success('申请已撤回'),
          (error: unknown) => toast.error(errorMessage(error, '撤回失败，请稍后重试')),
        ),
    });
  };

  const actions = (item: ApplicationSummary) => (
    <Actions item={item} withdrawing={withdraw.isPending && withdraw.variables === item.id} onWithdraw={() => confirmWithdraw(item)} />
  );

  return (
    <div className="page applications-page">
      {confirmHolder}
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Link to={paths.sampleCart}>
            <Button icon={<ShoppingCartOutlined aria-hidden />}>样品车</Button>
          </Link>
        }
      />
      <CompanyScopeSwitch what="申请" />
      <ApplicationStatusTabs
        status={status}
        counts={list.data?.countsByStatus}
        countCap={999}
        onChange={(next) => go({ status: next, page: 1 })}
      />
      <LoadState
        query={list}
        errorTitle="申请加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            image={<FileTextOutlined aria-hidden className="empty-icon" />}
            description={
              page > 1
                ? '这一页没有申请'
                : status
                  ? `没有${applicationStatusLabels[status]}的申请`
                  : company
                    ? '企业成员还没有样品申请。'
                    : '还没有样品申请。在辅料产品页把样品加入样品车，即可在线申请。'
            }
          >
            {page > 1 ? (
              <Button onClick={() => go({ page: 1 })}>回到第一页</Button>
            ) : status ? (
              <Button onClick={() => go({ status: 'all', page: 1 })}>查看全部申请</Button>
            ) : company ? null : (
              <Link to={paths.excipients}>
                <Button type="primary">浏览辅料产品</Button>
              </Link>
            )}
          </EmptyState>
        }
      >
        {(data) => (
          <ApplicationList
            items={data.items}
            totalCount={data.totalCount}
            page={page}
            pageSize={APPLICATION_PAGE_SIZE}
            onPageChange={(next) => go({ page: next })}
            loading={list.isFetching && list.isPlaceholderData}
            {...(company
              ? { member: (item: ApplicationSummary) => item.memberName ?? '' }
              : { href: (item: ApplicationSummary) => sheetHref(item.id), actions, actionsWidth: 150 })}
          />
        )}
      </LoadState>
    </div>
  );
}
