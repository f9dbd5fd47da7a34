import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  route('dbregistrationinfo(废弃)', 'routes/deprecated-registration-info.tsx'),

  // Default layout: header, content, footer, side panel.
  layout('layouts/default-layout.tsx', [
    route('home', 'routes/home.tsx'),
    route('homeback', 'routes/home-back.tsx'),
    route('showabout', 'routes/about.tsx'),
    route('test', 'routes/self-check.tsx'),
    route('excipientsinfo', 'routes/excipients.tsx'),
    route('excipientsdetail', 'routes/excipient-detail.tsx'),
    route('dbregistrationinfolist', 'routes/registrations.tsx'),
    route('search', 'routes/search.tsx'),
    route('database', 'routes/databases.tsx'),
    route('topdatabase', 'routes/database-records.tsx', { id: 'topdatabase' }),
    route('dbinfolist', 'routes/database-records.tsx', { id: 'dbinfolist' }),
    route('topdatabasedetail', 'routes/database-record.tsx'),
    route('regulations', 'routes/regulations.tsx', { id: 'regulations' }),
    route('topregulations', 'routes/regulations.tsx', { id: 'topregulations' }),
    route('news', 'routes/news.tsx', { id: 'news' }),
    route('topnews', 'routes/news.tsx', { id: 'topnews' }),
    route('topnewsdetail', 'routes/news-detail.tsx'),
    route('backlinks', 'routes/links.tsx'),
    route('samplecart', 'routes/sample-cart.tsx'),
    route('formconfirm', 'routes/form-confirm.tsx'),
    route('formsuccess', 'routes/form-success.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),

  // Account layout.
  layout('layouts/account-layout.tsx', [
    route('account', 'routes/account/account-home.tsx', { id: 'account' }),
    route('account/index', 'routes/account/account-home.tsx', { id: 'account-index' }),
    route('account/addressmanager', 'routes/account/address-manager.tsx'),
    route('account/notice', 'routes/account/notices.tsx'),
    route('account/favorites', 'routes/account/favorites.tsx'),
    route('account/apply', 'routes/account/apply.tsx'),
    ...['account/databaseorder', 'account/invoice', 'account/upgrade'].map(
      (path) => route(path, 'routes/account/account-coming-soon.tsx', { id: `coming-soon:${path}` }),
    ),
  ]),

  // Staff pages: a layout of their own.
  route('admin', 'routes/admin/admin-index.tsx'),
  layout('layouts/admin-layout.tsx', [
    route('admin/applications', 'routes/admin/applications.tsx'),
    route('admin/settings', 'routes/admin/settings.tsx'),
  ]),

  // No layout.
  route('account/applyorder', 'routes/account/apply-order.tsx'),
  route('account/payment', 'routes/account/payment.tsx', { id: 'payment' }),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
] satisfies RouteConfig;
