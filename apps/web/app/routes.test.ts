import { paths, withQuery } from '@fuliaotong/contracts/constants';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from './routes';
import { guardIds } from './layouts/signed-in-guard';

const GUARD_FILE = 'layouts/signed-in-guard.tsx';
const ANTD_FILE = 'layouts/antd-layout.tsx';

/**
 * Every page path of the route table, with whether the signed-in guard is among its parents, its
 * layouts, and whether it is inside antd's scope.
 */
function pages(
  entries: readonly RouteConfigEntry[],
  guarded = false,
  layouts: string[] = [],
  antd = false,
): Array<{ path: string; guarded: boolean; layouts: string[]; antd: boolean }> {
  return entries.flatMap((entry) => {
    const isGuard = entry.file === GUARD_FILE;
    const isAntd = entry.file === ANTD_FILE;
    if (isGuard || isAntd) expect(entry.path, `${entry.file} is pathless`).toBeUndefined();
    const withLayout = entry.path === undefined && !entry.index && !isGuard && !isAntd ? [...layouts, entry.file] : layouts;
    const here = entry.path !== undefined ? [{ path: `/${entry.path}`, guarded: guarded || isGuard, layouts, antd: antd || isAntd }] : [];
    return [...here, ...pages(entry.children ?? [], guarded || isGuard, withLayout, antd || isAntd)];
  });
}

const table = pages(routes);
const find = (path: string) => table.find((p) => p.path === path);

describe('the signed-in guard in the route table', () => {
  it('guards exactly the specification’s account pages and the sample pages', () => {
    const guarded = table.filter((p) => p.guarded).map((p) => p.path);
    expect(guarded.filter((p) => !p.startsWith('/admin')).sort()).toEqual(
      [
        '/account',
        '/account/index',
        '/account/payment',
        '/account/apply',
        '/account/applyorder',
        '/account/invoice',
        '/account/company',
        '/account/quotes',
        '/account/quote-request',
        '/account/sales-orders',
        '/account/document-requests',
        '/account/document-request',
        '/account/change-notices',
        '/account/databaseorder',
        '/account/upgrade',
        '/account/favorites',
        '/samplecart',
        '/formconfirm',
        '/formsuccess',
      ].sort(),
    );
  });

  it('leaves the address manager and the notices outside the guard, in the account layout', () => {
    for (const path of ['/account/addressmanager', '/account/notice']) {
      expect(find(path)).toEqual({ path, guarded: false, layouts: ['layouts/account/account-layout.tsx'], antd: true });
    }
  });

  it('keeps each page in its layout', () => {
    expect(find('/account')?.layouts).toEqual(['layouts/account/account-layout.tsx']);
    expect(find('/account/favorites')?.layouts).toEqual(['layouts/account/account-layout.tsx']);
    expect(find('/account/applyorder')?.layouts).toEqual([]);
    expect(find('/account/payment')?.layouts).toEqual([]);
    expect(find('/samplecart')?.layouts).toEqual(['layouts/default/default-layout.tsx']);
    expect(find('/home')).toEqual({ path: '/home', guarded: false, layouts: ['layouts/default/default-layout.tsx'], antd: false });
  });

  it('mounts the one guard module under the ids its loading state knows', () => {
    const ids = (entries: readonly RouteConfigEntry[]): string[] =>
      entries.flatMap((e) => [...(e.file === GUARD_FILE ? [e.id ?? ''] : []), ...ids(e.children ?? [])]);
    expect(ids(routes).sort()).toEqual(Object.values(guardIds).sort());
  });
});

describe('antd’s scope in the route table', () => {
  it('leaves out exactly the public pages and the sign-in pages: they load the public shell alone', () => {
    expect(
      table
        .filter((p) => !p.antd)
        .map((p) => p.path)
        .sort(),
    ).toEqual(
      [
        '/*',
        '/agreement',
        '/backlinks',
        '/coa',
        '/database',
        '/dbregistrationinfo(废弃)',
        '/dbinfolist',
        '/dbregistrationinfolist',
        '/excipientsdetail',
        '/excipientsinfo',
        '/forgot-password',
        '/home',
        '/homeback',
        '/login',
        '/news',
        '/privacy',
        '/regulations',
        '/register',
        '/search',
        '/showabout',
        '/test',
        '/topdatabase',
        '/topdatabasedetail',
        '/topnews',
        '/topnewsdetail',
        '/topregulations',
      ].sort(),
    );
  });

  it('holds every signed-in page', () => {
    expect(table.filter((p) => p.guarded && !p.antd)).toEqual([]);
  });
});

describe('the route table and the contracts’ table of pages', () => {
  /** Every path a route is mounted at ('/' for the index route), but the catch-all of unknown paths. */
  const mounted = (entries: readonly RouteConfigEntry[]): string[] =>
    entries.flatMap((entry) => [
      ...(entry.index ? ['/'] : entry.path !== undefined && entry.path !== '*' ? [`/${entry.path}`] : []),
      ...mounted(entry.children ?? []),
    ]);

  it('mounts every page of the table once, and no page that is not in it', () => {
    expect(mounted(routes).sort()).toEqual(Object.values(paths).sort());
  });

  it('writes links in the forms the site has always had: the id in the query string', () => {
    expect(withQuery(paths.excipientDetail, { id: 3 })).toBe('/excipientsdetail?id=3');
    expect(withQuery(paths.topDatabaseDetail, { code: 'registration', id: 12 })).toBe('/topdatabasedetail?code=registration&id=12');
    expect(withQuery(paths.topRegulations, { id: 5 })).toBe('/topregulations?id=5');
    expect(withQuery(paths.payment, { order: 7 })).toBe('/account/payment?order=7');
    expect(withQuery(paths.search, { q: '乳糖 片剂' })).toBe('/search?q=%E4%B9%B3%E7%B3%96+%E7%89%87%E5%89%82');
    // Empty values are left out, and so is a query string with nothing in it.
    expect(withQuery(paths.excipientDetail, { id: 3, spec: undefined, qty: '' })).toBe('/excipientsdetail?id=3');
    expect(withQuery(paths.excipientDetail, {})).toBe('/excipientsdetail');
  });
});
