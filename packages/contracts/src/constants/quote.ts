/*
 * Price requests (询价) and the supplier's quotes (报价单), docs/decisions/0062: what a buyer asks for,
 * where the request stands, and the terms a quote is written in.
 */

/** Where a price request stands. */
export const QUOTE_STATES = ['pending', 'quoted', 'revising', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type QuoteStateName = (typeof QUOTE_STATES)[number];
export const quoteStateLabels: Record<QuoteStateName, string> = {
  pending: '待报价',
  quoted: '已报价',
  revising: '待重新报价',
  accepted: '已接受',
  declined: '已拒绝',
  expired: '已过期',
  cancelled: '已撤回',
};
/** The states in which a request is still being worked on (the staff or the buyer has to act). */
export const OPEN_QUOTE_STATES = ['pending', 'quoted', 'revising'] as const satisfies readonly QuoteStateName[];

/** The units a quantity is asked for and priced in. */
export const QUOTE_UNITS = ['kg', 't', 'g', 'L'] as const;
export type QuoteUnitName = (typeof QUOTE_UNITS)[number];
export const quoteUnitLabels: Record<QuoteUnitName, string> = { kg: '千克', t: '吨', g: '克', L: '升' };

/** What the buyer will use the excipient for: it decides grade, documents and quantity. */
export const QUOTE_PURPOSES = ['rnd', 'registration', 'commercial', 'other'] as const;
export type QuotePurposeName = (typeof QUOTE_PURPOSES)[number];
export const quotePurposeLabels: Record<QuotePurposeName, string> = {
  rnd: '研发试验',
  registration: '注册批 / 验证批',
  commercial: '商业化生产',
  other: '其他',
};

/** How the buyer pays: before shipping (款到发货), or within agreed days of delivery (账期). */
export const PAYMENT_TERMS = ['prepaid', 'credit'] as const;
export type PaymentTermsName = (typeof PAYMENT_TERMS)[number];
export const paymentTermsLabels: Record<PaymentTermsName, string> = { prepaid: '款到发货', credit: '账期' };

/** The VAT rate of goods, in percent, unless the quote says otherwise. */
export const DEFAULT_TAX_RATE = 13;
/** Days a quote is valid unless the sales staff choose another date. */
export const QUOTE_VALID_DAYS = 30;
/** Days before a quote's last valid day on which the buyer is reminded. */
export const QUOTE_REMINDER_DAYS = 3;
/** Lines in one request or quote, at most. */
export const QUOTE_LINES_MAX = 20;

/** The entries of a request's thread: what each side did, in order. */
export const QUOTE_EVENTS = ['requested', 'quoted', 'message', 'revision', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type QuoteEventName = (typeof QUOTE_EVENTS)[number];
export const quoteEventLabels: Record<QuoteEventName, string> = {
  requested: '提交询价',
  quoted: '发出报价',
  message: '留言',
  revision: '要求修改报价',
  accepted: '接受报价',
  declined: '拒绝报价',
  cancelled: '撤回询价',
  expired: '报价过期',
};
