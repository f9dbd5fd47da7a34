/**
 * The deterministic demo content of the site: the excipient catalogue, CDE registration records,
 * the three databases, pharmacopoeia standards and usage data. Regulations and news are in
 * demo-articles.ts. The same seed and scale always give the same content (no clock, no Math.random):
 * dates are spread back from DEMO_TODAY, a fixed day.
 *
 * Registration records are generated one at a time (`registrationAt(i)`), so that a million of them
 * can be streamed into the database in batches without holding them in memory. Record i has the
 * registration number <letter><year><i + 1 as 7 digits>, unique by construction for i < 10,000,000.
 */
import type { DOSAGE_FORMS, REGISTRATION_TYPES, SafetyDataBody, STANDARD_STATUSES } from '@fuliaotong/contracts';
import { EXCIPIENT_ENTRIES, type Category, type ExcipientEntry, type PharmacopoeiaCode } from './catalogue-data.js';
import { ROUTE_OF, formsOf, routesOf, type Route } from './excipient-uses.js';
import { PRODUCT_FACTS, type ProductFacts } from './product-facts.js';
import { Random, hashString, mix } from './random.js';
import {
  ACTIVE_INGREDIENTS,
  CAPSULES,
  CHANGES_API,
  CHANGES_EXCIPIENT,
  CHANGES_PACKAGING,
  COMPANY_FORMS,
  COMPANY_TRADES,
  COUNTRIES,
  DISTRICT_KINDS,
  EXCIPIENT_FAMILIES,
  FOREIGN_TRADES,
  NAME_CORES,
  PACKAGING,
  PROVINCES,
  REMARKS_API_PASSED,
  REMARKS_PASSED,
  REMARKS_PENDING,
  REMARK_USES,
  ROADS,
  type Trade,
} from './registry-data.js';
import { typeset } from './typography.js';
import { safetyDataOf } from './demo-safety.js';

export type DosageForm = (typeof DOSAGE_FORMS)[number];
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/** The last day of the demo calendar: every generated date is on or before it. */
export const DEMO_TODAY = '2026-11-15';
export const MAX_REGISTRATIONS = 9_999_999;

export interface DemoScale {
  seed: number;
  excipients: number;
  registrations: number;
  standards: number;
  usageRecords: number;
  regulations: number;
  news: number;
}

export const DEFAULT_SCALE: DemoScale = {
  seed: 20_240_601,
  excipients: 200,
  registrations: 5_000,
  standards: 300,
  usageRecords: 600,
  regulations: 200,
  news: 300,
};

/* --------------------------------------------------------------------------------------------- */
/* Dates                                                                                           */

const DAY_MS = 86_400_000;
const todayMs = Date.parse(`${DEMO_TODAY}T00:00:00Z`);

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A day between `fromIso` and DEMO_TODAY, later days a little more likely when `recentBias` > 1. */
export function dayBetween(random: Random, fromIso: string, toIso = DEMO_TODAY, recentBias = 1): string {
  const from = Date.parse(`${fromIso}T00:00:00Z`);
  const to = Math.min(Date.parse(`${toIso}T00:00:00Z`), todayMs);
  if (to <= from) return isoDay(to);
  const span = Math.floor((to - from) / DAY_MS);
  const u = 1 - Math.pow(random.next(), recentBias);
  return isoDay(to - Math.floor(u * span) * DAY_MS);
}

export function addDays(iso: string, days: number): string {
  return isoDay(Math.min(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS, todayMs));
}

/* --------------------------------------------------------------------------------------------- */
/* Catalogue                                                                                       */

export interface DemoSpec {
  grade: string;
  packSize: string;
  sampleAvailable: boolean;
  sortOrder: number;
}

export interface DemoDocument {
  kind: 'TDS' | 'SDS' | 'COA' | 'DMF';
  title: string;
  access: 'public' | 'login' | 'member' | 'request';
}

export interface DemoExcipient {
  nameZh: string;
  nameEn: string;
  synonyms: string[];
  cas: string | null;
  category: Category;
  dosageForms: DosageForm[];
  pharmacopoeias: PharmacopoeiaCode[];
  summary: string;
  description: string;
  regNos: string[];
  sampleAvailable: boolean;
  featured: boolean;
  /** 危险化学品: the transport terms; null for other goods. */
  dangerousGoods: string | null;
  specs: DemoSpec[];
  documents: DemoDocument[];
  /** The safety data sheet its SDS document is printed from (every product with one has it). */
  safetyData: SafetyDataBody | null;
}

