/**
 * The buying side of the demo site: two verified companies with their members, price requests in
 * several states with their quotes and threads, and one completed sales order made from the
 * accepted quote — written as the company, quote and sales order services would have written them
 * step by step, on the demo catalogue's products.
 *
 * Unlike the public information (fixed days before DEMO_TODAY), this history is dated back from the
 * moment of seeding: quotes expire and remind by jobs that read the real clock, so the quote waiting
 * for an answer is valid for weeks after the seeding, and the expired one expired before it.
 *
 * The members are accounts nobody signs in to: e-mail addresses at example.com (reserved, they
 * receive nothing) with an empty password hash, which no password matches (as a deleted account's),
 * and messages by SMS and e-mail turned off, so that the staff's steps on the demo requests send
 * nothing anywhere. The staff who quoted, shipped and confirmed the money are named on the records
 * (as a quote is signed) without an account. Notices, staff alerts and the audit log are not
 * written: they are what happened on this site, and nobody did this here.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  COMPANY_INVITATION_DAYS,
  POLICY_VERSION,
  QUOTE_REMINDER_DAYS,
  formatFen,
  type CompanyRoleName,
  type PaymentTermsName,
  type QuotePurposeName,
  type QuoteStateName,
  type QuoteUnitName,
} from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { addDays, beijingDay, beijingDayStart, chinaDate } from '../../shared/beijing-time.js';
import { newRemittanceCode } from '../../shared/remittance-code.js';
import { lineAmounts, quoteNumber, revisionNumber } from '../quote/quote.service.js';
import { salesOrderNumber } from '../sales-order/sales-order.service.js';
import { demoLicenseImage } from './demo-license.js';
import {
  catalogueProducts,
  insertCompany,
  insertCompanyInvitations,
  insertCompanyMembers,
  insertQuoteEvents,
  insertQuoteRequest,
  insertQuoteRevision,
  insertSalesOrder,
  insertUpload,
  insertUser,
  nextId,
  remittanceCodeTaken,
  type CatalogueProduct,
} from './demo.repository.js';

/* --------------------------------------------------------------------------------------------- */
/* The people and their companies                                                                  */

/** Days before the seeding and a Beijing time of day. */
interface Moment {
  days: number;
  /** HH:MM */
  time: string;
}

/** The moments of the history: `moment` days before the seeding's Beijing day, at its time of day. */
function clockOf(now: Date): (moment: Moment) => Date {
  const today = beijingDay(now);
  return (moment) => {
    const [hours, minutes] = moment.time.split(':').map(Number) as [number, number];
    return new Date(beijingDayStart(addDays(today, -moment.days)).getTime() + (hours * 60 + minutes) * 60_000);
  };
}

interface DemoPerson {
  name: string;
  sex: 'male' | 'female';
  account: string;
  /** The mobile number the person gives as a contact. */
  phone: string;
  roles: CompanyRoleName[];
}

export interface DemoCompany {
  name: string;
  /** 统一社会信用代码, its check character right (GB 32100-2015; the organisation code's too, GB 11714). */
  creditCode: string;
  /** The day its 管理员 registered and created it; the staff verify it the next day. */
  created: number;
  /** Its 管理员 first: they create the company and invite the others. */
  people: DemoPerson[];
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: '浙江青岚制药有限公司',
    creditCode: '91330110MA2H7QK37C',
    created: 88,
    people: [
      { name: '周建国', sex: 'male', account: 'zhoujianguo@qinglan.example.com', phone: '13800571001', roles: ['admin'] },
      { name: '陈晓燕', sex: 'female', account: 'chenxiaoyan@qinglan.example.com', phone: '13800571002', roles: ['purchasing'] },
      { name: '王磊', sex: 'male', account: 'wanglei@qinglan.example.com', phone: '13800571003', roles: ['rnd'] },
      { name: '刘敏', sex: 'female', account: 'liumin@qinglan.example.com', phone: '13800571004', roles: ['quality'] },
      { name: '孙丽', sex: 'female', account: 'sunli@qinglan.example.com', phone: '13800571005', roles: ['finance'] },
    ],
  },
  {
    name: '江苏沐川药业股份有限公司',
    creditCode: '91321200714065834G',
    created: 80,
    people: [
      { name: '吴志强', sex: 'male', account: 'wuzhiqiang@muchuan.example.com', phone: '13800523001', roles: ['admin'] },
      { name: '郑凯', sex: 'male', account: 'zhengkai@muchuan.example.com', phone: '13800523002', roles: ['purchasing'] },
      { name: '何静', sex: 'female', account: 'hejing@muchuan.example.com', phone: '13800523003', roles: ['rnd', 'quality'] },
      { name: '冯雪', sex: 'female', account: 'fengxue@muchuan.example.com', phone: '13800523004', roles: ['finance'] },
    ],
  },
];

