/*
 * Safety data sheets (安全技术说明书, SDS), docs/decisions/0070-safety-data-sheets.md: the 16 sections of
 * GB/T 16483-2008 and GB/T 17519-2013 in their order, the GHS elements of GB 30000 (pictograms, signal
 * words, hazard and precautionary statement codes) and the transport terms of GB 12268 / GB 6944.
 */

/** The 16 sections in the order the standards prescribe: key (the API's) and heading. */
export const SDS_SECTIONS = [
  { key: 'identification', title: '化学品及企业标识' },
  { key: 'hazards', title: '危险性概述' },
  { key: 'composition', title: '成分/组成信息' },
  { key: 'firstAid', title: '急救措施' },
  { key: 'fireFighting', title: '消防措施' },
  { key: 'accidentalRelease', title: '泄漏应急处理' },
  { key: 'handlingStorage', title: '操作处置与储存' },
  { key: 'exposureControls', title: '接触控制和个体防护' },
  { key: 'physicalProperties', title: '理化特性' },
  { key: 'stabilityReactivity', title: '稳定性和反应性' },
  { key: 'toxicology', title: '毒理学信息' },
  { key: 'ecology', title: '生态学信息' },
  { key: 'disposal', title: '废弃处置' },
  { key: 'transport', title: '运输信息' },
  { key: 'regulatory', title: '法规信息' },
  { key: 'other', title: '其他信息' },
] as const;
export type SdsSectionKey = (typeof SDS_SECTIONS)[number]['key'];
export const SDS_SECTION_KEYS = SDS_SECTIONS.map((s) => s.key) as [SdsSectionKey, ...SdsSectionKey[]];

/** GHS pictograms (GB 30000.1 附录). */
export const GHS_PICTOGRAMS = ['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'] as const;
export const ghsPictogramLabels: Record<(typeof GHS_PICTOGRAMS)[number], string> = {
  GHS01: '爆炸弹',
  GHS02: '火焰',
  GHS03: '圆圈上方火焰',
  GHS04: '气瓶',
  GHS05: '腐蚀',
  GHS06: '骷髅和交叉骨',
  GHS07: '感叹号',
  GHS08: '健康危险',
  GHS09: '环境',
};

/** 信号词. */
export const SIGNAL_WORDS = ['危险', '警告'] as const;

/** The hazard statement codes of the GHS (physical H2xx, health H3xx, environment H4xx). */
export const HAZARD_CODES = [
  'H200', 'H201', 'H202', 'H203', 'H204', 'H205', 'H206', 'H207', 'H208', 'H220', 'H221', 'H222', 'H223', 'H224',
  'H225', 'H226', 'H227', 'H228', 'H229', 'H230', 'H231', 'H232', 'H240', 'H241', 'H242', 'H250', 'H251', 'H252',
  'H260', 'H261', 'H270', 'H271', 'H272', 'H280', 'H281', 'H282', 'H283', 'H284', 'H290',
  'H300', 'H301', 'H302', 'H303', 'H304', 'H305', 'H310', 'H311', 'H312', 'H313', 'H314', 'H315', 'H316', 'H317',
  'H318', 'H319', 'H320', 'H330', 'H331', 'H332', 'H333', 'H334', 'H335', 'H336', 'H340', 'H341', 'H350', 'H350i',
  'H351', 'H360', 'H360F', 'H360D', 'H360FD', 'H360Fd', 'H360Df', 'H361', 'H361f', 'H361d', 'H361fd', 'H362',
  'H370', 'H371', 'H372', 'H373',
  'H400', 'H401', 'H402', 'H410', 'H411', 'H412', 'H413', 'H420',
] as const;

/** A hazard statement code, alone or combined with "+" (H300+H310); a precautionary one likewise (P305+P351+P338). */
export const HAZARD_CODE_PATTERN = /^H\d{3}[A-Za-z]{0,2}(\+H\d{3}[A-Za-z]{0,2})*$/;
export const PRECAUTION_CODE_PATTERN = /^P[1-5]\d{2}(\+P[1-5]\d{2})*$/;

/** Physical and chemical properties of section 9 (key → label); an empty value prints 无资料. */
export const SDS_PROPERTIES = {
  appearance: '外观与性状',
  odour: '气味',
  ph: 'pH 值',
  meltingPoint: '熔点/凝固点',
  boilingPoint: '沸点、初沸点和沸程',
  flashPoint: '闪点',
  explosiveLimits: '爆炸极限',
  vapourPressure: '蒸气压',
  density: '相对密度',
  solubility: '溶解性',
  partitionCoefficient: '正辛醇/水分配系数',
  autoIgnition: '自燃温度',
} as const;
export type SdsPropertyKey = keyof typeof SDS_PROPERTIES;

/** 物质 or 混合物 (section 3). */
export const SDS_COMPOSITION_KINDS = ['substance', 'mixture'] as const;
export const sdsCompositionKindLabels = { substance: '物质', mixture: '混合物' } as const;

/** 包装类别 (GB 12268). */
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;

/** What a sheet says where nothing is classified or known (real SDSs never leave a section blank). */
export const SDS_NOT_CLASSIFIED = '根据 GB 30000 系列标准，本品不属于危险化学品。';
export const SDS_NOT_DANGEROUS_GOODS = '本品不属于 GB 12268《危险货物品名表》所列的危险货物，不受危险货物运输规定管制。';
export const SDS_NO_DATA = '无资料';
