import type { AdminQuote, CompanyState, QuoteState } from '@fuliaotong/contracts';
import { COMPANY_STATES, OPEN_QUOTE_STATES, paths, withQuery } from '@fuliaotong/contracts/constants';
import { Button } from 'antd';
import { useState } from 'react';
import { CompanyStatusTag } from '../company/company-status';
import { useDeskWrites } from '../staff/desk-access';
import { downloadAdminQuotePdf, useAdminQuoteMessage } from './quote-api';
import { dayText, earlierRevisions } from './quote-rules';
import { RevisionForm } from './quote-revision-form';
import { EarlierRevisions, MessageForm, QuoteThread, RequestFacts, RevisionView } from './quote-view';
import './quote.css';

const isOpen = (status: QuoteState) => (OPEN_QUOTE_STATES as readonly QuoteState[]).includes(status);

const companyState = (status: string | null): CompanyState | undefined => COMPANY_STATES.find((state) => state === status);

/** One price request on the price requests desk: what was asked, the quotes sent, 报价 / 重新报价 and the thread. */
export function QuoteDetail({ quote }: { quote: AdminQuote }) {
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
