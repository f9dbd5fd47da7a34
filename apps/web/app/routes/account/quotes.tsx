import { FileSearchOutlined } from '@ant-design/icons';
import type { Quote, QuoteSummary, QuoteState } from '@fuliaotong/contracts';
import { QUOTE_STATES, formatFen, paths, quoteStateLabels, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/quotes';
import { DataTable } from '../../components/data-table';
import { ListPager, withParams } from '../../components/list-pager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RecordDetail } from '../../components/record-detail';
import { RecordCards } from '../../components/record-cards';
import { SegmentedLinks } from '../../components/segmented-links';
import { QUOTE_PAGE_SIZE, downloadQuotePdf, myQuotesQuery, quoteQuery, useQuoteMessage, type QuoteListQuery } from '../../features/quote/quote-api';
import { QuoteActions } from '../../features/quote/quote-actions';
import { dayText, earlierRevisions, quoteIdParam, quoteStateParam } from '../../features/quote/quote-rules';
import { QuoteStatusTag } from '../../features/quote/quote-status';
import { EarlierRevisions, MessageForm, QuoteThread, RequestFacts, RevisionView } from '../../features/quote/quote-view';
import '../../features/quote/quote.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.quotes);
}

function listQuery(params: URLSearchParams): QuoteListQuery {
  return { status: quoteStateParam(params.get('status')), page: Math.max(1, Number(params.get('page')) || 1) };
}

/** The list the address asks for, or (`?id=`) one request. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = quoteIdParam(params.get('id'));
  return loadSignedInQueries((ensure) => [id === undefined ? ensure(myQuotesQuery(listQuery(params))) : ensure(quoteQuery(id))]);
}

const detailHref = (id: number) => withQuery(paths.quotes, { id });

/** 我的询价: the user's price requests (and their company's), or one of them with its quotes. */
export default function QuotesPage() {
  const [params] = useSearchParams();
  const id = quoteIdParam(params.get('id'));
  return id === undefined ? <QuoteList /> : <QuoteDetail id={id} />;
}

