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
import { DOSAGE_FORMS, type REGISTRATION_TYPES, type STANDARD_STATUSES } from '@fuliaotong/contracts';
import { EXCIPIENT_ENTRIES, type Category, type ExcipientEntry, type PharmacopoeiaCode } from './catalogue-data.js';
import { PRODUCT_FACTS } from './product-facts.js';
import { Random, hashString, mix } from './random.js';
import {
  ACTIVE_INGREDIENTS,
  COMPANY_FORMS,
  COMPANY_KINDS,
  COUNTRIES,
  DISTRICT_KINDS,
  FOREIGN_FIELDS,
  NAME_CORES,
  PACKAGING,
  PROVINCES,
  REMARKS_API,
  REMARKS_EXCIPIENT,
  REMARKS_PACKAGING,
  ROADS,
} from './registry-data.js';

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
}

/** The products shown on the home page. */
export const FEATURED_NAMES = [
  '微晶纤维素', '乳糖（一水）', '预胶化淀粉', '羟丙甲纤维素', '交联羧甲基纤维素钠', '硬脂酸镁', '聚维酮 K30', '二氧化硅',
  '甘露醇', '羧甲淀粉钠', '泊洛沙姆 188', '聚山梨酯 80',
];

interface CategoryText {
  intro: string;
  use: string;
  forms: DosageForm[];
}