/** The supplier's staff named on the records: who quoted and shipped, and who confirmed the money. */
export const DEMO_SALES = '张晓明';
export const DEMO_FINANCE = '李静';
const SYSTEM = '系统';

/* --------------------------------------------------------------------------------------------- */
/* The price requests                                                                              */

/** 税收分类编码 of the goods (19 digits): excipients, and ethanol as a chemical. */
const TAX_CODE_EXCIPIENT = '1070201040000000000';
const TAX_CODE_SOLVENT = '1070302990000000000';
const DELIVERY = '送货上门，运费由供方承担';

interface DemoLine {
  product: string;
  /** The grade asked for (its largest pack in the catalogue); null: the sales staff recommend one. */
  grade: string | null;
  quantity: number;
  unit: QuoteUnitName;
  /** 规格型号 as the quote writes it: the grade and the bulk packaging. */
  spec: string;
  moq: number;
  leadTimeDays: number;
  taxCode: string;
  dangerousGoods?: string;
  /** Left out when the catalogue does not have the product (a smaller demo); otherwise the request needs it. */
  optional?: boolean;
}

type Step =
  | {
      kind: 'quoted';
      at: Moment;
      /** Unit prices in 分 (含税), one per line. */
      prices: number[];
      validDays: number;
      paymentTerms: PaymentTermsName;
      creditDays?: number;
      deliveryTerms?: string;
      remark: string;
    }
  | { kind: 'revision'; at: Moment; by: string; message: string }
  | { kind: 'declined'; at: Moment; by: string; message: string }
  | { kind: 'accepted'; at: Moment; by: string }
  /** The expiry job, the night after the newest quote's last valid day. */
  | { kind: 'expired' };

export interface DemoQuote {
  company: number;
  requester: string;
  at: Moment;
  purpose: QuotePurposeName;
  deliveryCity: string;
  /** The day the goods are needed, this many days after the request. */
  requiredAfter: number;
  remark: string;
  lines: DemoLine[];
  /** What happened after the request, in order: the last step is where it stands. */
  steps: Step[];
}

const STATE_AFTER: Record<Step['kind'], QuoteStateName> = {
  quoted: 'quoted',
  revision: 'revising',
  declined: 'declined',
  accepted: 'accepted',
  expired: 'expired',
};

/** Where a demo request stands: 待报价 until the sales staff quote, then as its last step left it. */
export const demoQuoteState = (quote: DemoQuote): QuoteStateName => {
  const last = quote.steps.at(-1);
  return last ? STATE_AFTER[last.kind] : 'pending';
};

const ETHANOL_TERMS = 'UN1170，第 3 类易燃液体，危险货物道路运输，由具备危险货物运输资质的承运商配送';

