/**
 * Every TanStack Query key of the app. Data of the signed-in user lives under `me`, so that one
 * `removeQueries({ queryKey: queryKeys.me })` forgets all of it when the user changes.
 */
export const queryKeys = {
  me: ['me'] as const,
  profile: () => [...queryKeys.me, 'profile'] as const,
  summary: () => [...queryKeys.me, 'summary'] as const,
  addresses: () => [...queryKeys.me, 'addresses'] as const,
  notices: () => [...queryKeys.me, 'notices'] as const,
  noticePage: (page: number, pageSize: number, unreadOnly: boolean) =>
    [...queryKeys.notices(), 'page', { page, pageSize, unreadOnly }] as const,
  unreadNoticeCount: () => [...queryKeys.notices(), 'unread-count'] as const,
  /** The user's own sample applications (list pages and single applications). */
  applications: () => [...queryKeys.me, 'applications'] as const,
  applicationPage: (query: { status?: string; page: number; pageSize: number }) => [...queryKeys.applications(), 'page', query] as const,
  application: (id: number) => [...queryKeys.applications(), 'detail', id] as const,
  /** Staff views: every user's applications and the sample limits (kept under `me`: they go with the staff session). */
  adminApplications: () => [...queryKeys.me, 'admin', 'applications'] as const,
  adminApplicationPage: (query: { status?: string; keyword?: string; page: number; pageSize: number }) =>
    [...queryKeys.adminApplications(), 'page', query] as const,
  adminApplication: (id: number) => [...queryKeys.adminApplications(), 'detail', id] as const,
  sampleLimits: () => [...queryKeys.me, 'admin', 'sample-limits'] as const,
  siteSettings: () => [...queryKeys.me, 'admin', 'site-settings'] as const,
  adminLegalText: (doc: string) => [...queryKeys.me, 'admin', 'legal', doc] as const,
  adminPlans: () => [...queryKeys.me, 'admin', 'plans'] as const,
  /** The orders desk (finance). */
  adminOrders: () => [...queryKeys.me, 'admin', 'orders'] as const,
  adminOrderPage: (query: object) => [...queryKeys.adminOrders(), 'page', query] as const,
  adminOrder: (id: number) => [...queryKeys.adminOrders(), 'detail', id] as const,
  /** What the user holds: memberships and database subscriptions. */
  grants: () => [...queryKeys.me, 'grants'] as const,
  /** The user's orders of plans (list pages and single orders). */
  orders: () => [...queryKeys.me, 'orders'] as const,
  orderPage: (query: object) => [...queryKeys.orders(), 'page', query] as const,
  order: (id: number) => [...queryKeys.orders(), 'detail', id] as const,
  /** The user's invoice titles and invoice requests. */
  invoiceTitles: () => [...queryKeys.me, 'invoice-titles'] as const,
  invoices: () => [...queryKeys.me, 'invoices'] as const,
  invoicePage: (page: number) => [...queryKeys.invoices(), 'page', page] as const,
  /** The invoice desk (finance). */
  adminInvoices: () => [...queryKeys.me, 'admin', 'invoices'] as const,
  adminInvoicePage: (query: object) => [...queryKeys.adminInvoices(), 'page', query] as const,
  /** The user's company (企业): the company with the invitations to the user, its members, invitations and sample allowance. */
  company: () => [...queryKeys.me, 'company'] as const,
  myCompany: () => [...queryKeys.company(), 'mine'] as const,
  companyMembers: (id: number) => [...queryKeys.company(), id, 'members'] as const,
  companyInvitations: (id: number) => [...queryKeys.company(), id, 'invitations'] as const,
  companyAllowance: (id: number) => [...queryKeys.company(), id, 'allowance'] as const,
  /** The company desk (sales). */
  adminCompanies: () => [...queryKeys.me, 'admin', 'companies'] as const,
  adminCompanyPage: (query: object) => [...queryKeys.adminCompanies(), 'page', query] as const,
  adminCompany: (id: number) => [...queryKeys.adminCompanies(), 'detail', id] as const,
  /** The user's price requests (询价) and their quotes: the lists and single requests (one invalidation refreshes all). */
  quotes: () => [...queryKeys.me, 'quotes'] as const,
  quotePage: (query: object) => [...queryKeys.quotes(), 'page', query] as const,
  quote: (id: number) => [...queryKeys.quotes(), 'detail', id] as const,
  /** The price requests desk (sales). */
  adminQuotes: () => [...queryKeys.me, 'admin', 'quotes'] as const,
  adminQuotePage: (query: object) => [...queryKeys.adminQuotes(), 'page', query] as const,
  adminQuote: (id: number) => [...queryKeys.adminQuotes(), 'detail', id] as const,
  /** The user's sales orders (销售订单): the lists and single orders (one invalidation refreshes all). */
  salesOrders: () => [...queryKeys.me, 'sales-orders'] as const,
  salesOrderPage: (query: object) => [...queryKeys.salesOrders(), 'page', query] as const,
  salesOrder: (id: number) => [...queryKeys.salesOrders(), 'detail', id] as const,
  /** The sales orders desk (sales, finance). */
  documentRequests: () => [...queryKeys.me, 'document-requests'] as const,
  documentRequestPage: (query: object) => [...queryKeys.documentRequests(), 'page', query] as const,
  documentRequest: (id: number) => [...queryKeys.documentRequests(), 'detail', id] as const,
  confidentiality: () => [...queryKeys.me, 'confidentiality'] as const,
  adminDocumentRequests: () => [...queryKeys.me, 'admin', 'document-requests'] as const,
  adminDocumentRequestPage: (query: object) => [...queryKeys.adminDocumentRequests(), 'page', query] as const,
  adminDocumentRequest: (id: number) => [...queryKeys.adminDocumentRequests(), 'detail', id] as const,
  adminConfidentiality: () => [...queryKeys.me, 'admin', 'confidentiality'] as const,
  changeNotices: () => [...queryKeys.me, 'change-notices'] as const,
  changeNoticePage: (query: object) => [...queryKeys.changeNotices(), 'page', query] as const,
  changeNotice: (id: number) => [...queryKeys.changeNotices(), 'detail', id] as const,
  adminChangeNotices: () => [...queryKeys.me, 'admin', 'change-notices'] as const,
  adminChangeNoticePage: (query: object) => [...queryKeys.adminChangeNotices(), 'page', query] as const,
  adminChangeNotice: (id: number) => [...queryKeys.adminChangeNotices(), 'detail', id] as const,
  adminChangeNoticeReport: (id: number) => [...queryKeys.adminChangeNotices(), 'report', id] as const,
  /** The COA lookup's products, and the quality desk's batches. */
  coaProducts: () => [...queryKeys.me, 'coa-products'] as const,
  adminBatches: () => [...queryKeys.me, 'admin', 'batches'] as const,
  adminBatchPage: (query: object) => [...queryKeys.adminBatches(), 'page', query] as const,
  adminBatch: (id: number) => [...queryKeys.adminBatches(), 'detail', id] as const,
  adminSalesOrders: () => [...queryKeys.me, 'admin', 'sales-orders'] as const,
  adminSalesOrderPage: (query: object) => [...queryKeys.adminSalesOrders(), 'page', query] as const,
  adminSalesOrder: (id: number) => [...queryKeys.adminSalesOrders(), 'detail', id] as const,
  /** The ways this browser may pay. */
  paymentMethods: () => ['payment-methods'] as const,
  /** Plans on sale (public). */
  plans: () => ['plans'] as const,
  /** The published legal texts (public). */
  legalText: (doc: string) => ['legal', doc] as const,
  adminExcipients: () => [...queryKeys.me, 'admin', 'excipients'] as const,
  adminExcipientPage: (query: object) => [...queryKeys.adminExcipients(), 'page', query] as const,
  adminExcipient: (id: number) => [...queryKeys.adminExcipients(), 'detail', id] as const,
  adminSafetyData: (id: number) => [...queryKeys.adminExcipients(), 'safety-data', id] as const,
  /** The databases desk: rows of the standards and usage databases. */
  adminReferenceRecords: () => [...queryKeys.me, 'admin', 'reference-records'] as const,
  adminReferenceRecordPage: (code: string, query: object) => [...queryKeys.adminReferenceRecords(), code, query] as const,
  adminArticles: () => [...queryKeys.me, 'admin', 'articles'] as const,
  adminArticlePage: (kind: string, query: object) => [...queryKeys.adminArticles(), kind, 'page', query] as const,
  adminArticle: (kind: string, id: number) => [...queryKeys.adminArticles(), kind, 'detail', id] as const,
  dashboard: (query: object) => [...queryKeys.me, 'admin', 'dashboard', query] as const,
  /** The users desk and the audit log (admin). */
  adminUsers: () => [...queryKeys.me, 'admin', 'users'] as const,
  adminUserPage: (query: object) => [...queryKeys.adminUsers(), 'page', query] as const,
  adminUser: (id: number) => [...queryKeys.adminUsers(), 'detail', id] as const,
  auditPage: (query: object) => [...queryKeys.me, 'admin', 'audit', query] as const,
  /** The user's registration watches. */
  registrationWatches: () => [...queryKeys.me, 'registration-watches'] as const,
  regions: () => ['regions'] as const,
  /** The sample cart: its list, its count and the items confirmed for an application (one invalidation refreshes all). */
  sampleCart: () => [...queryKeys.me, 'sample-cart'] as const,
  sampleCartList: () => [...queryKeys.sampleCart(), 'list'] as const,
  sampleCartCount: () => [...queryKeys.sampleCart(), 'count'] as const,
  confirmedSamples: (ids: readonly number[]) => [...queryKeys.sampleCart(), 'confirmed', ids.join(',')] as const,
  /** The visitor's region from its IP address. */
  ipLocation: () => ['ip-location'] as const,
  /** The connection check of the self-check page (a measurement: never kept). */
  apiProbe: () => ['api-probe'] as const,
  /** Option lists of the sample application form (public). */
  formDictionary: () => ['form-dictionary'] as const,

  /** Public information (the server renders it anonymously). */
  home: () => ['home'] as const,
  excipients: () => ['excipients'] as const,
  excipientPage: (query: object) => [...queryKeys.excipients(), 'page', query] as const,
  excipientFacets: () => [...queryKeys.excipients(), 'facets'] as const,
  excipient: (id: number) => [...queryKeys.excipients(), 'detail', id] as const,
  registrations: () => ['registrations'] as const,
  registrationPage: (query: object) => ['registrations', 'page', query] as const,
  registration: (id: number) => ['registrations', 'detail', id] as const,
  /** The databases (数据库, code name `reference`): their list. */
  referenceList: () => ['reference-list'] as const,
  regulations: () => ['regulations'] as const,
  regulationPage: (query: object) => ['regulations', 'page', query] as const,
  regulation: (id: number) => ['regulations', 'detail', id] as const,
  news: () => ['news'] as const,
  newsPage: (query: object) => ['news', 'page', query] as const,
  newsArticle: (id: number) => ['news', 'detail', id] as const,
  search: (query: object) => ['search', query] as const,
  /** A public query asked again with the user's token (what depends on who is asking). */
  personal: (key: readonly unknown[]) => [...queryKeys.me, 'personal', ...key] as const,
  /** Records of the standards and usage databases: they need a signed-in user. */
  referenceRecords: () => [...queryKeys.me, 'reference-records'] as const,
  referenceRecordPage: (code: string, query: object) => [...queryKeys.referenceRecords(), code, query] as const,
  referenceRecord: (code: string, id: number) => [...queryKeys.me, 'reference-record', code, id] as const,
  /** The user's favorites (list pages; a change refreshes everything under `me`). */
  favorites: () => [...queryKeys.me, 'favorites'] as const,
  favoritePage: (query: object) => [...queryKeys.favorites(), 'page', query] as const,
};