/** The products shown on the home page. */
export const FEATURED_NAMES = [
  '微晶纤维素', '乳糖（一水）', '预胶化淀粉', '羟丙甲纤维素', '交联羧甲基纤维素钠', '硬脂酸镁', '聚维酮 K30', '二氧化硅',
  '甘露醇', '羧甲淀粉钠', '泊洛沙姆 188', '聚山梨酯 80',
];

const PHARMACOPOEIA_NAMES: Record<PharmacopoeiaCode, string> = {
  ChP: '《中国药典》',
  'USP-NF': 'USP-NF',
  EP: 'EP',
  JP: 'JP',
};

/** The entries the catalogue shows: always the featured ones, then a stable sample of the rest. */
function catalogueEntries(scale: DemoScale): ExcipientEntry[] {
  const count = Math.min(scale.excipients, EXCIPIENT_ENTRIES.length);
  const indices = EXCIPIENT_ENTRIES.map((_, i) => i);
  const featured = indices.filter((i) => FEATURED_NAMES.includes(EXCIPIENT_ENTRIES[i]!.zh));
  const rest = indices.filter((i) => !featured.includes(i));
  const chosen = new Set([
    ...featured.slice(0, count),
    ...Random.for(scale.seed, 'catalogue').sample(rest, Math.max(0, count - featured.length)),
  ]);
  return indices.filter((i) => chosen.has(i)).map((i) => EXCIPIENT_ENTRIES[i]!);
}

function pharmacopoeiasOf(entry: ExcipientEntry, random: Random): PharmacopoeiaCode[] {
  if (entry.ph) return entry.ph;
  return random.chance(0.6) ? ['ChP', 'USP-NF', 'EP', 'JP'] : ['ChP', 'USP-NF', 'EP'];
}

/** What is written about a product: every catalogue entry has its own (checked when the module loads). */
function factsOf(entry: ExcipientEntry): ProductFacts {
  const facts = PRODUCT_FACTS[entry.zh];
  if (!facts) throw new Error(`product-facts: no text for ${entry.zh}`);
  return facts;
}
for (const entry of EXCIPIENT_ENTRIES) factsOf(entry);

function listZh(items: readonly string[]): string {
  return items.join('、');
}

/** How many registration records each catalogue product links to. */
function registrationCounts(scale: DemoScale, entries: ExcipientEntry[]): number[] {
  const random = Random.for(scale.seed, 'catalogue-registrations');
  return entries.map((entry) =>
    FEATURED_NAMES.includes(entry.zh) ? random.int(1, 3) : random.weighted([[0, 10], [1, 65], [2, 20], [3, 5]] as const),
  );
}

/** Registration indices 0 .. K-1 belong to catalogue products: which product each index is for. */
function catalogueRegistrationOwners(scale: DemoScale): ExcipientEntry[] {
  const entries = catalogueEntries(scale);
  const counts = registrationCounts(scale, entries);
  const owners: ExcipientEntry[] = [];
  entries.forEach((entry, i) => {
    for (let k = 0; k < counts[i]!; k++) owners.push(entry);
  });
  return owners;
}