/** In the order they were made (their ids, and so their numbers, follow it). */
export const DEMO_QUOTES: readonly DemoQuote[] = [
  {
    company: 0,
    requester: '陈晓燕',
    at: { days: 70, time: '10:12' },
    purpose: 'commercial',
    deliveryCity: '浙江省杭州市',
    requiredAfter: 30,
    remark: '需随货提供每批 COA',
    lines: [
      { product: '二氧化硅', grade: '亲水型 200', quantity: 50, unit: 'kg', spec: '亲水型 200 10 kg/袋', moq: 10, leadTimeDays: 10, taxCode: TAX_CODE_EXCIPIENT },
      { product: '硬脂酸镁', grade: '植物来源', quantity: 100, unit: 'kg', spec: '植物来源 20 kg/桶', moq: 20, leadTimeDays: 7, taxCode: TAX_CODE_EXCIPIENT },
    ],
    steps: [
      { kind: 'quoted', at: { days: 69, time: '15:30' }, prices: [16_800, 4_200], validDays: 14, paymentTerms: 'prepaid', remark: '价格含 13% 增值税，有效期内下单按此价格执行。' },
      { kind: 'expired' },
    ],
  },
  {
    company: 1,
    requester: '郑凯',
    at: { days: 50, time: '09:40' },
    purpose: 'commercial',
    deliveryCity: '江苏省泰州市',
    requiredAfter: 25,
    remark: '用于口崩片，请报颗粒型价格',
    lines: [{ product: '甘露醇', grade: '颗粒型 160C', quantity: 1, unit: 't', spec: '颗粒型 160C 25 kg/桶', moq: 0.5, leadTimeDays: 15, taxCode: TAX_CODE_EXCIPIENT }],
    steps: [
      { kind: 'quoted', at: { days: 49, time: '14:05' }, prices: [3_350_000], validDays: 30, paymentTerms: 'prepaid', remark: '' },
      { kind: 'declined', at: { days: 46, time: '11:20' }, by: '郑凯', message: '价格高于现有供应商约 8%，本次暂不采购，谢谢' },
    ],
  },
  {
    company: 0,
    requester: '陈晓燕',
    at: { days: 40, time: '09:15' },
    purpose: 'commercial',
    deliveryCity: '浙江省杭州市',
    requiredAfter: 21,
    remark: '年度采购首单，请随货提供 COA，并提供 DMF 授权信',
    lines: [
      { product: '微晶纤维素', grade: 'PH102', quantity: 500, unit: 'kg', spec: 'PH102 25 kg/桶', moq: 25, leadTimeDays: 7, taxCode: TAX_CODE_EXCIPIENT },
      { product: '乳糖（一水）', grade: '200 目', quantity: 300, unit: 'kg', spec: '200 目 25 kg/袋', moq: 25, leadTimeDays: 7, taxCode: TAX_CODE_EXCIPIENT },
      { product: '羟丙甲纤维素', grade: 'E5', quantity: 100, unit: 'kg', spec: 'E5 25 kg/桶', moq: 25, leadTimeDays: 10, taxCode: TAX_CODE_EXCIPIENT },
    ],
    steps: [
      { kind: 'quoted', at: { days: 39, time: '16:40' }, prices: [3_800, 2_650, 11_800], validDays: 30, paymentTerms: 'prepaid', remark: '首单提供 DMF 授权信；三个产品同批发货。' },
      { kind: 'accepted', at: { days: 37, time: '10:30' }, by: '周建国' },
    ],
  },
  {
    company: 0,
    requester: '王磊',
    at: { days: 20, time: '14:00' },
    purpose: 'registration',
    deliveryCity: '浙江省杭州市',
    requiredAfter: 30,
    remark: '注册批用料，需提供 DMF 授权信及三批 COA',
    lines: [
      { product: '羟丙甲纤维素', grade: 'E15', quantity: 200, unit: 'kg', spec: 'E15 25 kg/桶', moq: 25, leadTimeDays: 10, taxCode: TAX_CODE_EXCIPIENT },
      { product: '硬脂酸镁', grade: null, quantity: 40, unit: 'kg', spec: '植物来源 20 kg/桶', moq: 20, leadTimeDays: 7, taxCode: TAX_CODE_EXCIPIENT },
    ],
    steps: [
      { kind: 'quoted', at: { days: 19, time: '10:20' }, prices: [12_600, 4_500], validDays: 30, paymentTerms: 'prepaid', remark: '硬脂酸镁推荐植物来源规格。' },
      { kind: 'revision', at: { days: 17, time: '09:50' }, by: '王磊', message: '注册批用量较小，请确认能否按 200 kg 起订并给出阶梯价' },
      { kind: 'quoted', at: { days: 15, time: '16:10' }, prices: [12_200, 4_300], validDays: 30, paymentTerms: 'prepaid', remark: '按 200 kg 起订给予优惠，DMF 授权信随合同提供。' },
      { kind: 'revision', at: { days: 12, time: '11:30' }, by: '周建国', message: '请按账期 60 天重新报价' },
    ],
  },
  {
    company: 1,
    requester: '郑凯',
    at: { days: 6, time: '10:00' },
    purpose: 'commercial',
    deliveryCity: '江苏省泰州市',
    requiredAfter: 20,
    remark: '乙醇用于湿法制粒，请注明危险品运输方式',
    lines: [
      { product: '乙醇', grade: '无水', quantity: 1000, unit: 'L', spec: '无水 200 L/桶', moq: 200, leadTimeDays: 5, taxCode: TAX_CODE_SOLVENT, dangerousGoods: ETHANOL_TERMS, optional: true },
      { product: '聚维酮 K30', grade: '药用级', quantity: 150, unit: 'kg', spec: '药用级 25 kg/桶', moq: 25, leadTimeDays: 7, taxCode: TAX_CODE_EXCIPIENT },
    ],
    steps: [
      {
        kind: 'quoted',
        at: { days: 5, time: '15:45' },
        prices: [1_450, 9_600],
        validDays: 30,
        paymentTerms: 'credit',
        creditDays: 30,
        deliveryTerms: `${DELIVERY}；乙醇按危险货物道路运输`,
        remark: '贵司已认证，可按账期 30 天结算。',
      },
    ],
  },
  {
    company: 1,
    requester: '何静',
    at: { days: 2, time: '09:30' },
    purpose: 'rnd',
    deliveryCity: '江苏省泰州市',
    requiredAfter: 14,
    remark: '处方筛选用，希望两周内到货',
    lines: [
      { product: '交联羧甲基纤维素钠', grade: '药用级', quantity: 5, unit: 'kg', spec: '药用级 5 kg/袋', moq: 5, leadTimeDays: 5, taxCode: TAX_CODE_EXCIPIENT },
      { product: '预胶化淀粉', grade: '1500 型', quantity: 10, unit: 'kg', spec: '1500 型 10 kg/袋', moq: 10, leadTimeDays: 5, taxCode: TAX_CODE_EXCIPIENT },
    ],
    steps: [],
  },
];

