import { CheckCircleOutlined, FilePdfOutlined, NotificationOutlined } from '@ant-design/icons';
import type { ChangeNotice } from '@fuliaotong/contracts';
import { changeNoticeKindLabels, changeNoticeReasonLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/change-notices';
import { DataTable } from '../../components/data-table';
import { ListPager, withParams } from '../../components/list-pager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RecordDetail } from '../../components/record-detail';
import { RecordCards } from '../../components/record-cards';
import { SegmentedLinks } from '../../components/segmented-links';
import { toast } from '../../components/toast';
import {
  CHANGE_NOTICE_PAGE_SIZE,
  changeNoticeQuery,
  downloadChangeDocument,
  myChangeNoticesQuery,
  useAcknowledgeChangeNotice,
} from '../../features/change-notice/change-notice-api';
import { ChangeNoticeFacts, ChangeNoticeStatusTag, ImpactLevelTag } from '../../features/change-notice/change-notice-view';
import '../../features/change-notice/change-notice.css';
import { dayText } from '../../features/quote/quote-rules';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.changeNotices);
}

const idParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);
const listQuery = (params: URLSearchParams) => ({ pending: params.get('pending') === 'true', page: Math.max(1, Number(params.get('page')) || 1) });

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = idParam(params.get('id'));
  return loadSignedInQueries((ensure) => [id === undefined ? ensure(myChangeNoticesQuery(listQuery(params))) : ensure(changeNoticeQuery(id))]);
}

const detailHref = (id: number) => withQuery(paths.changeNotices, { id });

/** 变更通知: the change notices that reached the user, or one notice with its documents and 确认已阅. */
export default function ChangeNoticesPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return id === undefined ? <ChangeNoticeList /> : <ChangeNoticeDetail id={id} />;
}

function AcknowledgedTag({ notice }: { notice: ChangeNotice }) {
  if (notice.status === 'withdrawn') return <ChangeNoticeStatusTag status="withdrawn" />;
  return notice.acknowledgedAt ? <Tag color="green">已确认</Tag> : <Tag color="orange">待确认</Tag>;
}

function ChangeNoticeList() {
  const info = pageInfo(paths.changeNotices);
  const [params] = useSearchParams();
  const query = listQuery(params);
  const list = useQuery(myChangeNoticesQuery(query));
  return (
    <div className="page change-notices-page">
      <PageHeading title={info.title} description={info.description} />
      <SegmentedLinks
        label="确认状态"
        className="change-notice-tabs"
        preventScrollReset
        items={[
          { label: '全部', to: '?', current: !query.pending },
          {
            label: `待确认${list.data ? ` ${list.data.unacknowledged}` : ''}`,
            to: withParams(new URLSearchParams(), { pending: 'true' }),
            current: Boolean(query.pending),
          },
        ]}
      />
      <LoadState
        query={list}
        errorTitle="变更通知加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState image={<NotificationOutlined aria-hidden className="empty-icon" />} description={query.pending ? '没有待确认的变更通知' : '还没有收到变更通知。您申请过样品、询过价、采购过或收藏的产品发生变更时，会在这里通知您。'} />
        }
      >
        {(data) => (
          <>
            <section className="panel table-scroll records-table">
              <DataTable<ChangeNotice>
                label="变更通知列表"
                rows={data.items}
                rowKey={(row) => row.id}
                empty="还没有收到变更通知"
                minWidth={760}
                columns={[
                  {
                    key: 'title',
                    title: '通知',
                    render: (row) => (
                      <Link to={detailHref(row.id)} aria-label={`查看变更通知 ${row.number}`}>
                        {row.title}
                      </Link>
                    ),
                  },
                  { key: 'product', title: '产品', render: (row) => row.excipient.name },
                  { key: 'kind', title: '变更类别', render: (row) => changeNoticeKindLabels[row.kind] },
                  { key: 'level', title: '分类', render: (row) => <ImpactLevelTag level={row.impactLevel} /> },
                  { key: 'effectiveOn', title: '生效日期' },
                  { key: 'ack', title: '状态', render: (row) => <AcknowledgedTag notice={row} /> },
                ]}
              />
            </section>
            <RecordCards
              label="变更通知列表"
              empty="还没有收到变更通知"
              items={data.items.map((row) => ({
                key: row.id,
                href: detailHref(row.id),
                name: `${row.excipient.name} · ${row.title}`,
                tag: <AcknowledgedTag notice={row} />,
                code: row.number,
                lines: [],
                meta: `${changeNoticeKindLabels[row.kind]} · ${row.effectiveOn} 起生效`,
              }))}
            />
            <ListPager total={data.totalCount} pageSize={CHANGE_NOTICE_PAGE_SIZE} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function ChangeNoticeDetail({ id }: { id: number }) {
  const notice = useQuery(changeNoticeQuery(id));
  return (
    <RecordDetail
      query={notice}
      className="change-notice-page"
      back={{ to: paths.changeNotices, label: '返回变更通知' }}
      errorTitle="变更通知加载失败"
      notFound={{ title: '没有找到这条变更通知', subTitle: '这条通知不存在，或不是发给您的。' }}
    >
      {(data) => <NoticeSheet notice={data} />}
    </RecordDetail>
  );
}

function NoticeSheet({ notice }: { notice: ChangeNotice }) {
  const acknowledge = useAcknowledgeChangeNotice(notice.id);
  return (
    <>
      <PageHeading title={notice.title} description={`${notice.excipient.name} · ${changeNoticeKindLabels[notice.kind]}变更`} extra={<AcknowledgedTag notice={notice} />} />
      {notice.status === 'withdrawn' ? (
        <Alert type="warning" showIcon title={`此通知已于 ${dayText(notice.withdrawnAt)} 撤回`} description={notice.withdrawReason ?? undefined} />
      ) : notice.acknowledgedAt ? (
        <Alert type="success" showIcon icon={<CheckCircleOutlined aria-hidden />} title={`您已于 ${dayText(notice.acknowledgedAt)} 确认已阅`} />
      ) : (
        <div className="change-notice-actions">
          <Button
            type="primary"
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledge
                .mutateAsync()
                .then(() => toast.success('已确认，供应商会看到您已阅读此通知'))
                .catch((error: unknown) => toast.error(errorMessage(error, '确认失败，请稍后重试')))
            }
          >
            确认已阅
          </Button>
          <span className="change-notice-muted">请阅读变更内容与影响评估，按贵司的变更控制程序评估后确认。</span>
        </div>
      )}
      <section className="change-notice-section" aria-labelledby="change-facts-title">
        <h2 id="change-facts-title">变更信息</h2>
        <ChangeNoticeFacts
          notice={notice}
          extra={[
            { key: 'published', label: '发布日期', children: notice.publishedAt ? dayText(notice.publishedAt) : '—' },
            { key: 'reasons', label: '收到原因', children: notice.reasons.map((reason) => changeNoticeReasonLabels[reason]).join('、') },
          ]}
        />
      </section>
      <section className="change-notice-section" aria-labelledby="change-documents-title">
        <h2 id="change-documents-title">附件</h2>
        {notice.documents.length === 0 ? (
          <p className="change-notice-muted">没有附件。</p>
        ) : (
          <ul className="change-notice-documents">
            {notice.documents.map((document) => (
              <li key={document.n}>
                <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => void downloadChangeDocument(notice, document)}>
                  {document.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
