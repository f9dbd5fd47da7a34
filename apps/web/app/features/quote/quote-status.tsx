import type { Quote, QuoteState } from '@fuliaotong/contracts';
import { quoteStateLabels } from '@fuliaotong/contracts/constants';
import { Tag } from 'antd';

/** Tag colours: waiting for the sales staff (gold, orange), for the buyer (blue), done (green), stopped (red, grey). */
const stateColors: Record<QuoteState, string> = {
  pending: 'gold',
  quoted: 'blue',
  revising: 'orange',
  accepted: 'green',
  declined: 'red',
  expired: 'default',
  cancelled: 'default',
};

/** 待报价 / 已报价 / 待重新报价 / 已接受 / 已拒绝 / 已过期 / 已撤回. */
export function QuoteStatusTag({ status }: { status: QuoteState }) {
  return (
    <Tag color={stateColors[status]} className="quote-status" data-status={status}>
      {quoteStateLabels[status]}
    </Tag>
  );
}

/** 危险化学品, on a line of a quote that carries transport terms for dangerous goods. */
export function DangerousGoodsTag() {
  return (
    <Tag color="red" className="quote-hazard">
      危险化学品
    </Tag>
  );
}

/** The request's number with its state, for the heads of the detail views. */
export function QuoteTitle({ quote }: { quote: Pick<Quote, 'number' | 'status'> }) {
  return (
    <span className="quote-title">
      <span>询价单 {quote.number}</span>
      <QuoteStatusTag status={quote.status} />
    </span>
  );
}