export function generateExcipients(scale: DemoScale = DEFAULT_SCALE): DemoExcipient[] {
  const entries = catalogueEntries(scale);
  const counts = registrationCounts(scale, entries);
  let nextRegistration = 0;
  return entries.map((entry, index) => {
    const random = Random.for(scale.seed, `excipient:${entry.zh}`);
    const regNos: string[] = [];
    for (let k = 0; k < counts[index]!; k++) {
      const i = nextRegistration++;
      if (i < scale.registrations) regNos.push(registrationAt(scale, i).regNo);
    }
    const grades = (entry.grades ?? (entry.injectable ? ['药用级', '注射级'] : ['药用级'])).slice(0, 5);
    const packs = entry.liquid ? ['100 mL', '500 mL', '1 L'] : ['100 g', '500 g', '1 kg'];
    const sampleAvailable = FEATURED_NAMES.includes(entry.zh) || random.chance(0.92);
    const specs: DemoSpec[] = [];
    for (const grade of grades) {
      for (const packSize of packs) {
        const large = packSize === '1 kg' || packSize === '1 L';
        specs.push({
          grade,
          packSize,
          sampleAvailable: sampleAvailable && !(large && random.chance(0.3)),
          sortOrder: specs.length,
        });
      }
    }
    const dosageForms = formsOf(entry.zh);
    const pharmacopoeias = pharmacopoeiasOf(entry, random);
    const facts = factsOf(entry);
    const gradeText = grades.length > 1 ? `${listZh(grades)}等 ${grades.length} 个规格` : `${grades[0]}规格`;
    const formText = dosageForms.length > 3 ? `${listZh(dosageForms.slice(0, 3))}等剂型` : listZh(dosageForms);
    const summary = `${entry.zh}${facts.role}；提供${gradeText}，适用于${formText}。`;
    const storage = facts.storage ?? (entry.liquid ? '遮光，密封，在阴凉处保存' : '密封，置干燥处保存');
    const compliance = listZh(pharmacopoeias.map((p) => PHARMACOPOEIA_NAMES[p]));
    const bulk = entry.liquid ? '25 kg 塑料桶或 200 kg 钢桶' : '25 kg 纸板桶或内衬药用低密度聚乙烯袋的编织袋';
    // What it is, what it does and how much of it: written for each product (product-facts.ts). Its
    // grades, compliance, packing and registration: its own data, in sentences that name it.
    const paragraphs = [
      `${entry.zh}（${entry.en}${entry.cas ? `，CAS 号 ${entry.cas}` : ''}）${facts.what}。`,
      `${entry.zh}${facts.role}。${facts.levels}`,
      `${entry.zh}提供${gradeText}，质量符合${compliance}现行版标准，每批随货附检验报告（COA）；大包装为${bulk}，贮藏条件：${storage}。`,
      regNos.length
        ? `${entry.zh}已在国家药品监督管理局药品审评中心完成原辅包登记（登记号 ${listZh(regNos)}），可为制剂客户提供授权信及关联审评所需资料。`
        : `${entry.zh}的原辅包登记资料正在准备中，如需关联审评支持，请联系我们的技术服务团队。`,
    ];
    const documents: DemoDocument[] = [
      { kind: 'TDS', title: typeset(`${entry.zh}技术资料`), access: 'public' },
      { kind: 'SDS', title: typeset(`${entry.zh}安全技术说明书`), access: random.chance(0.7) ? 'public' : 'login' },
    ];
    // The products of the home page show the whole set: a COA sample, and the DMF of a registered product.
    const featured = FEATURED_NAMES.includes(entry.zh);
    if (featured || random.chance(0.85)) documents.push({ kind: 'COA', title: typeset(`${entry.zh}检验报告样例`), access: 'login' });
    if (regNos.length && (featured || random.chance(0.7))) {
      // The DMF's open part is 会员资料; the letter of authorisation is written for each customer on request.
      documents.push({ kind: 'DMF', title: typeset(`${entry.zh}DMF 公开部分`), access: 'member' });
      documents.push({ kind: 'DMF', title: typeset(`${entry.zh}DMF 授权信`), access: 'request' });
    }
    const product: Omit<DemoExcipient, 'safetyData'> = {
      nameZh: entry.zh,
      nameEn: entry.en,
      synonyms: entry.syn ?? [],
      cas: entry.cas,
      category: entry.cat,
      dosageForms,
      pharmacopoeias,
      summary: typeset(summary),
      description: paragraphs.map(typeset).join('\n\n'),
      regNos,
      sampleAvailable,
      featured,
      dangerousGoods: entry.dg ?? null,
      specs,
      documents,
    };
    const hasSheet = documents.some((d) => d.kind === 'SDS');
    return { ...product, safetyData: hasSheet ? safetyDataOf(product, entry, scale.seed) : null };
  });
}

/* --------------------------------------------------------------------------------------------- */
/* Registration records                                                                            */

export interface DemoRegistration {
  regNo: string;
  name: string;
  company: string;
  companyAddress: string;
  province: string;
  source: '国产' | '进口';
  spec: string;
  packageSpec: string;
  type: RegistrationType;
  reviewStatus: 'A' | 'I';
  updatedOn: string;
  remark: string;
}

const TYPE_LETTER: Record<RegistrationType, string> = { 辅料: 'F', 药包材: 'B', 原料药: 'Y' };
const REG_YEARS = [
  [2017, 6],
  [2018, 10],
  [2019, 14],
  [2020, 13],
  [2021, 13],
  [2022, 12],
  [2023, 12],
  [2024, 11],
  [2025, 10],
  [2026, 6],
] as const;

const API_NAMES = [...new Set(ACTIVE_INGREDIENTS)];

interface Company {
  name: string;
  address: string;
  province: string;
  source: '国产' | '进口';
  trade: Trade;
}