/** The accepted quote's order, carried through to completion. */
export const DEMO_ORDER = {
  signed: { days: 36, time: '17:00' },
  paid: { days: 34, time: '11:05' },
  shipped: { days: 33, time: '15:20' },
  received: { days: 30, time: '10:45' },
  /** Who confirmed receipt on the buyer's side. */
  receivedBy: '陈晓燕',
  carrier: '德邦物流',
  /** The batches each line was shipped from, in the order of the lines. */
  batches: [['M102-2510A07', 'M102-2510A08'], ['L200-251015'], ['HE5-2509C21']],
} as const satisfies Record<string, unknown>;

/* --------------------------------------------------------------------------------------------- */
/* Writing it                                                                                      */

export interface BuyingCounts {
  companies: number;
  members: number;
  quotes: number;
  salesOrders: number;
}

/** The products the requests name: those marked optional may be missing from the catalogue. */
function productsNeeded(): { required: string[]; optional: string[] } {
  const lines = DEMO_QUOTES.flatMap((quote) => quote.lines);
  const required = [...new Set(lines.filter((line) => !line.optional).map((line) => line.product))];
  const optional = [...new Set(lines.filter((line) => line.optional).map((line) => line.product))];
  return { required, optional };
}

/**
 * Writes the buying side, dated back from `now`. Answers null, writing nothing, when the catalogue
 * lacks a product the requests need (a demo of fewer products than the featured ones).
 */
