/**
 * Deterministic regulations (法规) and news (资讯) for the demo site: realistic titles, issuing
 * bodies, document numbers and dates, and full texts as HTML cleaned by sanitizeRichText (the same
 * cleaning every stored rich text goes through).
 */
import { paths, type NEWS_CATEGORIES, type REGULATION_CATEGORIES, type REGULATION_STATUSES } from '@fuliaotong/contracts';
import { sanitizeRichText } from '../content/rich-text.js';
import { EXCIPIENT_ENTRIES, type ExcipientEntry } from './catalogue-data.js';
import { DEFAULT_SCALE, addDays, dayBetween, type DemoScale } from './demo-content.js';
import { formsOf } from './excipient-uses.js';
import { PRODUCT_FACTS } from './product-facts.js';
import { Random } from './random.js';
import { PROVINCES } from './registry-data.js';
import { typeset } from './typography.js';

type RegulationCategory = (typeof REGULATION_CATEGORIES)[number];
type RegulationStatus = (typeof REGULATION_STATUSES)[number];
type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export interface DemoRegulation {
  title: string;
  issuer: string;
  docNumber: string | null;
  category: RegulationCategory;
  issuedOn: string;
  effectiveOn: string | null;
  status: RegulationStatus;
  content: string;
}

export interface DemoNews {
  title: string;
  category: NewsCategory;
  source: string;
  publishedOn: string;
  cover: string | null;
  summary: string;
  content: string;
}

const NMPA = '国家药品监督管理局';
const CDE = '国家药监局药品审评中心';
const CHP = '国家药典委员会';
const SAMR = '国家市场监督管理总局';
const NPC = '全国人民代表大会常务委员会';

