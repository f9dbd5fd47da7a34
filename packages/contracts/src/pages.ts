/**
 * Every page of the web site, in one table: its path (the specification's routes, which never change)
 * and the query parameters a link to it may carry. Detail pages take their id from the query string
 * (`/excipientsdetail?id=3`): no page has path parameters.
 *
 * The web's route table (apps/web/app/routes.ts) mounts its pages at these paths, and every link to a
 * page, on the web and from the server (the sitemap, notices, e-mails, SMS, payment return addresses),
 * is `paths.<page>` or `withQuery(paths.<page>, { … })`. Paths under /api are the API's (`apiPaths`).
 */
const pageTable = {
  /** Redirects to `home`. */
  root: { path: '/' },
  home: { path: '/home' },
  homeBack: { path: '/homeback' },
  excipients: { path: '/excipientsinfo', query: ['category', 'keyword', 'sampleAvailable'] },
  excipientDetail: { path: '/excipientsdetail', query: ['id', 'spec', 'qty'] },
  database: { path: '/database' },
  topDatabase: { path: '/topdatabase', query: ['code', 'keyword'] },
  topDatabaseDetail: { path: '/topdatabasedetail', query: ['code', 'id'] },
  registrations: { path: '/dbregistrationinfolist', query: ['keyword', 'type', 'status', 'sort'] },
  /** Deprecated: permanently redirects to `registrations`. */
  registrationsDeprecated: { path: '/dbregistrationinfo(废弃)' },
  standards: { path: '/dbinfolist' },
  regulations: { path: '/regulations', query: ['category', 'id'] },
  topRegulations: { path: '/topregulations', query: ['id'] },
  news: { path: '/news', query: ['category', 'keyword', 'page'] },
  topNews: { path: '/topnews' },
  topNewsDetail: { path: '/topnewsdetail', query: ['id'] },
  search: { path: '/search', query: ['q', 'type'] },
  about: { path: '/showabout' },
  links: { path: '/backlinks' },
  sampleCart: { path: '/samplecart', query: ['add', 'spec', 'qty'] },
  formConfirm: { path: '/formconfirm', query: ['ids', 'edit'] },
  formSuccess: { path: '/formsuccess', query: ['id'] },
  selfCheck: { path: '/test' },
  login: { path: '/login', query: ['redirect'] },
  register: { path: '/register', query: ['redirect'] },
  /** 忘记密码: a new password with a code sent to the account. */
  forgotPassword: { path: '/forgot-password' },
  /** 《用户协议》 and 《隐私政策》. */
  agreement: { path: '/agreement' },
  privacy: { path: '/privacy' },
  account: { path: '/account' },
  accountIndex: { path: '/account/index' },
  addresses: { path: '/account/addressmanager' },
  applications: { path: '/account/apply', query: ['status'] },
  applicationOrder: { path: '/account/applyorder', query: ['id'] },
  databaseOrders: { path: '/account/databaseorder', query: ['status'] },
  favorites: { path: '/account/favorites', query: ['type'] },
  invoices: { path: '/account/invoice' },
  company: { path: '/account/company' },
  /** 我的询价: the list, and one request with its quotes (`?id=`). */
  quotes: { path: '/account/quotes', query: ['id', 'status'] },
  /** 询价: a new price request, for a product (and spec) or from a shipped sample application. */
  quoteRequest: { path: '/account/quote-request', query: ['excipient', 'spec', 'application'] },
  /** 销售订单: the list, and one order (`?id=`). */
  salesOrders: { path: '/account/sales-orders', query: ['id', 'status'] },
  /** 注册资料: the company's document requests and one request (`?id=`). */
  documentRequests: { path: '/account/document-requests', query: ['id', 'status'] },
  /** 申请注册资料: a new request for a product (`?excipient=`, optionally `&kind=`). */
  documentRequestNew: { path: '/account/document-request', query: ['excipient', 'kind'] },
  /** 变更通知: the change notices that reached the user, and one notice (`?id=`). */
  changeNotices: { path: '/account/change-notices', query: ['id'] },
  /** 检验报告查询: a batch's COA by product, batch number and check code (`?excipient=&batch=` prefill the form). */
  coa: { path: '/coa', query: ['excipient', 'batch'] },
  notices: { path: '/account/notice' },
  upgrade: { path: '/account/upgrade', query: ['for'] },
  payment: { path: '/account/payment', query: ['order'] },
  /** The staff console: one desk per kind of work; `?id=` opens one item on a desk. */
  admin: { path: '/admin', query: ['days'] },
  adminApplications: { path: '/admin/applications', query: ['id', 'status'] },
  adminSettings: { path: '/admin/settings' },
  adminSite: { path: '/admin/site' },
  adminLegal: { path: '/admin/legal', query: ['doc'] },
  adminPlans: { path: '/admin/plans' },
  adminOrders: { path: '/admin/orders', query: ['id', 'keyword'] },
  adminInvoices: { path: '/admin/invoices', query: ['id', 'status'] },
  adminCompanies: { path: '/admin/companies', query: ['id', 'status'] },
  adminQuotes: { path: '/admin/quotes', query: ['id', 'status'] },
  adminSalesOrders: { path: '/admin/sales-orders', query: ['id', 'status'] },
  adminDocumentRequests: { path: '/admin/document-requests', query: ['id', 'status', 'tab'] },
  adminChangeNotices: { path: '/admin/change-notices', query: ['id', 'status'] },
  adminBatches: { path: '/admin/batches', query: ['id', 'status', 'excipient', 'keyword'] },
  adminProducts: { path: '/admin/products', query: ['keyword'] },
  adminArticles: { path: '/admin/articles', query: ['id', 'kind'] },
  adminDatabases: { path: '/admin/databases', query: ['code'] },
  adminImports: { path: '/admin/imports' },
  adminUsers: { path: '/admin/users', query: ['keyword'] },
  adminAudit: { path: '/admin/audit', query: ['keyword', 'entityType', 'entityId'] },
} as const satisfies Record<string, { path: `/${string}`; query?: readonly string[] }>;