/** How many companies of one type there are: grows with the data set, as real registries do. */
function companyPoolSize(total: number, source: '国产' | '进口'): number {
  const size = Math.round(Math.sqrt(total) * 12);
  return source === '国产' ? Math.max(300, Math.min(30_000, size)) : Math.max(60, Math.min(5_000, Math.round(size / 5)));
}

const companyCache = new Map<string, Company>();

/**
 * Company `k` of one type and source. Its name says its trade (a stopper maker, a glass works); its
 * address is drawn from its name, so that two companies that come out with the same name are the same
 * company, at one address.
 */
function companyAt(seed: number, type: RegistrationType, source: '国产' | '进口', k: number): Company {
  const key = `${seed}:${type}:${source}:${k}`;
  const cached = companyCache.get(key);
  if (cached) return cached;
  const random = Random.for(seed, `company:${type}:${source}`, k);
  let company: Company;
  if (source === '进口') {
    const country = random.weighted(COUNTRIES.map((c) => [c, c.weight] as const));
    const trade = random.pick(FOREIGN_TRADES[type]);
    const name = `${random.pick(country.roots)} ${trade.word} ${random.pick(country.forms)}`;
    const place = Random.for(seed, `company-address:${name}`);
    const address = `${place.pick(country.streets)} ${place.int(1, 220)}, ${place.pick(country.cities)}, ${country.en}`;
    company = { name, address, province: country.name, source, trade };
  } else {
    const province = random.weighted(PROVINCES.map((p) => [p, p.weight] as const));
    const municipality = province.full.endsWith('市');
    const prefix = municipality || random.chance(0.4) ? province.short : cityPrefix(random.pick(province.cities));
    const trade = random.pick(COMPANY_TRADES[type]);
    const name = `${prefix}${random.pick(NAME_CORES)}${trade.word}${random.pick(COMPANY_FORMS)}`;
    const place = Random.for(seed, `company-address:${name}`);
    // A company named after its city is in it; one named after its province in one of its cities.
    const city = province.cities.find((c) => cityPrefix(c) === prefix) ?? place.pick(province.cities);
    const district = municipality ? '' : `${cityPrefix(city)}${place.pick(DISTRICT_KINDS)}`;
    const address = typeset(`${province.full}${city}${district}${place.pick(ROADS)}${place.int(1, 2999)}号`);
    company = { name, address, province: province.short, source, trade };
  }
  if (companyCache.size > 50_000) companyCache.clear();
  companyCache.set(key, company);
  return company;
}

/** A city's name as a company name starts with it: 淄博 for 淄博市, 楚雄 for 楚雄彝族自治州. */
function cityPrefix(city: string): string {
  return city.replace(/(市|区|彝族自治州|回族自治州)$/, '');
}

/** Whether a company of this trade registers this excipient. */
function makesExcipient(trade: Trade, entry: ExcipientEntry): boolean {
  if (!trade.makes) return true;
  return trade.makes.some((family) => family !== 'capsule' && family in EXCIPIENT_FAMILIES && EXCIPIENT_FAMILIES[family as keyof typeof EXCIPIENT_FAMILIES].test(entry.zh));
}

/** The excipients a trade registers, the most registered first (the catalogue's order). */
const excipientsOfTrade = new Map<Trade, ExcipientEntry[]>();
function excipientsOf(trade: Trade): ExcipientEntry[] {
  let entries = excipientsOfTrade.get(trade);
  if (!entries) {
    entries = EXCIPIENT_ENTRIES.filter((entry) => makesExcipient(trade, entry));
    excipientsOfTrade.set(trade, entries);
  }
  return entries;
}

const ownersCache = new Map<string, ExcipientEntry[]>();

function ownersFor(scale: DemoScale): ExcipientEntry[] {
  const key = `${scale.seed}:${scale.excipients}`;
  let owners = ownersCache.get(key);
  if (!owners) {
    owners = catalogueRegistrationOwners(scale);
    ownersCache.set(key, owners);
  }
  return owners;
}

/** A registration's 备注: what it is registered for, where its review stands, the change that last updated it. */
function remarkOf(random: Random, use: string | null, passed: boolean, passedTexts: readonly string[], changes: readonly string[], updatedOn: string): string {
  const parts: string[] = [];
  if (use) parts.push(use);
  const status = random.pick(passed ? passedTexts : REMARKS_PENDING);
  parts.push(status.replace('{n}', String(random.int(2, 12))));
  if (!use || random.chance(0.5)) {
    parts.push(`${updatedOn.slice(0, 4)} 年 ${Number(updatedOn.slice(5, 7))} 月变更：${random.pick(changes)}`);
  }
  return typeset(parts.join('；'));
}

