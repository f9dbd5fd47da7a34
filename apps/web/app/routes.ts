import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The one signed-in guard (a pathless parent route); mounted once per layout, each with its own id. */
const GUARD = 'layouts/signed-in-guard.tsx';

/**
 * The scope of antd's components (its locale, theme and App context), a pathless parent route mounted
 * once per group, each with its own id: only pages under it load antd. Pages outside it (home, about,
 * links, the policies, the catalogue and its product pages, the databases' index, lists and records,
 * regulations, news, search, the self-check, not found) load the public shell alone
 * (docs/decisions/0036-an-antd-free-public-shell.md, 0037-public-pages-in-plain-components.md).
 */
const ANTD = 'layouts/antd-layout.tsx';

export default [
  index('routes/root-redirect.tsx'),
  route('dbregistrationinfo(废弃)', 'routes/deprecated-registration-info.tsx'),

  // Default layout: header, content, footer, side panel.
  layout('layouts/default/default-layout.tsx', [
    route('home', 'routes/home.tsx'),
    route('homeback', 'routes/home-back.tsx'),
    route('showabout', 'routes/about.tsx'),
    route('database', 'routes/databases.tsx'),
    route('backlinks', 'routes/links.tsx'),
    route('agreement', 'routes/agreement.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('*', 'routes/not-found.tsx'),
    route('excipientsinfo', 'routes/excipients.tsx'),
    route('excipientsdetail', 'routes/excipient-detail.tsx'),
    route('dbregistrationinfolist', 'routes/registrations.tsx'),
    route('topdatabase', 'routes/database-records.tsx', { id: 'topdatabase' }),
    route('dbinfolist', 'routes/database-records.tsx', { id: 'dbinfolist' }),
    route('topdatabasedetail', 'routes/database-record.tsx'),
    route('test', 'routes/self-check.tsx'),
    route('search', 'routes/search.tsx'),
    route('regulations', 'routes/regulations.tsx', { id: 'regulations' }),
    route('topregulations', 'routes/regulations.tsx', { id: 'topregulations' }),
    route('news', 'routes/news.tsx', { id: 'news' }),
    route('topnews', 'routes/news.tsx', { id: 'topnews' }),
    route('topnewsdetail', 'routes/news-detail.tsx'),
    // Signed-in pages of this layout that show antd's forms and tables.
    layout(ANTD, { id: 'antd:site' }, [
      // The sample cart and the application form work only with a session.
      layout(GUARD, { id: 'signed-in:site' }, [
        route('samplecart', 'routes/sample-cart.tsx'),
        route('formconfirm', 'routes/form-confirm.tsx'),
        route('formsuccess', 'routes/form-success.tsx'),
      ]),
    ]),
  ]),

  layout(ANTD, { id: 'antd:rest' }, [
    // Account layout. The address manager and the notices are outside the guard, as the specification
    // says: their data calls answer 401 instead (which also leads to /login).
    layout('layouts/account/account-layout.tsx', [
      layout(GUARD, { id: 'signed-in:account' }, [
        route('account', 'routes/account/account-home.tsx', { id: 'account' }),
        route('account/index', 'routes/account/account-home.tsx', { id: 'account-index' }),
        route('account/favorites', 'routes/account/favorites.tsx'),
        route('account/apply', 'routes/account/apply.tsx'),
        route('account/upgrade', 'routes/account/upgrade.tsx'),
        route('account/databaseorder', 'routes/account/database-orders.tsx'),
        route('account/invoice', 'routes/account/invoices.tsx'),
      ]),
      route('account/addressmanager', 'routes/account/address-manager.tsx'),
      route('account/notice', 'routes/account/notices.tsx'),
    ]),

    // Staff pages: a layout of their own.
    layout(GUARD, { id: 'signed-in:admin' }, [
      layout('layouts/admin-layout.tsx', [
        route('admin', 'routes/admin/admin-index.tsx'),
        route('admin/applications', 'routes/admin/applications.tsx'),
        route('admin/settings', 'routes/admin/settings.tsx'),
        route('admin/site', 'routes/admin/site.tsx'),
        route('admin/legal', 'routes/admin/legal.tsx'),
        route('admin/plans', 'routes/admin/plans.tsx'),
        route('admin/orders', 'routes/admin/orders.tsx'),
        route('admin/invoices', 'routes/admin/invoices.tsx'),
        route('admin/products', 'routes/admin/products.tsx'),
        route('admin/articles', 'routes/admin/articles.tsx'),
        route('admin/databases', 'routes/admin/databases.tsx'),
        route('admin/imports', 'routes/admin/imports.tsx'),
        route('admin/users', 'routes/admin/users.tsx'),
        route('admin/audit', 'routes/admin/audit.tsx'),
      ]),
    ]),

    // No layout.
    layout(GUARD, { id: 'signed-in:standalone' }, [
      route('account/applyorder', 'routes/account/apply-order.tsx'),
      route('account/payment', 'routes/account/payment.tsx', { id: 'payment' }),
    ]),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
  ]),
] satisfies RouteConfig;
