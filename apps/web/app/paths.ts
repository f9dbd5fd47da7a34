/** Every route path of the site, in one place. Detail pages take their id from the query string. */
export const paths = {
  root: '/',
  home: '/home',
  homeBack: '/homeback',
  excipients: '/excipientsinfo',
  excipientDetail: '/excipientsdetail',
  database: '/database',
  topDatabase: '/topdatabase',
  topDatabaseDetail: '/topdatabasedetail',
  registrations: '/dbregistrationinfolist',
  /** Deprecated: permanently redirects to `registrations`. */
  registrationsDeprecated: '/dbregistrationinfo(废弃)',
  standards: '/dbinfolist',
  regulations: '/regulations',
  topRegulations: '/topregulations',
  news: '/news',
  topNews: '/topnews',
  topNewsDetail: '/topnewsdetail',
  search: '/search',
  about: '/showabout',
  links: '/backlinks',
  sampleCart: '/samplecart',
  formConfirm: '/formconfirm',
  formSuccess: '/formsuccess',
  selfCheck: '/test',
  login: '/login',
  register: '/register',
  /** 忘记密码: a new password with a code sent to the account. */
  forgotPassword: '/forgot-password',
  /** 《用户协议》 and 《隐私政策》. */
  agreement: '/agreement',
  privacy: '/privacy',
  account: '/account',
  accountIndex: '/account/index',
  addresses: '/account/addressmanager',
  applications: '/account/apply',
  applicationOrder: '/account/applyorder',
  databaseOrders: '/account/databaseorder',
  favorites: '/account/favorites',
  invoices: '/account/invoice',
  notices: '/account/notice',
  upgrade: '/account/upgrade',
  payment: '/account/payment',
  /** The staff console: one desk per kind of work, each for the staff roles that do it (features/staff/admin-nav.ts). */
  admin: '/admin',
  adminApplications: '/admin/applications',
  adminSettings: '/admin/settings',
  adminSite: '/admin/site',
  adminLegal: '/admin/legal',
  adminPlans: '/admin/plans',
  adminOrders: '/admin/orders',
  adminInvoices: '/admin/invoices',
  adminProducts: '/admin/products',
  adminArticles: '/admin/articles',
  adminDatabases: '/admin/databases',
  adminImports: '/admin/imports',
  adminUsers: '/admin/users',
  adminAudit: '/admin/audit',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A path with a query string, e.g. `withQuery(paths.excipientDetail, { id: 3 })`. */
export function withQuery(path: AppPath, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