const CN_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 12 → 十二, 31 → 三十一 (1–99). */
export function chineseNumber(n: number): string {
  if (n < 10) return CN_DIGITS[n]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : CN_DIGITS[tens]}十${ones ? CN_DIGITS[ones] : ''}`;
}

interface RegulationSeed {
  title: string;
  issuer: string;
  category: RegulationCategory;
  docNumber: string | null;
  issuedOn?: string;
  effectiveOn?: string | null;
  status?: RegulationStatus;
  topic: string;
  /** A pharmacopoeia notice's substances, the one its title names first. */
  substances?: ExcipientEntry[];
}

/** Well-known laws, rules and notices, as they are usually cited. */
const FIXED_REGULATIONS: RegulationSeed[] = [
  { title: '中华人民共和国药品管理法', issuer: NPC, category: '法律法规', docNumber: '中华人民共和国主席令第三十一号', issuedOn: '2019-08-26', effectiveOn: '2019-12-01', topic: '药品管理' },
  { title: '中华人民共和国疫苗管理法', issuer: NPC, category: '法律法规', docNumber: '中华人民共和国主席令第三十号', issuedOn: '2019-06-29', effectiveOn: '2019-12-01', topic: '疫苗管理' },
  { title: '中华人民共和国标准化法', issuer: NPC, category: '法律法规', docNumber: '中华人民共和国主席令第七十八号', issuedOn: '2017-11-04', effectiveOn: '2018-01-01', topic: '标准化工作' },
  { title: '医疗器械监督管理条例', issuer: '国务院', category: '法律法规', docNumber: '国务院令第739号', issuedOn: '2021-02-09', effectiveOn: '2021-06-01', topic: '医疗器械监督管理' },
  { title: '中华人民共和国药品管理法实施条例', issuer: '国务院', category: '法律法规', docNumber: '国务院令第709号', issuedOn: '2019-03-02', effectiveOn: '2019-03-02', topic: '药品管理' },
  { title: '药品注册管理办法', issuer: SAMR, category: '部门规章', docNumber: '国家市场监督管理总局令第27号', issuedOn: '2020-01-22', effectiveOn: '2020-07-01', topic: '药品注册' },
  { title: '药品生产监督管理办法', issuer: SAMR, category: '部门规章', docNumber: '国家市场监督管理总局令第28号', issuedOn: '2020-01-22', effectiveOn: '2020-07-01', topic: '药品生产监督' },
  { title: '药品经营和使用质量监督管理办法', issuer: SAMR, category: '部门规章', docNumber: '国家市场监督管理总局令第84号', issuedOn: '2023-09-27', effectiveOn: '2024-01-01', topic: '药品经营和使用' },
  { title: '药品网络销售监督管理办法', issuer: SAMR, category: '部门规章', docNumber: '国家市场监督管理总局令第58号', issuedOn: '2022-08-03', effectiveOn: '2022-12-01', topic: '药品网络销售' },
  { title: '药物非临床研究质量管理规范', issuer: '原国家食品药品监督管理总局', category: '部门规章', docNumber: '国家食品药品监督管理总局令第34号', issuedOn: '2017-07-27', effectiveOn: '2017-09-01', topic: '药物非临床研究' },
  { title: '药品注册管理办法（2007 年版）', issuer: '原国家食品药品监督管理局', category: '部门规章', docNumber: '国家食品药品监督管理局令第28号', issuedOn: '2007-07-10', effectiveOn: '2007-10-01', status: '废止', topic: '药品注册' },
  { title: '国家药监局关于进一步完善药品关联审评审批和监管工作有关事宜的公告', issuer: NMPA, category: '规范性文件', docNumber: '国家药监局公告2019年第56号', issuedOn: '2019-07-15', effectiveOn: '2019-08-15', topic: '原料药、药用辅料和药包材关联审评审批' },
  { title: '总局关于调整原料药、药用辅料和药包材审评审批事项的公告', issuer: '原国家食品药品监督管理总局', category: '规范性文件', docNumber: '国家食品药品监督管理总局公告2017年第146号', issuedOn: '2017-11-30', effectiveOn: '2017-11-30', status: '废止', topic: '原料药、药用辅料和药包材审评审批' },
  { title: '国家药监局关于发布化学药品注册分类及申报资料要求的通告', issuer: NMPA, category: '规范性文件', docNumber: '国家药监局通告2020年第44号', issuedOn: '2020-06-30', effectiveOn: '2020-07-01', topic: '化学药品注册分类' },
  { title: '国家药监局关于发布药品上市后变更管理办法（试行）的公告', issuer: NMPA, category: '规范性文件', docNumber: '国家药监局公告2021年第8号', issuedOn: '2021-01-13', effectiveOn: '2021-01-13', topic: '药品上市后变更管理' },
  { title: '国家药监局关于发布药品召回管理办法的公告', issuer: NMPA, category: '规范性文件', docNumber: '国家药监局公告2022年第92号', issuedOn: '2022-10-24', effectiveOn: '2022-11-01', topic: '药品召回' },
  { title: '国家药监局关于加强药品上市许可持有人委托生产监督管理工作的公告', issuer: NMPA, category: '规范性文件', docNumber: '国家药监局公告2023年第132号', issuedOn: '2023-10-17', effectiveOn: '2023-10-17', topic: '委托生产监督管理' },
  { title: '国家药监局关于发布药品检查管理办法（试行）的通知', issuer: NMPA, category: '规范性文件', docNumber: '国药监药管〔2021〕31号', issuedOn: '2021-05-24', effectiveOn: '2021-05-24', topic: '药品检查' },
  { title: '国家药监局\u3000国家卫生健康委关于发布 2025 年版《中华人民共和国药典》的公告', issuer: NMPA, category: '药典公告', docNumber: '国家药监局\u3000国家卫生健康委公告 2025 年第 29 号', issuedOn: '2025-03-25', effectiveOn: '2025-10-01', topic: '2025 年版《中国药典》实施' },
  { title: '关于实施 2020 年版《中华人民共和国药典》有关事宜的公告', issuer: NMPA, category: '药典公告', docNumber: '国家药监局公告2020年第80号', issuedOn: '2020-07-01', effectiveOn: '2020-12-30', status: '废止', topic: '2020 年版《中国药典》实施' },
  { title: '药用辅料登记资料要求（试行）', issuer: CDE, category: '技术指导原则', docNumber: '国家药监局药审中心通告2019年第5号', issuedOn: '2019-07-16', effectiveOn: '2019-08-15', topic: '药用辅料登记资料' },
  { title: '药包材登记资料要求（试行）', issuer: CDE, category: '技术指导原则', docNumber: '国家药监局药审中心通告2019年第5号', issuedOn: '2019-07-16', effectiveOn: '2019-08-15', topic: '药包材登记资料' },
];

const GUIDELINE_TOPICS = [
  '化学药品注射剂与药用玻璃包装容器相容性研究', '化学药品注射剂与塑料包装材料相容性研究', '化学药品注射剂与弹性体密封件相容性研究',
  '化学药品注射剂包装系统密封性研究', '已上市化学药品药学变更研究', '化学药物中亚硝胺类杂质研究', '普通口服固体制剂溶出度试验',
  '化学药物（原料药和制剂）稳定性研究', '化学药品吸入液体制剂药学研究', '纳米药物质量控制研究', '脂质体药物质量控制研究',
  '化学仿制药口服调释制剂药学研究', '儿童用药（化学药品）药学开发', '皮肤外用化学仿制药研究', '口服溶液剂仿制药（化学药品）研究',
  '化学药品注射剂生产所用的塑料组件系统相容性研究', '化学药品注射剂灭菌和无菌工艺研究及验证', '药品共线生产质量风险管理',
  '眼用制剂仿制药研究', '复杂注射剂仿制药研究', '口服固体制剂中药用辅料功能性相关指标研究', '药用辅料变更研究',
  '药包材变更研究', '化学药品元素杂质研究', '吸入制剂用药用辅料质量控制研究', '注射用药用辅料质量控制研究',
  '缓控释制剂中高分子辅料的质量研究', '预灌封注射器组合件质量研究', '化学原料药受理审查', '药用辅料和药包材登记资料审查',
  '仿制药参比制剂目录遴选', '化学药品改良型新药临床试验', '口腔崩解片药学研究', '口服固体制剂生物等效性豁免', '软胶囊药学研究',
  '局部给药局部起效药物药学研究', '多组分生化药药学研究', '化学药品注射剂配伍稳定性研究', '药物制剂中抗氧剂研究', '混悬型注射剂药学研究',
];

const NOTICE_TOPICS = [
  '药用辅料和药包材关联审评审批信息公开', '原料药、药用辅料及药包材年度报告', '药品上市许可持有人落实药品质量安全主体责任',
  '药用辅料生产质量管理', '药包材生产质量管理', '化学药品注射剂仿制药一致性评价', '药品生产质量管理规范附录（无菌药品）修订',
  '药品标准管理', '药品注册检验', '仿制药质量和疗效一致性评价', '药品上市后变更备案', '药品电子化申报', '原辅包登记平台数据更新',
  '药品补充申请审评时限', '药品说明书和标签管理', '境外生产药品注册', '药品上市许可持有人年度报告', '药品专利纠纷早期解决机制',
];

function regulationSeeds(scale: DemoScale): RegulationSeed[] {
  const random = Random.for(scale.seed, 'regulation-titles');
  const seeds: RegulationSeed[] = [...FIXED_REGULATIONS];
  const titles = new Set(seeds.map((s) => s.title));
  const add = (seed: RegulationSeed) => {
    if (titles.has(seed.title)) return;
    titles.add(seed.title);
    seeds.push(seed);
  };
  for (const topic of GUIDELINE_TOPICS) {
    add({ title: `${topic}技术指导原则（试行）`, issuer: CDE, category: '技术指导原则', docNumber: null, topic });
  }
  for (const topic of NOTICE_TOPICS) {
    add({ title: `国家药监局关于${topic}有关事项的公告`, issuer: NMPA, category: '规范性文件', docNumber: null, topic });
  }
  for (let attempt = 0; seeds.length < scale.regulations && attempt < scale.regulations * 50; attempt++) {
    const kind = random.weighted([['standard', 5], ['draft', 3], ['comment', 3], ['notice', 2]] as const);
    if (kind === 'standard') {
      const entry = random.pick(EXCIPIENT_ENTRIES);
      const name = entry.zh;
      const n = random.int(2, 8);
      const single = random.chance(1 / 3);
      // The notice lists exactly the substances its title speaks of: the one it names, and n − 1 more.
      const substances = single ? [entry] : [entry, ...random.sample(EXCIPIENT_ENTRIES.filter((other) => other.zh !== entry.zh), n - 1)];
      const title = single
        ? `关于${name}国家药品标准修订草案的公示`
        : random.pick([`关于${name}等 ${n} 个药用辅料国家标准草案的公示`, `关于发布${name}等 ${n} 个药用辅料国家药品标准的公告`]);
      const draft = title.endsWith('公示');
      add({ title, issuer: CHP, category: '药典公告', docNumber: null, topic: `${name}等药用辅料标准`, substances, ...(draft ? { status: '征求意见' as const } : {}) });
    } else if (kind === 'draft') {
      const topic = random.pick(GUIDELINE_TOPICS);
      add({ title: `关于公开征求《${topic}技术指导原则（征求意见稿）》意见的通知`, issuer: CDE, category: '征求意见稿', docNumber: null, status: '征求意见', topic });
    } else if (kind === 'comment') {
      const topic = random.pick(NOTICE_TOPICS);
      add({ title: `国家药监局综合司公开征求《关于${topic}的公告（征求意见稿）》意见`, issuer: '国家药监局综合司', category: '征求意见稿', docNumber: null, status: '征求意见', topic });
    } else {
      const province = random.pick(PROVINCES);
      const topic = random.pick(NOTICE_TOPICS);
      add({ title: `${province.full}药品监督管理局转发国家药监局关于${topic}的通知`, issuer: `${province.full}药品监督管理局`, category: '规范性文件', docNumber: null, topic });
    }
  }
  return seeds.slice(0, scale.regulations);
}

/* --------------------------------------------------------------------------------------------- */
/* Full texts                                                                                      */

const p = (text: string) => `<p>${text}</p>`;
const list = (tag: 'ol' | 'ul', items: string[]) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag}>`;