function QuoteList() {
  const info = pageInfo(paths.quotes);
  const [params] = useSearchParams();
  const query = listQuery(params);
  const list = useQuery(myQuotesQuery(query));
  const number = (quote: QuoteSummary) => (
    <Link to={detailHref(quote.id)} className="quote-number" aria-label={`查看询价单 ${quote.number}`}>
      {quote.number}
    </Link>
  );
  return (
    <div className="page quotes-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={
          <Link to={paths.excipients}>
            <Button icon={<FileSearchOutlined aria-hidden />}>选产品询价</Button>
          </Link>
        }
      />
      <SegmentedLinks
        label="询价状态"
        className="quote-list__tabs"
        preventScrollReset
        items={[undefined, ...QUOTE_STATES].map((state) => ({
          label: state ? quoteStateLabels[state] : '全部',
          to: withParams(new URLSearchParams(), { status: state }),
          current: query.status === state,
        }))}
      />
      <LoadState
        query={list}
        errorTitle="询价加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            image={<FileSearchOutlined aria-hidden className="empty-icon" />}
            description={query.status ? `没有${quoteStateLabels[query.status]}的询价` : '还没有询价。在辅料产品页点击“询价”，销售会按您的用量报价。'}
          >
            <Link to={paths.excipients}>
              <Button type="primary">浏览辅料产品</Button>
            </Link>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <section className="panel table-scroll records-table">
              <DataTable<QuoteSummary>
                label="询价列表"
                rows={data.items}
                rowKey={(quote) => quote.id}
                empty="还没有询价"
                minWidth={760}
                columns={[
                  { key: 'number', title: '询价单号', render: number },
                  { key: 'products', title: '产品', render: (quote) => <span className="quote-list__products">{quote.products}</span> },
                  { key: 'status', title: '状态', render: (quote) => <QuoteStatusTag status={quote.status} /> },
                  {
                    key: 'totalFen',
                    title: '报价合计',
                    align: 'right',
                    render: (quote) => (quote.totalFen === null ? <span className="muted">待报价</span> : formatFen(quote.totalFen)),
                  },
                  { key: 'validUntil', title: '有效期至', render: (quote) => quote.validUntil ?? '—' },
                  { key: 'createdAt', title: '询价日期', render: (quote) => dayText(quote.createdAt) },
                ]}
              />
            </section>
            <RecordCards
              label="询价列表"
              empty="还没有询价"
              items={data.items.map((quote) => ({
                key: quote.id,
                href: detailHref(quote.id),
                name: quote.products,
                tag: <QuoteStatusTag status={quote.status} />,
                code: quote.number,
                lines: [
                  quote.totalFen === null ? '待报价' : <strong key="total">报价合计 {formatFen(quote.totalFen)}</strong>,
                  ...(quote.validUntil ? [`有效期至 ${quote.validUntil}`] : []),
                ],
                meta: `询价日期 ${dayText(quote.createdAt)}${quote.company ? ` · ${quote.company}` : ''}`,
              }))}
            />
            <ListPager total={data.totalCount} pageSize={QUOTE_PAGE_SIZE} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function QuoteDetail({ id }: { id: number }) {
  const quote = useQuery(quoteQuery(id));
  return (
    <RecordDetail
      query={quote}
      className="quote-page"
      back={{ to: paths.quotes, label: '返回我的询价' }}
      errorTitle="询价加载失败"
      notFound={{ title: '没有找到这份询价', subTitle: '这份询价不存在，或不属于当前登录的账号及其企业。' }}
    >
      {(data) => <QuoteSheet quote={data} />}
    </RecordDetail>
  );
}

/** What the page says while the sales staff are at work, or after the request has ended. */
function StateNote({ quote }: { quote: Quote }) {
  const notes: Partial<Record<QuoteState, { type: 'info' | 'warning' | 'success'; text: string }>> = {
    pending: { type: 'info', text: '销售正在核算价格，报价后会通过消息通知您。' },
    revising: { type: 'info', text: '已收到您的修改要求，销售会发出新一版报价。' },
    accepted: { type: 'success', text: '您已接受报价，已生成销售订单。销售会尽快与您联系签订合同，合同签订后在销售订单中查看收款账户并付款。' },
    expired: { type: 'warning', text: '报价已过有效期。如仍需要，请重新询价。' },
  };
  const note = notes[quote.status];
  if (!note) return null;
  // The order made from the accepted quote (the list of sales orders if it cannot be named).
  const action =
    quote.status === 'accepted' ? (
      <Link to={quote.salesOrderId === null ? paths.salesOrders : withQuery(paths.salesOrders, { id: quote.salesOrderId })}>
        <Button size="small" type="primary">
          查看销售订单
        </Button>
      </Link>
    ) : undefined;
  return <Alert className="quote-note" type={note.type} showIcon title={note.text} action={action} />;
}

function QuoteSheet({ quote }: { quote: Quote }) {
  const download = (revision: { id: number; number: string }) => downloadQuotePdf(quote.id, revision);
  const message = useQuoteMessage(quote.id);
  const earlier = earlierRevisions(quote);
  return (
    <>
      <PageHeading
        title={`询价单 ${quote.number}`}
        description={`${quote.requester}${quote.company ? `（${quote.company.name}）` : ''} 于 ${dayText(quote.createdAt)} 询价`}
        extra={<QuoteStatusTag status={quote.status} />}
      />
      <StateNote quote={quote} />
      <section className="panel" aria-labelledby="quote-asked-title">
        <h2 className="panel__title" id="quote-asked-title">
          询价内容
        </h2>
        <RequestFacts quote={quote} sampleHref={(applicationId) => withQuery(paths.applicationOrder, { id: applicationId })} />
      </section>
      <section className="panel" aria-labelledby="quote-current-title">
        <h2 className="panel__title" id="quote-current-title">
          最新报价
        </h2>
        {quote.current ? (
          <RevisionView revision={quote.current} download={download} />
        ) : (
          <p className="muted quote-waiting">销售尚未报价。</p>
        )}
        <QuoteActions quote={quote} />
        {earlier.length > 0 ? (
          <>
            <h3 className="quote-subtitle">历史版本（{earlier.length}）</h3>
            <EarlierRevisions revisions={earlier} download={download} />
          </>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="quote-thread-title">
        <h2 className="panel__title" id="quote-thread-title">
          往来记录
        </h2>
        <QuoteThread events={quote.events} />
        {quote.actions.message ? <MessageForm mutation={message} placeholder="如：能否提供 1 吨的阶梯价？" /> : null}
      </section>
    </>
  );
}
