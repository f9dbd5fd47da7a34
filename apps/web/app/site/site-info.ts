import { paths } from '@fuliaotong/contracts/constants';

/**
 * The site's name and slogan. The company's details (address, phones, e-mail, 备案 and licence lines,
 * QR codes, the about text) are settings the staff edit: `useSiteProfile()` in `app/root-data.ts`.
 */
export const siteInfo = {
  name: '辅料通',
  slogan: '药用辅料信息与样品服务平台',
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
  { label: '我的订单', to: paths.databaseOrders, group: 2 },
  { label: '发票管理', to: paths.invoices, group: 2 },
  { label: '我的企业', to: paths.company, group: 2 },
  { label: '我的询价', to: paths.quotes, group: 2 },
  { label: '销售订单', to: paths.salesOrders, group: 2 },
  { label: '注册资料', to: paths.documentRequests, group: 2 },
  { label: '变更通知', to: paths.changeNotices, group: 2 },
  { label: '检验报告查询', to: paths.coa, group: 2 },
  { label: '会员升级', to: paths.upgrade, group: 2 },
  { label: '收货地址', to: paths.addresses, group: 7 },
  { label: '消息通知', to: paths.notices, group: 7 },
];
