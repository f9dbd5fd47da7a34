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
  REGULATION_STATUSES,
  STANDARD_STATUSES,
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
    const notices = generateRegulations().filter((r) => r.category === '药典公告' && /^关于(发布)?\S+?(等 \d+ 个|国家药品标准修订草案)/.test(r.title));
    expect(notices.length).toBeGreaterThan(10);
    for (const notice of notices) {
      const [, name, count] = /^关于(?:发布)?(.+?)(?:等 (\d+) 个|国家药品标准修订草案)/.exec(notice.title) ?? [];
      const rows = notice.content.match(/<tr><td>\d+<\/td>/g) ?? [];
      expect(notice.content, notice.title).toContain(`<td>${name}</td>`);
      expect(rows.length, notice.title).toBe(count ? Number(count) : 1);
    }
  });

  it('usage rows pair routes and dosage forms plausibly: no skin-only solvent by mouth, no liquid in a tablet', () => {
    const liquids = new Set(entries.filter((e) => e.liquid && e.cat !== '包衣材料').map((e) => e.zh));
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
    const described = Object.entries(PRODUCT_FACTS).filter(([name]) => excipients.some((e) => e.nameZh === name));
    expect(described.length).toBeGreaterThan(30);
    for (const [name, facts] of described) {
      const product = excipients.find((e) => e.nameZh === name);
      expect(product!.description).toContain(facts.levels);
      expect(product!.summary.startsWith(`${name}${facts.role}`)).toBe(true);
      if (facts.storage) expect(product!.description).toContain(`贮藏：${facts.storage}`);
    }
    // Two fillers say different things about how much of them to use.
    const levels = (name: string) => excipients.find((e) => e.nameZh === name)!.description.split('\n\n')[1];
    expect(levels('微晶纤维素')).toContain('20%～90%');
    expect(levels('乳糖（一水）')).toContain('65%～85%');
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