const CHAPTERS = ['总则', '研制与登记', '生产管理', '质量管理', '上市后管理', '信息公开', '监督管理', '法律责任', '附则'];
const ARTICLE_SENTENCES = [
  '为了规范{topic}活动，保证药品质量，保障公众用药安全和合法权益，根据有关法律、行政法规，制定本办法。',
  '在中华人民共和国境内从事{topic}相关活动，适用本办法。',
  '国务院药品监督管理部门主管全国{topic}工作，省、自治区、直辖市人民政府药品监督管理部门负责本行政区域内的{topic}工作。',
  '从事{topic}活动，应当遵守法律、法规、规章、标准和规范，保证全过程信息真实、准确、完整和可追溯。',
  '药品上市许可持有人应当对原料药、药用辅料和药包材供应商进行审核，保证购进、使用的原料、辅料和包装材料符合药用要求。',
  '药用辅料、药包材生产企业应当按照相关质量管理规范组织生产，对所生产产品的质量负责，并按要求开展变更研究。',
  '药品监督管理部门应当依法对{topic}活动进行监督检查，必要时可以对相关单位进行延伸检查。',
  '违反本办法规定的，由药品监督管理部门责令限期改正，给予警告；逾期不改正的，依照《中华人民共和国药品管理法》有关规定处理。',
  '国家建立{topic}信息公开制度，及时公布相关审评、检查和监督管理信息，接受社会监督。',
  '本办法自发布之日起施行，此前发布的有关规定与本办法不一致的，以本办法为准。',
];
const NOTICE_ITEMS = [
  '原料药、药用辅料和药包材在与制剂共同审评审批时，由药品制剂注册申请人一并提交相关研究资料，或由登记人在登记平台登记后由制剂申请人引用。',
  '登记状态标识为“A”的品种，表示已批准在上市制剂中使用；标识为“I”的品种，表示尚未通过与制剂共同审评审批。',
  '登记人应当及时更新登记信息，发生变更的，应当在平台更新登记资料，并通知相关药品制剂生产企业。',
  '药品上市许可持有人应当对所用原料药、药用辅料和药包材的质量进行评估，必要时开展现场审计。',
  '各省级药品监督管理部门应当加强对本行政区域内{topic}的日常监管，发现问题及时依法处置。',
  '药品审评中心负责建立和完善登记平台，及时公开登记信息，并为申请人提供技术指导。',
  '对于境外生产的品种，登记人应当指定中国境内的企业法人办理相关登记事项。',
  '本公告发布前已受理的申请，按照原规定审评审批；申请人也可以按照本公告要求补充资料。',
];
const GUIDELINE_PRINCIPLES = [
  '以风险评估为基础，结合产品特性、给药途径和临床用药风险确定研究内容和可接受标准。',
  '研究应遵循科学、合理、可行的原则，采用经过验证的分析方法。',
  '关注药用辅料、药包材与药品制剂之间的相互作用，评估其对制剂质量、安全性和有效性的影响。',
  '鼓励采用质量源于设计（QbD）理念，建立基于对产品与工艺理解的控制策略。',
  '研究数据应当真实、完整、可追溯，原始记录应当妥善保存。',
];
const GUIDELINE_ITEMS = [
  '明确研究对象的来源、生产工艺、质量标准及关键质量属性。',
  '开展提取研究和迁移研究，评估可提取物与浸出物的安全性。',
  '考察加速及长期稳定性条件下关键质量属性的变化趋势。',
  '对功能性相关指标（如粒度分布、比表面积、黏度、取代度）进行研究并合理制定标准。',
  '评估生产批量、工艺参数和供应商变更对产品质量的影响。',
  '对杂质（含元素杂质、残留溶剂、亚硝胺类杂质）进行风险评估并制定控制策略。',
  '根据研究结果确定贮藏条件、包装形式和有效期（复验期）。',
];