const CATEGORY_TEXT: Record<Category, CategoryText> = {
  填充剂: {
    intro: '是片剂、胶囊剂中应用最广泛的填充剂（稀释剂）之一，用于增加制剂的重量与体积、改善成型性',
    use:
      '常用于湿法制粒、干法制粒及粉末直接压片工艺，处方用量一般为 10%～90%。不同粒径规格可兼顾流动性与可压性：' +
      '细粒径规格比表面积大、可压性好，适合湿法制粒；大粒径规格流动性好，适合直接压片与胶囊填充。',
    forms: ['片剂', '胶囊剂', '颗粒剂', '散剂'],
  },
  黏合剂: {
    intro: '是常用的黏合剂，能增强颗粒间的结合力，提高片剂硬度并降低脆碎度',
    use:
      '可配成溶液用于湿法制粒，也可以干粉形式加入用于干法制粒或直接压片，常用量为 2%～5%。' +
      '黏度规格越高，黏合力越强，但对崩解与溶出的影响也越明显，应结合处方筛选。',
    forms: ['片剂', '颗粒剂', '胶囊剂'],
  },
  崩解剂: {
    intro: '是高效崩解剂，遇水迅速吸水膨胀或形成毛细管通道，使片剂在体内快速崩解、促进药物溶出',
    use:
      '可采用内加法、外加法或内外加法，片剂中常用量为 2%～8%，胶囊剂中为 4%～6%。' +
      '在湿法制粒中崩解性能基本保持，对高剂量、难溶性药物的处方尤为适用。',
    forms: ['片剂', '胶囊剂', '颗粒剂'],
  },
  润滑剂: {
    intro: '是口服固体制剂中常用的润滑剂，可降低颗粒与冲模壁之间的摩擦，防止黏冲并保证顺利出片',
    use:
      '通常在总混最后阶段加入，用量为 0.25%～2%。过度混合会在颗粒表面形成疏水膜，' +
      '可能延长崩解时间、降低片剂硬度，建议控制混合时间并在放大生产中加以验证。',
    forms: ['片剂', '胶囊剂', '颗粒剂'],
  },
  助流剂: {
    intro: '是助流剂和抗黏剂，能显著改善粉体的流动性，保证片重和装量差异符合要求',
    use: '用量一般为 0.1%～1.0%，与主药及填充剂预混后加入；因比表面积大，也可用作液体或油性成分的吸附载体。',
    forms: ['片剂', '胶囊剂', '散剂', '颗粒剂'],
  },
  包衣材料: {
    intro: '用于片剂、微丸和颗粒的薄膜包衣，可起到掩味、防潮、避光、改善外观及定位释放等作用',
    use:
      '可配制成水性或有机溶剂包衣液，普通薄膜包衣增重一般为 2%～4%，肠溶包衣为 8%～12%。' +
      '建议根据片芯硬度、包衣设备和工艺参数优化固含量与喷速，并考察包衣后的溶出与稳定性。',
    forms: ['片剂', '胶囊剂', '颗粒剂'],
  },
  释放调节剂: {
    intro: '是缓释、控释制剂常用的骨架或膜材料，用于调节药物的释放速率与释放部位',
    use:
      '亲水凝胶骨架片中用量一般为 20%～50%，释放速率与黏度规格、用量及片剂大小相关，' +
      '通过调整比例可获得 12～24 小时的释放曲线；也可与其他聚合物合用以降低突释。',
    forms: ['片剂', '胶囊剂', '颗粒剂'],
  },
  溶剂: {
    intro: '是液体及半固体制剂常用的溶剂、共溶剂或油相，可提高难溶性药物的溶解度',
    use: '可单独或与水、乙醇等合用作为溶剂系统，在口服溶液、注射剂、软胶囊内容物和外用制剂中均有应用，用量依处方而定。',
    forms: ['口服溶液剂', '软膏剂', '乳膏剂', '凝胶剂', '胶囊剂'],
  },
  表面活性剂: {
    intro: '是常用的表面活性剂，具有润湿、增溶、乳化和分散作用',
    use:
      '可用于难溶性药物的增溶和润湿、乳剂与微乳的乳化，以及固体分散体和自乳化制剂；' +
      '注射用规格对过氧化值、内毒素等指标有严格控制。',
    forms: ['口服溶液剂', '乳膏剂', '片剂', '混悬剂', '胶囊剂'],
  },
  增稠剂: {
    intro: '是增稠剂和助悬剂，能提高液体及半固体制剂的黏度，改善物理稳定性',
    use: '在混悬剂中用量一般为 0.2%～2%，在凝胶剂中为 0.5%～5%；分散时宜缓慢加入并充分搅拌，避免结块。',
    forms: ['混悬剂', '凝胶剂', '乳膏剂', '口服溶液剂'],
  },
  防腐剂: {
    intro: '是抑菌防腐剂，用于多剂量包装的口服液体、外用及注射制剂',
    use: '常用浓度为 0.01%～0.5%，抑菌效力受 pH 影响较大；处方中应按药典要求进行抑菌效力检查。',
    forms: ['口服溶液剂', '混悬剂', '乳膏剂', '眼用制剂'],
  },
  抗氧剂: {
    intro: '是抗氧剂或螯合剂，可延缓或防止主药及其他辅料的氧化降解',
    use: '常用浓度为 0.01%～0.2%，宜根据主药的降解机理选择水溶性或脂溶性抗氧剂，并可与螯合剂合用。',
    forms: ['口服溶液剂', '软膏剂', '片剂'],
  },
  'pH 调节剂': {
    intro: '是 pH 调节剂和缓冲剂，用于调节并维持制剂的 pH，提高主药的稳定性和患者的耐受性',
    use: '用量根据目标 pH 与缓冲容量计算确定；注射用规格对重金属、内毒素等指标有严格控制。',
    forms: ['口服溶液剂', '眼用制剂', '片剂', '颗粒剂'],
  },
  矫味剂: {
    intro: '是矫味剂（甜味剂或芳香剂），用于改善口服制剂的口感，提高患者尤其是儿童的用药依从性',
    use: '甜味剂常用量为 0.05%～0.5%，芳香剂为 0.01%～0.2%；宜与主药进行相容性考察并评价掩味效果。',
    forms: ['口服溶液剂', '颗粒剂', '片剂', '混悬剂'],
  },
  增塑剂: {
    intro: '是薄膜包衣和软胶囊常用的增塑剂，可降低聚合物的玻璃化转变温度，提高膜的柔韧性',
    use: '用量一般为成膜聚合物的 10%～30%；水溶性与脂溶性增塑剂对包衣膜渗透性的影响不同，应结合释放要求选择。',
    forms: ['片剂', '胶囊剂', '贴剂'],
  },
};

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

function dosageFormsOf(entry: ExcipientEntry, random: Random): DosageForm[] {
  const base = CATEGORY_TEXT[entry.cat].forms;
  const forms = new Set<DosageForm>(random.sample(base, random.int(2, base.length)));
  if (entry.injectable) forms.add('注射剂');
  if (entry.cat === '表面活性剂' || entry.cat === '防腐剂' || entry.cat === 'pH 调节剂') {
    if (random.chance(0.4)) forms.add('眼用制剂');
  }
  if ((entry.cat === '溶剂' || entry.cat === '表面活性剂') && random.chance(0.25)) forms.add('吸入制剂');
  if (entry.cat === '增稠剂' && random.chance(0.3)) forms.add('栓剂');
  return DOSAGE_FORMS.filter((f) => forms.has(f));
}

