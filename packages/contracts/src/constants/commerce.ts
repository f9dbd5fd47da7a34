/*
 * Membership and database access as it is sold: grants, orders, payment. Money is integer 分.
 */

/** How a grant came about: paid by an order, or given by the staff on the users desk. */
export const GRANT_SOURCES = ['order', 'staff'] as const;
export const grantSourceLabels: Record<(typeof GRANT_SOURCES)[number], string> = { order: '订单', staff: '工作人员开通' };

/** Where a grant stands now. */
export const GRANT_STATES = ['active', 'upcoming', 'lapsed', 'ended'] as const;
export const grantStateLabels: Record<(typeof GRANT_STATES)[number], string> = {
  active: '生效中',
  upcoming: '未开始',
  lapsed: '已到期',
  ended: '已终止',
};

/** Days before a grant lapses on which its holder is reminded. */
export const GRANT_REMINDER_DAYS = [30, 7, 1] as const;

/** Order statuses (API values) and their names. */
export const ORDER_STATUSES = ['pending', 'confirming', 'paid', 'refunded', 'cancelled', 'closed'] as const;
export const orderStatusLabels: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: '待支付',
  confirming: '待确认',
  paid: '已支付',
  refunded: '已退款',
  cancelled: '已取消',
  closed: '已关闭',
};

/** An unpaid order closes this long after it was placed (the gateway order carries the same deadline). */
export const ORDER_PAY_MINUTES = 30;
/** How long an order paid by bank transfer waits for the money, unless the settings say otherwise. */
export const BANK_TRANSFER_DAYS = 7;

/** Ways to pay. */
export const PAYMENT_METHODS = ['wechat', 'alipay', 'bank'] as const;
export const paymentMethodLabels: Record<(typeof PAYMENT_METHODS)[number], string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  bank: '对公转账',
};
/** A bank slip: an image or a PDF, at most this large. */
export const BANK_SLIP_MAX_BYTES = 5 * 1024 * 1024;

/** `¥1,280.00` from 128000 分. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
