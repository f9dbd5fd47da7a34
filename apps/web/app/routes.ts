import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** Sections that are still being prepared share one page module; each keeps its own route id. */
const comingSoon = (path: string) => route(path, 'routes/coming-soon.tsx', { id: `coming-soon:${path}` });

export default [
  index('routes/root-redirect.tsx'),
  route('dbregistrationinfo(废弃)', 'routes/deprecated-registration-info.tsx'),

  // Default layout: header, content, footer.
  layout('layouts/default-layout.tsx', [
    route('home', 'routes/home.tsx'),
    route('homeback', 'routes/home-back.tsx'),
    route('showabout', 'routes/about.tsx'),
    route('test', 'routes/self-check.tsx'),
    route('excipientsinfo', 'routes/excipients.tsx'),
    route('excipientsdetail', 'routes/excipient-detail.tsx'),
    route('dbregistrationinfolist', 'routes/registrations.tsx'),
    route('search', 'routes/search.tsx'),
    ...[
      'backlinks',
      'database',
      'dbinfolist',
      'formconfirm',
      'formsuccess',
      'news',
      'regulations',
      'samplecart',
      'topdatabase',
      'topdatabasedetail',
      'topnews',
      'topnewsdetail',
      'topregulations',
    ].map(comingSoon),
    route('*', 'routes/not-found.tsx'),
  ]),

  // Account layout.
  layout('layouts/account-layout.tsx', [
    route('account', 'routes/account/account-home.tsx', { id: 'account' }),
    route('account/index', 'routes/account/account-home.tsx', { id: 'account-index' }),
    route('account/addressmanager', 'routes/account/address-manager.tsx'),
    route('account/notice', 'routes/account/notices.tsx'),
    ...['account/apply', 'account/databaseorder', 'account/favorites', 'account/invoice', 'account/upgrade'].map(
      (path) => route(path, 'routes/account/account-coming-soon.tsx', { id: `coming-soon:${path}` }),
    ),
  ]),

  // No layout.
  route('account/applyorder', 'routes/account/apply-order.tsx'),
  route('account/payment', 'routes/account/payment.tsx', { id: 'payment' }),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
] satisfies RouteConfig;