export async function seedBuyingContent(db: Db, now: Date): Promise<BuyingCounts | null> {
  const { required, optional } = productsNeeded();
  const products = new Map((await catalogueProducts(db, [...required, ...optional])).map((product) => [product.nameZh, product]));
  if (required.some((name) => !products.has(name))) return null;

  const at = clockOf(now);
  const later = (moment: Date, minutes: number) => new Date(moment.getTime() + minutes * 60_000);

  // The people register, the 管理员 creates the company, uploads its licence and invites the others,
  // who register with the address invited and accept; the sales staff verify the company the next day.
  const people = new Map<string, { id: number; person: DemoPerson; companyId: number }>();
  const licence = demoLicenseImage();
  let members = 0;
  for (const company of DEMO_COMPANIES) {
    const [founder, ...others] = company.people as [DemoPerson, ...DemoPerson[]];
    const registered = at({ days: company.created, time: '09:10' });
    const created = later(registered, 20);
    const uploaded = later(created, 8);
    const invited = later(created, 30);
    const verified = at({ days: company.created - 1, time: '10:15' });
    const founderId = await insertUser(db, userValues(founder, registered));
    const licenseKey = `${randomUUID()}.png`;
    await insertUpload(db, { name: licenseKey, ownerId: founderId, contentType: 'image/png', bytes: licence, personal: false, createdAt: uploaded });
    const companyId = await insertCompany(db, {
      name: company.name,
      creditCode: company.creditCode,
      contactName: founder.name,
      contactPhone: founder.phone,
      status: 'verified',
      rejectReason: null,
      licenseKey,
      createdBy: founderId,
      verifiedBy: null,
      verifiedAt: verified,
      createdAt: created,
      updatedAt: verified,
    });
    people.set(founder.name, { id: founderId, person: founder, companyId });
    const memberRows = [{ companyId, userId: founderId, roles: founder.roles, joinedAt: created }];
    const invitations = [];
    for (const [i, person] of others.entries()) {
      const signedUp = at({ days: company.created - 1, time: `14:${String(10 * i).padStart(2, '0')}` });
      const joined = later(signedUp, 5);
      const id = await insertUser(db, userValues(person, signedUp));
      people.set(person.name, { id, person, companyId });
      memberRows.push({ companyId, userId: id, roles: person.roles, joinedAt: joined });
      invitations.push({
        companyId,
        account: person.account,
        roles: person.roles,
        invitedBy: founderId,
        status: 'accepted' as const,
        createdAt: invited,
        expiresAt: new Date(invited.getTime() + COMPANY_INVITATION_DAYS * 86_400_000),
        answeredBy: id,
        answeredAt: joined,
      });
    }
    await insertCompanyMembers(db, memberRows);
    await insertCompanyInvitations(db, invitations);
    members += memberRows.length;
  }
  const who = (name: string) => {
    const found = people.get(name);
    if (!found) throw new Error(`demo person ${name} is not in a demo company`);
    return found;
  };

  let salesOrders = 0;
  for (const quote of DEMO_QUOTES) {
    const requester = who(quote.requester);
    const status = demoQuoteState(quote);
    const asked = at(quote.at);
    const lines = quote.lines.filter((line) => products.has(line.product));
    const product = (line: DemoLine) => products.get(line.product)!;
    const requestId = await nextId(db, 'quote_requests');
    const requestNumber = quoteNumber(requestId, asked);
    const events: Array<Parameters<typeof insertQuoteEvents>[1][number]> = [
      { requestId, kind: 'requested', side: 'buyer', actorId: requester.id, actorName: requester.person.name, message: quote.remark || null, revision: null, createdAt: asked },
    ];
    const revisions: DemoRevision[] = [];
    let updatedAt = asked;
    let accepted: { at: Date; by: ReturnType<typeof who> } | undefined;
    for (const step of quote.steps) {
      if (step.kind === 'quoted') {
        const sent = at(step.at);
        const id = await nextId(db, 'quote_revisions');
        const n = revisions.length + 1;
        const validUntil = addDays(beijingDay(sent), step.validDays);
        const revisionLines = lines.map((line) => revisionLine(line, product(line), step.prices[quote.lines.indexOf(line)]!));
        revisions.push({
          id,
          number: revisionNumber(id, sent),
          revision: n,
          validUntil,
          paymentTerms: step.paymentTerms,
          creditDays: step.paymentTerms === 'credit' ? (step.creditDays ?? null) : null,
          deliveryTerms: step.deliveryTerms ?? DELIVERY,
          remark: step.remark,
          // The reminder job told the buyer of a quote left waiting QUOTE_REMINDER_DAYS before it ran out.
          remindedAt: status === 'expired' ? later(beijingDayStart(addDays(validUntil, -QUOTE_REMINDER_DAYS)), 5) : null,
          createdAt: sent,
          lines: revisionLines,
        });
        events.push({ requestId, kind: 'quoted', side: 'staff', actorId: null, actorName: DEMO_SALES, message: step.remark || null, revision: n, createdAt: sent });
        updatedAt = sent;
      } else if (step.kind === 'revision' || step.kind === 'declined') {
        const by = who(step.by);
        const moment = at(step.at);
        events.push({ requestId, kind: step.kind, side: 'buyer', actorId: by.id, actorName: by.person.name, message: step.message, revision: null, createdAt: moment });
        updatedAt = moment;
      } else if (step.kind === 'accepted') {
        accepted = { at: at(step.at), by: who(step.by) };
        updatedAt = accepted.at;
      } else {
        const newest = revisions.at(-1)!;
        const expired = later(beijingDayStart(addDays(newest.validUntil, 1)), 5);
        events.push({ requestId, kind: 'expired', side: 'system', actorId: null, actorName: SYSTEM, message: null, revision: newest.revision, createdAt: expired });
        updatedAt = expired;
      }
    }
    await insertQuoteRequest(
      db,
      {
        id: requestId,
        number: requestNumber,
        userId: requester.id,
        companyId: requester.companyId,
        status,
        deliveryCity: quote.deliveryCity,
        requiredDate: addDays(beijingDay(asked), quote.requiredAfter),
        purpose: quote.purpose,
        remark: quote.remark,
        contactName: requester.person.name,
        contactPhone: requester.person.phone,
        sampleApplicationId: null,
        createdAt: asked,
        updatedAt,
      },
      lines.map((line) => {
        const spec = line.grade === null ? undefined : product(line).specs.filter((s) => s.grade === line.grade).at(-1);
        return {
          excipientId: product(line).id,
          productName: line.product,
          specId: spec?.id ?? null,
          grade: spec?.grade ?? null,
          packSize: spec?.packSize ?? null,
          quantity: line.quantity,
          unit: line.unit,
        };
      }),
    );
    for (const { lines: revisionLines, ...revision } of revisions) {
      await insertQuoteRevision(db, { ...revision, requestId, quotedBy: null, quotedByName: DEMO_SALES }, revisionLines);
    }
    if (accepted) {
      const revision = revisions.at(-1)!;
      const order = await completedOrder(db, at, { id: requestId, number: requestNumber, deliveryCity: quote.deliveryCity, requester }, revision, accepted.at, who);
      events.push({
        requestId,
        kind: 'accepted',
        side: 'buyer',
        actorId: accepted.by.id,
        actorName: accepted.by.person.name,
        message: `已生成销售订单 ${order}，销售将与您签订合同`,
        revision: revision.revision,
        createdAt: accepted.at,
      });
      salesOrders += 1;
    }
    await insertQuoteEvents(db, events);
  }
  return { companies: DEMO_COMPANIES.length, members, quotes: DEMO_QUOTES.length, salesOrders };
}

