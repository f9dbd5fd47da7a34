import { z } from 'zod';
import { IsoDate } from './access.js';
import {
  GHS_PICTOGRAMS,
  HAZARD_CODE_PATTERN,
  HAZARD_CODES,
  PACKING_GROUPS,
  PRECAUTION_CODE_PATTERN,
  SDS_COMPOSITION_KINDS,
  SDS_PROPERTIES,
  SDS_SECTION_KEYS,
  SDS_SECTIONS,
  SIGNAL_WORDS,
  type SdsPropertyKey,
  type SdsSectionKey,
} from './constants/safety-data.js';
import { text } from './text.js';

/*
 * A product's safety data sheet (安全技术说明书) as the products desk keeps it: the GHS classification,
 * composition, properties and transport terms as data, and a text for each of the 16 sections.
 * docs/decisions/0070-safety-data-sheets.md.
 */

const line = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
const required = (label: string, max: number) => line(label, max).min(1, `请填写${label}`);

const knownHazardCodes = new Set<string>(HAZARD_CODES);

export const GhsPictogram = z.enum(GHS_PICTOGRAMS);
export type GhsPictogram = z.infer<typeof GhsPictogram>;
export const SignalWord = z.enum(SIGNAL_WORDS);
export const PackingGroup = z.enum(PACKING_GROUPS);

/** A hazard class and its category, e.g. 易燃液体 · 类别 2. */
export const SdsHazard = z.object({
  hazardClass: required('危险性类别', 40).describe('危险性类别，例如“易燃液体”“严重眼损伤/眼刺激”'),
  category: required('类别', 20).describe('例如“类别 2”“类别 2A”“类别 1B”'),
});

/** A hazard statement (危险性说明): its GHS code and text. */
export const SdsHazardStatement = z.object({
  code: text()
    .trim()
    .regex(HAZARD_CODE_PATTERN, '危险性说明代码应为 H225 这样的 H + 3 位数字（组合用“+”连接）')
    .refine((code) => code.split('+').every((part) => knownHazardCodes.has(part)), '危险性说明代码不是 GHS 规定的代码'),
  text: required('危险性说明', 200),
});

/** A precautionary statement (防范说明): its GHS code and text. */
export const SdsPrecautionaryStatement = z.object({
  code: text()
    .trim()
    .regex(PRECAUTION_CODE_PATTERN, '防范说明代码应为 P210 这样的 P + 3 位数字（组合用“+”连接）'),
  text: required('防范说明', 300),
});

export const SdsComponent = z.object({
  name: required('组分名称', 80),
  cas: line('组分 CAS 号', 20)
    .regex(/^(\d{2,7}-\d{2}-\d)?$/, '组分 CAS 号格式应为 64-17-5 这样的三段数字')
    .describe('空：无 CAS 号'),
  concentration: line('含量', 30).describe('例如“≥ 99.5%”'),
});

const transportClass = (label: string) => line(label, 8).regex(/^([1-9](\.[1-6])?)?$/, `${label}应为 3、6.1 这样的类别或项别`);

/** 运输信息 as GB 12268 lists a dangerous good; a product that is none has no UN number and nothing else. */
export const SdsTransport = z.object({
  unNumber: line('UN 编号', 4)
    .regex(/^(\d{4})?$/, 'UN 编号应为 4 位数字，例如 1170')
    .describe('UN 编号（4 位数字）；空：不属于危险货物'),
  properName: line('联合国运输名称', 80),
  transportClass: transportClass('运输危险性类别'),
  subsidiaryClass: transportClass('次要危险性'),
  packingGroup: PackingGroup.nullable(),
  marinePollutant: z.boolean().describe('海洋污染物'),
});

const properties = Object.fromEntries(
  (Object.keys(SDS_PROPERTIES) as SdsPropertyKey[]).map((key) => [key, line(SDS_PROPERTIES[key], 200).describe(`${SDS_PROPERTIES[key]}；空：无资料`)]),
) as Record<SdsPropertyKey, ReturnType<typeof line>>;

