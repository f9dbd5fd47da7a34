import { z } from 'zod';
import { MAX_ID, PageQuery, pageOf } from './common.js';
import { EXCIPIENT_STATES, REG_NO_PATTERN, SDS_ACCESS } from './constants/information.js';
import { DocumentAccess, DocumentKind, Pharmacopoeia } from './excipient.js';
import { text } from './text.js';

const line = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
const required = (label: string, max: number) => line(label, max).min(1, `请填写${label}`);

/**
 * A dangerous chemical's (危险化学品) transport terms as GB 12268 gives them: UN number, class, packing
 * group. null: not a dangerous good; a text (the desk's switch on) must name the UN number.
 */
export const DangerousGoodsTerms = required('危险化学品运输条款', 120)
  .regex(/UN\s?\d{4}/, '运输条款须写明 UN 编号，例如“UN1170，第 3 类易燃液体，II 类包装”')
  .nullable()
  .default(null)
  .describe('危险化学品的运输条款（UN 编号、类别、包装类别），例如“UN1170，第 3 类易燃液体，II 类包装”；非危险品为 null');


export const AdminExcipientQuery = PageQuery.extend({
  keyword: line('关键词', 50).optional().describe('中英文名、别名或 CAS 号'),
  state: z.enum(EXCIPIENT_STATES).optional().describe('published 已上架 · unpublished 已下架'),
});
export type AdminExcipientQuery = z.infer<typeof AdminExcipientQuery>;

export const AdminExcipientSummary = z
  .object({
    id: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    cas: z.string().nullable(),
    category: z.string(),
    published: z.boolean(),
    featured: z.boolean(),
    featuredOrder: z.number().int(),
    sampleAvailable: z.boolean(),
    dangerousGoods: z.boolean().describe('是否为危险化学品（有运输条款）'),
    specCount: z.number().int(),
    documentCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminExcipientSummary' });
export type AdminExcipientSummary = z.infer<typeof AdminExcipientSummary>;
export const AdminExcipientPage = pageOf(AdminExcipientSummary).meta({ id: 'AdminExcipientPage' });
export type AdminExcipientPage = z.infer<typeof AdminExcipientPage>;

/** A grade / pack size: `id` names one that exists (kept, with its carts and applications); none adds one. */
export const ExcipientSpecInput = z.object({
  id: z.number().int().min(1).max(MAX_ID).optional(),
  grade: required('规格 / 等级', 40),
  packSize: required('样品包装', 40),
  sampleAvailable: z.boolean(),
});
export type ExcipientSpecInput = z.infer<typeof ExcipientSpecInput>;

/** A document: `id` names one that exists; a new one names the PDF uploaded for it (`file`). */
export const ExcipientDocumentInput = z.object({
  id: z.number().int().min(1).max(MAX_ID).optional(),
  kind: DocumentKind,
  title: required('资料名称', 80),
  access: DocumentAccess,
  file: text().max(80).optional().describe('上传接口返回的 file（新资料必填，安全技术说明书除外：不上传则由产品的安全技术说明书数据生成；已有资料不填则保留原文件）'),
});
export type ExcipientDocumentInput = z.infer<typeof ExcipientDocumentInput>;

const list = (label: string, max: number, each: number) =>
  z
    .array(required(label, each))
    .max(max, `${label}最多 ${max} 项`)
    .refine((values) => new Set(values).size === values.length, `${label}有重复`);

/** What the products desk saves: the product, its specs and its documents, in one request. */
export const ExcipientBody = z
  .object({
    nameZh: required('中文名称', 60),
    nameEn: required('英文名称', 120),
    synonyms: list('别名', 10, 60),
    cas: line('CAS 号', 20)
      .regex(/^(\d{2,7}-\d{2}-\d)?$/, 'CAS 号格式应为 9004-65-3 这样的三段数字')
      .nullable(),
    category: required('功能类别', 20),
    dosageForms: list('适用剂型', 20, 20),
    pharmacopoeias: z.array(Pharmacopoeia).max(4),
    summary: required('一句话简介', 120),
    description: line('产品说明', 5000),
    regNos: z
      .array(text().trim().regex(REG_NO_PATTERN, 'CDE 登记号格式应为 F20190000123 这样的 F/B/Y + 11 位数字'))
      .max(20, 'CDE 登记号最多 20 个')
      .refine((values) => new Set(values).size === values.length, 'CDE 登记号有重复'),
    published: z.boolean(),
    sampleAvailable: z.boolean().describe('false：整个产品暂停样品申请'),
    featured: z.boolean().describe('在首页“推荐辅料”中显示'),
    featuredOrder: z.number().int().min(0, '排序为 0–999').max(999, '排序为 0–999').describe('首页推荐的顺序，小的在前'),
    dangerousGoods: DangerousGoodsTerms,
    specs: z.array(ExcipientSpecInput).min(1, '至少填写一个规格').max(20, '规格最多 20 个'),
    documents: z.array(ExcipientDocumentInput).max(20, '资料最多 20 份'),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.specs.forEach((spec, index) => {
      const key = `${spec.grade}\u0000${spec.packSize}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['specs', index, 'packSize'], message: '规格与包装重复' });
      seen.add(key);
    });
    body.documents.forEach((document, index) => {
      // A safety data sheet without a file of its own is written from the product's 安全技术说明书 data.
      if (document.id === undefined && !document.file && document.kind !== 'SDS') {
        context.addIssue({ code: 'custom', path: ['documents', index, 'file'], message: '请上传资料的 PDF 文件' });
      }
      if (document.kind === 'SDS' && !SDS_ACCESS.includes(document.access)) {
        context.addIssue({ code: 'custom', path: ['documents', index, 'access'], message: '安全技术说明书是安全信息，只能公开下载或登录后下载' });
      }
    });
  });
export type ExcipientBody = z.input<typeof ExcipientBody>;

export const AdminExcipient = z
  .object({
    id: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    synonyms: z.array(z.string()),
    cas: z.string().nullable(),
    category: z.string(),
    dosageForms: z.array(z.string()),
    pharmacopoeias: z.array(Pharmacopoeia),
    summary: z.string(),
    description: z.string(),
    regNos: z.array(z.string()),
    published: z.boolean(),
    sampleAvailable: z.boolean(),
    featured: z.boolean(),
    featuredOrder: z.number().int(),
    dangerousGoods: z.string().nullable().describe('危险化学品的运输条款；非危险品为 null'),
    specs: z.array(z.object({ id: z.number().int(), grade: z.string(), packSize: z.string(), sampleAvailable: z.boolean() })),
    documents: z.array(
      z.object({
        id: z.number().int(),
        kind: DocumentKind,
        title: z.string(),
        access: DocumentAccess,
        hasFile: z.boolean().describe('false：系统生成的资料（无上传文件）'),
        url: z.string().describe('下载地址（工作人员可下载全部资料）'),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminExcipient' });
export type AdminExcipient = z.infer<typeof AdminExcipient>;

export const ExcipientPublishBody = z.object({ published: z.boolean() });
export type ExcipientPublishBody = z.infer<typeof ExcipientPublishBody>;

export const DocumentUpload = z
  .object({ file: z.string().describe('保存产品时作为资料的 file 传入'), filename: z.string(), size: z.number().int() })
  .meta({ id: 'DocumentUpload' });
export type DocumentUpload = z.infer<typeof DocumentUpload>;