function pharmacopoeiasOf(entry: ExcipientEntry, random: Random): PharmacopoeiaCode[] {
  if (entry.ph) return entry.ph;
  return random.chance(0.6) ? ['ChP', 'USP-NF', 'EP', 'JP'] : ['ChP', 'USP-NF', 'EP'];
}

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
    const dosageForms = dosageFormsOf(entry, random);
    const pharmacopoeias = pharmacopoeiasOf(entry, random);
    const text = CATEGORY_TEXT[entry.cat];
    const facts = PRODUCT_FACTS[entry.zh];
    const gradeText = grades.length > 1 ? `${listZh(grades)} 等 ${grades.length} 个规格` : `${grades[0]}规格`;
    const summary = `${entry.zh}${facts?.role ?? text.intro}；提供${gradeText}，适用于${listZh(dosageForms.slice(0, 3))}等剂型。`;
    const storage = facts?.storage ?? (entry.liquid ? '遮光，密封，在阴凉处保存' : '密封，置干燥处保存，避免受潮');
    const compliance = listZh(pharmacopoeias.map((p) => PHARMACOPOEIA_NAMES[p]));
    const paragraphs = [
      `${entry.zh}（${entry.en}${entry.cas ? `，CAS 号 ${entry.cas}` : ''}）${text.intro}。` +
        (entry.syn?.length ? `本品又称${listZh(entry.syn)}。` : '') +
        `在${listZh(dosageForms)}中均有成熟应用。`,
      // What it does and how much of it: the product's own where known, else its category's.
      facts ? `${entry.zh}${facts.role}。${facts.levels}` : text.use,
      `本品提供${gradeText}，质量符合${compliance}现行版标准要求，每批随货提供检验报告（COA）。` +
        `样品提供 ${listZh(packs)} 三种包装，可在线申请；大包装采用${entry.liquid ? '25 kg 塑料桶或 200 kg 钢桶' : '25 kg 纸板桶或内衬药用低密度聚乙烯袋的编织袋'}。`,
      regNos.length
        ? `本品已在国家药品监督管理局药品审评中心完成原辅包登记（登记号 ${listZh(regNos)}），可为制剂客户提供授权信及关联审评所需资料。`
        : '本品的原辅包登记资料正在准备中，如需关联审评支持，请联系我们的技术服务团队。',
      `贮藏：${storage}。开封后请尽快使用，未用完部分应重新密封。`,
    ];
    const documents: DemoDocument[] = [
      { kind: 'TDS', title: `${entry.zh}技术资料`, access: 'public' },
      { kind: 'SDS', title: `${entry.zh}安全技术说明书`, access: random.chance(0.7) ? 'public' : 'login' },
    ];
    if (random.chance(0.85)) documents.push({ kind: 'COA', title: `${entry.zh}检验报告样例`, access: 'login' });
    if (regNos.length && random.chance(0.7)) {
      // The DMF's open part is 会员资料; the letter of authorisation is written for each customer on request.
      documents.push({ kind: 'DMF', title: `${entry.zh} DMF 公开部分`, access: 'member' });
      documents.push({ kind: 'DMF', title: `${entry.zh} DMF 授权信`, access: 'request' });
    }
    return {
      nameZh: entry.zh,
      nameEn: entry.en,
      synonyms: entry.syn ?? [],
      cas: entry.cas,
      category: entry.cat,
      dosageForms,
      pharmacopoeias,
      summary,
      description: paragraphs.join('\n\n'),
      regNos,
      sampleAvailable,
      featured: FEATURED_NAMES.includes(entry.zh),
      dangerousGoods: entry.dg ?? null,
      specs,
      documents,
    };
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

const EXCIPIENT_NAMES = EXCIPIENT_ENTRIES.map((e) => e.zh);
const API_NAMES = [...new Set(ACTIVE_INGREDIENTS)];

interface Company {
  name: string;
  address: string;
  province: string;
  source: '国产' | '进口';
}

