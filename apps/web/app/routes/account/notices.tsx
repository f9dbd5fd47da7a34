import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import type { Notice, NoticeKind } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/notices';
import { ListPager, withParams } from '../../components/list-pager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { SegmentedLinks } from '../../components/segmented-links';
import { NOTICE_PAGE_SIZE, noticePageQuery, unreadNoticeCountQuery, useMarkAllNoticesRead, useMarkNoticeRead } from '../../features/notice/notice-api';
import { paths } from '@fuliaotong/contracts/constants';
import { pageInfo, pageMeta } from '../../site/pages';
import { settingsHandle } from '../../site/route-handle';
import '../../features/notice/notice.css';
import { toast } from '../../components/toast';

export const handle = settingsHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

const kindLabels: Record<NoticeKind, { label: string; color: string }> = {
  system: { label: '系统', color: 'default' },
  account: { label: '账号', color: 'blue' },
  sample: { label: '样品', color: 'green' },
  order: { label: '订单', color: 'orange' },
  watch: { label: '登记关注', color: 'purple' },
  quote: { label: '询价', color: 'cyan' },
  sales_order: { label: '销售订单', color: 'gold' },
  document_request: { label: '注册资料', color: 'magenta' },
  change_notice: { label: '变更通知', color: 'volcano' },
};

function NoticeItem({ notice }: { notice: Notice }) {
  const markRead = useMarkNoticeRead();
  // Through the promise: the error is shown even when the item is gone (a link leaves the page).
  const read = () => void markRead.mutateAsync(notice.id).catch((error: unknown) => toast.error(errorMessage(error)));
  const kind = kindLabels[notice.kind];
  const created = dayjs(notice.createdAt);
  return (
    <li className={notice.read ? 'notice' : 'notice is-unread'} data-notice-id={notice.id}>
      <span className="notice__marker" aria-hidden>
        {notice.read ? null : <span className="notice__dot" />}
      </span>
      <div className="notice__main">
        <div className="notice__head">
          <Tag color={kind.color}>{kind.label}</Tag>
          <h2 className="notice__title">
            {notice.read ? null : <span className="visually-hidden">未读：</span>}
            {notice.title}
          </h2>
        </div>
        <p className="notice__body">{notice.body}</p>
        <div className="notice__meta">
          <time dateTime={notice.createdAt} title={created.format('YYYY-MM-DD HH:mm:ss')}>
            {created.format('YYYY-MM-DD HH:mm')}
          </time>
          {notice.link ? (
            <Link to={notice.link} onClick={() => !notice.read && read()}>
              查看详情
            </Link>
          ) : null}
          {notice.read ? (
            <span className="notice__read">已读</span>
          ) : (
            <Button type="link" size="small" icon={<CheckOutlined aria-hidden />} loading={markRead.isPending} onClick={read}>
              标为已读
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

export default function NoticesPage() {
  const info = pageInfo(paths.notices);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const unreadOnly = searchParams.get('filter') === 'unread';
  const list = useQuery(noticePageQuery(page, unreadOnly));
  const unread = useQuery(unreadNoticeCountQuery());
  const markAll = useMarkAllNoticesRead();
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success('已全部标为已读'),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const firstPage = () => setSearchParams(withParams(searchParams, { page: undefined }), { preventScrollReset: true });
  const unreadCount = unread.data?.count ?? 0;

  return (
    <div className="page notices-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Button icon={<CheckOutlined aria-hidden />} disabled={unreadCount === 0} loading={markAll.isPending} onClick={readAll}>
            全部标为已读
          </Button>
        }
      />
      <div className="notices-page__toolbar">
        <SegmentedLinks
          label="消息筛选"
          preventScrollReset
          items={[
            { label: '全部', to: withParams(searchParams, { filter: undefined, page: undefined }), current: !unreadOnly },
            {
              label: unreadCount ? `未读（${unreadCount > 99 ? '99+' : unreadCount}）` : '未读',
              to: withParams(searchParams, { filter: 'unread', page: undefined }),
              current: unreadOnly,
            },
          ]}
        />
      </div>
      <LoadState
        query={list}
        errorTitle="消息加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            image={<BellOutlined aria-hidden className="empty-icon" />}
            description={unreadOnly ? '没有未读消息' : page > 1 ? '这一页没有消息' : '暂无消息。样品申请进度、账号变动等通知会显示在这里。'}
          >
            {page > 1 ? <Button onClick={firstPage}>回到第一页</Button> : null}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="notice-list panel" aria-label="消息列表">
              {data.items.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} />
              ))}
            </ul>
            <ListPager total={data.totalCount} pageSize={NOTICE_PAGE_SIZE} />
          </>
        )}
      </LoadState>
    </div>
  );
}
