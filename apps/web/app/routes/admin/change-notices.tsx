import { PlusOutlined } from '@ant-design/icons';
import type { AdminChangeNotice, ChangeNoticeState } from '@fuliaotong/contracts';
import { CHANGE_NOTICE_STATES, changeNoticeKindLabels, changeNoticeStateLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/load-state';
import {
  ADMIN_CHANGE_NOTICES_PAGE_SIZE,
  adminChangeNoticeQuery,
  adminChangeNoticesQuery,
} from '../../features/change-notice/change-notice-api';
import { ChangeNoticeStatusTag, ImpactLevelTag } from '../../features/change-notice/change-notice-view';
import '../../features/change-notice/change-notice.css';
import { timeText } from '../../lib/time-text';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

/** The drawer's parts (the draft's form, documents, acknowledgements) load when a drawer opens. */
const NoticeForm = lazy(() =>
  import('../../features/change-notice/change-notice-desk').then((module) => ({
    default: module.NoticeForm,
  })),
);
const NoticeDetail = lazy(() =>
  import('../../features/change-notice/change-notice-desk').then((module) => ({
    default: module.NoticeDetail,
  })),
);

export function meta() {
  return pageMeta(paths.adminChangeNotices);
}

/**
 * The 变更通知 desk of the quality staff: write a notice on a product (draft), attach PDFs, publish it to
 * everyone tied to the product; see who acknowledged, remind those who have not, withdraw with a reason.
 * Administrators read.
 */
export default function AdminChangeNoticesPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const { canWrite } = useDeskWrites();
  const status = paramOf(searchParams.get('status'), CHANGE_NOTICE_STATES);
  const list = useQuery(adminChangeNoticesQuery({ status, keyword: keyword || undefined, page }));
  const columns: ColumnsType<AdminChangeNotice> = [
    {
      title: '通知编号',
      dataIndex: 'number',
      render: (number: string, row) => (
        <DeskLink onClick={() => go({ id: row.id })} label={`查看变更通知 ${number}`}>
          <span className="sales-order-number">{number}</span>
        </DeskLink>
      ),
    },
    { title: '产品', key: 'product', render: (_, row) => row.excipient.name },
    { title: '标题', dataIndex: 'title' },
    {
      title: '类别',
      key: 'kind',
      render: (_, row) => changeNoticeKindLabels[row.kind],
    },
    {
      title: '分类',
      key: 'level',
      render: (_, row) => <ImpactLevelTag level={row.impactLevel} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: ChangeNoticeState) => <ChangeNoticeStatusTag status={s} />,
    },
    {
      title: '确认',
      key: 'acks',
      render: (_, row) => (row.status === 'draft' ? '—' : `${row.counts.acknowledged} / ${row.counts.recipients}`),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      render: (at: string) => timeText(at),
    },
  ];
  return (
    <Desk
      path={paths.adminChangeNotices}
      refresh={list}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => go({ id: 'new' })}>
            新建变更通知
          </Button>
        ) : null
      }
      filters={
        <>
          <DeskChoice
            label="通知状态"
            param="status"
            value={status ?? 'all'}
            options={[
              { label: '全部', value: 'all' },
              ...CHANGE_NOTICE_STATES.map((s) => ({
                label: changeNoticeStateLabels[s],
                value: s,
              })),
            ]}
            also={{ id: null }}
          />
          <DeskSearch label="搜索变更通知" placeholder="通知编号、标题或产品" />
        </>
      }
      editor={<NoticeDrawer id={openId} onClose={() => go({ id: null })} onCreated={(id) => go({ id })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="变更通知加载失败"
        scrollX={1000}
        noun={status ? `${changeNoticeStateLabels[status]}的变更通知` : '变更通知'}
        paging={{ pageSize: ADMIN_CHANGE_NOTICES_PAGE_SIZE, unit: '条' }}
      />
    </Desk>
  );
}

function NoticeDrawer({
  id,
  onClose,
  onCreated,
}: {
  id: number | 'new' | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const numeric = typeof id === 'number' ? id : undefined;
  const notice = useQuery({
    ...adminChangeNoticeQuery(numeric ?? 0),
    enabled: numeric !== undefined,
  });
  return (
    <DeskDrawer
      open={id !== undefined}
      onClose={onClose}
      title={id === 'new' ? '新建变更通知' : notice.data ? `变更通知 ${notice.data.number}` : '变更通知'}
      width={880}
    >
      <Suspense fallback={<Skeleton rows={8} />}>
        {id === 'new' ? (
          <NoticeForm onSaved={onCreated} />
        ) : (
          <DeskItem item={notice} errorTitle="变更通知加载失败">
            {(data) => <NoticeDetail key={data.id} notice={data} />}
          </DeskItem>
        )}
      </Suspense>
    </DeskDrawer>
  );
}
