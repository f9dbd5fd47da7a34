/**
 * The safety data sheets (安全技术说明书) of the demo catalogue: one per product with an SDS document,
 * coherent with the product (decision 0065): its name, CAS number and form, and its 危险化学品 transport
 * terms. Most excipients are not classified under GB 30000 and their sheets say so section by section;
 * the classified ones carry the GHS classification real suppliers' sheets give the substance (EU CLP
 * harmonised or notified classifications, the same categories under GB 30000), and the dangerous goods
 * their GB 12268 entry. Properties are the substance's where known (handbook values), else 无资料.
 */
import type { GhsPictogram, SafetyDataBody } from '@fuliaotong/contracts';
import type { ExcipientEntry } from './catalogue-data.js';
import { PRODUCT_FACTS } from './product-facts.js';
import type { DemoExcipient } from './demo-content.js';
import { Random } from './random.js';

/** Hazard statements as GB 30000 words them. */
const H: Record<string, string> = {
  H225: '高度易燃液体和蒸气',
  H226: '易燃液体和蒸气',
  H290: '可能腐蚀金属',
  H300: '吞咽致命',
  H301: '吞咽会中毒',
  H302: '吞咽有害',
  H304: '吞咽及进入呼吸道可能致命',
  H310: '皮肤接触致命',
  H312: '皮肤接触有害',
  H311: '皮肤接触会中毒',
  H314: '造成严重皮肤灼伤和眼损伤',
  H315: '造成皮肤刺激',
  H317: '可能导致皮肤过敏反应',
  H318: '造成严重眼损伤',
  H319: '造成严重眼刺激',
  H330: '吸入致命',
  H331: '吸入会中毒',
  H332: '吸入有害',
  H335: '可能引起呼吸道刺激',
  H336: '可能引起昏昏欲睡或眩晕',
  H341: '怀疑可造成遗传性缺陷',
  H360D: '可能对胎儿造成伤害',
  H372: '长期或反复接触会对器官造成损害（吸入：肺）',
  H373: '长期或反复接触可能对器官造成损害',
  H400: '对水生生物毒性极大',
  H410: '对水生生物毒性极大并具有长期持续影响',
};

/** Precautionary statements, by code. */
const P: Record<string, string> = {
  P201: '使用前取得专用说明。',
  P210: '远离热源、热表面、火花、明火和其他点火源。禁止吸烟。',
  P233: '保持容器密闭。',
  P234: '只能在原容器中存放。',
  P260: '不要吸入粉尘/烟/气体/烟雾/蒸气/喷雾。',
  P261: '避免吸入粉尘/烟/气体/烟雾/蒸气/喷雾。',
  P264: '作业后彻底清洗双手。',
  P270: '使用本产品时不要进食、饮水或吸烟。',
  P273: '避免释放到环境中。',
  P280: '戴防护手套/穿防护服/戴防护眼罩/戴防护面具。',
  'P301+P310': '如误吞咽：立即呼叫中毒急救中心/医生。',
  'P301+P330+P331': '如误吞咽：漱口。不要诱导呕吐。',
  'P302+P352': '如皮肤沾染：用水充分清洗。',
  'P303+P361+P353': '如皮肤（或头发）沾染：立即脱掉所有沾染的衣服。用水清洗皮肤或淋浴。',
  'P304+P340': '如误吸入：将人转移到空气新鲜处，保持呼吸舒适体位。',
  'P305+P351+P338': '如进入眼睛：用水小心冲洗几分钟。如戴隐形眼镜并可方便地取出，取出隐形眼镜。继续冲洗。',
  'P308+P313': '如接触到或有疑虑：求医/就诊。',
  P310: '立即呼叫中毒急救中心/医生。',
  'P337+P313': '如仍觉眼刺激：求医/就诊。',
  'P370+P378': '火灾时：使用抗溶性泡沫、干粉或二氧化碳灭火。',
  P391: '收集溢出物。',
  'P403+P235': '存放在通风良好的地方。保持低温。',
  P405: '存放处须加锁。',
  P501: '按当地法规处置内装物/容器。',
};

interface Classification {
  hazards: Array<readonly [hazardClass: string, category: string]>;
  signalWord: '危险' | '警告';
  pictograms: GhsPictogram[];
  h: string[];
  p: string[];
  /** The GB 12268 entry, for the products the catalogue marks as dangerous goods (the same UN number). */
  transport?: { un: string; name: string; cls: string; sub?: string; pg: 'I' | 'II' | 'III'; marine?: boolean };
  /** Section 3 of a mixture (a solution): its components. */
  components?: Array<readonly [name: string, cas: string, concentration: string]>;
  toxicology: string;
  ecology: string;
}

const FLAMMABLE_P = ['P210', 'P233', 'P280', 'P303+P361+P353', 'P305+P351+P338', 'P370+P378', 'P403+P235', 'P501'];
const CORROSIVE_P = ['P260', 'P264', 'P280', 'P301+P330+P331', 'P303+P361+P353', 'P304+P340', 'P305+P351+P338', 'P310', 'P405', 'P501'];