/** How many companies of one type there are: grows with the data set, as real registries do. */
function companyPoolSize(total: number, source: '国产' | '进口'): number {
  const size = Math.round(Math.sqrt(total) * 12);
  return source === '国产' ? Math.max(300, Math.min(30_000, size)) : Math.max(60, Math.min(5_000, Math.round(size / 5)));
}

const companyCache = new Map<string, Company>();

function companyAt(seed: number, type: RegistrationType, source: '国产' | '进口', k: number): Company {
  const key = `${seed}:${type}:${source}:${k}`;
  const cached = companyCache.get(key);
  if (cached) return cached;
  const random = Random.for(seed, `company:${type}:${source}`, k);
  let company: Company;
  if (source === '进口') {
    const country = random.weighted(COUNTRIES.map((c) => [c, c.weight] as const));
    const name = `${random.pick(country.roots)} ${random.pick(FOREIGN_FIELDS[type])} ${random.pick(country.forms)}`;
    const street = random.pick(country.streets);
    company = { name, address: `${street} ${random.int(1, 220)}, ${random.pick(country.cities)}, ${country.en}`, province: country.name, source };
  } else {
    const province = random.weighted(PROVINCES.map((p) => [p, p.weight] as const));
    const city = random.pick(province.cities);
    const municipality = province.full.endsWith('市');
    const prefix = municipality || random.chance(0.4) ? province.short : city.replace(/(市|区|彝族自治州|回族自治州)$/, '');
    const name = `${prefix}${random.pick(NAME_CORES)}${random.pick(COMPANY_KINDS[type])}${random.pick(COMPANY_FORMS)}`;
    const district = municipality ? '' : `${city.replace(/市$/, '')}${random.pick(DISTRICT_KINDS)}`;
    const address = `${province.full}${city}${district}${random.pick(ROADS)}${random.int(1, 2999)}号`;
    company = { name, address, province: province.short, source };
  }
  if (companyCache.size > 50_000) companyCache.clear();
  companyCache.set(key, company);
  return company;
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

/** Registration record number `index` (0-based) of a data set of `scale.registrations` records. */
export function registrationAt(scale: DemoScale, index: number): DemoRegistration {
  if (!Number.isInteger(index) || index < 0 || index > MAX_REGISTRATIONS - 1) throw new RangeError(`registration index ${index}`);
  const random = new Random(mix(scale.seed, hashString('registration'), index));
  const owner = ownersFor(scale)[index];
  const type: RegistrationType = owner ? '辅料' : random.weighted([['辅料', 40], ['药包材', 25], ['原料药', 35]] as const);
  const source = random.chance(owner ? 0.1 : 0.15) ? '进口' : '国产';
  const pool = companyPoolSize(scale.registrations, source);
  // A few companies hold many records, most hold a few.
  const company = companyAt(scale.seed, type, source, Math.floor(pool * random.next() * random.next()));
  const year = random.weighted(REG_YEARS);
  const regNo = `${TYPE_LETTER[type]}${year}${String(index + 1).padStart(7, '0')}`;

  let name: string;
  let spec: string;
  let packageSpec: string;
  let remark: string;
  if (type === '辅料') {
    const entry = owner ?? EXCIPIENT_ENTRIES[Math.floor(EXCIPIENT_NAMES.length * random.next() * (0.35 + 0.65 * random.next()))]!;
    name = entry.zh;
    const grades = entry.grades && random.chance(0.7) ? new Set(random.sample(entry.grades, random.int(1, Math.min(3, entry.grades.length)))) : undefined;
    spec = grades ? listZh(entry.grades!.filter((g) => grades.has(g))) : '';
    packageSpec = entry.liquid
      ? random.pick(['25 kg/桶', '200 kg/桶', '1 kg/瓶', '500 mL/瓶'])
      : random.pick(['25 kg/袋', '25 kg/纸板桶', '20 kg/桶', '10 kg/箱', '500 g/瓶', '1 kg/袋']);
    remark = random.pick(REMARKS_EXCIPIENT);
  } else if (type === '药包材') {
    const item = random.pick(PACKAGING);
    name = item.name;
    const specs = new Set(random.sample(item.specs, random.int(1, Math.min(3, item.specs.length))));
    spec = listZh(item.specs.filter((s) => specs.has(s)));
    packageSpec = random.pick(item.packs);
    remark = random.pick(REMARKS_PACKAGING);
  } else {
    name = random.pick(API_NAMES);
    spec = random.chance(0.3) ? random.pick(['无菌原料', '微粉化', '供注射用', '供口服用']) : '';
    packageSpec = random.pick(['25 kg/桶', '10 kg/桶', '5 kg/袋', '1 kg/铝箔袋', '500 g/瓶', '100 g/瓶']);
    remark = random.pick(REMARKS_API);
  }
  const reviewStatus = random.chance(owner ? 0.85 : 0.62) ? 'A' : 'I';
  const updatedOn = dayBetween(random, `${year}-01-15`, DEMO_TODAY, 1.6);
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
      ? `已被${current}取代，现行标准见新版。`
      : ed.status === '草案公示'
        ? `草案公示：拟${change}，公示期间可反馈意见。`
        : `与上一版相比：${change}。`;
  return { testItems, revisionNote };
}

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

const ROUTE_FORMS: Record<DemoUsageRecord['route'], DosageForm[]> = {
  口服: ['片剂', '胶囊剂', '颗粒剂', '口服溶液剂', '混悬剂', '散剂'],
  注射: ['注射剂'],
  外用: ['软膏剂', '乳膏剂', '凝胶剂', '贴剂', '栓剂'],
  吸入: ['吸入制剂'],
  眼用: ['眼用制剂'],
};

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

/** Solvents used on the skin or in injections only: never in an oral or inhaled medicine. */
const NOT_ORAL = new Set(['N-甲基吡咯烷酮', '二甲基亚砜', '异丙醇', '苯甲酸苄酯', '肉豆蔻酸异丙酯', '白凡士林', '大豆油（供注射用）', '二乙二醇单乙基醚']);

/** The dosage forms of a route an excipient plausibly appears in: a liquid is not in a tablet or a powder. */
function formsFor(entry: ExcipientEntry, route: DemoUsageRecord['route']): DosageForm[] {
  if (route === '口服' && entry.liquid && entry.cat !== '包衣材料') return ['口服溶液剂', '混悬剂', '胶囊剂'];
  return ROUTE_FORMS[route];
}

function roundAmount(value: number): string {
  if (value >= 100) return String(Math.round(value / 5) * 5);
  if (value >= 10) return String(Math.round(value));
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '');
  return value.toFixed(2).replace(/0$/, '');
}

