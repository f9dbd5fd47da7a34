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

/** Invoice titles: a person or a company; 普通发票 or 增值税专用发票. */
export const INVOICE_TITLE_KINDS = ['personal', 'company'] as const;
export const invoiceTitleKindLabels: Record<(typeof INVOICE_TITLE_KINDS)[number], string> = { personal: '个人', company: '单位' };
export const INVOICE_TYPES = ['normal', 'special'] as const;
export const invoiceTypeLabels: Record<(typeof INVOICE_TYPES)[number], string> = { normal: '普通发票', special: '增值税专用发票' };
/** Invoice statuses (API values) and their names. */
export const INVOICE_STATUSES = ['requested', 'issued', 'rejected', 'reversed'] as const;
export const invoiceStatusLabels: Record<(typeof INVOICE_STATUSES)[number], string> = {
  requested: '申请中',
  issued: '已开具',
  rejected: '已驳回',
  reversed: '已红冲',
};
/** A user keeps at most this many invoice titles. */
export const INVOICE_TITLES_MAX = 20;
/** An issued invoice file (PDF or OFD), at most this large. */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The characters of a 统一社会信用代码 and its check-digit weights (GB 32100-2015). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Whether `code` is an 18-character 统一社会信用代码 whose last character is its check digit (GB 32100-2015). */
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = CREDIT_CODE_WEIGHTS.reduce((total, weight, i) => total + CREDIT_CODE_CHARS.indexOf(code[i]!) * weight, 0);
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS[check] === code[17];
}
