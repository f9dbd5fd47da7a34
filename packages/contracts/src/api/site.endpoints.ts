import { z } from 'zod';
import { SITE_QR_IMAGE_MAX_BYTES } from '../constants/site.js';
import {
  AdminLegalText,
  LegalDocumentParams,
  LegalText,
  LegalTextBody,
  SiteProfile,
  SiteQrParams,
  SiteQrQuery,
  SiteSettings,
  SiteSettingsBody,
} from '../site.js';
import type { EndpointSpec } from './endpoint.js';

/** The OpenAPI tag is older than the desk's name (网站信息) and stays: generated clients group by it. */
const TAG = '网站设置';
const admin = { staff: ['admin'] } as const;

/** The company's details every page shows (footer, side panel, about, home headline), and their desk. */
export const siteEndpoints = {
  siteProfile: {
    access: 'public',
    shared: true,
    tag: TAG,
    summary: '网站的公开信息：公司名称与地址、客服电话、邮箱、微信、服务时间、备案与资质信息、公司介绍、首页标题、二维码图片地址',
    responses: { 200: SiteProfile },
  },
  siteQr: {
    access: 'public',
    tag: TAG,
    summary: '二维码图片：工作人员上传的图片，或由设置的地址生成的 SVG；未设置时 404',
    params: SiteQrParams,
    query: SiteQrQuery,
    responses: { 200: z.string().describe('SVG、PNG、JPEG 或 WebP 图片') },
    responseFormat: 'binary',
    errors: [404],
    example: { params: { slot: 'corporateChat' } },
  },
  adminSiteSettings: {
    access: admin,
    tag: TAG,
    summary: '网站信息（工作人员）',
    responses: { 200: SiteSettings },
  },
  adminUpdateSiteSettings: {
    access: admin,
    tag: TAG,
    summary: '修改网站信息：保存后所有页面立即使用新的内容，修改前后的值记入操作日志',
    description: '二维码：kind 为 none（暂不显示）、url（由地址生成二维码）或 image（保留已上传的图片）。',
    body: SiteSettingsBody,
    responses: { 200: SiteSettings },
    example: {
      body: {
        company: '辅料通（上海）医药科技有限公司',
        address: '上海市浦东新区张江高科技园区蔡伦路 88 号 5 幢 3 楼',
        phone: '400-820-6688',
        landline: '021-5089 6688',
        emergencyPhone: '021-5089 6610',
        email: 'service@fuliaotong.cn',
        privacyEmail: 'privacy@fuliaotong.cn',
        wechatHandle: 'fuliaotong-kf',
        serviceHours: '工作日 9:00–18:00',
        icp: '沪ICP备2024000001号-1',
        licences: ['互联网药品信息服务资格证书编号：（沪）-非经营性-2025-0123'],
        about: '辅料通专注于药用辅料的供应与技术服务。',
        homeHeadline: '药用辅料，一站查询与样品申请',
        homeLead: '辅料产品目录、CDE 原辅包登记、药典标准与法规资讯，在线申请辅料样品。',
        qrCodes: { officialAccount: { kind: 'none' }, miniProgram: { kind: 'none' }, corporateChat: { kind: 'url', url: 'https://work.weixin.qq.com/kfid/kfc0000000000000000' } },
      },
    },
  },
  adminUploadSiteQr: {
    access: admin,
    tag: TAG,
    summary: `上传二维码图片（multipart/form-data，字段 file；PNG、JPEG 或 WebP，不超过 ${SITE_QR_IMAGE_MAX_BYTES / 1024 / 1024} MB），该位置改为显示这张图片`,
    params: SiteQrParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('图片文件（binary）') }),
    responses: { 200: SiteSettings },
    example: { params: { slot: 'miniProgram' } },
    errors: [400, 413, 415],
  },

  legalText: {
    access: 'public',
    shared: true,
    tag: TAG,
    summary: '用户协议或隐私政策的当前版本（公司信息已填入）',
    params: LegalDocumentParams,
    responses: { 200: LegalText },
    example: { params: { doc: 'privacy' } },
  },
  adminLegalText: {
    access: admin,
    tag: TAG,
    summary: '用户协议或隐私政策（含占位符的原文与版本）',
    params: LegalDocumentParams,
    responses: { 200: AdminLegalText },
    example: { params: { doc: 'privacy' } },
  },
  adminUpdateLegalText: {
    access: admin,
    tag: TAG,
    summary: '发布用户协议或隐私政策的新版本：页面立即显示，此后注册的用户同意的是新版本；修改前后的文本记入操作日志',
    params: LegalDocumentParams,
    body: LegalTextBody,
    responses: { 200: AdminLegalText },
    example: {
      params: { doc: 'agreement' },
      body: { html: '<h2>协议的范围与接受</h2><p>本协议是您与{{company}}之间关于使用本平台的约定。</p>', version: '2026-12-01' },
    },
  },
} as const satisfies Record<string, EndpointSpec>;