function regulationContent(seed: RegulationSeed, random: Random, issuedOn: string): string {
  const topic = seed.topic;
  const fill = (text: string) => text.replaceAll('{topic}', topic);
  const parts: string[] = [];
  if (seed.category === '法律法规' || seed.category === '部门规章') {
    const chapters = [CHAPTERS[0]!, ...random.sample(CHAPTERS.slice(1, -1), random.int(3, 4)), CHAPTERS[CHAPTERS.length - 1]!];
    let article = 1;
    chapters.forEach((chapter, c) => {
      parts.push(`<h2>第${chineseNumber(c + 1)}章\u3000${chapter}</h2>`);
      const sentences = c === 0 ? ARTICLE_SENTENCES.slice(0, 3) : c === chapters.length - 1 ? ARTICLE_SENTENCES.slice(-1) : random.sample(ARTICLE_SENTENCES.slice(3, -1), random.int(2, 3));
      for (const sentence of sentences) parts.push(p(`<strong>第${chineseNumber(article++)}条</strong>\u3000${fill(sentence)}`));
    });
  } else if (seed.category === '技术指导原则') {
    parts.push('<h2>一、概述</h2>');
    parts.push(p(`为指导${topic}工作，明确技术要求，药品审评中心在总结审评经验、参考国内外相关指导原则的基础上，组织起草了本指导原则。`));
    parts.push(p('本指导原则仅代表药品监管部门当前的观点和认识，不具有强制性的法律约束力。随着科学研究的进展，本指导原则中的相关内容将不断完善与更新。'));
    parts.push('<h2>二、适用范围</h2>');
    parts.push(p(`本指导原则适用于化学药品制剂及其所用原料药、药用辅料和药包材的${topic}，生物制品和中药可参考。`));
    parts.push('<h2>三、基本原则</h2>');
    parts.push(list('ul', random.sample(GUIDELINE_PRINCIPLES, 3)));
    parts.push('<h2>四、主要研究内容</h2>');
    parts.push('<h3>（一）研究对象与方法</h3>');
    parts.push(list('ol', random.sample(GUIDELINE_ITEMS, random.int(3, 4))));
    parts.push('<h3>（二）结果评价</h3>');
    parts.push(p('应结合研究结果对风险进行综合评价；如发现潜在风险，应分析原因并采取相应控制措施，必要时开展进一步研究。'));
    parts.push(
      '<table><thead><tr><th>研究项目</th><th>基本要求</th><th>备注</th></tr></thead><tbody>' +
        '<tr><td>质量对比研究</td><td>至少三批样品</td><td>变更前后对比</td></tr>' +
        '<tr><td>稳定性研究</td><td>加速 6 个月、长期 6 个月</td><td>必要时延长</td></tr>' +
        '<tr><td>相容性研究</td><td>提取研究与迁移研究</td><td>注射剂、吸入制剂等重点关注</td></tr>' +
        '</tbody></table>',
    );
    parts.push('<h2>五、参考文献</h2>');
    parts.push(list('ol', ['《中华人民共和国药典》2025 年版四部通则。', 'ICH Q3D(R2) Guideline for Elemental Impurities.', 'USP <1664> Assessment of Drug Product Leachables Associated with Pharmaceutical Packaging/Delivery Systems.']));
  } else if (seed.category === '药典公告') {
    const names = seed.substances ?? [];
    parts.push(p(`根据《中华人民共和国药品管理法》及药品标准管理有关规定，我委组织开展了${topic}的制修订工作，现将有关内容公告如下。`));
    parts.push(
      '<table><thead><tr><th>序号</th><th>品种名称</th><th>英文名称</th><th>类别</th></tr></thead><tbody>' +
        names.map((n, i) => `<tr><td>${i + 1}</td><td>${n.zh}</td><td>${n.en}</td><td>${n.cat}</td></tr>`).join('') +
        '</tbody></table>',
    );
    parts.push(p('公示期为自发布之日起三个月。请相关单位认真研核，若有异议，请及时来函提交反馈意见，并附相关说明、实验数据和联系方式。'));
    parts.push(p('详细内容请登录<a href="https://www.chp.org.cn/">国家药典委员会网站</a>查询。'));
  } else if (seed.category === '征求意见稿') {
    parts.push(p(`为进一步规范${topic}工作，${seed.issuer}组织起草了相关文件（征求意见稿），现向社会公开征求意见。`));
    parts.push(p(`请于 ${addDays(issuedOn, 30)} 前将意见反馈至指定邮箱，邮件标题请注明“${topic}意见反馈”。`));
    parts.push(list('ul', ['反馈意见请使用附件中的意见反馈表。', '请注明单位名称、联系人和联系方式。', '逾期反馈的意见将不再统计。']));
    parts.push(p('相关文件可在<a href="https://www.cde.org.cn/">药品审评中心网站</a>下载。'));
  } else {
    parts.push(p(`为进一步做好${topic}工作，根据《中华人民共和国药品管理法》《药品注册管理办法》等有关规定，现将有关事项公告如下：`));
    parts.push(list('ol', random.sample(NOTICE_ITEMS, random.int(4, 6)).map(fill)));
    parts.push(p('本公告自发布之日起施行。'));
    parts.push(p('特此公告。'));
    parts.push(p(`更多信息请访问<a href="https://www.nmpa.gov.cn/">${NMPA}网站</a>，或查阅本站<a href="${paths.regulations}">法规栏目</a>。`));
  }
  parts.push(p(`${seed.issuer}\u3000${issuedOn.slice(0, 4)} 年 ${Number(issuedOn.slice(5, 7))} 月 ${Number(issuedOn.slice(8, 10))} 日`));
  return sanitizeRichText(typeset(parts.join('')));
}