function userValues(person: DemoPerson, registered: Date) {
  return {
    account: person.account,
    // No password matches an empty hash: nobody signs in to a demo account.
    passwordHash: '',
    name: person.name,
    nickName: person.name,
    sex: person.sex,
    accountVerifiedAt: registered,
    consentedAt: registered,
    consentVersion: POLICY_VERSION,
    notifyBySmsAndEmail: false,
    createdAt: registered,
    updatedAt: registered,
  };
}

interface DemoRevision {
  id: number;
  number: string;
  revision: number;
  validUntil: string;
  paymentTerms: PaymentTermsName;
  creditDays: number | null;
  deliveryTerms: string;
  remark: string;
  remindedAt: Date | null;
  createdAt: Date;
  lines: RevisionLine[];
}

interface RevisionLine {
  excipientId: number;
  productName: string;
  spec: string;
  unit: QuoteUnitName;
  quantity: number;
  unitPriceFen: number;
  taxRate: number;
  taxCode: string;
  moq: number;
  leadTimeDays: number;
  dangerousGoods: string | null;
  remark: string;
  amountFen: number;
  taxFen: number;
}

function revisionLine(line: DemoLine, product: CatalogueProduct, unitPriceFen: number): RevisionLine {
  const taxRate = 13;
  return {
    excipientId: product.id,
    productName: product.nameZh,
    spec: line.spec,
    unit: line.unit,
    quantity: line.quantity,
    unitPriceFen,
    taxRate,
    taxCode: line.taxCode,
    moq: line.moq,
    leadTimeDays: line.leadTimeDays,
    dangerousGoods: line.dangerousGoods ?? null,
    remark: '',
    ...lineAmounts(unitPriceFen, line.quantity, taxRate),
  };
}

