import { paths } from '../paths';

/** The supplier's public details, shown in the footer, on /showabout and in the side panel. */
export const siteInfo = {
  name: '辅料通',
  slogan: '药用辅料信息与样品服务平台',
  company: '辅料通（上海）医药科技有限公司',
  address: '上海市浦东新区张江高科技园区蔡伦路 88 号 5 幢 3 楼',
  phone: '400-820-6688',
  landline: '021-5089 6688',
  email: 'service@fuliaotong.cn',
  /** Where requests about personal information go (the privacy policy names it). */
  privacyEmail: 'privacy@fuliaotong.cn',
  wechatHandle: 'fuliaotong-kf',
  serviceHours: '工作日 9:00–18:00',
  icp: '沪ICP备2024000001号-1',
  /** What the side panel's QR codes open (a phone's camera or WeChat's scanner reads them). */
  qrCodes: {
    /** The WeChat public account (公众号). */
    officialAccount: 'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=fuliaotong',
    /** The mini-program (小程序), through its ordinary-link QR rule. */
    miniProgram: 'https://www.fuliaotong.cn/mp/',
    /** Customer service on WeChat Work (企业微信). */
    corporateChat: 'https://work.weixin.qq.com/kfid/kfcfuliaotong',
  },
} as const;

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that belong to this section (for highlighting the current one). */
  match: string[];
}

/** The header navigation: every public section of the site. */
export const mainNav: NavItem[] = [
  { label: '首页', to: paths.home, match: [paths.home, paths.homeBack] },
  { label: '辅料产品', to: paths.excipients, match: [paths.excipients, paths.excipientDetail] },
  {
    label: '数据库',
    to: paths.database,
    match: [paths.database, paths.topDatabase, paths.topDatabaseDetail, paths.registrations, paths.standards],
  },
  { label: '法规政策', to: paths.regulations, match: [paths.regulations, paths.topRegulations] },
  { label: '行业资讯', to: paths.news, match: [paths.news, paths.topNews, paths.topNewsDetail] },
  { label: '站内搜索', to: paths.search, match: [paths.search] },
  { label: '关于我们', to: paths.about, match: [paths.about] },
  { label: '友情链接', to: paths.links, match: [paths.links] },
];

export const accountNav: Array<{ label: string; to: string; group: 2 | 7 }> = [
  { label: '个人中心', to: paths.account, group: 2 },
  { label: '我的申请', to: paths.applications, group: 2 },
  { label: '我的收藏', to: paths.favorites, group: 2 },
  { label: '数据库订单', to: paths.databaseOrders, group: 2 },
  { label: '发票管理', to: paths.invoices, group: 2 },
  { label: '会员升级', to: paths.upgrade, group: 2 },
  { label: '收货地址', to: paths.addresses, group: 7 },
  { label: '消息通知', to: paths.notices, group: 7 },
];