export function generateRegulations(scale: DemoScale = DEFAULT_SCALE): DemoRegulation[] {
  return regulationSeeds(scale).map((seed, index) => {
    const random = Random.for(scale.seed, 'regulation', index);
    const issuedOn = seed.issuedOn ?? dayBetween(random, seed.status === '征求意见' ? '2025-06-01' : '2017-06-01', undefined, 1.4);
    const year = issuedOn.slice(0, 4);
    let docNumber = seed.docNumber;
    if (docNumber === null && seed.category === '规范性文件' && seed.issuer === NMPA) {
      docNumber = random.chance(0.5) ? `国家药监局公告${year}年第${random.int(1, 160)}号` : `国药监药注〔${year}〕${random.int(1, 60)}号`;
    } else if (docNumber === null && seed.category === '技术指导原则' && random.chance(0.8)) {
      docNumber = `国家药监局药审中心通告${year}年第${random.int(1, 60)}号`;
    } else if (docNumber === null && seed.category === '药典公告' && random.chance(0.6)) {
      docNumber = `国药典注〔${year}〕${random.int(1, 90)}号`;
    }
    let status: RegulationStatus = seed.status ?? '现行';
    if (!seed.status && !seed.issuedOn && seed.category !== '征求意见稿' && issuedOn < '2022-01-01' && random.chance(0.18)) status = '废止';
    const effectiveOn = status === '征求意见' ? null : seed.effectiveOn !== undefined ? seed.effectiveOn : random.chance(0.8) ? addDays(issuedOn, random.pick([0, 0, 30, 90, 180])) : null;
    return {
      title: typeset(seed.title),
      issuer: seed.issuer,
      docNumber: docNumber && typeset(docNumber),
      category: seed.category,
      issuedOn,
      effectiveOn,
      status,
      content: regulationContent(seed, random, issuedOn),
    };
  });
}

