import type { AdminQuote, CompanyState, QuoteState, QuoteSummary } from '@fuliaotong/contracts';
import { COMPANY_STATES, OPEN_QUOTE_STATES, QUOTE_STATES, formatFen, paths, quoteStateLabels, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { CompanyStatusTag } from '../../features/company/company-status';
import {
  ADMIN_QUOTES_PAGE_SIZE,
  adminQuoteQuery,
  adminQuotesQuery,
  downloadAdminQuotePdf,
  useAdminQuoteMessage,
} from '../../features/quote/quote-api';
import { dayText, earlierRevisions } from '../../features/quote/quote-rules';
import { RevisionForm } from '../../features/quote/quote-revision-form';
import { QuoteStatusTag } from '../../features/quote/quote-status';
import { EarlierRevisions, MessageForm, QuoteThread, QuoteTitle, RequestFacts, RevisionView } from '../../features/quote/quote-view';
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

const isOpen = (status: QuoteState) => (OPEN_QUOTE_STATES as readonly QuoteState[]).includes(status);

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
      <DeskItem item={quote} errorTitle="询价加载失败">
        {(data) => <QuoteDetail quote={data} />}
      </DeskItem>
    </DeskDrawer>
  );
}

const companyState = (status: string | null): CompanyState | undefined => COMPANY_STATES.find((state) => state === status);

function QuoteDetail({ quote }: { quote: AdminQuote }) {
  const { canWrite } = useDeskWrites();
  const message = useAdminQuoteMessage(quote.id);
  const download = (revision: { id: number; number: string }) => downloadAdminQuotePdf(quote.id, revision);
  const earlier = earlierRevisions(quote);
  const verification = companyState(quote.companyStatus);
  // Asked for a quote, or for a new one: the form is open; quoted, it opens on 重新报价.
  const [quoting, setQuoting] = useState(quote.status === 'pending' || quote.status === 'revising');
  return (
    <div className="quote-desk">
      <RequestFacts
        quote={quote}
        sampleHref={(applicationId) => withQuery(paths.adminApplications, { id: applicationId })}
        extra={[
          { key: 'requester', label: '询价人', children: `${quote.requester}（${quote.requesterAccount}）` },
          {
            key: 'verification',
            label: '企业认证',
            children: quote.company ? (verification ? <CompanyStatusTag status={verification} /> : (quote.companyStatus ?? '—')) : '—',
          },
        ]}
      />
      <section className="quote-desk__section" aria-labelledby="desk-current-title">
        <h3 id="desk-current-title">最新报价</h3>
        {quote.current ? <RevisionView revision={quote.current} download={download} /> : <p className="staff-desk__muted">尚未报价。</p>}
        {earlier.length > 0 ? (
          <>
            <h3 className="quote-subtitle">历史版本（{earlier.length}）</h3>
            <EarlierRevisions revisions={earlier} download={download} />
          </>
        ) : null}
      </section>
      {canWrite && isOpen(quote.status) ? (
        <section className="quote-desk__section" aria-labelledby="desk-quote-title">
          <h3 id="desk-quote-title">{quote.current ? '重新报价' : '报价'}</h3>
          {quoting ? (
            <RevisionForm key={quote.current?.id ?? 0} quote={quote} onSent={() => setQuoting(false)} />
          ) : (
            <Button onClick={() => setQuoting(true)}>重新报价</Button>
          )}
        </section>
      ) : null}
      <section className="quote-desk__section" aria-labelledby="desk-thread-title">
        <h3 id="desk-thread-title">往来记录</h3>
        <QuoteThread events={quote.events} />
        {canWrite && isOpen(quote.status) ? <MessageForm mutation={message} placeholder="如：1 吨以上可享阶梯价，请告知年用量" /> : null}
      </section>
      <p className="staff-desk__muted small">最后更新 {dayText(quote.updatedAt)}</p>
    </div>
  );
}
