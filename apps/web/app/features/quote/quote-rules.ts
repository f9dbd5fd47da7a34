import type {
  ApplicationStatus,
  Quote,
  QuoteLine,
  QuotePurpose,
  QuoteRequestBody,
  QuoteRequestLine,
  QuoteRevision,
  QuoteRevisionBody,
  QuoteState,
  QuoteUnit,
  PaymentTerms,
} from '@fuliaotong/contracts';
import {
  DEFAULT_TAX_RATE,
  QUOTE_LINES_MAX,
  QUOTE_STATES,
  QUOTE_VALID_DAYS,
  paymentTermsLabels,
  quoteUnitLabels,
} from '@fuliaotong/contracts/constants';
import dayjs, { type Dayjs } from 'dayjs';

/* What the price request pages decide without the server (which computes and checks again on every call). */

/* ------------------------------------------ money ------------------------------------------ */

/** 元 as typed (at most two decimals) → integer 分. */
export function yuanToFen(yuan: number): number {
  return Math.round(Math.round(yuan * 1000) / 10);
}

/** Integer 分 → 元, for a field that is typed in 元. */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** A line's amount (含税): unit price × quantity, rounded to the 分 (quantities have at most three decimals). */
export function lineAmountFen(unitPriceFen: number, quantity: number): number {
  return Math.round((unitPriceFen * Math.round(quantity * 1000)) / 1000);
}

/** The VAT within an amount that includes it: amount × rate / (100 + rate), rounded to the 分. */
export function taxWithinFen(amountFen: number, taxRate: number): number {
  return Math.round((amountFen * taxRate) / (100 + taxRate));
}

/** A line of the quote form as it is being typed: any field may still be empty. */
export interface PricedLine {
  unitPrice?: number | null;
  quantity?: number | null;
  taxRate?: number | null;
}

/** The running total of the quote form (含税) and the VAT in it, over the lines that have a price and a quantity. */
export function runningTotal(lines: ReadonlyArray<PricedLine | undefined>): { totalFen: number; taxFen: number; priced: number } {
  let totalFen = 0;
  let taxFen = 0;
  let priced = 0;
  for (const line of lines) {
    if (!line || typeof line.unitPrice !== 'number' || typeof line.quantity !== 'number' || line.unitPrice <= 0 || line.quantity <= 0) continue;
    const amount = lineAmountFen(yuanToFen(line.unitPrice), line.quantity);
    totalFen += amount;
    taxFen += taxWithinFen(amount, line.taxRate ?? DEFAULT_TAX_RATE);
    priced += 1;
  }
  return { totalFen, taxFen, priced };
}

/* ------------------------------------------ what the pages say ------------------------------------------ */

/** A quantity without trailing zeros: 500, 0.5, 1.25. */
export function quantityText(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}

/** `500 千克`. */
export function amountOfText(quantity: number, unit: QuoteUnit): string {
  return `${quantityText(quantity)} ${quoteUnitLabels[unit]}`;
}

/** A request line's grade and packaging (药用级 · 25 kg/袋), or that the sales staff are to recommend them. */
export function requestSpecText(line: Pick<QuoteRequestLine, 'grade' | 'packSize'>): string {
  const spec = [line.grade, line.packSize].filter(Boolean).join(' · ');
  return spec || '由销售推荐';
}

/** 款到发货, or 账期 30 天. */
export function paymentText(revision: Pick<QuoteRevision, 'paymentTerms' | 'creditDays'>): string {
  return revision.paymentTerms === 'credit' ? `${paymentTermsLabels.credit} ${revision.creditDays ?? 0} 天` : paymentTermsLabels.prepaid;
}

/** A date (YYYY-MM-DD or an instant) as the pages show it. */
export function dayText(iso: string | null): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '—';
}

/** The status filter from the address: one of the states, or none (全部). */
export function quoteStateParam(value: string | null): QuoteState | undefined {
  return QUOTE_STATES.find((state) => state === value);
}

/** `?id=` as a request's id, or undefined. */
export function quoteIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The revisions before the newest one (the answer lists them newest first). */
export function earlierRevisions(quote: Pick<Quote, 'current' | 'revisions'>): QuoteRevision[] {
  return quote.revisions.filter((revision) => revision.id !== quote.current?.id);
}

/** Whether the quote's validity has run out (the last valid day is included). */
export function isPastValidity(validUntil: string, today: Dayjs = dayjs()): boolean {
  return today.format('YYYY-MM-DD') > validUntil;
}

/* ------------------------------------------ the buyer's request ------------------------------------------ */

/** Whether a sample application may lead to a price request: once its samples have been shipped. */
export function canQuoteFromApplication(status: ApplicationStatus): boolean {
  return status === 'shipped' || status === 'delivered';
}

/** 由销售推荐 in the grade/packaging choice (the request sends null). */
export const RECOMMENDED_SPEC = 0;