/* --------------------------------------------------------------------------------------------- */
/* News                                                                                            */

const NEWS_SOURCES: Record<NewsCategory, string[]> = {
  行业动态: ['中国医药报', '医药经济报', '中国食品药品网', '辅料通编辑部'],
  政策解读: ['辅料通编辑部', '中国医药报', '国家药品监督管理局'],
  技术文章: ['辅料通技术部', '辅料通编辑部', '药学进展'],
  企业新闻: ['辅料通'],
  展会活动: ['辅料通编辑部', '辅料通市场部'],
};
/** What a study of an excipient in a dosage form measures. */
const PROPERTIES: Record<string, string[]> = {
  片剂: ['溶出', '硬度', '崩解时限', '含量均匀度', '可压性', '脆碎度'],
  缓释片: ['释放行为', '释放曲线重现性'],
  口腔崩解片: ['崩解时限', '口感'],
  咀嚼片: ['口感', '硬度'],
  胶囊剂: ['溶出', '流动性', '装量差异', '稳定性'],
  颗粒剂: ['流动性', '溶出', '稳定性'],
  散剂: ['流动性', '含量均匀度'],
  口服溶液剂: ['稳定性', '澄清度', '口感'],
  混悬剂: ['再分散性', '沉降体积比', '稳定性'],
  注射剂: ['稳定性', '不溶性微粒', '释放行为'],
  软膏剂: ['稠度', '铺展性', '体外释放'],
  乳膏剂: ['稠度', '铺展性', '体外释放', '稳定性'],
  凝胶剂: ['黏度', '铺展性', '体外释放'],
  栓剂: ['融变时限', '稳定性'],
  贴剂: ['黏附力', '体外透皮释放'],
  眼用制剂: ['黏度', '刺激性', '稳定性'],
  吸入制剂: ['微细粒子剂量', '递送剂量均一性'],
};
/** Tablets of a kind an excipient of a category is typical of. */
const TABLET_KINDS: Partial<Record<string, string>> = { 释放调节剂: '缓释片', 崩解剂: '口腔崩解片', 矫味剂: '咀嚼片' };
const SOLID_FORMS = new Set(['片剂', '缓释片', '口腔崩解片', '咀嚼片', '胶囊剂', '颗粒剂', '散剂', '吸入制剂']);
const COMPANIES = ['华东医药', '齐鲁药业', '鲁南制药', '恒瑞医药', '石药集团', '科伦药业', '扬子江药业', '复星医药'];
const CITIES = ['上海', '北京', '杭州', '南京', '苏州', '广州', '成都', '武汉', '济南', '青岛'];

/** What one article is about: its title, summary and body all speak of this excipient and dosage form. */
interface NewsSubject {
  entry: ExcipientEntry;
  form: string;
  property: string;
}