/** Digits, as a bank's transfer reference or a carrier's waybill has them. */
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/**
 * The sales order of the accepted quote as the sales order service leaves it: made when the quote was
 * accepted, its contract signed, the transfer confirmed by finance, shipped with batch numbers,
 * received by the buyer and so completed; its history in that order. Answers its number.
 */
async function completedOrder(
  db: Db,
  at: (moment: Moment) => Date,
  request: { id: number; number: string; deliveryCity: string; requester: { id: number; person: DemoPerson; companyId: number } },
  revision: DemoRevision,
  opened: Date,
  who: (name: string) => { id: number; person: DemoPerson },
): Promise<string> {
  const id = await nextId(db, 'sales_orders');
  const number = salesOrderNumber(id, opened);
  const signed = at(DEMO_ORDER.signed);
  const paid = at(DEMO_ORDER.paid);
  const shipped = at(DEMO_ORDER.shipped);
  const received = at(DEMO_ORDER.received);
  const receiver = who(DEMO_ORDER.receivedBy);
  const totalFen = revision.lines.reduce((sum, line) => sum + line.amountFen, 0);
  const taxFen = revision.lines.reduce((sum, line) => sum + line.taxFen, 0);
  const signedOn = beijingDay(signed);
  const contractNumber = `FLT-XS-${chinaDate(signed)}-01`;
  const bankReference = `${chinaDate(paid)}${digits(12)}`;
  const trackingNumber = `DPK${digits(12)}`;
  const batches = revision.lines.map((_, i) => [...(DEMO_ORDER.batches[i] ?? [`B${chinaDate(shipped)}-${i + 1}`])]);
  const staff = (kind: 'signed' | 'paid' | 'shipped', createdAt: Date, message: string, name = DEMO_SALES) =>
    ({ kind, side: 'staff' as const, actorId: null, actorName: name, message, createdAt });
  await insertSalesOrder(
    db,
    {
      id,
      number,
      quoteId: request.id,
      revisionId: revision.id,
      userId: request.requester.id,
      companyId: request.requester.companyId,
      status: 'completed',
      totalFen,
      taxFen,
      paymentTerms: revision.paymentTerms,
      creditDays: revision.creditDays,
      deliveryTerms: revision.deliveryTerms,
      deliveryCity: request.deliveryCity,
      contactName: request.requester.person.name,
      contactPhone: request.requester.person.phone,
      remittanceCode: await newRemittanceCode((code) => remittanceCodeTaken(db, code)),
      contractNumber,
      signedOn,
      paidAt: paid,
      paidFen: totalFen,
      bankReference,
      carrier: DEMO_ORDER.carrier,
      trackingNumber,
      shippedAt: shipped,
      receivedAt: received,
      completedAt: received,
      createdAt: opened,
      updatedAt: received,
    },
    revision.lines.map((line, i) => ({
      excipientId: line.excipientId,
      productName: line.productName,
      spec: line.spec,
      unit: line.unit,
      quantity: line.quantity,
      unitPriceFen: line.unitPriceFen,
      taxRate: line.taxRate,
      taxCode: line.taxCode,
      amountFen: line.amountFen,
      taxFen: line.taxFen,
      dangerousGoods: line.dangerousGoods,
      batchNumbers: batches[i]!,
    })),
    [
      { kind: 'created', side: 'system', actorId: null, actorName: SYSTEM, message: `由询价单 ${request.number} 第 ${revision.revision} 版报价（${revision.number}）生成`, createdAt: opened },
      staff('signed', signed, `合同编号 ${contractNumber}，签订日期 ${signedOn}`),
      staff('paid', paid, `到账 ${formatFen(totalFen)}，银行流水号 ${bankReference}`, DEMO_FINANCE),
      staff(
        'shipped',
        shipped,
        `${DEMO_ORDER.carrier} ${trackingNumber}；批号：${revision.lines.map((line, i) => `${line.productName} ${batches[i]!.join('、')}`).join('；')}`,
      ),
      { kind: 'received', side: 'buyer', actorId: receiver.id, actorName: receiver.person.name, message: null, createdAt: received },
      { kind: 'completed', side: 'system', actorId: null, actorName: SYSTEM, message: null, createdAt: received },
    ],
  );
  return number;
}