/** Registration record number `index` (0-based) of a data set of `scale.registrations` records. */
export function registrationAt(scale: DemoScale, index: number): DemoRegistration {
  if (!Number.isInteger(index) || index < 0 || index > MAX_REGISTRATIONS - 1) throw new RangeError(`registration index ${index}`);
  const random = new Random(mix(scale.seed, hashString('registration'), index));
  const owner = ownersFor(scale)[index];
  const type: RegistrationType = owner ? '辅料' : random.weighted([['辅料', 40], ['药包材', 25], ['原料药', 35]] as const);
  const source = random.chance(owner ? 0.1 : 0.15) ? '进口' : '国产';
  const pool = companyPoolSize(scale.registrations, source);
  // A few companies hold many records, most hold a few.
  let company = companyAt(scale.seed, type, source, Math.floor(pool * random.next() * random.next()));
  // A catalogue product is registered by a company of its trade: a starch maker does not hold a cellulose.
  for (let k = 0; owner && !makesExcipient(company.trade, owner) && k < 20 + pool; k++) {
    company = companyAt(scale.seed, type, source, k < 20 ? Math.floor(pool * random.next()) : k - 20);
  }
  const year = random.weighted(REG_YEARS);
  const regNo = `${TYPE_LETTER[type]}${year}${String(index + 1).padStart(7, '0')}`;
  const reviewStatus = random.chance(owner ? 0.85 : 0.62) ? 'A' : 'I';
  const updatedOn = dayBetween(random, `${year}-01-15`, DEMO_TODAY, 1.6);

  let name: string;
  let spec: string;
  let packageSpec: string;
  let remark: string;
  if (type === '辅料' && company.trade.makes?.includes('capsule')) {
    const capsule = random.pick(CAPSULES);
    name = capsule.name;
    const sizes = new Set(random.sample(capsule.specs, random.int(2, capsule.specs.length)));
    spec = listZh(capsule.specs.filter((s) => sizes.has(s)));
    packageSpec = random.pick(capsule.packs);
    remark = remarkOf(random, REMARK_USES['口服']!, reviewStatus === 'A', REMARKS_PASSED, CHANGES_EXCIPIENT, updatedOn);
  } else if (type === '辅料') {
    const entries = excipientsOf(company.trade);
    const entry = owner ?? entries[Math.floor(entries.length * random.next() * (0.35 + 0.65 * random.next()))]!;
    name = entry.zh;
    // What it is registered for: one of the routes it is used by, with the grade made for it.
    const routes = [...routesOf(entry.zh).keys()];
    const route: Route = random.pick(routes);
    const grades = entry.grades ?? (entry.injectable ? ['药用级', '注射级'] : ['药用级']);
    const chosen = new Set(random.sample(grades, random.int(1, Math.min(3, grades.length))));
    if (route === '注射' && grades.includes('注射级')) chosen.add('注射级');
    spec = listZh(grades.filter((g) => chosen.has(g)));
    packageSpec = entry.liquid
      ? random.pick(['25 kg/桶', '200 kg/桶', '1 kg/瓶', '500 mL/瓶'])
      : random.pick(['25 kg/袋', '25 kg/纸板桶', '20 kg/桶', '10 kg/箱', '500 g/瓶', '1 kg/袋']);
    remark = remarkOf(random, REMARK_USES[route]!, reviewStatus === 'A', REMARKS_PASSED, CHANGES_EXCIPIENT, updatedOn);
  } else if (type === '药包材') {
    const made = company.trade.makes;
    const items = made ? PACKAGING.filter((item) => made.includes(item.material)) : PACKAGING;
    const item = random.pick(items);
    name = item.name;
    const specs = new Set(random.sample(item.specs, random.int(1, Math.min(3, item.specs.length))));
    spec = listZh(item.specs.filter((s) => specs.has(s)));
    packageSpec = random.pick(item.packs);
    remark = remarkOf(random, `适用于${item.use}`, reviewStatus === 'A', REMARKS_PASSED, CHANGES_PACKAGING, updatedOn);
  } else {
    name = random.pick(API_NAMES);
    spec = random.chance(0.3) ? random.pick(['无菌原料', '微粉化', '供注射用', '供口服用']) : '';
    packageSpec = random.pick(['25 kg/桶', '10 kg/桶', '5 kg/袋', '1 kg/铝箔袋', '500 g/瓶', '100 g/瓶']);
    remark = remarkOf(random, null, reviewStatus === 'A', REMARKS_API_PASSED, CHANGES_API, updatedOn);
  }
  return {
    regNo,
    name,
    company: company.name,
    companyAddress: company.address,
    province: company.province,
    source,
    spec,
    packageSpec,
    type,
    reviewStatus,
    updatedOn,
    remark,
  };
}