function newsTitle(category: NewsCategory, random: Random, year: number, { entry, form, property }: NewsSubject): string {
  switch (category) {
    case '行业动态':
      return random.pick([
        `${year} 年前三季度药用辅料登记数量同比增长 ${random.int(6, 28)}%`,
        `国产${entry.zh}市场份额持续提升，高端规格逐步实现替代`,
        `${random.pick(PROVINCES).full}${random.int(3, 19)} 家药用辅料企业通过药品 GMP 符合性检查`,
        `${entry.zh}价格走势分析：原料成本与产能变化`,
        `药包材行业加速整合，中硼硅玻璃产能持续扩张`,
        `${year} 年药用辅料行业十大关键词`,
        `${entry.cat}细分市场观察：${entry.zh}需求稳步增长`,
        `一致性评价推动${entry.cat}向高品质、多规格发展`,
      ]);
    case '政策解读':
      return random.pick([
        `解读：关联审评审批制度下${entry.cat}企业如何做好变更管理`,
        `一文读懂原辅包登记状态“A”与“I”的区别`,
        `${year >= 2025 ? 2025 : 2020} 年版《中国药典》药用辅料标准有哪些变化？`,
        `政策解读：${random.pick(GUIDELINE_TOPICS)}技术指导原则要点`,
        `药用辅料登记资料常见问题与审评关注点（第${chineseNumber(random.int(1, 12))}期）`,
        `从监管角度看${entry.zh}的质量控制要求`,
        `药品上市后变更中辅料供应商变更的研究要求解读`,
      ]);
    case '技术文章':
      return random.pick([
        `${entry.zh}在${form}中的应用进展`,
        `${entry.zh}不同规格对${form}${property}的影响`,
        `如何选择合适的${entry.cat}：以${entry.zh}为例`,
        `${entry.zh}功能性相关指标的测定方法比较`,
        `${form}处方开发中${entry.cat}的筛选策略`,
        `${entry.zh}（${entry.en}）理化性质与质量控制要点`,
      ]);
    case '企业新闻':
      return random.pick([
        entry.grades ? `辅料通新增${entry.zh}${random.pick(entry.grades)}规格样品` : `辅料通新增${entry.zh}样品`,
        `辅料通上线药用辅料免费样品申请服务`,
        `辅料通与${random.pick(COMPANIES)}达成药用辅料供应合作`,
        `辅料通${random.pick(CITIES)}仓储中心正式启用`,
        `辅料通技术服务团队完成第 ${random.int(100, 900)} 次处方开发支持`,
        `辅料通${random.pick(['药典标准数据库', '辅料用量数据库', '原辅包登记信息库'])}完成 ${year} 年度数据更新`,
      ]);
    case '展会活动':
      return random.pick([
        // CPHI China: the 22nd was held in 2024.
        `第 ${year - 2002} 届世界制药原料中国展（CPHI China ${year}）在上海举办`,
        `辅料通邀您参加 ${year} ${random.pick(CITIES)}药用辅料技术研讨会`,
        `${year} 年中国药用辅料发展大会在${random.pick(CITIES)}召开`,
        `${entry.cat}应用技术培训班（${random.pick(CITIES)}站）报名开启`,
        `${year} 年药物制剂新技术、新辅料论坛成功举办`,
      ]);
  }
}