type PageTable = typeof pageTable;

/** A page of the site, by name (`excipientDetail`). */
export type PageName = keyof PageTable;

/** The path of every page, by name: `paths.excipientDetail` is `/excipientsdetail`. */
export const paths = Object.fromEntries(Object.entries(pageTable).map(([name, page]) => [name, page.path])) as {
  readonly [Name in PageName]: PageTable[Name]['path'];
};

/** A page's path (`/excipientsdetail`). */
export type PagePath = (typeof paths)[PageName];

/** The paths of the pages whose links may carry a query string. */
export type PagePathWithQuery = {
  [Name in PageName]: PageTable[Name] extends { readonly query: readonly string[] } ? PageTable[Name]['path'] : never;
}[PageName];

/** The query parameters a link to the page at `Path` may carry (for a union of paths, those of each). */
export type PageLinkKey<Path extends PagePathWithQuery> = {
  [Name in PageName]: PageTable[Name] extends { readonly path: Path; readonly query: readonly (infer Key extends string)[] } ? Key : never;
}[PageName];

/** Values of a page link's query parameters; undefined and empty values are left out of the link. */
export type PageLinkQuery<Path extends PagePathWithQuery> = { readonly [Key in PageLinkKey<Path>]?: string | number | undefined };

/**
 * A link to a page with a query string, e.g. `withQuery(paths.excipientDetail, { id: 3 })` is
 * `/excipientsdetail?id=3`: the parameters in the order given, encoded as URLSearchParams encodes them.
 * Only pages that list query parameters, and only the parameters they list, are accepted.
 */
export function withQuery<Path extends PagePathWithQuery>(path: Path, query: PageLinkQuery<Path>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<string | number | undefined>(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}


/**
 * Whether a page's `Cache-Control` declares it the same for every visitor (`public`; the web's routes
 * declare it, apps/web/app/site/page-caching.ts). Such a page is rendered without a nonce and may be
 * kept and served to anyone (docs/decisions/0030, 0060).
 */
export function declaredShared(cacheControl: string | null): boolean {
  return cacheControl !== null && cacheControl.split(',').some((directive) => directive.trim().toLowerCase() === 'public');
}