/** Records [from, to) of the data set. */
export function registrationRange(scale: DemoScale, from: number, to: number): DemoRegistration[] {
  const rows: DemoRegistration[] = [];
  for (let i = from; i < Math.min(to, scale.registrations); i++) rows.push(registrationAt(scale, i));
  return rows;
}

/* --------------------------------------------------------------------------------------------- */
/* Databases, standards, usage data                                                                */

export interface DemoDatabase {
  code: 'registration' | 'standard' | 'usage';
  name: string;
  description: string;
  access: 'public' | 'login' | 'member';
  sortOrder: number;
}

export const DEMO_DATABASES: DemoDatabase[] = [
  {
    code: 'registration',
    name: '原辅包登记信息',
    description:
      '收录国家药监局药品审评中心公示的原料药、药用辅料和药包材登记信息，可按登记号、品种名称、企业、省份、' +
      '与制剂共同审评审批结果和更新日期检索；登录后可查看企业地址、规格与包装规格。',
    access: 'public',
    sortOrder: 1,
  },
  {
    code: 'standard',
    name: '药典标准数据库',
    description:
      '汇集《中国药典》、美国药典/国家处方集（USP-NF）、欧洲药典（EP）和日本药局方（JP）中的药用辅料标准，' +
      '标注版本、实施日期与现行状态，便于处方开发与质量研究时比对各国标准。登录后可检索，' +
      '各标准的检验项目与修订说明会员可见（药典标准数据库订阅或会员）。',
    access: 'login',
    sortOrder: 2,
  },
  {
    code: 'usage',
    name: '辅料用量数据库',
    description:
      '按给药途径与剂型整理已上市制剂中药用辅料的单位制剂最大用量，为处方设计和安全性评估提供参考。' +
      '登录后可检索辅料、给药途径与剂型，单位制剂最大用量会员可见。',
    access: 'login',
    sortOrder: 3,
  },
];

export interface DemoStandard {
  name: string;
  nameEn: string;
  pharmacopoeia: PharmacopoeiaCode;
  edition: string;
  status: (typeof STANDARD_STATUSES)[number];
  effectiveOn: string | null;
  /** 检验项目 and 修订说明: 会员可见. */
  testItems: string[];
  revisionNote: string;
}

/** The tests a monograph of each category typically lists between 鉴别 and the assay. */
const CATEGORY_TESTS: Record<Category, string[]> = {
  填充剂: ['酸碱度', '溶液的澄清度与颜色', '干燥失重', '炽灼残渣', '重金属', '微生物限度'],
  黏合剂: ['黏度', 'pH 值', '干燥失重', '炽灼残渣', '重金属', '含量测定'],
  崩解剂: ['酸碱度', '沉降体积', '干燥失重', '炽灼残渣', '重金属', '微生物限度'],
  润滑剂: ['酸度', '氯化物', '硫酸盐', '干燥失重', '重金属', '含量测定'],
  助流剂: ['pH 值', '氯化物', '干燥失重', '炽灼失重', '重金属', '含量测定'],
  包衣材料: ['黏度', 'pH 值', '干燥失重', '炽灼残渣', '重金属', '含量测定'],
  释放调节剂: ['黏度', '取代基含量', '干燥失重', '炽灼残渣', '重金属', '微生物限度'],
  溶剂: ['相对密度', '折光率', '酸度', '有关物质', '水分', '炽灼残渣', '含量测定'],
  表面活性剂: ['酸值', '皂化值', '羟值', '碘值', '水分', '炽灼残渣', '重金属'],
  增稠剂: ['黏度', 'pH 值', '干燥失重', '炽灼残渣', '重金属', '微生物限度'],
  防腐剂: ['熔点', '酸度', '有关物质', '干燥失重', '炽灼残渣', '含量测定'],
  抗氧剂: ['熔点', '有关物质', '干燥失重', '炽灼残渣', '重金属', '含量测定'],
  'pH 调节剂': ['溶液的澄清度与颜色', '氯化物', '硫酸盐', '铁盐', '重金属', '含量测定'],
  矫味剂: ['比旋度', '溶液的澄清度与颜色', '干燥失重', '炽灼残渣', '重金属', '含量测定'],
  增塑剂: ['相对密度', '折光率', '酸度', '水分', '炽灼残渣', '含量测定'],
};
const CHANGES = [
  '新增元素杂质检查（按通则 0862）',
  '微生物限度改按非无菌药用原料及辅料的要求',
  '含量测定改用高效液相色谱法',
  '删除砷盐检查，改由元素杂质控制',
  '新增粒度分布等功能性相关指标',
  '干燥失重限度收紧',
];