function newsContent(category: NewsCategory, title: string, random: Random, { entry, form, property }: NewsSubject): { summary: string; content: string } {
  const parts: string[] = [];
  let summary: string;
  if (category === '技术文章') {
    summary = `本文介绍${entry.zh}的理化性质、作为${entry.cat}的功能特点及其在${form}中的应用，并结合实验数据讨论规格选择与工艺控制要点。`;
    parts.push(p(`${entry.zh}（${entry.en}）是${entry.cat}中的代表性品种。随着仿制药一致性评价的深入推进，制剂企业对辅料功能性相关指标的关注度不断提高。`));
    parts.push('<h3>一、理化性质</h3>');
    parts.push(
      list('ul', [
        `性状：${entry.zh}${PRODUCT_FACTS[entry.zh]!.what}。`,
        `溶解性与功能性相关指标：因${entry.zh}的规格而异，详见各规格技术资料。`,
        `质量标准：符合${random.pick(['《中国药典》2025 年版', 'USP-NF', 'EP 12.0'])}${entry.zh}项下的相关规定。`,
      ]),
    );
    parts.push('<h3>二、应用研究</h3>');
    parts.push(p(`在某${form}处方中，分别采用${entry.zh}的不同规格进行对比，结果显示规格对${property}有显著影响。`));
    const grades = (entry.grades ?? ['规格 A', '规格 B', '规格 C']).slice(0, 3);
    const tablet = /片$/.test(form);
    parts.push(
      !SOLID_FORMS.has(form) && !entry.liquid
        ? '<table><thead><tr><th>规格</th><th>黏度（mPa·s）</th><th>pH 值</th><th>干燥失重（%）</th></tr></thead><tbody>' +
            grades
              .map((g) => `<tr><td>${g}</td><td>${random.int(50, 8000)}</td><td>${(4 + random.next() * 4).toFixed(1)}</td><td>${(0.5 + random.next() * 6).toFixed(1)}</td></tr>`)
              .join('') +
            '</tbody></table>'
        : entry.liquid
        ? '<table><thead><tr><th>规格</th><th>黏度（mPa·s，25 ℃）</th><th>水分（%）</th><th>过氧化值</th></tr></thead><tbody>' +
            grades
              .map((g) => `<tr><td>${g}</td><td>${random.int(5, 120)}</td><td>${(0.05 + random.next() * 0.4).toFixed(2)}</td><td>${(random.next() * 2).toFixed(1)}</td></tr>`)
              .join('') +
            '</tbody></table>'
        : `<table><thead><tr><th>规格</th><th>D50（μm）</th><th>松密度（g/mL）</th><th>${tablet ? '片剂硬度（N）' : '休止角（°）'}</th></tr></thead><tbody>` +
            grades
              .map((g) => `<tr><td>${g}</td><td>${random.int(20, 180)}</td><td>${(0.25 + random.next() * 0.4).toFixed(2)}</td><td>${tablet ? random.int(60, 140) : random.int(28, 45)}</td></tr>`)
              .join('') +
            '</tbody></table>',
    );
    parts.push('<h3>三、结论</h3>');
    parts.push(p('在处方开发早期即应对辅料的关键物料属性进行评估，并与供应商建立稳定的质量沟通机制。如需样品或技术资料，可在本站产品页面申请。'));
  } else if (category === '政策解读') {
    summary = `围绕“${title}”，梳理政策背景、主要变化及对制剂企业和辅料、药包材企业的影响，并给出应对建议。`;
    parts.push('<h3>政策背景</h3>');
    parts.push(p('自原料药、药用辅料和药包材与制剂关联审评审批制度实施以来，监管部门持续完善相关配套文件，强化药品上市许可持有人的主体责任。'));
    parts.push('<h3>主要变化</h3>');
    parts.push(list('ol', random.sample(NOTICE_ITEMS, 3).map((t) => t.replaceAll('{topic}', '关联审评审批'))));
    parts.push('<h3>企业应对建议</h3>');
    parts.push(list('ul', ['梳理现有供应商及登记状态，建立供应商档案。', '完善变更控制流程，及时评估并通知下游制剂企业。', '关注药审中心发布的最新指导原则与问答。']));
    parts.push(p('原文请见<a href="https://www.nmpa.gov.cn/">国家药品监督管理局网站</a>。'));
  } else if (category === '企业新闻') {
    summary = `${title}。制剂研发人员可在辅料通在线浏览产品资料并申请样品。`;
    parts.push(p(`近日，${title}。此举将进一步丰富平台产品线，满足制剂企业在处方筛选和工艺开发阶段的用样需求。`));
    parts.push(p(`登录后，用户可在<a href="${paths.excipients}">辅料产品</a>页面选择规格和包装，加入样品车并提交申请，通常 3 个工作日内发出。`));
    parts.push(list('ul', ['样品免费提供，每个规格每次限申请一份。', '随样提供检验报告（COA）和技术资料（TDS）。', '如需 DMF 授权信，请在产品页面提交资料申请。']));
  } else if (category === '展会活动') {
    summary = `${title}，活动聚焦药用辅料新品种、新技术与法规动态，辅料通技术团队将在现场提供咨询与样品服务。`;
    parts.push(p(`${title}。本次活动邀请了监管机构专家、制剂企业研发负责人及辅料生产企业技术专家，围绕辅料质量研究、关联审评与新型制剂技术展开交流。`));
    parts.push('<h3>活动议程</h3>');
    parts.push(list('ol', ['主题报告：药用辅料监管政策与标准进展', `专题分享：${entry.zh}在${form}中的应用`, '圆桌讨论：一致性评价中的辅料选择', '现场答疑与样品咨询']));
    parts.push(p('欢迎莅临辅料通展位交流，现场登记即可领取产品手册。'));
  } else {
    summary = `${title}。业内人士认为，制剂质量要求提升和关联审评制度深化，是推动药用辅料行业高质量发展的主要动力。`;
    parts.push(p(`${title}。据行业统计，近年来药用辅料登记品种数量稳步增加，国产辅料在品种丰富度和质量一致性方面均有明显提升。`));
    parts.push(p(`以${entry.zh}为例，多家企业已完成不同规格的开发与登记，可满足${form}等制剂的开发需求。`));
    parts.push('<h3>行业观察</h3>');
    parts.push(list('ul', ['高端辅料与特殊给药途径辅料仍有较大发展空间。', '制剂企业更加重视供应链安全与多供应商策略。', '数字化质量管理与数据追溯成为企业建设重点。']));
  }
  return { summary: typeset(summary), content: sanitizeRichText(typeset(parts.join(''))) };
}

export function generateNews(scale: DemoScale = DEFAULT_SCALE): DemoNews[] {
  const titles = new Set<string>();
  const rows: DemoNews[] = [];
  for (let index = 0; rows.length < scale.news && index < scale.news * 30; index++) {
    const random = Random.for(scale.seed, 'news', index);
    const category = random.weighted([['行业动态', 3], ['政策解读', 2], ['技术文章', 3], ['企业新闻', 1], ['展会活动', 1]] as const);
    const publishedOn = dayBetween(random, '2021-01-01', undefined, 1.8);
    const entry = random.pick(EXCIPIENT_ENTRIES);
    // A dosage form the excipient is used in (excipient-uses.ts), a tablet of the kind it is typical of.
    const base = random.pick(formsOf(entry.zh));
    const kind = TABLET_KINDS[entry.cat];
    const form = base === '片剂' && kind && random.chance(0.5) ? kind : base;
    const subject: NewsSubject = { entry, form, property: random.pick(PROPERTIES[form]!) };
    const title = typeset(newsTitle(category, random, Number(publishedOn.slice(0, 4)), subject));
    if (titles.has(title)) continue;
    titles.add(title);
    const { summary, content } = newsContent(category, title, random, subject);
    rows.push({
      title,
      category,
      source: random.pick(NEWS_SOURCES[category]),
      publishedOn,
      cover: null,
      summary,
      content,
    });
  }
  return rows;
}
