import type { QuoteState, QuoteSummary } from '@fuliaotong/contracts';
import { QUOTE_STATES, formatFen, paths, quoteStateLabels } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/load-state';
import { ADMIN_QUOTES_PAGE_SIZE, adminQuoteQuery, adminQuotesQuery } from '../../features/quote/quote-api';
import { QuoteStatusTag, QuoteTitle } from '../../features/quote/quote-status';
import '../../features/quote/quote.css';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminQuotes);
}

/** The request in the drawer, with the quote form (prices, dates) and the thread, loads when a drawer opens. */
const QuoteDetail = lazy(() => import('../../features/quote/quote-desk-detail').then((module) => ({ default: module.QuoteDetail })));

/** The price requests desk (sales): requests awaiting a quote first; open one to quote, re-quote or write to the requester. */
export default function AdminQuotesPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const status = paramOf(searchParams.get('status'), QUOTE_STATES);
  const list = useQuery(adminQuotesQuery({ status, keyword: keyword || undefined, page }));
  const { canWrite } = useDeskWrites();
  const counts = list.data?.countsByStatus;
  const countText = (state: QuoteState) => (counts ? ` ${counts[state] ?? 0}` : '');
  const columns: ColumnsType<QuoteSummary> = [
    {
      title: '询价单号',
      dataIndex: 'number',
      render: (number: string, quote) => (
        <DeskLink
          onClick={() => go({ id: quote.id })}
          label={`${canWrite && (quote.status === 'pending' || quote.status === 'revising') ? '报价' : '查看'}询价 ${number}`}
        >
          <span className="quote-number">{number}</span>
        </DeskLink>
      ),
    },
    { title: '企业 / 询价人', key: 'who', render: (_, quote) => (quote.company ? `${quote.company} · ${quote.requester}` : quote.requester) },
    { title: '产品', dataIndex: 'products', render: (products: string) => <span className="quote-list__products">{products}</span> },
    { title: '状态', dataIndex: 'status', render: (s: QuoteState) => <QuoteStatusTag status={s} /> },
    { title: '报价合计', dataIndex: 'totalFen', align: 'right', render: (fen: number | null) => (fen === null ? '—' : formatFen(fen)) },
    { title: '有效期至', dataIndex: 'validUntil', render: (day: string | null) => day ?? '—' },
    { title: '询价时间', dataIndex: 'createdAt', render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
  ];
  return (
    <Desk
      path={paths.adminQuotes}
      refresh={list}
      filters={
        <>
          <DeskChoice
            label="询价状态"
            param="status"
            value={status ?? 'all'}
            options={[{ label: '全部', value: 'all' }, ...QUOTE_STATES.map((s) => ({ label: `${quoteStateLabels[s]}${countText(s)}`, value: s }))]}
            also={{ id: null }}
          />
          <DeskSearch label="搜索询价" placeholder="询价单号、企业、联系人或产品" />
        </>
      }
      editor={<QuoteDrawer id={typeof openId === 'number' ? openId : undefined} onClose={() => go({ id: null })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="询价列表加载失败"
        scrollX={960}
        noun={status ? `${quoteStateLabels[status]}的询价` : '询价'}
        paging={{ pageSize: ADMIN_QUOTES_PAGE_SIZE, unit: '份' }}
      />
    </Desk>
  );
}

function QuoteDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const quote = useQuery({ ...adminQuoteQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={quote.data ? <QuoteTitle quote={quote.data} /> : '询价'} width={1000}>
      <Suspense fallback={<Skeleton rows={8} />}>
        <DeskItem item={quote} errorTitle="询价加载失败">
          {(data) => <QuoteDetail quote={data} />}
        </DeskItem>
      </Suspense>
    </DeskDrawer>
  );
}