/** A standard's tests and what changed, written from its excipient, pharmacopoeia and edition (no chance involved). */
function memberFieldsOf(entry: ExcipientEntry, pharmacopoeia: PharmacopoeiaCode, ed: { edition: string; status: DemoStandard['status'] }) {
  const hash = hashString(`${entry.zh}|${pharmacopoeia}|${ed.edition}`);
  const limits: Record<string, string> = {
    干燥失重: `干燥失重：不得过 ${[0.5, 1.0, 2.0, 5.0, 7.0][hash % 5]!.toFixed(1)}%`,
    炽灼残渣: '炽灼残渣：不得过 0.1%',
    重金属: '重金属：不得过百万分之十',
    水分: `水分：不得过 ${[0.1, 0.2, 0.5][hash % 3]!.toFixed(1)}%`,
  };
  const tests = CATEGORY_TESTS[entry.cat].map((name) => limits[name] ?? name);
  const testItems = ['性状', '鉴别', ...tests, ...(entry.injectable ? ['细菌内毒素'] : [])];
  if (pharmacopoeia === 'ChP' && ed.status !== '废止') testItems.push('元素杂质');
  const current = EDITIONS[pharmacopoeia].find((e) => e.status === '现行')!.edition;
  const change = CHANGES[hash % CHANGES.length]!;
  const revisionNote =
    ed.status === '废止'
      ? `已被${EDITION_NAMES[pharmacopoeia](current)}取代，现行标准见新版。`
      : ed.status === '草案公示'
        ? `草案公示：拟${change}，公示期间可反馈意见。`
        : `与上一版相比：${change}。`;
  return { testItems: testItems.map(typeset), revisionNote: typeset(revisionNote) };
}

/** An edition as a sentence names it: 《中国药典》2025 年版, USP 2025–NF 43, EP 12.0, JP 第十八改正. */
const EDITION_NAMES: Record<PharmacopoeiaCode, (edition: string) => string> = {
  ChP: (edition) => `《中国药典》${edition}`,
  'USP-NF': (edition) => edition,
  EP: (edition) => `EP ${edition}`,
  JP: (edition) => `JP ${edition}`,
};

const EDITIONS: Record<PharmacopoeiaCode, { edition: string; status: DemoStandard['status']; effectiveOn: string | null; weight: number }[]> = {
  ChP: [
    { edition: '2025 年版', status: '现行', effectiveOn: '2025-10-01', weight: 6 },
    { edition: '2020 年版', status: '废止', effectiveOn: '2020-12-30', weight: 2 },
    { edition: '2025 年版第一增补本（草案）', status: '草案公示', effectiveOn: null, weight: 1 },
  ],
  'USP-NF': [
    { edition: 'USP 2025–NF 43', status: '现行', effectiveOn: '2025-05-01', weight: 5 },
    { edition: 'USP 2024–NF 42', status: '废止', effectiveOn: '2024-05-01', weight: 2 },
  ],
  EP: [
    { edition: '12.0', status: '现行', effectiveOn: '2026-01-01', weight: 5 },
    { edition: '11.0', status: '废止', effectiveOn: '2023-01-01', weight: 2 },
  ],
  JP: [{ edition: '第十八改正', status: '现行', effectiveOn: '2021-06-07', weight: 4 }],
};

export function generateStandards(scale: DemoScale = DEFAULT_SCALE): DemoStandard[] {
  const random = Random.for(scale.seed, 'standards');
  const all: DemoStandard[] = [];
  for (const entry of EXCIPIENT_ENTRIES) {
    const pharmacopoeias = entry.ph ?? (['ChP', 'USP-NF', 'EP', 'JP'] as const);
    for (const pharmacopoeia of pharmacopoeias) {
      for (const ed of EDITIONS[pharmacopoeia]) {
        all.push({
          name: entry.zh,
          nameEn: entry.en,
          pharmacopoeia,
          edition: ed.edition,
          status: ed.status,
          effectiveOn: ed.effectiveOn,
          ...memberFieldsOf(entry, pharmacopoeia, ed),
        });
      }
    }
  }
  // Current editions first, then older and draft ones, so that small sets are mostly current.
  const weightOf = (s: DemoStandard) => EDITIONS[s.pharmacopoeia].find((e) => e.edition === s.edition)!.weight;
  const keyed = all.map((s) => ({ s, key: random.next() / weightOf(s) }));
  keyed.sort((a, b) => a.key - b.key);
  const order = new Map(EXCIPIENT_ENTRIES.map((e, i) => [e.zh, i]));
  return keyed
    .slice(0, scale.standards)
    .map((k) => k.s)
    .sort((a, b) => order.get(a.name)! - order.get(b.name)! || a.pharmacopoeia.localeCompare(b.pharmacopoeia) || b.edition.localeCompare(a.edition));
}

