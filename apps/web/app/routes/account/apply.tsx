import { FileTextOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { applicationStatusLabels, type ApplicationStatus, type ApplicationSummary } from '@fuliaotong/contracts';
import { Alert, App, Button, Empty, Pagination, Skeleton, Table, Tabs, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/apply';
import { PageHeading } from '../../components/page-heading';
import { APPLICATION_PAGE_SIZE, useMyApplications, useWithdrawApplication } from '../../features/application/application-api';
import { allowedActions, itemsText, pageParam, statusParam } from '../../features/application/application-rules';
import { formatDate, Shipment } from '../../features/application/application-sheet';
import { ApplicationStatusTag, applicationStatuses } from '../../features/application/application-status';
import { useWideScreen } from '../../features/application/use-wide-screen';
import '../../features/application/application.css';
import { GuardFallback, guardedClientLoader } from '../../features/session/route-guard';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-errors';
import { paths, withQuery } from '../../paths';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.applications);
}

/** Guarded: without a token the user is sent to /login first. */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return guardedClientLoader(args);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <GuardFallback />;
}

const sheetHref = (id: number) => withQuery(paths.applicationOrder, { id });

function Actions({ item, onWithdraw, withdrawing }: { item: ApplicationSummary; onWithdraw: () => void; withdrawing: boolean }) {
  return (
    <span className="app-actions">
      <Link to={sheetHref(item.id)} aria-label={`查看申请单 ${item.number}`}>
        查看
      </Link>
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
  const { message, modal } = App.useApp();
  const wide = useWideScreen();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusParam(searchParams.get('status'));
  const page = pageParam(searchParams.get('page'));
  const list = useMyApplications({ status, page, pageSize: APPLICATION_PAGE_SIZE });
  const withdraw = useWithdrawApplication();

  const go = (next: { status?: ApplicationStatus | 'all'; page?: number }) => {
    const params = new URLSearchParams();
    const nextStatus = next.status === 'all' ? undefined : (next.status ?? status);
    const nextPage = next.page ?? page;
    if (nextStatus) params.set('status', nextStatus);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params, { preventScrollReset: true });
  };

  const confirmWithdraw = (item: ApplicationSummary) => {
    modal.confirm({
      title: '撤回这份申请？',
      content: `申请 ${item.number} 撤回后将不再审核；如仍需样品，可重新提交申请。`,
      okText: '撤回申请',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        withdraw.mutateAsync(item.id).then(
          () => void message.success('申请已撤回'),
          (error: unknown) => void message.error(errorMessage(error, '撤回失败，请稍后重试')),
        ),
    });
  };

  const counts = list.data?.countsByStatus;
  const total = counts ? applicationStatuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  const countText = (n: number | undefined) => (n === undefined ? '' : ` ${n > 999 ? '999+' : n}`);

  const columns: TableColumnsType<ApplicationSummary> = [
    {
      title: '申请编号',
      dataIndex: 'number',
      render: (number: string, item) => (
        <Link to={sheetHref(item.id)} className="app-number">
          {number}
        </Link>
      ),
    },
    { title: '申请日期', dataIndex: 'createdAt', width: 110, render: (at: string) => formatDate(at) },
    { title: '单位', dataIndex: 'company', ellipsis: true },
    { title: '样品', key: 'items', render: (_, item) => itemsText(item) },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: ApplicationStatus) => <ApplicationStatusTag status={s} /> },
    {
      title: '物流',
      key: 'shipment',
      render: (_, item) => <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, item) => (
        <Actions item={item} withdrawing={withdraw.isPending && withdraw.variables === item.id} onWithdraw={() => confirmWithdraw(item)} />
      ),
    },
  ];

  return (
    <div className="page applications-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Link to={paths.sampleCart}>
            <Button icon={<ShoppingCartOutlined />}>样品车</Button>
          </Link>
        }
      />
      <Tabs
        className="app-tabs"
        activeKey={status ?? 'all'}
        onChange={(key) => go({ status: key as ApplicationStatus | 'all', page: 1 })}
        items={[
          { key: 'all', label: `全部${countText(total)}` },
          ...applicationStatuses.map((s) => ({ key: s, label: `${applicationStatusLabels[s]}${countText(counts?.[s] ?? (counts ? 0 : undefined))}` })),
        ]}
      />
      {list.isPending ? (
        <section className="panel">
          <Skeleton active paragraph={{ rows: 4 }} />
        </section>
      ) : list.isError ? (
        list.error instanceof ApiError && list.error.status === 401 ? null : (
          <Alert
            type="error"
            showIcon
            title={errorMessage(list.error, '申请加载失败')}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                重试
              </Button>
            }
          />
        )
      ) : list.data.items.length === 0 ? (
        <section className="panel">
          <Empty
            image={<FileTextOutlined className="empty-icon" />}
            description={
              page > 1
                ? '这一页没有申请'
                : status
                  ? `没有${applicationStatusLabels[status]}的申请`
                  : '还没有样品申请。在辅料产品页把样品加入样品车，即可在线申请。'
            }
          >
            {page > 1 ? (
              <Button onClick={() => go({ page: 1 })}>回到第一页</Button>
            ) : status ? (
              <Button onClick={() => go({ status: 'all', page: 1 })}>查看全部申请</Button>
            ) : (
              <Link to={paths.excipients}>
                <Button type="primary">浏览辅料产品</Button>
              </Link>
            )}
          </Empty>
        </section>
      ) : (
        <>
          {wide ? (
            <section className="panel panel--flush">
              <Table<ApplicationSummary>
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
                    <Link to={sheetHref(item.id)} className="app-number">
                      {item.number}
                    </Link>
                    <ApplicationStatusTag status={item.status} />
                  </div>
                  <div className="app-card__items">{itemsText(item)}</div>
                  <div className="app-card__meta">
                    <span className="app-card__company">{item.company}</span>
                    <span>{formatDate(item.createdAt)}</span>
                  </div>
                  {item.trackingNumber ? (
                    <div className="app-card__shipment">
                      物流：
                      <Shipment carrier={item.carrier} trackingNumber={item.trackingNumber} />
                    </div>
                  ) : null}
                  <div className="app-card__actions">
                    <Actions
                      item={item}
                      withdrawing={withdraw.isPending && withdraw.variables === item.id}
                      onWithdraw={() => confirmWithdraw(item)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {list.data.totalCount > APPLICATION_PAGE_SIZE ? (
            <Pagination
              className="list-pager"
              current={page}
              pageSize={APPLICATION_PAGE_SIZE}
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
