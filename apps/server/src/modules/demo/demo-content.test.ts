import {
  DangerousGoodsTerms,
  DOSAGE_FORMS,
  EXCIPIENT_CATEGORIES,
  NEWS_CATEGORIES,
  PHARMACOPOEIAS,
  REGISTRATION_SOURCES,
  REGISTRATION_TYPES,
  REG_NO_PATTERN,
  REGULATION_CATEGORIES,
  SafetyDataBody,
  REGULATION_STATUSES,
  STANDARD_STATUSES,
  memberFieldsOf,
} from '@fuliaotong/contracts';
import { describe, expect, it } from 'vitest';
import { generateNews, generateRegulations } from './demo-articles.js';
import {
  DEFAULT_SCALE,
  DEMO_DATABASES,
  DEMO_TODAY,
  generateExcipients,
  generateStandards,
  generateUsageRecords,
  registrationAt,
  registrationRange,
} from './demo-content.js';
import * as catalogue from './catalogue-data.js';
import { PRODUCT_FACTS } from './product-facts.js';
import { COUNTRIES } from './registry-data.js';
import { Random } from './random.js';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (d: string) => isoDate.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d) && d <= DEMO_TODAY;
const letters = { 辅料: 'F', 药包材: 'B', 原料药: 'Y' } as const;

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('demo content generator', () => {
  const excipients = generateExcipients();
  const registrations = registrationRange(DEFAULT_SCALE, 0, DEFAULT_SCALE.registrations);
  const standards = generateStandards();
  const usage = generateUsageRecords();
  const regulations = generateRegulations();
  const news = generateNews();

  it('gives the same content for the same seed, other content for another seed', () => {
    expect(generateExcipients()).toEqual(excipients);
    expect(generateRegulations()).toEqual(regulations);
    expect(generateNews()).toEqual(news);
    expect(generateStandards()).toEqual(standards);
    expect(generateUsageRecords()).toEqual(usage);
    expect(registrationRange(DEFAULT_SCALE, 1000, 1100)).toEqual(registrations.slice(1000, 1100));
    const other = { ...DEFAULT_SCALE, seed: 7 };
    expect(registrationRange(other, 0, 50)).not.toEqual(registrations.slice(0, 50));
    expect(generateNews(other).map((n) => n.title)).not.toEqual(news.map((n) => n.title));
  });

  it('makes the counts asked for', () => {
    expect(excipients).toHaveLength(200);
    expect(registrations).toHaveLength(5000);
    expect(standards).toHaveLength(300);
    expect(usage).toHaveLength(600);
    expect(regulations).toHaveLength(200);
    expect(news).toHaveLength(300);
    expect(excipients.filter((e) => e.featured)).toHaveLength(12);
    expect(DEMO_DATABASES.map((d) => [d.code, d.access])).toEqual([
      ['registration', 'public'],
      ['standard', 'login'],
      ['usage', 'login'],
    ]);
    const small = { ...DEFAULT_SCALE, excipients: 30, news: 10, regulations: 10, standards: 10, usageRecords: 10 };
    expect(generateExcipients(small)).toHaveLength(30);
    expect(generateNews(small)).toHaveLength(10);
    expect(generateRegulations(small)).toHaveLength(10);
  });

  it('numbers registrations in the CDE format, uniquely, with the letter of their type', () => {
    const numbers = new Set<string>();
    for (const r of registrations) {
      expect(r.regNo).toMatch(REG_NO_PATTERN);
      expect(r.regNo[0]).toBe(letters[r.type]);
      numbers.add(r.regNo);
    }
    expect(numbers.size).toBe(registrations.length);
    expect(registrationAt({ ...DEFAULT_SCALE, registrations: 1_000_000 }, 999_999).regNo).toMatch(/^[FBY]20\d{2}1000000$/);
  });

  it('uses only the allowed values', () => {
    for (const e of excipients) {
      expect(EXCIPIENT_CATEGORIES).toContain(e.category);
      expect(e.dosageForms.length).toBeGreaterThan(0);
      for (const f of e.dosageForms) expect(DOSAGE_FORMS).toContain(f);
      for (const p of e.pharmacopoeias) expect(PHARMACOPOEIAS).toContain(p);
      expect(e.specs.length).toBeGreaterThan(0);
      expect(new Set(e.specs.map((s) => `${s.grade}|${s.packSize}`)).size).toBe(e.specs.length);
      expect(e.documents.map((d) => d.kind)).toContain('TDS');
      expect(e.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(excipients.map((e) => e.nameZh)).size).toBe(excipients.length);
    for (const r of registrations) {
      expect(REGISTRATION_TYPES).toContain(r.type);
      expect(REGISTRATION_SOURCES).toContain(r.source);
      expect(['A', 'I']).toContain(r.reviewStatus);
      expect(validDay(r.updatedOn)).toBe(true);
      expect(r.name && r.company && r.province).toBeTruthy();
    }
    expect(new Set(registrations.map((r) => r.type)).size).toBe(3);
    expect(new Set(registrations.map((r) => r.source)).size).toBe(2);
    for (const s of standards) {
      expect(PHARMACOPOEIAS).toContain(s.pharmacopoeia);
      expect(STANDARD_STATUSES).toContain(s.status);
    }
    for (const u of usage) {
      expect(['口服', '注射', '外用', '吸入', '眼用']).toContain(u.route);
      expect(DOSAGE_FORMS).toContain(u.dosageForm);
      expect(u.maxAmount).toMatch(/^\d+(\.\d+)?( mg| mg\/mL|% \(w\/w\))$/);
    }
    for (const r of regulations) {
      expect(REGULATION_CATEGORIES).toContain(r.category);
      expect(REGULATION_STATUSES).toContain(r.status);
      expect(validDay(r.issuedOn)).toBe(true);
      if (r.status === '征求意见') expect(r.effectiveOn).toBeNull();
    }
    expect(new Set(regulations.map((r) => r.title)).size).toBe(regulations.length);
    expect(new Set(regulations.map((r) => r.status)).size).toBe(3);
    for (const n of news) {
      expect(NEWS_CATEGORIES).toContain(n.category);
      expect(validDay(n.publishedOn)).toBe(true);
      expect(n.cover).toBeNull();
    }
    expect(new Set(news.map((n) => n.title)).size).toBe(news.length);
  });

  it('links catalogue products to generated registration records', () => {
    const byNo = new Map(registrations.map((r) => [r.regNo, r]));
    const linked = excipients.flatMap((e) => e.regNos.map((no) => [e, no] as const));
    expect(linked.length).toBeGreaterThan(150);
    for (const [e, no] of linked) {
      expect(byNo.get(no)).toMatchObject({ name: e.nameZh, type: '辅料' });
    }
  });

  it('stores only sanitised HTML', () => {
    for (const html of [...regulations.map((r) => r.content), ...news.map((n) => n.content)]) {
      expect(html).not.toMatch(/<script|<style|<img|<iframe|\son\w+=|javascript:|style=/i);
      for (const a of html.match(/<a\b[^>]*>/g) ?? []) expect(a).toMatch(/^<a href="(https?:\/\/|\/)[^"]*">$/);
      expect(html).toMatch(/^<(p|h2|h3)>/);
    }
  });
});

describe('demo content a pharmacist would believe', () => {
  const names = [...new Set(generateExcipients().map((e) => e.nameZh))];
  const { EXCIPIENT_ENTRIES: entries } = catalogue;
  const named = (text: string) => entries.filter((entry) => text.includes(entry.zh)).map((entry) => entry.zh);

  it('news: the excipient a title names is the one its summary and body speak of', () => {
    const news = generateNews();
    let checked = 0;
    for (const article of news) {
      for (const name of named(article.title)) {
        // A longer name containing this one (乳糖 in 无水乳糖) is the one meant.
        if (named(article.title).some((other) => other !== name && other.includes(name))) continue;
        expect(`${article.summary}${article.content}`, article.title).toContain(name);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(names.length).toBeGreaterThan(0);
  });

  it('pharmacopoeia notices list the substance their title names, and as many as it says', () => {
    // The generated notices on substances (the fixed ones, such as the pharmacopoeia's own, name none).
    const notices = generateRegulations().filter((r) => r.category === '药典公告' && /^关于(发布)?.+?(等 \d+ 个|国家药品标准修订草案)/.test(r.title));
    expect(notices.length).toBeGreaterThan(10);
    for (const notice of notices) {
      const [, name, count] = /^关于(?:发布)?(.+?) ?(?:等 (\d+) 个|国家药品标准修订草案)/.exec(notice.title) ?? [];
      const rows = notice.content.match(/<tr><td>\d+<\/td>/g) ?? [];
      expect(notice.content, notice.title).toContain(`<td>${name}</td>`);
      expect(rows.length, notice.title).toBe(count ? Number(count) : 1);
    }
  });

  it('usage rows pair routes and dosage forms plausibly: no skin-only solvent by mouth, no liquid in a tablet', () => {
    // A liquid coating or plasticiser is in a tablet's coat; other liquids are not in a tablet.
    const liquids = new Set(entries.filter((e) => e.liquid && e.cat !== '包衣材料' && e.cat !== '增塑剂').map((e) => e.zh));
    for (const row of generateUsageRecords()) {
      if (['N-甲基吡咯烷酮', '二甲基亚砜', '异丙醇', '白凡士林'].includes(row.ingredient)) expect(['口服', '吸入'], JSON.stringify(row)).not.toContain(row.route);
      if (liquids.has(row.ingredient) && row.route === '口服') expect(['片剂', '颗粒剂', '散剂'], JSON.stringify(row)).not.toContain(row.dosageForm);
    }
  });

  it('each product has its own description: its use and use levels where known, its grades, its storage', () => {
    const excipients = generateExcipients();
    const descriptions = excipients.map((e) => e.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const name of Object.keys(PRODUCT_FACTS)) expect(entries.some((entry) => entry.zh === name), name).toBe(true);
    for (const entry of entries) expect(PRODUCT_FACTS[entry.zh], entry.zh).toBeDefined();
    const described = Object.entries(PRODUCT_FACTS).filter(([name]) => excipients.some((e) => e.nameZh === name));
    expect(described).toHaveLength(excipients.length);
    for (const [name, facts] of described) {
      const product = excipients.find((e) => e.nameZh === name);
      expect(product!.description).toContain(facts.levels);
      // The summary is typeset (a space between 聚维酮 K30 and what follows).
      expect(product!.summary.replaceAll(' ', '').startsWith(`${name}${facts.role}`.replaceAll(' ', ''))).toBe(true);
      expect(product!.description).toContain(`${name}（${product!.nameEn}`);
      expect(product!.description).toContain(facts.what);
      if (facts.storage) expect(product!.description).toContain(`贮藏条件：${facts.storage}`);
    }
    // Two fillers say different things about how much of them to use.
    const levels = (name: string) => excipients.find((e) => e.nameZh === name)!.description.split('\n\n')[1];
    expect(levels('微晶纤维素')).toContain('20%～90%');
    expect(levels('乳糖（一水）')).toContain('65%～85%');
  });

  it('gives every product with an SDS document a valid sheet, classified as its substance is and agreeing with its transport terms', () => {
    const everything = generateExcipients({ ...DEFAULT_SCALE, excipients: catalogue.EXCIPIENT_ENTRIES.length });
    expect(everything).toHaveLength(catalogue.EXCIPIENT_ENTRIES.length);
    for (const product of [...generateExcipients(), ...everything]) {
      const hasDocument = product.documents.some((d) => d.kind === 'SDS');
      expect(product.safetyData !== null, product.nameZh).toBe(hasDocument);
      if (!product.safetyData) continue;
      const parsed = SafetyDataBody.safeParse(product.safetyData);
      expect(parsed.error?.issues, product.nameZh).toBeUndefined();
      const sheet = product.safetyData;
      // The sheet's UN number, class and packing group are the product's 危险化学品 terms.
      const terms = product.dangerousGoods?.match(/^UN(\d{4})，第 ([0-9.]+) (?:类|项)[^，]+，(?:次要危险性第 (\d) 类，)?(I{1,3}) 类包装$/);
      expect(sheet.transport.unNumber, product.nameZh).toBe(terms?.[1] ?? '');
      if (terms) {
        expect(sheet.transport, product.nameZh).toMatchObject({ transportClass: terms[2], subsidiaryClass: terms[3] ?? '', packingGroup: terms[4] });
        expect(sheet.hazards.length, `${product.nameZh}: a dangerous good is classified`).toBeGreaterThan(0);
      }
      expect(sheet.components.length).toBeGreaterThan(0);
      expect(sheet.properties.appearance, product.nameZh).not.toBe('');
      expect(sheet.revisedOn < DEMO_TODAY, product.nameZh).toBe(true);
    }
    const classified = everything.filter((p) => p.safetyData!.hazards.length > 0);
    // The four solvents and surfactants of the catalogue's classified excipients, every dangerous good,
    // and the few preservatives and antioxidants whose sheets classify them; nothing else.
    expect(classified.map((p) => p.nameZh).sort()).toEqual(
      ['乙醇', '异丙醇', 'N-甲基吡咯烷酮', '十二烷基硫酸钠', '苯酚', '间甲酚', '硫柳汞', '氢氧化钠', '盐酸', '冰醋酸', '磷酸', '橙油', '焦亚硫酸钠', '苯甲醇', '苯氧乙醇', '苯甲酸', '苯扎氯铵', '苯扎溴铵'].sort(),
    );
    const sheetOf = (name: string) => everything.find((p) => p.nameZh === name)!.safetyData!;
    const codes = (name: string) => sheetOf(name).hazardStatements.map((s) => s.code);
    // The quaternary ammonium preservatives are corrosive and very toxic to aquatic life, as their sheets say.
    for (const name of ['苯扎氯铵', '苯扎溴铵']) {
      expect(codes(name), name).toEqual(expect.arrayContaining(['H302', 'H314', 'H400', 'H410']));
      expect(sheetOf(name).transport, name).toMatchObject({ transportClass: '8', packingGroup: 'II', marinePollutant: true });
    }
    expect(sheetOf('乙醇')).toMatchObject({ signalWord: '危险', pictograms: ['GHS02', 'GHS07'], transport: { unNumber: '1170', properName: '乙醇', transportClass: '3', packingGroup: 'II' } });
    expect(sheetOf('乙醇').hazards).toContainEqual({ hazardClass: '易燃液体', category: '类别 2' });
    expect(codes('乙醇')).toEqual(['H225', 'H319']);
    expect(codes('异丙醇')).toEqual(['H225', 'H319', 'H336']);
    expect(sheetOf('异丙醇').transport.unNumber).toBe('1219');
    expect(codes('N-甲基吡咯烷酮')).toEqual(['H315', 'H319', 'H335', 'H360D']);
    expect(sheetOf('N-甲基吡咯烷酮').hazards).toContainEqual({ hazardClass: '生殖毒性', category: '类别 1B' });
    expect(codes('十二烷基硫酸钠')).toEqual(['H302', 'H315', 'H318', 'H335']);
    expect(sheetOf('十二烷基硫酸钠').hazards).toContainEqual({ hazardClass: '严重眼损伤/眼刺激', category: '类别 1' });
    // A plain excipient: nothing classified, its own properties, and section 15 saying so.
    const mcc = sheetOf('微晶纤维素');
    expect(mcc).toMatchObject({ signalWord: null, pictograms: [], hazardStatements: [], transport: { unNumber: '' } });
    expect(mcc.components).toEqual([{ name: '微晶纤维素', cas: '9004-34-6', concentration: '符合药典标准' }]);
    expect(mcc.properties.appearance).toMatch(/^白色/);
    expect(mcc.sections.regulatory).toContain('根据 GB 30000 系列标准，本品不属于危险化学品');
  });

  it('flags the dangerous goods of GB 12268 with their transport terms, and no other product', () => {
    const flagged = Object.fromEntries(catalogue.EXCIPIENT_ENTRIES.flatMap((e) => (e.dg ? [[e.zh, e.dg]] : [])));
    const generated = generateExcipients();
    expect(generated.filter((e) => e.dangerousGoods !== null).length).toBeGreaterThan(2);
    for (const product of generated) expect(product.dangerousGoods, product.nameZh).toBe(flagged[product.nameZh] ?? null);
    expect(flagged).toMatchObject({
      乙醇: 'UN1170，第 3 类易燃液体，II 类包装',
      异丙醇: 'UN1219，第 3 类易燃液体，II 类包装',
      苯酚: 'UN1671，第 6.1 项毒性物质，II 类包装',
      氢氧化钠: 'UN1823，第 8 类腐蚀性物质，II 类包装',
      冰醋酸: 'UN2789，第 8 类腐蚀性物质，次要危险性第 3 类，II 类包装',
    });
    // Most excipients are not: high-boiling solvents, the phenoxyethanol and benzyl alcohol preservatives, salts, polymers.
    for (const name of ['苯氧乙醇', '苯甲醇', '丙二醇', '甘油', '二甲基亚砜', 'N-甲基吡咯烷酮', '聚乙二醇 400', '微晶纤维素', '乳酸', '薄荷油']) {
      expect(flagged[name], name).toBeUndefined();
    }
    expect(Object.keys(flagged).length).toBeLessThan(15);
    for (const terms of Object.values(flagged)) {
      expect(DangerousGoodsTerms.safeParse(terms).success, terms).toBe(true);
      expect(terms).toMatch(/^UN\d{4}，第 [0-9.]+ (类|项)[^，]+，(次要危险性第 \d 类，)?I{1,3} 类包装$/);
    }
  });

  it('imported registrations name companies of their country, at addresses in it', () => {
    const imported = registrationRange(DEFAULT_SCALE, 0, 3_000).filter((r) => r.source === '进口');
    expect(imported.length).toBeGreaterThan(100);
    for (const record of imported) {
      const country = COUNTRIES.find((c) => c.name === record.province)!;
      expect(country, record.province).toBeDefined();
      expect(country.roots.some((root) => record.company.startsWith(`${root} `)), record.company).toBe(true);
      expect(country.forms.some((form) => record.company.endsWith(` ${form}`)), record.company).toBe(true);
      expect(record.companyAddress.endsWith(`, ${country.en}`), record.companyAddress).toBe(true);
    }
  });
});

/**
 * The demo content holds together: every generated record is checked against what a pharmacist,
 * a buyer or a proof-reader would notice. The rules are written here, apart from the generator.
 */
describe('demo content that holds together', () => {
  const scale = DEFAULT_SCALE;
  const everyProduct = generateExcipients({ ...scale, excipients: catalogue.EXCIPIENT_ENTRIES.length });
  const excipients = generateExcipients(scale);
  const registrations = registrationRange(scale, 0, scale.registrations);
  const standards = generateStandards(scale);
  const usage = generateUsageRecords(scale);
  const regulations = generateRegulations(scale);
  const news = generateNews(scale);
  const entryOf = new Map(catalogue.EXCIPIENT_ENTRIES.map((entry) => [entry.zh, entry]));
  const productOf = new Map(everyProduct.map((product) => [product.nameZh, product]));
  const show = (value: unknown) => JSON.stringify(value);

  describe('companies make what their names say', () => {
    /** A trade named in a company's name, and what the products of that trade are called. */
    const TRADES: [RegExp, RegExp][] = [
      [/药用玻璃|Glass /, /玻璃/],
      [/药用胶塞|Elastomers /, /橡胶/],
      [/橡塑/, /橡胶|聚|塑/],
      [/塑胶/, /聚|塑/],
      [/Closures /, /盖|橡胶塞/],
      [/淀粉|Starch /, /淀粉|糊精/],
      [/纤维素|Cellulose /, /纤维素/],
      [/胶囊/, /胶囊/],
      [/Polymers /, /聚|共聚物|纤维素|卡波姆|树脂|泊洛沙姆/],
    ];
    /** Words that name a company of one kind of registration only. */
    const KIND_WORDS: [RegExp, string][] = [
      [/药用玻璃|药用胶塞|橡塑|塑胶|包装|Glass |Elastomers |Closures |Packaging /, '药包材'],
      [/药用辅料|淀粉|纤维素|胶囊|Excipients |Cellulose |Starch |Polymers /, '辅料'],
      [/制药|Pharmaceuticals |API Manufacturing /, '原料药'],
    ];

    it('a company registers only products of its trade, and of one kind', () => {
      for (const r of registrations) {
        for (const [trade, product] of TRADES) if (trade.test(r.company)) expect(r.name, show(r)).toMatch(product);
        for (const [word, type] of KIND_WORDS) if (word.test(r.company)) expect(r.type, show(r)).toBe(type);
      }
    });

    it('one company name is one company: one address, one province, one kind of registration', () => {
      const seen = new Map<string, { address: string; province: string; type: string; source: string }>();
      for (const r of registrations) {
        const company = { address: r.companyAddress, province: r.province, type: r.type, source: r.source };
        const first = seen.get(r.company);
        if (first) expect(company, r.company).toEqual(first);
        else seen.set(r.company, company);
      }
    });

    it('addresses name their province and city, and no 市辖区', () => {
      for (const r of registrations) {
        expect(r.companyAddress, show(r)).not.toContain('市辖区');
        if (r.source === '国产') expect(r.companyAddress, show(r)).toMatch(/^(.+?(省|市|自治区)).+? \d+ 号$/);
      }
    });
  });

  describe('usage data a formulator would believe', () => {
    const ROUTE_FORMS: Record<string, string[]> = {
      口服: ['片剂', '胶囊剂', '颗粒剂', '散剂', '口服溶液剂', '混悬剂'],
      注射: ['注射剂'],
      外用: ['软膏剂', '乳膏剂', '凝胶剂', '贴剂', '栓剂'],
      吸入: ['吸入制剂'],
      眼用: ['眼用制剂'],
    };
    /** Where these excipients are really used (the handbooks' and the FDA inactive ingredient list's routes). */
    const REAL_ROUTES: Record<string, string[]> = {
      丙交酯乙交酯共聚物: ['注射'],
      聚乳酸: ['注射'],
      三硅酸镁: ['口服'],
      硬脂酸镁: ['口服'],
      交联羧甲基纤维素钠: ['口服'],
      二氧化钛: ['口服'],
      '大豆油（供注射用）': ['注射'],
      蛋黄卵磷脂: ['注射'],
      间甲酚: ['注射'],
      白凡士林: ['外用', '眼用'],
      肉豆蔻酸异丙酯: ['外用'],
      二甲基亚砜: ['外用'],
      异丙醇: ['外用'],
      透明质酸钠: ['眼用', '注射'],
      苯扎氯铵: ['眼用', '吸入'],
    };
    /** Solid-dosage functions: taken by mouth, or in an injection when made for it (乳糖 also in inhalers). */
    const ORAL_SOLID = new Set(['填充剂', '崩解剂', '包衣材料']);

    it('pairs each route with its dosage forms, and each excipient with the routes it is used by', () => {
      for (const row of usage) {
        expect(ROUTE_FORMS[row.route], show(row)).toContain(row.dosageForm);
        const entry = entryOf.get(row.ingredient)!;
        if (REAL_ROUTES[row.ingredient]) expect(REAL_ROUTES[row.ingredient], show(row)).toContain(row.route);
        if (ORAL_SOLID.has(entry.cat)) {
          const allowed = ['口服', ...(entry.injectable ? ['注射'] : []), ...(row.ingredient === '乳糖（一水）' ? ['吸入'] : [])];
          expect(allowed, show(row)).toContain(row.route);
        }
      }
    });

    it('the usage database and the product page name the same dosage forms', () => {
      for (const row of usage) expect(productOf.get(row.ingredient)!.dosageForms, show(row)).toContain(row.dosageForm);
      for (const product of everyProduct) {
        for (const [name, routes] of Object.entries(REAL_ROUTES)) {
          if (product.nameZh !== name) continue;
          const forms = routes.flatMap((route) => ROUTE_FORMS[route]!);
          for (const form of product.dosageForms) expect(forms, `${name} ${form}`).toContain(form);
        }
      }
    });

    it('technical articles study an excipient in a dosage form it is used in', () => {
      const articles = news.filter((n) => n.category === '技术文章' && n.summary.startsWith('本文介绍'));
      expect(articles.length).toBeGreaterThan(10);
      for (const article of articles) {
        const [, name, form] = /^本文介绍 ?(.+?) ?的理化性质.*?其在 ?(.+?) ?中的应用/.exec(article.summary) ?? [];
        const product = productOf.get(name!);
        expect(product, article.summary).toBeDefined();
        const base = form!.replace(/^(缓释片|口腔崩解片|咀嚼片|泡腾片)$/, '片剂');
        expect(product!.dosageForms, article.title).toContain(base);
      }
    });
  });

  describe('each product described in its own words', () => {
    const sentences = (text: string) =>
      text
        .split(/(?<=[。！？])|\n+/)
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
    /** A product's text with its own names taken out: what is left is what it shares with a template. */
    const unnamed = (text: string, nameZh: string) => {
      const entry = entryOf.get(nameZh)!;
      const names = [entry.zh, entry.en, ...(entry.syn ?? [])].sort((a, b) => b.length - a.length);
      return names.reduce((t, name) => t.replaceAll(name, '〇'), text);
    };

    it('no sentence of a product blurb is shared with another product', () => {
      const owner = new Map<string, string>();
      for (const product of everyProduct) {
        for (const sentence of new Set(sentences(`${product.summary}\n${product.description}`))) {
          const other = owner.get(sentence);
          expect(other === undefined || other === product.nameZh, `${product.nameZh} and ${other}: ${sentence}`).toBe(true);
          owner.set(sentence, product.nameZh);
        }
      }
    });

    it('what a product is and does is written for it, not a template with its name put in', () => {
      const owner = new Map<string, string>();
      for (const product of everyProduct) {
        const [identity, use] = product.description.split('\n\n');
        for (const sentence of new Set(sentences([product.summary, identity, use].join('\n')).map((s) => unnamed(s, product.nameZh)))) {
          const other = owner.get(sentence);
          expect(other === undefined || other === product.nameZh, `${product.nameZh} and ${other}: ${sentence}`).toBe(true);
          owner.set(sentence, product.nameZh);
        }
      }
    });
  });

  describe('one typography rule: a space between Chinese and Latin letters or numbers', () => {
    const HAN = String.raw`\p{Script=Han}`;
    const LATIN = '[A-Za-z0-9]';
    const missing = new RegExp(`${HAN}${LATIN}|[A-Za-z0-9%]${HAN}`, 'u');
    const between = new RegExp(`${HAN} +${HAN}`, 'u');
    /** No space beside full-width punctuation, nor two in a row. */
    const besidePunctuation = / [，。、；：？！（）《》「」“”〔〕]|[，。、；：？！（）《》「」“”〔〕] |\S {2,}\S/u;
    const textOf = (html: string) => html.replace(/<[^>]+>/g, '\n').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

    function texts(): [string, string][] {
      const all: [string, string][] = [];
      const add = (where: string, ...values: (string | null | undefined)[]) => {
        for (const value of values) if (value) for (const line of value.split('\n')) all.push([where, line]);
      };
      for (const e of everyProduct) add(`excipient ${e.nameZh}`, e.summary, e.description, ...e.documents.map((d) => d.title));
      for (const r of registrations) add(`registration ${r.regNo}`, r.name, r.company, r.companyAddress, r.spec, r.packageSpec, r.remark);
      for (const s of standards) add(`standard ${s.name}`, s.edition, s.revisionNote, ...s.testItems);
      for (const u of usage) add(`usage ${u.ingredient}`, u.maxAmount);
      for (const r of regulations) add(`regulation ${r.title}`, r.title, r.issuer, r.docNumber, textOf(r.content));
      for (const n of news) add(`news ${n.title}`, n.title, n.source, n.summary, textOf(n.content));
      for (const d of DEMO_DATABASES) add(`database ${d.code}`, d.name, d.description);
      return all;
    }

    it('holds in every generated text', () => {
      const broken = texts().filter(([, text]) => missing.test(text) || between.test(text) || besidePunctuation.test(text));
      expect(broken.slice(0, 20)).toEqual([]);
    });
  });

  describe('fields a member pays for are filled, plausibly', () => {
    it('every record has its 会员可见 fields', () => {
      const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      const records = { registration: registrations, standard: standards, usage } as const;
      for (const code of ['registration', 'standard', 'usage'] as const) {
        for (const record of records[code] as unknown as Record<string, unknown>[]) {
          for (const field of memberFieldsOf(code) as string[]) expect(empty(record[field]), `${code} ${field} ${show(record)}`).toBe(false);
        }
      }
    });

    it('a registration remark agrees with the record: its review result and what the product is for', () => {
      const ROUTE_WORDS: [RegExp, string[]][] = [
        [/注射/, ['注射剂']],
        [/吸入/, ['吸入制剂']],
        [/眼用/, ['眼用制剂']],
        [/外用/, ['软膏剂', '乳膏剂', '凝胶剂', '贴剂', '栓剂']],
        [/口服/, ['片剂', '胶囊剂', '颗粒剂', '散剂', '口服溶液剂', '混悬剂']],
      ];
      for (const r of registrations) {
        if (/已通过|关联审评通过|已在上市制剂中使用/.test(r.remark)) expect(r.reviewStatus, show(r)).toBe('A');
        if (/尚未|审评中/.test(r.remark)) expect(r.reviewStatus, show(r)).toBe('I');
        const product = productOf.get(r.name);
        if (r.type === '辅料' && product) {
          for (const [word, forms] of ROUTE_WORDS) {
            if (word.test(r.remark)) expect(forms.some((f) => product.dosageForms.includes(f as never)), show(r)).toBe(true);
          }
        }
        if (r.type === '药包材' && /注射|冻干|粉针/.test(r.remark)) expect(r.name, show(r)).toMatch(/注射|输液|安瓿|橡胶塞|活塞|抗生素瓶|预灌封|套筒|西林/);
      }
    });
  });

  describe('counts that agree', () => {
    it('makes as many records as the scale says, and claims no other number of its own', () => {
      expect(registrations).toHaveLength(scale.registrations);
      expect(excipients).toHaveLength(scale.excipients);
      expect(standards).toHaveLength(scale.standards);
      expect(usage).toHaveLength(scale.usageRecords);
      const ours = new Set([scale.excipients, scale.registrations, scale.standards, scale.usageRecords, scale.regulations, scale.news]);
      for (const n of news) {
        for (const [, count] of `${n.title}${n.summary}`.matchAll(/辅料通[^。，]*?(\d[\d,]*) ?(?:万)?(?:种|条)/g)) {
          expect(ours.has(Number(count!.replaceAll(',', ''))), n.title).toBe(true);
        }
      }
    });

    it('keeps its scale options: a small set and a large index are made as asked', () => {
      const small = { ...scale, excipients: 12, registrations: 40, standards: 5, usageRecords: 8, regulations: 5, news: 5 };
      expect(generateExcipients(small)).toHaveLength(12);
      expect(registrationRange(small, 0, 100)).toHaveLength(40);
      expect(generateUsageRecords(small)).toHaveLength(8);
      const far = registrationAt({ ...scale, registrations: 2_000_000 }, 1_999_999);
      expect(far.remark).not.toBe('');
      expect(far.companyAddress).not.toContain('市辖区');
    });
  });
});
