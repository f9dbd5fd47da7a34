import { z } from 'zod';
import { IsoDate } from './access.js';
import { LEGAL_DOCUMENTS, LEGAL_PLACEHOLDERS, LEGAL_TEXT_MAX_LENGTH, SITE_QR_SLOTS } from './constants/site.js';
import { text } from './text.js';

export const SiteQrSlot = z.enum(SITE_QR_SLOTS);
export type SiteQrSlot = z.infer<typeof SiteQrSlot>;

const line = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
const required = (label: string, max: number) => line(label, max).min(1, `请填写${label}`);
const phoneLike = (label: string) =>
  line(label, 30).regex(/^[\d\s()+\-－—]*$/, `${label}只能包含数字、空格、括号和连字符`);
const email = (label: string) =>
  line(label, 100).refine((value) => value === '' || z.email().safeParse(value).success, `${label}格式不正确`);

/**
 * One QR code as the staff set it: none yet (the tile says so), an address to encode (rendered on the
 * server), or an uploaded image (the code WeChat's own back office gives out, e.g. a mini-program code).
 */
export const SiteQrSetting = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('url'),
    url: text()
      .trim()
      .max(500, '地址不能超过 500 个字符')
      .regex(/^https:\/\/[^\s]+$/, '请填写以 https:// 开头的完整地址'),
  }),
  z.object({ kind: z.literal('image').describe('保留已上传的图片（上传用单独的接口）') }),
]);
export type SiteQrSetting = z.infer<typeof SiteQrSetting>;

const settingsFields = {
  company: required('公司名称', 60),
  address: required('公司地址', 120),
  phone: phoneLike('客服热线').min(1, '请填写客服热线'),
  landline: phoneLike('座机'),
  /** The 24-hour emergency number safety data sheets print in section 1 (GB/T 16483 应急咨询电话). */
  emergencyPhone: phoneLike('应急咨询电话').min(1, '请填写应急咨询电话'),
  email: email('客服邮箱').min(1, '请填写客服邮箱'),
  privacyEmail: email('个人信息保护邮箱').min(1, '请填写个人信息保护邮箱'),
  wechatHandle: line('微信号', 40),
  serviceHours: required('服务时间', 40),
  icp: line('ICP 备案号', 40),
  /** Further lines of the footer: 互联网药品信息服务资格证书编号, 公安备案号 … */
  licences: z.array(required('资质信息', 80)).max(6, '资质信息最多 6 行'),
  /** /showabout: paragraphs separated by blank lines. */
  about: required('公司介绍', 4000),
  homeHeadline: required('首页标题', 40),
  homeLead: required('首页副标题', 160),
};

/** What the staff edit on the settings desk (`PUT /api/admin/settings/site`). */
export const SiteSettingsBody = z.object({
  ...settingsFields,
  qrCodes: z.object({
    officialAccount: SiteQrSetting,
    miniProgram: SiteQrSetting,
    corporateChat: SiteQrSetting,
  }),
});
export type SiteSettingsBody = z.infer<typeof SiteSettingsBody>;

const QrState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('url'), url: z.string() }),
  z.object({ kind: z.literal('image'), file: z.string() }),
]);

/** The settings as stored and shown to the staff. */
export const SiteSettings = z.object({
  ...settingsFields,
  qrCodes: z.object({ officialAccount: QrState, miniProgram: QrState, corporateChat: QrState }),
  updatedAt: z.iso.datetime({ offset: true }).nullable().describe('最后修改时间；从未修改过时为 null'),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/**
 * The company's public details for every page (`GET /api/app/site`): footer, side panel, /showabout,
 * the home page's headline. A QR code is the address of its image, or null until the staff set one.
 */
export const SiteProfile = z.object({
  ...settingsFields,
  qrCodes: z.object({
    officialAccount: z.string().nullable(),
    miniProgram: z.string().nullable(),
    corporateChat: z.string().nullable(),
  }),
});
export type SiteProfile = z.infer<typeof SiteProfile>;

export const SiteQrParams = z.object({ slot: SiteQrSlot });
export const SiteQrQuery = z.object({ v: text().max(40).optional().describe('图片版本（地址的一部分，版本一致时可长期缓存）') });

export const LegalDocument = z.enum(LEGAL_DOCUMENTS);
export type LegalDocument = z.infer<typeof LegalDocument>;
export const LegalDocumentParams = z.object({ doc: LegalDocument });

/** A legal text as the public reads it: the company's details filled in. */
export const LegalText = z
  .object({
    doc: LegalDocument,
    title: z.string(),
    html: z.string().describe('正文 HTML（富文本允许的标签；二级标题即章节）'),
    version: IsoDate.describe('版本（生效日期）：注册时同意的是这一版本'),
  })
  .meta({ id: 'LegalText' });
export type LegalText = z.infer<typeof LegalText>;

export const LegalTextBody = z
  .object({
    html: text()
      .trim()
      .min(1, '请填写正文')
      .max(LEGAL_TEXT_MAX_LENGTH, `正文不能超过 ${LEGAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} 个字符`)
      .describe(`正文 HTML；可用占位符 ${Object.keys(LEGAL_PLACEHOLDERS).map((k) => `{{${k}}}`).join('、')}，显示时替换为网站信息`),
    version: IsoDate.describe('新的版本（生效日期），不能早于当前版本'),
  })
  .meta({ id: 'LegalTextBody' });
export type LegalTextBody = z.infer<typeof LegalTextBody>;

/** A legal text on the desk: as stored, with its placeholders. */
export const AdminLegalText = LegalTextBody.extend({
  doc: LegalDocument,
  title: z.string(),
  updatedAt: z.iso.datetime({ offset: true }).nullable().describe('最后修改时间；从未修改过（使用初始文本）时为 null'),
}).meta({ id: 'AdminLegalText' });
export type AdminLegalText = z.infer<typeof AdminLegalText>;