export interface DemoUsageRecord {
  ingredient: string;
  route: '口服' | '注射' | '外用' | '吸入' | '眼用';
  dosageForm: DosageForm;
  maxAmount: string;
}

/** Typical maximum amount per solid unit, in mg, by category. */
const SOLID_MAX_MG: Record<Category, [number, number]> = {
  填充剂: [80, 900],
  黏合剂: [5, 120],
  崩解剂: [5, 90],
  润滑剂: [1, 25],
  助流剂: [0.5, 15],
  包衣材料: [3, 60],
  释放调节剂: [20, 400],
  溶剂: [10, 600],
  表面活性剂: [0.5, 40],
  增稠剂: [2, 80],
  防腐剂: [0.1, 5],
  抗氧剂: [0.05, 10],
  'pH 调节剂': [1, 120],
  矫味剂: [0.5, 30],
  增塑剂: [0.5, 20],
};

function roundAmount(value: number): string {
  if (value >= 100) return String(Math.round(value / 5) * 5);
  if (value >= 10) return String(Math.round(value));
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '');
  return value.toFixed(2).replace(/0$/, '');
}

/** How often each route turns up in the usage database (most marketed medicines are taken by mouth). */
const ROUTE_WEIGHTS: Record<Route, number> = { 口服: 10, 注射: 6, 外用: 4, 眼用: 2, 吸入: 1 };
const SOLID_ORAL = new Set<DosageForm>(['片剂', '胶囊剂', '颗粒剂', '散剂']);

/** Usage rows: an excipient, a route it is used by, one of its dosage forms of that route, the largest amount seen in a unit. */
export function generateUsageRecords(scale: DemoScale = DEFAULT_SCALE): DemoUsageRecord[] {
  const random = Random.for(scale.seed, 'usage');
  const seen = new Set<string>();
  const rows: DemoUsageRecord[] = [];
  // The common excipients first, by their common routes; then, when a large set asks for more, every
  // pair of an excipient and a dosage form it is used in not yet drawn, in a stable shuffled order.
  const pairs: [ExcipientEntry, DosageForm][] = [];
  for (let attempt = 0; pairs.length < scale.usageRecords && attempt < scale.usageRecords * 20; attempt++) {
    const entry = EXCIPIENT_ENTRIES[Math.floor(EXCIPIENT_ENTRIES.length * random.next() * (0.3 + 0.7 * random.next()))]!;
    const routes = routesOf(entry.zh);
    const route = random.weighted([...routes.keys()].map((r) => [r, ROUTE_WEIGHTS[r]] as const));
    pairs.push([entry, random.pick(routes.get(route)!)]);
  }
  const rest = EXCIPIENT_ENTRIES.flatMap((entry) => formsOf(entry.zh).map((form): [ExcipientEntry, DosageForm] => [entry, form]));
  pairs.push(...random.sample(rest, rest.length));
  for (const [entry, dosageForm] of pairs) {
    if (rows.length >= scale.usageRecords) break;
    const route = ROUTE_OF[dosageForm];
    const key = `${entry.zh}|${dosageForm}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [lo, hi] = SOLID_MAX_MG[entry.cat];
    const value = lo * Math.pow(hi / lo, random.next());
    let maxAmount: string;
    // A solid unit (tablet, capsule, sachet, dry-powder dose, patch) in mg; a liquid per mL; a semi-solid in % (w/w).
    if (SOLID_ORAL.has(dosageForm) || dosageForm === '贴剂') maxAmount = `${roundAmount(value)} mg`;
    else if (dosageForm === '吸入制剂' && !entry.liquid) maxAmount = `${roundAmount(Math.min(25, value / 20))} mg`;
    else if (route === '外用') maxAmount = `${roundAmount(Math.min(60, value / 10))}% (w/w)`;
    else maxAmount = `${roundAmount(value / 10)} mg/mL`;
    rows.push({ ingredient: entry.zh, route, dosageForm, maxAmount });
  }
  return rows;
}