const sectionTexts = Object.fromEntries(
  SDS_SECTIONS.map((section, index) => [section.key, line(`第 ${index + 1} 部分“${section.title}”的文字`, 3000)]),
) as Record<SdsSectionKey, ReturnType<typeof line>>;

const unique = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

/** What the desk saves for a product (PUT replaces the whole sheet). */
export const SafetyDataBody = z
  .object({
    revision: text()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, '版本号应为 1.0 这样的数字')
      .describe('版本号，例如 1.0、2.1'),
    revisedOn: IsoDate.describe('修订日期：说明书上印的日期'),
    recommendedUse: line('推荐用途', 300),
    restrictedUse: line('限制用途', 300),
    hazards: z.array(SdsHazard).max(20, '危险性类别最多 20 项'),
    signalWord: SignalWord.nullable().describe('信号词；未分类或类别无信号词时为 null'),
    pictograms: z
      .array(GhsPictogram)
      .max(GHS_PICTOGRAMS.length)
      .refine((values) => new Set(values).size === values.length, '象形图有重复'),
    hazardStatements: z
      .array(SdsHazardStatement)
      .max(30, '危险性说明最多 30 条')
      .refine((items) => unique(items, (s) => s.code), '危险性说明代码有重复'),
    precautionaryStatements: z
      .array(SdsPrecautionaryStatement)
      .max(40, '防范说明最多 40 条')
      .refine((items) => unique(items, (s) => s.code), '防范说明代码有重复'),
    compositionKind: z.enum(SDS_COMPOSITION_KINDS).describe('substance 物质 · mixture 混合物'),
    components: z.array(SdsComponent).min(1, '至少填写一个组分').max(30, '组分最多 30 个'),
    properties: z.object(properties),
    transport: SdsTransport,
    sections: z.object(sectionTexts).describe('各部分的文字（结构化内容之后印出；空且无结构化内容时印“无资料”）'),
  })
  .superRefine((body, context) => {
    const issue = (path: Array<string | number>, message: string) => context.addIssue({ code: 'custom', path, message });
    const classified = body.hazards.length > 0;
    if (!classified) {
      if (body.signalWord) issue(['signalWord'], '未填写危险性类别时不能有信号词');
      if (body.pictograms.length) issue(['pictograms'], '未填写危险性类别时不能有象形图');
      if (body.hazardStatements.length) issue(['hazardStatements'], '未填写危险性类别时不能有危险性说明');
    } else if (body.hazardStatements.length === 0) {
      issue(['hazardStatements'], '已分类的产品请填写危险性说明（H 语句）');
    }
    const { unNumber, properName, transportClass: cls, subsidiaryClass, packingGroup, marinePollutant } = body.transport;
    if (unNumber) {
      if (!properName) issue(['transport', 'properName'], '请填写联合国运输名称');
      if (!cls) issue(['transport', 'transportClass'], '请填写运输危险性类别');
    } else if (properName || cls || subsidiaryClass || packingGroup || marinePollutant) {
      issue(['transport', 'unNumber'], '不属于危险货物时不填运输名称、类别与包装类别；属于危险货物请填写 UN 编号');
    }
  })
  .meta({ id: 'SafetyDataBody' });
export type SafetyDataBody = z.infer<typeof SafetyDataBody>;

/** The desk's view of a product's sheet: the product's own terms beside it, and the sheet (null: none yet). */
export const AdminSafetyData = z
  .object({
    excipientId: z.number().int(),
    nameZh: z.string(),
    cas: z.string().nullable(),
    dangerousGoods: z.string().nullable().describe('产品的危险化学品运输条款（说明书的 UN 编号须与之一致）'),
    sheet: SafetyDataBody.nullable().describe('null：尚未编写，产品的安全技术说明书不能下载'),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminSafetyData' });
export type AdminSafetyData = z.infer<typeof AdminSafetyData>;

/** The key of each section's text, in order (for the forms). */
export const sdsSectionKeys = SDS_SECTION_KEYS;