/** A line of the request form. */
export interface RequestLineValues {
  excipientId?: number;
  /** One of the product's specs, or RECOMMENDED_SPEC. */
  specId?: number;
  quantity?: number | null;
  unit: QuoteUnit;
}

/** The request form's values. */
export interface RequestValues {
  lines: RequestLineValues[];
  deliveryCity: string;
  requiredDate?: Dayjs | null;
  purpose?: QuotePurpose;
  remark?: string;
  contactName: string;
  contactPhone: string;
}

const newLine = (excipientId?: number, specId?: number | null): RequestLineValues => ({
  excipientId,
  specId: specId ?? RECOMMENDED_SPEC,
  quantity: undefined,
  unit: 'kg',
});

/** An empty line (添加产品). */
export const emptyRequestLine = (): RequestLineValues => newLine();

/**
 * The lines a request starts with: the product of `?excipient=` (with `?spec=` when it is one of the
 * product's specs), or the products of a sample application (each grade and packaging once), or one
 * empty line.
 */
export function prefillLines(from: {
  product?: { id: number; specs: ReadonlyArray<{ id: number }> };
  specId?: number;
  application?: { items: ReadonlyArray<{ excipientId: number | null; specId: number | null }> };
}): RequestLineValues[] {
  if (from.product) {
    const spec = from.product.specs.find((s) => s.id === from.specId);
    return [newLine(from.product.id, spec?.id)];
  }
  if (from.application) {
    const seen = new Set<string>();
    const lines: RequestLineValues[] = [];
    for (const item of from.application.items) {
      if (item.excipientId === null) continue;
      const key = `${item.excipientId}:${item.specId ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(newLine(item.excipientId, item.specId));
    }
    if (lines.length > 0) return lines.slice(0, QUOTE_LINES_MAX);
  }
  return [emptyRequestLine()];
}

/**
 * The contact a request starts with: the person asking, by their name (or nickname) and mobile number
 * (the account, when it is one). Without a mobile number of their own, the company's contact, name and
 * number together (a colleague's name beside the asker's number would send sales to the wrong person).
 */
export function prefillContact(
  profile: { name: string; nickName: string; account: string } | undefined,
  company: { contactName: string; contactPhone: string } | null | undefined,
): { contactName: string; contactPhone: string } {
  const own = profile?.name.trim() || profile?.nickName.trim() || '';
  const mobile = profile && /^1\d{10}$/.test(profile.account) ? profile.account : '';
  if (mobile || !company) return { contactName: own, contactPhone: mobile };
  return { contactName: company.contactName || own, contactPhone: company.contactPhone };
}


/** The first day a required date may be: today. */
export function beforeToday(day: Dayjs, today: Dayjs = dayjs()): boolean {
  return day.isBefore(today, 'day');
}

/** The request as sent: trimmed texts, 由销售推荐 as null, the date as YYYY-MM-DD. */
export function requestBody(values: RequestValues, sampleApplicationId: number | null): QuoteRequestBody {
  return {
    lines: values.lines.map((line) => ({
      excipientId: line.excipientId ?? 0,
      specId: line.specId && line.specId !== RECOMMENDED_SPEC ? line.specId : null,
      quantity: line.quantity ?? 0,
      unit: line.unit,
    })),
    deliveryCity: values.deliveryCity.trim(),
    requiredDate: values.requiredDate ? values.requiredDate.format('YYYY-MM-DD') : '',
    purpose: values.purpose ?? 'other',
    remark: (values.remark ?? '').trim(),
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    sampleApplicationId,
  };
}

/** The request form's binding to its change: field errors under the fields, a line's problem above the form. */
export const requestForm = {
  fields: ['deliveryCity', 'requiredDate', 'purpose', 'remark', 'contactName', 'contactPhone'],
} as const;

/* ------------------------------------------ the supplier's quote ------------------------------------------ */

/** A line of the quote form: prices in 元 as typed. */
export interface RevisionLineValues {
  excipientId: number;
  /** Shown, not sent: the line's product. */
  productName: string;
  /** Shown, not sent: the product's 危险化学品 transport terms in the catalogue, if it is flagged. */
  catalogueTerms?: string | null;
  spec: string;
  unit: QuoteUnit;
  quantity?: number | null;
  unitPrice?: number | null;
  taxRate: number;
  taxCode: string;
  moq?: number | null;
  leadTimeDays?: number | null;
  dangerousGoods?: string;
  remark?: string;
}

/** The quote form's values. */
export interface RevisionValues {
  lines: RevisionLineValues[];
  validUntil?: Dayjs | null;
  paymentTerms: PaymentTerms;
  creditDays?: number | null;
  deliveryTerms: string;
  remark?: string;
}

/** 规格型号 from a request line: grade and pack size (药用级 25 kg/袋), empty when the sales staff are to choose. */
export function specFromRequest(line: Pick<QuoteRequestLine, 'grade' | 'packSize'>): string {
  return [line.grade, line.packSize].filter(Boolean).join(' ');
}

/** The last day a new quote is valid unless the sales staff choose another: today + QUOTE_VALID_DAYS. */
export function defaultValidUntil(today: Dayjs = dayjs()): Dayjs {
  return today.startOf('day').add(QUOTE_VALID_DAYS, 'day');
}

/** Whether a line's product is still in the catalogue. */
const inCatalogue = <L extends { excipientId: number | null }>(line: L): line is L & { excipientId: number } => line.excipientId !== null;

function lineFromRequest(line: QuoteRequestLine & { excipientId: number }): RevisionLineValues {
  return {
    excipientId: line.excipientId,
    productName: line.productName,
    catalogueTerms: line.dangerousGoods,
    spec: specFromRequest(line),
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: undefined,
    taxRate: DEFAULT_TAX_RATE,
    taxCode: '',
    moq: undefined,
    leadTimeDays: undefined,
    // A 危险化学品 carries its transport terms from the catalogue; the sales staff may still change them.
    dangerousGoods: line.dangerousGoods ?? '',
    remark: '',
  };
}

function lineFromQuote(line: QuoteLine & { excipientId: number }, productTerms: string | null): RevisionLineValues {
  return {
    excipientId: line.excipientId,
    productName: line.productName,
    catalogueTerms: productTerms,
    spec: line.spec,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: fenToYuan(line.unitPriceFen),
    taxRate: line.taxRate,
    taxCode: line.taxCode,
    moq: line.moq,
    leadTimeDays: line.leadTimeDays,
    // The terms the line was quoted with; a product flagged since then brings the catalogue's.
    dangerousGoods: line.dangerousGoods ?? productTerms ?? '',
    remark: line.remark,
  };
}

/** The catalogue's 危险化学品 terms of each product of the request (the request's lines carry them). */
function productTermsOf(lines: readonly QuoteRequestLine[]): (excipientId: number) => string | null {
  const terms = new Map(lines.flatMap((line) => (line.excipientId === null ? [] : [[line.excipientId, line.dangerousGoods] as const])));
  return (excipientId) => terms.get(excipientId) ?? null;
}

/**
 * What the quote form starts with. 报价: the request's lines (product, 规格型号 from grade and pack
 * size, unit, quantity), 13 % VAT, 款到发货, valid for QUOTE_VALID_DAYS days. 重新报价: the newest
 * revision's lines and terms, to be changed where the buyer asked, valid again for QUOTE_VALID_DAYS days.
 * A line of a product the catalogue flags as 危险化学品 starts with the product's transport terms.
 */
export function revisionPrefill(quote: Pick<Quote, 'lines' | 'current'>, today: Dayjs = dayjs()): RevisionValues {
  const current = quote.current;
  const termsOf = productTermsOf(quote.lines);
  return {
    // A product removed from the catalogue since cannot be quoted again: its line is left out.
    lines: current
      ? current.lines.filter(inCatalogue).map((line) => lineFromQuote(line, termsOf(line.excipientId)))
      : quote.lines.filter(inCatalogue).map(lineFromRequest),
    validUntil: defaultValidUntil(today),
    paymentTerms: current?.paymentTerms ?? 'prepaid',
    creditDays: current?.creditDays ?? null,
    deliveryTerms: current?.deliveryTerms ?? '',
    remark: current?.remark ?? '',
  };
}

/** The quote as sent: 元 → 分, trimmed texts, an empty 危险化学品 term as null, 账期 days only with 账期. */
export function revisionBody(values: RevisionValues): QuoteRevisionBody {
  return {
    lines: values.lines.map((line) => ({
      excipientId: line.excipientId,
      spec: line.spec.trim(),
      unit: line.unit,
      quantity: line.quantity ?? 0,
      unitPriceFen: typeof line.unitPrice === 'number' ? yuanToFen(line.unitPrice) : 0,
      taxRate: line.taxRate,
      taxCode: line.taxCode.trim(),
      moq: line.moq ?? 0,
      leadTimeDays: line.leadTimeDays ?? 0,
      dangerousGoods: line.dangerousGoods?.trim() ? line.dangerousGoods.trim() : null,
      remark: (line.remark ?? '').trim(),
    })),
    validUntil: values.validUntil ? values.validUntil.format('YYYY-MM-DD') : '',
    paymentTerms: values.paymentTerms,
    creditDays: values.paymentTerms === 'credit' ? (values.creditDays ?? null) : null,
    deliveryTerms: values.deliveryTerms.trim(),
    remark: (values.remark ?? '').trim(),
  };
}

/** The quote form's binding to its change. */
export const revisionForm = {
  variables: revisionBody,
  fields: ['validUntil', 'paymentTerms', 'creditDays', 'deliveryTerms', 'remark'],
} as const;

/** VAT rates the quote form offers (the contract's list). */
export const TAX_RATE_OPTIONS = [13, 9, 6, 3, 1, 0] as const;