/** The catalogue's products that GB 30000 classifies: the GHS elements their sheets carry. */
export const CLASSIFIED: Record<string, Classification> = {
  乙醇: {
    hazards: [['易燃液体', '类别 2'], ['严重眼损伤/眼刺激', '类别 2A']],
    signalWord: '危险',
    pictograms: ['GHS02', 'GHS07'],
    h: ['H225', 'H319'],
    p: [...FLAMMABLE_P.slice(0, 3), 'P264', 'P305+P351+P338', 'P337+P313', 'P370+P378', 'P403+P235', 'P501'],
    transport: { un: '1170', name: '乙醇', cls: '3', pg: 'II' },
    toxicology: '急性毒性：LD50 7060 mg/kg（大鼠经口）；LC50 20000 ppm，10 h（大鼠吸入）。皮肤刺激：长期反复接触可致皮肤干燥。眼睛刺激：造成严重眼刺激。高浓度蒸气有麻醉作用。',
    ecology: '生态毒性：LC50 > 10000 mg/L，96 h（鱼）。易于生物降解。无生物累积性。',
  },
  异丙醇: {
    hazards: [['易燃液体', '类别 2'], ['严重眼损伤/眼刺激', '类别 2A'], ['特异性靶器官毒性-一次接触（麻醉效应）', '类别 3']],
    signalWord: '危险',
    pictograms: ['GHS02', 'GHS07'],
    h: ['H225', 'H319', 'H336'],
    p: ['P210', 'P233', 'P261', 'P280', 'P304+P340', 'P305+P351+P338', 'P337+P313', 'P370+P378', 'P403+P235', 'P501'],
    transport: { un: '1219', name: '异丙醇', cls: '3', pg: 'II' },
    toxicology: '急性毒性：LD50 5045 mg/kg（大鼠经口）；LD50 12800 mg/kg（兔经皮）。眼睛刺激：造成严重眼刺激。蒸气可引起头晕、嗜睡等中枢神经抑制。',
    ecology: '生态毒性：LC50 9640 mg/L，96 h（黑头呆鱼）。易于生物降解。',
  },
  'N-甲基吡咯烷酮': {
    hazards: [['皮肤腐蚀/刺激', '类别 2'], ['严重眼损伤/眼刺激', '类别 2A'], ['特异性靶器官毒性-一次接触（呼吸道刺激）', '类别 3'], ['生殖毒性', '类别 1B']],
    signalWord: '危险',
    pictograms: ['GHS07', 'GHS08'],
    h: ['H315', 'H319', 'H335', 'H360D'],
    p: ['P201', 'P261', 'P264', 'P280', 'P302+P352', 'P305+P351+P338', 'P308+P313', 'P405', 'P501'],
    toxicology: '急性毒性：LD50 3914 mg/kg（大鼠经口）；LD50 8000 mg/kg（兔经皮）。生殖毒性：动物试验显示可对胎儿发育造成伤害（发育毒性），孕妇及计划怀孕者应避免接触。刺激性：造成皮肤刺激和严重眼刺激，可能引起呼吸道刺激。',
    ecology: '生态毒性：LC50 > 500 mg/L，96 h（鱼）。易于生物降解，生物累积性低。',
  },
  十二烷基硫酸钠: {
    hazards: [['急性毒性-经口', '类别 4'], ['皮肤腐蚀/刺激', '类别 2'], ['严重眼损伤/眼刺激', '类别 1'], ['特异性靶器官毒性-一次接触（呼吸道刺激）', '类别 3']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS07'],
    h: ['H302', 'H315', 'H318', 'H335'],
    p: ['P261', 'P264', 'P270', 'P280', 'P302+P352', 'P305+P351+P338', 'P310', 'P501'],
    toxicology: '急性毒性：LD50 977 mg/kg（大鼠经口）。皮肤刺激：造成皮肤刺激。眼睛：造成严重眼损伤。粉尘可刺激呼吸道。',
    ecology: '生态毒性：LC50 约 29 mg/L，96 h（鱼）。易于生物降解。',
  },
  苯酚: {
    hazards: [['急性毒性-经口', '类别 3'], ['急性毒性-经皮', '类别 3'], ['急性毒性-吸入', '类别 3'], ['皮肤腐蚀/刺激', '类别 1B'], ['生殖细胞致突变性', '类别 2'], ['特异性靶器官毒性-反复接触', '类别 2']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS06', 'GHS08'],
    h: ['H301', 'H311', 'H331', 'H314', 'H341', 'H373'],
    p: ['P201', ...CORROSIVE_P],
    transport: { un: '1671', name: '固态苯酚', cls: '6.1', pg: 'II' },
    toxicology: '急性毒性：LD50 317 mg/kg（大鼠经口）；LD50 630 mg/kg（兔经皮）。可经皮肤迅速吸收引起全身中毒。腐蚀性：造成严重皮肤灼伤和眼损伤。怀疑可造成遗传性缺陷；反复接触可能损害肝、肾和神经系统。',
    ecology: '生态毒性：LC50 约 8.9 mg/L，96 h（虹鳟）。易于生物降解。',
  },
  间甲酚: {
    hazards: [['急性毒性-经口', '类别 3'], ['急性毒性-经皮', '类别 3'], ['皮肤腐蚀/刺激', '类别 1B']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS06'],
    h: ['H301', 'H311', 'H314'],
    p: CORROSIVE_P,
    transport: { un: '2076', name: '液态甲酚', cls: '6.1', sub: '8', pg: 'II' },
    toxicology: '急性毒性：LD50 242 mg/kg（大鼠经口）；LD50 2050 mg/kg（兔经皮）。可经皮肤吸收。腐蚀性：造成严重皮肤灼伤和眼损伤。',
    ecology: '生态毒性：LC50 约 8.9 mg/L，96 h（虹鳟）。易于生物降解。',
  },
  硫柳汞: {
    hazards: [['急性毒性-经口', '类别 2'], ['急性毒性-经皮', '类别 1'], ['急性毒性-吸入', '类别 2'], ['特异性靶器官毒性-反复接触', '类别 2'], ['危害水生环境-急性危害', '类别 1'], ['危害水生环境-长期危害', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS06', 'GHS08', 'GHS09'],
    h: ['H300', 'H310', 'H330', 'H373', 'H400', 'H410'],
    p: ['P260', 'P264', 'P270', 'P273', 'P280', 'P301+P310', 'P302+P352', 'P304+P340', 'P391', 'P405', 'P501'],
    transport: { un: '2025', name: '固态汞化合物，未另作规定的（硫柳汞）', cls: '6.1', pg: 'II', marine: true },
    toxicology: '急性毒性：LD50 75 mg/kg（大鼠经口）。有机汞化合物，可经吸入、食入和皮肤吸收中毒；反复接触可能损害中枢神经系统和肾脏。可致皮肤过敏。',
    ecology: '对水生生物毒性极大并具有长期持续影响；汞可在生物体内累积。',
  },
  氢氧化钠: {
    hazards: [['金属腐蚀物', '类别 1'], ['皮肤腐蚀/刺激', '类别 1A']],
    signalWord: '危险',
    pictograms: ['GHS05'],
    h: ['H290', 'H314'],
    p: ['P234', ...CORROSIVE_P],
    transport: { un: '1823', name: '固态氢氧化钠', cls: '8', pg: 'II' },
    toxicology: '腐蚀性：强碱，接触造成严重皮肤灼伤和眼损伤，粉尘刺激呼吸道；误服造成消化道灼伤。',
    ecology: '大量进入水体可使 pH 升高而危害水生生物；中和后无长期影响。',
  },
  盐酸: {
    hazards: [['金属腐蚀物', '类别 1'], ['皮肤腐蚀/刺激', '类别 1B'], ['特异性靶器官毒性-一次接触（呼吸道刺激）', '类别 3']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS07'],
    h: ['H290', 'H314', 'H335'],
    p: ['P234', 'P261', ...CORROSIVE_P.slice(1)],
    transport: { un: '1789', name: '盐酸', cls: '8', pg: 'II' },
    components: [['氯化氢', '7647-01-0', '36%～38%'], ['水', '7732-18-5', '62%～64%']],
    toxicology: '腐蚀性：造成严重皮肤灼伤和眼损伤。氯化氢气体刺激呼吸道，高浓度可致喉头水肿、肺水肿。',
    ecology: '大量进入水体可使 pH 降低而危害水生生物；中和后无长期影响。',
  },
  冰醋酸: {
    hazards: [['易燃液体', '类别 3'], ['皮肤腐蚀/刺激', '类别 1A']],
    signalWord: '危险',
    pictograms: ['GHS02', 'GHS05'],
    h: ['H226', 'H314'],
    p: ['P210', ...CORROSIVE_P],
    transport: { un: '2789', name: '冰醋酸', cls: '8', sub: '3', pg: 'II' },
    toxicology: '急性毒性：LD50 3310 mg/kg（大鼠经口）。腐蚀性：造成严重皮肤灼伤和眼损伤，蒸气刺激眼睛和呼吸道。',
    ecology: '易于生物降解。大量进入水体可使 pH 降低。',
  },
  磷酸: {
    hazards: [['金属腐蚀物', '类别 1'], ['皮肤腐蚀/刺激', '类别 1B']],
    signalWord: '危险',
    pictograms: ['GHS05'],
    h: ['H290', 'H314'],
    p: ['P234', ...CORROSIVE_P],
    transport: { un: '1805', name: '磷酸溶液', cls: '8', pg: 'III' },
    components: [['磷酸', '7664-38-2', '85%～88%'], ['水', '7732-18-5', '12%～15%']],
    toxicology: '急性毒性：LD50 1530 mg/kg（大鼠经口）。腐蚀性：造成严重皮肤灼伤和眼损伤。',
    ecology: '大量进入水体可使 pH 降低，磷酸盐可致水体富营养化。',
  },
  橙油: {
    hazards: [['易燃液体', '类别 3'], ['皮肤腐蚀/刺激', '类别 2'], ['皮肤致敏物', '类别 1'], ['吸入危害', '类别 1'], ['危害水生环境-急性危害', '类别 1'], ['危害水生环境-长期危害', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS02', 'GHS07', 'GHS08', 'GHS09'],
    h: ['H226', 'H304', 'H315', 'H317', 'H400', 'H410'],
    p: ['P210', 'P273', 'P280', 'P301+P310', 'P302+P352', 'P370+P378', 'P391', 'P405', 'P501'],
    transport: { un: '1169', name: '液态萃取香料', cls: '3', pg: 'III', marine: true },
    components: [['甜橙油（主要成分 d-柠檬烯）', '8008-57-9', '100%'], ['其中 d-柠檬烯', '5989-27-5', '≥ 90%']],
    toxicology: '急性毒性：LD50 > 5000 mg/kg（大鼠经口，d-柠檬烯）。造成皮肤刺激；氧化后可致皮肤过敏。吸入危害：吞咽后进入呼吸道可能致命。',
    ecology: '对水生生物毒性极大并具有长期持续影响（d-柠檬烯 LC50 约 0.7 mg/L，96 h，鱼）。',
  },
  苯扎氯铵: {
    hazards: [['急性毒性-经口', '类别 4'], ['急性毒性-经皮', '类别 4'], ['皮肤腐蚀/刺激', '类别 1B'], ['严重眼损伤/眼刺激', '类别 1'], ['危害水生环境-急性危害', '类别 1'], ['危害水生环境-长期危害', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS07', 'GHS09'],
    h: ['H302', 'H312', 'H314', 'H400', 'H410'],
    p: ['P260', 'P264', 'P270', 'P273', 'P280', 'P301+P330+P331', 'P303+P361+P353', 'P305+P351+P338', 'P310', 'P391', 'P405', 'P501'],
    transport: { un: '1903', name: '液态腐蚀性消毒剂，未另作规定的（苯扎氯铵）', cls: '8', pg: 'II', marine: true },
    toxicology: '急性毒性：大鼠经口 LD50 为数百 mg/kg（吞咽有害），经皮有害。腐蚀性：浓溶液和固体造成严重皮肤灼伤和眼损伤；稀释至制剂用浓度（0.01%～0.02%）后刺激性明显降低。反复接触可致皮肤过敏。',
    ecology: '季铵盐类阳离子表面活性剂，对水生生物毒性极大并具有长期持续影响（大型溞 EC50 < 0.1 mg/L，48 h）；在活性污泥中可被生物降解，但须避免未经处理排入水体。',
  },
  苯扎溴铵: {
    hazards: [['急性毒性-经口', '类别 4'], ['皮肤腐蚀/刺激', '类别 1B'], ['严重眼损伤/眼刺激', '类别 1'], ['危害水生环境-急性危害', '类别 1'], ['危害水生环境-长期危害', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS07', 'GHS09'],
    h: ['H302', 'H314', 'H400', 'H410'],
    p: ['P260', 'P264', 'P270', 'P273', 'P280', 'P301+P330+P331', 'P303+P361+P353', 'P305+P351+P338', 'P310', 'P391', 'P405', 'P501'],
    transport: { un: '1759', name: '腐蚀性固体，未另作规定的（苯扎溴铵）', cls: '8', pg: 'II', marine: true },
    toxicology: '急性毒性：大鼠经口 LD50 为数百 mg/kg（吞咽有害）。腐蚀性：固体和浓溶液造成严重皮肤灼伤和眼损伤；粉尘刺激呼吸道。',
    ecology: '季铵盐类阳离子表面活性剂，对水生生物毒性极大并具有长期持续影响；须避免未经处理排入水体。',
  },
  焦亚硫酸钠: {
    hazards: [['急性毒性-经口', '类别 4'], ['严重眼损伤/眼刺激', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS07'],
    h: ['H302', 'H318'],
    p: ['P264', 'P270', 'P280', 'P305+P351+P338', 'P310', 'P501'],
    toxicology: '急性毒性：LD50 1131 mg/kg（大鼠经口）。造成严重眼损伤。与酸接触释放二氧化硫，刺激呼吸道；对亚硫酸盐敏感者可引起哮喘样反应。',
    ecology: '生态毒性：LC50 约 150～220 mg/L，96 h（鱼）。无机物，不适用生物降解性。',
  },
  苯甲醇: {
    hazards: [['急性毒性-经口', '类别 4'], ['急性毒性-吸入', '类别 4']],
    signalWord: '警告',
    pictograms: ['GHS07'],
    h: ['H302', 'H332'],
    p: ['P261', 'P264', 'P270', 'P304+P340', 'P501'],
    toxicology: '急性毒性：LD50 1230 mg/kg（大鼠经口）。吸入蒸气有害。新生儿大量使用可致“喘息综合征”，含苯甲醇的注射剂禁用于儿童肌内注射。',
    ecology: '生态毒性：LC50 460 mg/L，96 h（鱼）。易于生物降解。',
  },
  苯氧乙醇: {
    hazards: [['急性毒性-经口', '类别 4'], ['严重眼损伤/眼刺激', '类别 2A']],
    signalWord: '警告',
    pictograms: ['GHS07'],
    h: ['H302', 'H319'],
    p: ['P264', 'P270', 'P280', 'P305+P351+P338', 'P337+P313', 'P501'],
    toxicology: '急性毒性：LD50 1260 mg/kg（大鼠经口）。造成严重眼刺激。',
    ecology: '生态毒性：LC50 344 mg/L，96 h（鱼）。易于生物降解。',
  },
  苯甲酸: {
    hazards: [['皮肤腐蚀/刺激', '类别 2'], ['严重眼损伤/眼刺激', '类别 1'], ['特异性靶器官毒性-反复接触（吸入：肺）', '类别 1']],
    signalWord: '危险',
    pictograms: ['GHS05', 'GHS08'],
    h: ['H315', 'H318', 'H372'],
    p: ['P260', 'P264', 'P270', 'P280', 'P302+P352', 'P305+P351+P338', 'P310', 'P501'],
    toxicology: '急性毒性：LD50 1700 mg/kg（大鼠经口）。造成皮肤刺激和严重眼损伤。长期反复吸入粉尘会损害肺。',
    ecology: '生态毒性：LC50 44.6 mg/L，96 h（虹鳟）。易于生物降解。',
  },
};

/** Handbook values for section 9 where the catalogue sells the substance itself. */
const PROPERTIES: Record<string, Partial<SafetyDataBody['properties']>> = {
  乙醇: { odour: '特殊醇香', meltingPoint: '-114.1 °C', boilingPoint: '78.3 °C', flashPoint: '13 °C（闭杯）', explosiveLimits: '3.3%～19.0%（体积）', vapourPressure: '5.8 kPa（20 °C）', density: '0.79（水 = 1）', partitionCoefficient: 'lg Kow = -0.31', autoIgnition: '363 °C' },
  异丙醇: { odour: '似乙醇和丙酮混合物的气味', meltingPoint: '-88.5 °C', boilingPoint: '82.5 °C', flashPoint: '12 °C（闭杯）', explosiveLimits: '2.0%～12.7%（体积）', vapourPressure: '4.4 kPa（20 °C）', density: '0.79（水 = 1）', partitionCoefficient: 'lg Kow = 0.05', autoIgnition: '399 °C' },
  'N-甲基吡咯烷酮': { meltingPoint: '-24 °C', boilingPoint: '202 °C', flashPoint: '91 °C（闭杯）', explosiveLimits: '1.3%～9.5%（体积）', vapourPressure: '0.03 kPa（20 °C）', density: '1.03（水 = 1）', ph: '7.7～8.0（100 g/L 水溶液）', partitionCoefficient: 'lg Kow = -0.46', autoIgnition: '245 °C' },
  十二烷基硫酸钠: { odour: '微有特殊气味', meltingPoint: '204～207 °C', ph: '6.0～9.0（10 g/L 水溶液）', density: '约 1.1', solubility: '易溶于水（约 150 g/L，20 °C）', flashPoint: '> 170 °C' },
  苯酚: { odour: '特殊气味', meltingPoint: '40.9 °C', boilingPoint: '181.8 °C', flashPoint: '79 °C（闭杯）', explosiveLimits: '1.7%～8.6%（体积）', density: '1.07（水 = 1）', solubility: '溶于水（约 84 g/L，20 °C），易溶于乙醇、乙醚', autoIgnition: '715 °C' },
  间甲酚: { odour: '苯酚样气味', meltingPoint: '11～12 °C', boilingPoint: '202 °C', flashPoint: '86 °C（闭杯）', density: '1.03（水 = 1）', solubility: '微溶于水（约 23 g/L），溶于乙醇、乙醚' },
  硫柳汞: { odour: '微有特殊气味', meltingPoint: '232～233 °C（分解）', solubility: '易溶于水，溶于乙醇' },
  氢氧化钠: { odour: '无臭', meltingPoint: '318 °C', boilingPoint: '1388 °C', density: '2.13（水 = 1）', ph: '14（50 g/L 水溶液）', solubility: '易溶于水并大量放热，溶于乙醇', flashPoint: '不适用（不燃）' },
  盐酸: { odour: '刺激性气味', boilingPoint: '约 57 °C（36%）', density: '1.18（水 = 1）', ph: '< 1', flashPoint: '不适用（不燃）', solubility: '与水混溶' },
  冰醋酸: { odour: '刺激性醋酸气味', meltingPoint: '16.6 °C', boilingPoint: '118 °C', flashPoint: '39 °C（闭杯）', explosiveLimits: '4.0%～19.9%（体积）', density: '1.05（水 = 1）', ph: '2.5（10 g/L 水溶液）', autoIgnition: '463 °C' },
  磷酸: { odour: '无臭', meltingPoint: '约 21 °C（85%）', boilingPoint: '约 158 °C（85%）', density: '1.69（水 = 1）', ph: '1.5（10 g/L 水溶液）', flashPoint: '不适用（不燃）', solubility: '与水混溶' },
  橙油: { odour: '甜橙香气', boilingPoint: '约 175 °C（d-柠檬烯）', flashPoint: '约 48 °C（闭杯）', density: '0.84～0.85（水 = 1）', solubility: '不溶于水，溶于乙醇' },
  焦亚硫酸钠: { odour: '二氧化硫气味', meltingPoint: '> 150 °C（分解）', density: '1.48（水 = 1）', ph: '4.0～5.5（50 g/L 水溶液）', flashPoint: '不适用（不燃）' },
  苯甲醇: { odour: '微弱芳香气味', meltingPoint: '-15 °C', boilingPoint: '205 °C', flashPoint: '101 °C（闭杯）', explosiveLimits: '1.3%～13%（体积）', density: '1.05（水 = 1）', autoIgnition: '436 °C' },
  苯氧乙醇: { odour: '微弱玫瑰香气', meltingPoint: '11～13 °C', boilingPoint: '245 °C', flashPoint: '121 °C（闭杯）', density: '1.11（水 = 1）' },
  苯甲酸: { odour: '微有安息香气味', meltingPoint: '122 °C', boilingPoint: '249 °C', flashPoint: '121 °C（闭杯）', density: '1.32（水 = 1）', ph: '2.9（饱和水溶液）', autoIgnition: '570 °C' },
  甘油: { odour: '无臭', meltingPoint: '18 °C', boilingPoint: '290 °C（分解）', flashPoint: '160 °C（闭杯）', density: '1.26（水 = 1）', autoIgnition: '370 °C' },
  丙二醇: { odour: '无臭', meltingPoint: '-59 °C', boilingPoint: '188 °C', flashPoint: '99 °C（闭杯）', density: '1.04（水 = 1）', autoIgnition: '371 °C' },
  甘露醇: { odour: '无臭', meltingPoint: '166～168 °C', density: '1.49' },
  山梨醇: { odour: '无臭', meltingPoint: '约 95 °C' },
  木糖醇: { odour: '无臭', meltingPoint: '92～96 °C' },
  蔗糖: { odour: '无臭', meltingPoint: '约 186 °C（分解）', density: '1.59' },
  '葡萄糖（一水）': { odour: '无臭', meltingPoint: '约 83 °C（一水合物）' },
  无水葡萄糖: { odour: '无臭', meltingPoint: '约 146 °C' },
  硬脂酸镁: { odour: '微有特殊气味', meltingPoint: '约 117～150 °C' },
  硬脂酸: { odour: '微有脂肪气味', meltingPoint: '约 69 °C', boilingPoint: '361 °C', flashPoint: '196 °C' },
  微晶纤维素: { odour: '无臭', meltingPoint: '260～270 °C（炭化）', density: '1.51～1.67', ph: '5.0～7.5（混悬液）' },
  '乳糖（一水）': { odour: '无臭', meltingPoint: '约 202 °C（无水物）', density: '1.54' },
  二甲基亚砜: { odour: '微有特殊气味', meltingPoint: '18.5 °C', boilingPoint: '189 °C', flashPoint: '87 °C（闭杯）', density: '1.10（水 = 1）', autoIgnition: '301 °C' },
  '聚乙二醇 400': { odour: '微有特殊气味', meltingPoint: '4～8 °C', flashPoint: '> 200 °C', density: '1.13（水 = 1）' },
  碳酸氢钠: { odour: '无臭', meltingPoint: '约 50 °C 起分解', density: '2.16', ph: '约 8.3（10 g/L 水溶液）', flashPoint: '不适用（不燃）' },
  '枸橼酸（一水）': { odour: '无臭', meltingPoint: '约 100 °C（失水）', density: '1.54', ph: '约 2.2（10 g/L 水溶液）' },
  无水枸橼酸: { odour: '无臭', meltingPoint: '153 °C', density: '1.67', ph: '约 2.2（10 g/L 水溶液）' },
};

/** Minerals and inorganic salts that do not burn (section 5 says so rather than naming combustion products). */
const NOT_COMBUSTIBLE = new Set([
  '磷酸氢钙（二水）', '无水磷酸氢钙', '磷酸钙', '碳酸钙', '硫酸钙（二水）', '碳酸镁', '氧化镁', '滑石粉', '二氧化硅', '沉淀二氧化硅',
  '硅酸钙', '三硅酸镁', '偏硅酸铝镁', '二氧化钛', '氧化铁红', '氧化铁黄', '氧化铁黑', '硅酸镁铝', '膨润土', '亚硫酸钠', '硫代硫酸钠',
  '磷酸二氢钠（二水）', '磷酸氢二钠（十二水）', '磷酸二氢钾', '碳酸氢钠', '亚硫酸氢钠',
]);

/** The substance's appearance and solubility as its catalogue text gives them. */
function fromFacts(name: string): { appearance: string; solubility: string } {
  const what = PRODUCT_FACTS[name]?.what ?? '';
  const clauses = what.split('，');
  const appearance = (clauses[0] ?? '').replace(/^为/, '');
  const solubility = clauses.filter((c) => /溶/.test(c) && !/^由|制得|^是/.test(c)).join('，');
  return { appearance, solubility };
}

const empty = (): SafetyDataBody['properties'] => ({
  appearance: '', odour: '', ph: '', meltingPoint: '', boilingPoint: '', flashPoint: '', explosiveLimits: '', vapourPressure: '',
  density: '', solubility: '', partitionCoefficient: '', autoIgnition: '',
});

const plainSections = (liquid: boolean, combustible: boolean, storage: string): SafetyDataBody['sections'] => ({
  identification: '',
  hazards: '本品作为药用辅料按规定使用时，无已知的显著危害。',
  composition: '',
  firstAid: [
    '吸入：移至空气新鲜处。如感不适，就医。',
    '皮肤接触：脱去污染的衣着，用肥皂水和清水冲洗皮肤。',
    '眼睛接触：用流动清水冲洗数分钟。如刺激持续，就医。',
    '食入：漱口，饮适量温水。如感不适，就医。',
  ].join('\n'),
  fireFighting: combustible
    ? `灭火剂：水雾、抗溶性泡沫、干粉、二氧化碳。\n特别危险性：${liquid ? '受热可分解产生刺激性烟气' : '细粉与空气混合可能形成可燃性粉尘云'}；燃烧产生一氧化碳、二氧化碳。\n灭火注意事项：消防人员须佩戴自给式呼吸器，穿全身消防服，在上风向灭火。`
    : '灭火剂：本品不燃，使用适合周围火情的灭火剂。\n灭火注意事项：消防人员须佩戴自给式呼吸器，在上风向灭火。',
  accidentalRelease: liquid
    ? '作业人员防护措施：戴防护眼镜和防护手套，保持通风。\n环境保护措施：防止进入下水道和地表水。\n清除方法：用砂土或其他惰性材料吸收，收集于密闭容器中，按规定处置；残留用大量水冲洗。'
    : '作业人员防护措施：避免扬尘，戴防尘口罩和防护眼镜。\n环境保护措施：防止大量进入下水道。\n清除方法：用洁净的铲子收集于干燥、洁净、有盖的容器中，按规定处置；地面用水冲洗。',
  handlingStorage: `操作注意事项：在通风良好处操作，避免${liquid ? '溅入眼内' : '产生和吸入粉尘'}；操作后洗手。\n储存注意事项：${storage}；远离强氧化剂。`,
  exposureControls: `职业接触限值：未制定。\n工程控制：一般通风即可；${liquid ? '' : '产生粉尘处设局部排风。'}\n个体防护：${liquid ? '' : '呼吸系统防护：粉尘浓度较高时佩戴防尘口罩。'}眼睛防护：戴安全防护眼镜。手防护：戴防护手套。`,
  physicalProperties: '',
  stabilityReactivity: '稳定性：在推荐的储存条件下稳定。\n危险反应：无资料。\n应避免的条件：高温、潮湿。\n禁配物：强氧化剂。\n危险的分解产物：无资料。',
  toxicology: '根据现有资料，本品不符合 GB 30000 系列标准健康危害各类别的分类条件。作为药用辅料在常用量下使用的安全性见《中国药典》及相关辅料手册。',
  ecology: '根据现有资料，本品不符合 GB 30000.28 危害水生环境的分类条件。',
  disposal: '废弃处置方法：按国家和地方环境保护法规处置；可交有资质的单位处理。\n废弃注意事项：不得随意排入下水道和水体；包装容器清洗后可回收利用。',
  transport: '运输注意事项：防潮、防晒，防止包装破损。',
  regulatory: '根据 GB 30000 系列标准，本品不属于危险化学品，未列入《危险化学品目录》。\n适用的法规标准：《中华人民共和国药品管理法》、GB/T 16483-2008、GB/T 17519-2013、GB 30000 系列。',
  other: '本说明书的信息基于我们目前掌握的资料，仅供专业人员在安全操作本品时参考，不构成质量保证；质量标准以随货检验报告（COA）为准。',
});

function classifiedSections(name: string, c: Classification, liquid: boolean, storage: string): SafetyDataBody['sections'] {
  const has = (code: string) => c.h.some((h) => h === code);
  const corrosive = has('H314');
  const flammable = has('H225') || has('H226');
  const toxic = c.h.some((h) => /^H3[0-3][01]$/.test(h));
  const eyes = corrosive || has('H318') || has('H319');
  return {
    ...plainSections(liquid, true, storage),
    hazards: `${name}的主要危险：${c.h.map((h) => H[h]).join('；')}。`,
    firstAid: [
      `吸入：迅速脱离现场至空气新鲜处，保持呼吸道通畅。${toxic || corrosive ? '如呼吸困难，给输氧；立即就医。' : '如感不适，就医。'}`,
      `皮肤接触：立即脱去污染的衣着，用大量流动清水冲洗${corrosive || toxic ? '至少 15 分钟，立即就医' : '；如出现刺激，就医'}。`,
      `眼睛接触：提起眼睑，用流动清水或生理盐水冲洗${eyes ? '至少 15 分钟' : '数分钟'}；如戴隐形眼镜并可方便取出，取出后继续冲洗。${corrosive || has('H318') ? '立即就医。' : '如刺激持续，就医。'}`,
      `食入：漱口，${corrosive ? '禁止催吐，' : ''}${has('H304') ? '禁止催吐（有吸入危害），' : ''}${toxic || corrosive ? '立即就医' : '饮适量温水；如感不适，就医'}。`,
    ].join('\n'),
    fireFighting: flammable
      ? `灭火剂：抗溶性泡沫、干粉、二氧化碳、砂土；用水灭火无效，可用水喷淋冷却容器。\n特别危险性：其蒸气与空气可形成爆炸性混合物，遇明火、高热能引起燃烧爆炸；蒸气比空气重，能在低处扩散到相当远的地方，遇火源会着火回燃。\n灭火注意事项：消防人员须佩戴自给式呼吸器，穿全身消防服，在上风向灭火；尽可能将容器从火场移至空旷处。`
      : `灭火剂：水雾、泡沫、干粉、二氧化碳；使用适合周围火情的灭火剂。\n特别危险性：${corrosive ? '遇金属可能放出易燃的氢气；' : ''}受热分解放出有毒或刺激性烟气。\n灭火注意事项：消防人员须佩戴自给式呼吸器，穿全身防护服，在上风向灭火。`,
    accidentalRelease: `作业人员防护措施：${flammable ? '消除所有点火源，使用防爆工具；' : ''}疏散无关人员，应急处理人员戴自给式呼吸器，穿防护服，戴防护手套和护目镜。\n环境保护措施：防止泄漏物进入下水道、地表水和地下水。\n清除方法：${liquid ? `小量泄漏用砂土或其他不燃材料吸收${corrosive ? '，或用碱/酸性物质中和' : ''}；大量泄漏构筑围堤收容，用泵转移至专用容器。` : '避免扬尘，用洁净的铲子收集于干燥、洁净、有盖的容器中。'}按危险废物处置。`,
    handlingStorage: `操作注意事项：密闭操作，加强通风；操作人员须经专门培训，严格遵守操作规程。${flammable ? '远离火种、热源，使用防爆型通风系统和设备，防止蒸气泄漏到工作场所空气中；灌装时控制流速，设接地装置防止静电积聚。' : ''}避免与眼睛、皮肤接触${has('H360D') ? '；孕妇及计划怀孕者不得接触' : ''}。\n储存注意事项：${storage}；${flammable ? '储存于阴凉、通风的易燃液体专用库房，库温不宜超过 37 °C；' : ''}与氧化剂${corrosive ? '、碱类、金属粉末' : ''}等分开存放，切忌混储。${c.transport ? '按《危险化学品安全管理条例》储存。' : ''}`,
    exposureControls: `职业接触限值：见 GBZ 2.1（如有规定）。\n工程控制：密闭操作，局部排风${flammable ? '，使用防爆设备' : ''}。\n个体防护：呼吸系统防护：可能接触其蒸气或粉尘时佩戴过滤式防毒面具或防尘口罩。眼睛防护：戴化学安全防护眼镜${corrosive || has('H318') ? '或面罩' : ''}。皮肤和身体防护：穿防护服。手防护：戴${corrosive ? '耐酸碱' : '防化学品'}手套。`,
    stabilityReactivity: `稳定性：在推荐的储存条件下稳定。\n危险反应：${flammable ? '与强氧化剂接触可发生剧烈反应，有燃烧爆炸危险。' : corrosive ? '与碱/酸剧烈反应放热；腐蚀多数金属。' : '与强氧化剂反应。'}\n应避免的条件：${flammable ? '明火、高热、静电。' : '高温、潮湿。'}\n禁配物：强氧化剂${corrosive ? '、碱类或酸类、活性金属' : ''}。\n危险的分解产物：一氧化碳、二氧化碳${/硫/.test(name) ? '、硫氧化物' : ''}。`,
    toxicology: c.toxicology,
    ecology: c.ecology,
    disposal: '废弃处置方法：按危险废物处置，交有资质的单位处理；不得排入下水道和水体。\n废弃注意事项：空容器可能残留危险物质，处置前须彻底清洗或按危险废物处置。',
    transport: c.transport
      ? `运输注意事项：按《危险货物道路运输规则》（JT/T 617）运输；运输车辆须有危险货物运输资质，配备相应品种和数量的消防器材及泄漏应急处理设备。${flammable ? '夏季宜早晚运输，防止日光曝晒；车辆排气管须有阻火装置；' : ''}严禁与氧化剂${corrosive ? '、碱类' : ''}、食用化学品等混装混运。`
      : '运输注意事项：本品不属于危险货物；运输时防止包装破损，避免与食品和饲料混运。',
    regulatory: c.transport
      ? `本品按 GB 30000 系列标准分类为危险化学品（${c.hazards.map(([cls, cat]) => `${cls} ${cat}`).join('、')}），其生产、储存、使用、经营和运输应遵守《危险化学品安全管理条例》《危险货物道路运输规则》等法规；作业场所执行 GBZ 2.1。`
      : `本品按 GB 30000 系列标准具有上述危险性（${c.hazards.map(([cls, cat]) => `${cls} ${cat}`).join('、')}），不属于 GB 12268 所列危险货物；使用单位应按本说明书采取防护措施，作业场所执行 GBZ 2.1。`,
  };
}

/** When each product's current sheet was revised: a date of 2024–2025, steady for the demo seed. */
function revisionOf(name: string, seed: number): { revision: string; revisedOn: string } {
  const random = Random.for(seed, `sds:${name}`);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const year = random.chance(0.6) ? 2025 : 2024;
  return {
    revision: `${random.int(1, 3)}.${random.int(0, 2)}`,
    revisedOn: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

/** The sheet of a demo product (every product with an SDS document has one). */
export function safetyDataOf(product: Omit<DemoExcipient, 'safetyData'>, entry: Pick<ExcipientEntry, 'liquid'>, seed: number): SafetyDataBody {
  const c = CLASSIFIED[product.nameZh];
  const liquid = entry.liquid === true;
  const storage = PRODUCT_FACTS[product.nameZh]?.storage ?? (liquid ? '遮光，密封，在阴凉处保存' : '密封，置干燥处保存');
  const facts = fromFacts(product.nameZh);
  const properties = { ...empty(), ...facts, ...PROPERTIES[product.nameZh] };
  const transport = c?.transport;
  return {
    ...revisionOf(product.nameZh, seed),
    recommendedUse: `药用辅料（${product.category}），用于${product.dosageForms.slice(0, 4).join('、') || '药物制剂'}。`,
    restrictedUse: c ? '仅供工业及药品生产使用；不得用于本说明书所列以外的用途。' : '',
    hazards: c ? c.hazards.map(([hazardClass, category]) => ({ hazardClass, category })) : [],
    signalWord: c?.signalWord ?? null,
    pictograms: c?.pictograms ?? [],
    hazardStatements: c ? c.h.map((code) => ({ code, text: H[code]! })) : [],
    precautionaryStatements: c ? c.p.map((code) => ({ code, text: P[code]! })) : [],
    compositionKind: c?.components ? 'mixture' : 'substance',
    components: c?.components
      ? c.components.map(([name, cas, concentration]) => ({ name, cas, concentration }))
      : [{ name: product.nameZh, cas: product.cas ?? '', concentration: '符合药典标准' }],
    properties,
    transport: transport
      ? { unNumber: transport.un, properName: transport.name, transportClass: transport.cls, subsidiaryClass: transport.sub ?? '', packingGroup: transport.pg, marinePollutant: transport.marine ?? false }
      : { unNumber: '', properName: '', transportClass: '', subsidiaryClass: '', packingGroup: null, marinePollutant: false },
    sections: c ? classifiedSections(product.nameZh, c, liquid, storage) : plainSections(liquid, !NOT_COMBUSTIBLE.has(product.nameZh), storage),
  };
}
