import { z } from 'zod';
import { SITE_QR_SLOTS } from './constants/site.js';
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
