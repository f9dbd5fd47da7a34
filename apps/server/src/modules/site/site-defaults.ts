import type { SiteSettings } from '@fuliaotong/contracts';

/**
 * The company's details until the staff change them on the settings desk (/admin/settings). No QR
 * code is set: a code that leads nowhere is worse than a tile that says it is coming.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
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
  about: [
    '辅料通（上海）医药科技有限公司专注于药用辅料的供应与技术服务。辅料通汇集我们供应的辅料产品、公开的原辅包登记信息、药典标准与法规资讯，帮助制剂研发人员选择合适的辅料，并为采购人员提供样品申请、订单与发票服务。',
    '我们的技术团队可为处方开发、工艺放大和注册申报提供辅料选型与资料支持。',
  ].join('\n\n'),
  homeHeadline: '药用辅料，一站查询与样品申请',
  homeLead: '辅料通为制剂研发与采购人员提供辅料产品目录、CDE 原辅包登记、药典标准与法规资讯，并可在线申请辅料样品。',
  qrCodes: { officialAccount: { kind: 'none' }, miniProgram: { kind: 'none' }, corporateChat: { kind: 'none' } },
  updatedAt: null,
};
