import { paths, type PageName } from '@fuliaotong/contracts/constants';
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The one signed-in guard (a pathless parent route); mounted once per layout, each with its own id. */
const GUARD = 'layouts/signed-in-guard.tsx';

/** A page's path from the contracts' table of pages, as the route config writes it (no leading slash). */
const at = (page: PageName) => paths[page].slice(1);

/**
 * The scope of antd's components (its locale, theme and App context), a pathless parent route mounted
 * once per group, each with its own id: only pages under it load antd. Pages outside it (home, about,
 * links, the policies, the catalogue and its product pages, the databases' index, lists and records,
 * regulations, news, search, the self-check, the COA lookup, not found, and the sign-in pages) load the public shell alone
 * (docs/decisions/0036-an-antd-free-public-shell.md, 0037-public-pages-in-plain-components.md).
 */
const ANTD = 'layouts/antd-layout.tsx';

export default [
  index('routes/root-redirect.tsx'),
  route(at('registrationsDeprecated'), 'routes/deprecated-registration-info.tsx'),

  // Default layout: header, content, footer, side panel.
  layout('layouts/default/default-layout.tsx', [
    route(at('home'), 'routes/home.tsx'),
    route(at('homeBack'), 'routes/home-back.tsx'),
    route(at('about'), 'routes/about.tsx'),
    route(at('database'), 'routes/databases.tsx'),
    route(at('links'), 'routes/links.tsx'),
    route(at('agreement'), 'routes/agreement.tsx'),
    route(at('privacy'), 'routes/privacy.tsx'),
    route('*', 'routes/not-found.tsx'),
    route(at('excipients'), 'routes/excipients.tsx'),
    route(at('excipientDetail'), 'routes/excipient-detail.tsx'),
    route(at('registrations'), 'routes/registrations.tsx'),
    route(at('topDatabase'), 'routes/database-records.tsx', { id: 'topdatabase' }),
    route(at('standards'), 'routes/database-records.tsx', { id: 'dbinfolist' }),
    route(at('topDatabaseDetail'), 'routes/database-record.tsx'),
    route(at('selfCheck'), 'routes/self-check.tsx'),
    // 检验报告查询: public markup; the lookup itself asks for a session and says so (docs/decisions/0073-batches-and-coa-lookup.md).
    route(at('coa'), 'routes/coa.tsx'),
    route(at('search'), 'routes/search.tsx'),
    route(at('regulations'), 'routes/regulations.tsx', { id: 'regulations' }),
    route(at('topRegulations'), 'routes/regulations.tsx', { id: 'topregulations' }),
    route(at('news'), 'routes/news.tsx', { id: 'news' }),
    route(at('topNews'), 'routes/news.tsx', { id: 'topnews' }),
    route(at('topNewsDetail'), 'routes/news-detail.tsx'),
    // Signed-in pages of this layout that show antd's forms and tables.
    layout(ANTD, { id: 'antd:site' }, [
      // The sample cart and the application form work only with a session.
      layout(GUARD, { id: 'signed-in:site' }, [
        route(at('sampleCart'), 'routes/sample-cart.tsx'),
        route(at('formConfirm'), 'routes/form-confirm.tsx'),
        route(at('formSuccess'), 'routes/form-success.tsx'),
      ]),
    ]),
  ]),

  layout(ANTD, { id: 'antd:rest' }, [
    // Account layout. The address manager and the notices are outside the guard, as the specification
    // says: their data calls answer 401 instead (which also leads to /login).
    layout('layouts/account/account-layout.tsx', [
      layout(GUARD, { id: 'signed-in:account' }, [
        route(at('account'), 'routes/account/account-home.tsx', { id: 'account' }),
        route(at('accountIndex'), 'routes/account/account-home.tsx', { id: 'account-index' }),
        route(at('favorites'), 'routes/account/favorites.tsx'),
        route(at('applications'), 'routes/account/apply.tsx'),
        route(at('upgrade'), 'routes/account/upgrade.tsx'),
        route(at('databaseOrders'), 'routes/account/database-orders.tsx'),
        route(at('invoices'), 'routes/account/invoices.tsx'),
        route(at('company'), 'routes/account/company.tsx'),
        route(at('quotes'), 'routes/account/quotes.tsx'),
        route(at('quoteRequest'), 'routes/account/quote-request.tsx'),
        route(at('salesOrders'), 'routes/account/sales-orders.tsx'),
        route(at('documentRequests'), 'routes/account/document-requests.tsx'),
        route(at('documentRequestNew'), 'routes/account/document-request.tsx'),
        route(at('changeNotices'), 'routes/account/change-notices.tsx'),
      ]),
      route(at('addresses'), 'routes/account/address-manager.tsx'),
      route(at('notices'), 'routes/account/notices.tsx'),
    ]),

    // Staff pages: a layout of their own.
    layout(GUARD, { id: 'signed-in:admin' }, [
      layout('layouts/admin-layout.tsx', [
        route(at('admin'), 'routes/admin/admin-index.tsx'),
        route(at('adminApplications'), 'routes/admin/applications.tsx'),
        route(at('adminSettings'), 'routes/admin/settings.tsx'),
        route(at('adminSite'), 'routes/admin/site.tsx'),
        route(at('adminLegal'), 'routes/admin/legal.tsx'),
        route(at('adminPlans'), 'routes/admin/plans.tsx'),
        route(at('adminOrders'), 'routes/admin/orders.tsx'),
        route(at('adminInvoices'), 'routes/admin/invoices.tsx'),
        route(at('adminCompanies'), 'routes/admin/companies.tsx'),
        route(at('adminQuotes'), 'routes/admin/quotes.tsx'),
        route(at('adminSalesOrders'), 'routes/admin/sales-orders.tsx'),
        route(at('adminDocumentRequests'), 'routes/admin/document-requests.tsx'),
        route(at('adminChangeNotices'), 'routes/admin/change-notices.tsx'),
        route(at('adminBatches'), 'routes/admin/batches.tsx'),
        route(at('adminProducts'), 'routes/admin/products.tsx'),
        route(at('adminArticles'), 'routes/admin/articles.tsx'),
        route(at('adminDatabases'), 'routes/admin/databases.tsx'),
        route(at('adminImports'), 'routes/admin/imports.tsx'),
        route(at('adminUsers'), 'routes/admin/users.tsx'),
        route(at('adminAudit'), 'routes/admin/audit.tsx'),
      ]),
    ]),

    // No layout.
    layout(GUARD, { id: 'signed-in:standalone' }, [
      route(at('applicationOrder'), 'routes/account/apply-order.tsx'),
      route(at('payment'), 'routes/account/payment.tsx', { id: 'payment' }),
    ]),
  ]),

  // The pages people sign in through: no layout, and outside antd's scope like the public pages
  // (docs/decisions/0067).
  route(at('login'), 'routes/login.tsx'),
  route(at('register'), 'routes/register.tsx'),
  route(at('forgotPassword'), 'routes/forgot-password.tsx'),
] satisfies RouteConfig;