export function generateUsageRecords(scale: DemoScale = DEFAULT_SCALE): DemoUsageRecord[] {
  const random = Random.for(scale.seed, 'usage');
  const seen = new Set<string>();
  const rows: DemoUsageRecord[] = [];
  for (let attempt = 0; rows.length < scale.usageRecords && attempt < scale.usageRecords * 20; attempt++) {
    const entry = EXCIPIENT_ENTRIES[Math.floor(EXCIPIENT_ENTRIES.length * random.next() * (0.3 + 0.7 * random.next()))]!;
    const oral = !NOT_ORAL.has(entry.zh);
    const routes: [DemoUsageRecord['route'], number][] = oral ? [['口服', 10], ['外用', 3]] : [['外用', 3]];
    if (entry.injectable) routes.push(['注射', 6]);
    if (oral && ['溶剂', '表面活性剂', 'pH 调节剂', '防腐剂', '抗氧剂', '矫味剂'].includes(entry.cat)) routes.push(['吸入', 1]);
    if (['增稠剂', '防腐剂', 'pH 调节剂', '表面活性剂'].includes(entry.cat) || entry.injectable) routes.push(['眼用', 2]);
    const route = random.weighted(routes);
    const dosageForm = random.pick(formsFor(entry, route));
    const key = `${entry.zh}|${route}|${dosageForm}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [lo, hi] = SOLID_MAX_MG[entry.cat];
    const value = lo * Math.pow(hi / lo, random.next());
    let maxAmount: string;
    if (route === '口服' && ['片剂', '胶囊剂', '颗粒剂', '散剂'].includes(dosageForm)) maxAmount = `${roundAmount(value)} mg`;
    else if (route === '外用' && dosageForm !== '贴剂') maxAmount = `${roundAmount(Math.min(60, value / 10))}% (w/w)`;
    else if (dosageForm === '贴剂') maxAmount = `${roundAmount(value)} mg`;
    else maxAmount = `${roundAmount(value / 10)} mg/mL`;
    rows.push({ ingredient: entry.zh, route, dosageForm, maxAmount });
  }
  return rows;
}
