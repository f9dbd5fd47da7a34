import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, describe, expect, test } from 'vitest';
import routeConfig from '../apps/web/app/routes.js';
import { apiRequest, registerByApi, type Session, signIn, staffSession } from './support/accounts.js';
import { recordDocumentLoads } from './support/app.js';
import { gotoHydrated, outputDir, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { applyByApi, twoProducts } from './support/samples.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A page reached by client navigation looks as it does when loaded directly. Every route of
 * apps/web/app/routes.ts is loaded directly, then the visitor goes on to the next one by client
 * navigation (the router, as a link does: no document load) and the page is compared with its own
 * direct load. So each page is reached from a page that was itself loaded directly, as a visitor
 * reaches it (the payment page from the orders, the cart from a product). A page's look is compared
 * through the computed styles of its landmarks and of the first elements of its <main>: display and
 * box, type, colours, borders and spacing.
 */

declare global {
  interface Window {
    __reactRouterDataRouter?: {
      navigate(to: string): Promise<void>;
      state: { matches: Array<{ route: { id: string } }> };
    };
    __clientNavigationMarker?: string;
  }
}

/** A route of routes.ts (its id in the route manifest) and a URL of it with real content. */
interface Visit {
  route: string;
  url: string;
  /** Where a redirecting route ends. */
  endsAt?: string;
}

/** How many elements of <main> are compared, in document order. */
const ELEMENTS_IN_MAIN = 120;

/** The computed properties compared. */
const PROPERTIES = [
  'display',
  'position',
  'float',
  'visibility',
  'box-sizing',
  'width',
  'flex-direction',
  'flex-wrap',
  'align-items',
  'justify-content',
  'gap',
  'grid-template-columns',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'text-decoration-line',
  'color',
  'background-color',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-bottom-width',
  'border-radius',
  'padding',
  'margin',
];

/** One element of a page's signature: what it is and its computed styles. */
interface Described {
  element: string;
  style: Record<string, string>;
}

/**
 * The page's signature: its landmarks (header, navigations, main, footer, side panels, the heading)
 * and the first elements of <main>. Runs in the page.
 */
function pageSignature([limit, properties]: readonly [number, readonly string[]]): Described[] {
  const describe = (element: Element): Described => {
    const classes = Array.from(element.classList).filter((name) => !/^css-|-(?:active|focused|hover|appear|enter|leave)/.test(name));
    const computed = getComputedStyle(element);
    const style: Record<string, string> = {};
    for (const property of properties) {
      let value = computed.getPropertyValue(property);
      // Lengths to whole pixels (sub-pixel layout is not a look).
      if (property === 'width' && value.endsWith('px')) value = `${Math.round(parseFloat(value))}px`;
      style[property] = value;
    }
    // Not the id: React's and antd's ids count the components rendered so far.
    const name = element.tagName.toLowerCase() + classes.map((c) => `.${c}`).join('');
    return { element: name, style };
  };
  const landmarks = Array.from(document.querySelectorAll('header, nav, main, footer, aside, h1'));
  const main = document.querySelector('main');
  const inMain = main
    ? Array.from(main.querySelectorAll('*')).filter((element) => !element.closest('svg, canvas') && element.tagName !== 'SCRIPT').slice(0, limit)
    : [];
  return [...landmarks.map((e) => ({ ...describe(e), element: `landmark ${describe(e).element}` })), ...inMain.map(describe)];
}

/** Differences between two signatures, one line each (at most `max`). */
function differences(expected: Described[], actual: Described[], max = 12): string[] {
  const found: string[] = [];
  const length = Math.max(expected.length, actual.length);
  for (let i = 0; i < length && found.length < max; i += 1) {
    const a = expected[i];
    const b = actual[i];
    if (!a || !b || a.element !== b.element) {
      found.push(`#${i}: ${a?.element ?? '(none)'} on the direct load, ${b?.element ?? '(none)'} after client navigation`);
      continue;
    }
    const changed = Object.keys(a.style).filter((property) => a.style[property] !== b.style[property]);
    if (changed.length > 0) {
      found.push(`#${i} ${a.element}: ${changed.map((p) => `${p} ${a.style[p]} → ${b.style[p]}`).join('; ')}`);
    }
  }
  return found;
}

/**
 * Counts the page's requests in flight, so that a page is measured once what it asked for has come
 * (its data, its modules, its stylesheets).
 */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * The page's signature once it has settled: nothing in flight, no placeholder or spinner, no entry
 * animation running, and the same signature twice in a row.
 */
async function settledSignature(page: Page, inFlight: () => number): Promise<Described[]> {
  const deadline = Date.now() + 15_000;
  let previous: string | undefined;
  for (;;) {
    await page
      .waitForFunction(
        () =>
          document.querySelectorAll('.ant-skeleton, .skeleton, .page-loading, .ant-spin-spinning').length === 0 &&
          // Animations of what is compared (not the loading bar above the page, which fades after a navigation).
          document.getAnimations().every((a) => {
            const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
            const compared = !!target?.closest('main, header, nav, footer, aside');
            return !compared || a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity;
          }),
        undefined,
        { timeout: Math.max(1, deadline - Date.now()) },
      )
      .catch(() => undefined);
    const signature = inFlight() === 0 ? await page.evaluate(pageSignature, [ELEMENTS_IN_MAIN, PROPERTIES] as const) : undefined;
    const text = signature && JSON.stringify(signature);
    if (signature && text === previous) return signature;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle within 15 s`);
    previous = text;
    await page.waitForTimeout(100);
  }
}

/** Waits until the address bar shows the path (and query). */
async function arrivedAt(page: Page, expectedPath: string): Promise<void> {
  await page.waitForFunction((expected) => decodeURIComponent(location.pathname) + location.search === expected, expectedPath);
}

/** The id of the deepest route the page shows. */
function shownRoute(page: Page): Promise<string | undefined> {
  return page.evaluate(() => window.__reactRouterDataRouter?.state.matches.at(-1)?.route.id);
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://x');
  return decodeURIComponent(pathname) + search;
};

/** The ids of the routes of a route configuration that show a page (not the layouts around them). */
function pagesOf(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.children ? pagesOf(entry.children) : [entry.id ?? entry.file.replace(/\.tsx?$/, '')],
  );
}

/** Every direct load's signature, written to e2e/.output/ for a closer look. */
const signatures: Record<string, Described[]> = {};

afterAll(async () => {
  await writeFile(path.join(outputDir, 'client-navigation-signatures.json'), JSON.stringify(signatures, null, 1));
});

/** Public pages, the redirects and the sign-in pages, in the order a visitor is taken through them. */
const visitorVisits = (newsId: number): Visit[] => [
  { route: 'routes/root-redirect', url: '/', endsAt: paths.home },
  { route: 'routes/home-back', url: paths.homeBack },
  { route: 'routes/about', url: paths.about },
  { route: 'routes/databases', url: paths.database },
  { route: 'topdatabase', url: withQuery(paths.topDatabase, { code: 'usage' }) },
  { route: 'routes/database-record', url: withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 }) },
  { route: 'dbinfolist', url: paths.standards },
  { route: 'routes/deprecated-registration-info', url: paths.registrationsDeprecated, endsAt: paths.registrations },
  { route: 'routes/registrations', url: paths.registrations },
  { route: 'routes/excipients', url: paths.excipients },
  { route: 'routes/excipient-detail', url: withQuery(paths.excipientDetail, { id: 1 }) },
  { route: 'routes/search', url: withQuery(paths.search, { q: '乳糖' }) },
  { route: 'regulations', url: paths.regulations },
  { route: 'topregulations', url: withQuery(paths.topRegulations, { id: 1 }) },
  { route: 'news', url: paths.news },
  { route: 'topnews', url: paths.topNews },
  { route: 'routes/news-detail', url: withQuery(paths.topNewsDetail, { id: newsId }) },
  { route: 'routes/links', url: paths.links },
  { route: 'routes/agreement', url: paths.agreement },
  { route: 'routes/privacy', url: paths.privacy },
  { route: 'routes/self-check', url: paths.selfCheck },
  { route: 'routes/coa', url: withQuery(paths.coa, { excipient: 1 }) },
  { route: 'routes/not-found', url: '/no-such-page' },
  { route: 'routes/login', url: paths.login },
  { route: 'routes/register', url: paths.register },
  { route: 'routes/forgot-password', url: paths.forgotPassword },
  { route: 'routes/home', url: paths.home },
];

/** The cart, the application form and the account pages, each after the page a member comes from. */
const memberVisits = (ids: { cartItem: number; application: number; order: number; quote: number }): Visit[] => [
  { route: 'routes/sample-cart', url: paths.sampleCart },
  { route: 'routes/form-confirm', url: withQuery(paths.formConfirm, { ids: ids.cartItem }) },
  { route: 'routes/form-success', url: withQuery(paths.formSuccess, { id: ids.application }) },
  { route: 'account', url: paths.account },
  { route: 'routes/account/apply', url: paths.applications },
  { route: 'routes/account/apply-order', url: withQuery(paths.applicationOrder, { id: ids.application }) },
  { route: 'routes/account/favorites', url: paths.favorites },
  { route: 'routes/account/upgrade', url: paths.upgrade },
  { route: 'routes/account/database-orders', url: paths.databaseOrders },
  { route: 'payment', url: withQuery(paths.payment, { order: ids.order }) },
  { route: 'routes/account/invoices', url: paths.invoices },
  { route: 'routes/account/company', url: paths.company },
  { route: 'routes/account/quotes', url: paths.quotes },
  { route: 'routes/account/quotes', url: withQuery(paths.quotes, { id: ids.quote }) },
  { route: 'routes/account/quote-request', url: withQuery(paths.quoteRequest, { excipient: 1 }) },
  { route: 'routes/account/sales-orders', url: paths.salesOrders },
  { route: 'routes/account/document-requests', url: paths.documentRequests },
  { route: 'routes/account/document-request', url: withQuery(paths.documentRequestNew, { excipient: 1 }) },
  { route: 'routes/account/change-notices', url: paths.changeNotices },
  { route: 'routes/coa', url: paths.coa },
  { route: 'routes/account/address-manager', url: paths.addresses },
  { route: 'routes/account/notices', url: paths.notices },
  { route: 'account-index', url: paths.accountIndex },
];

/** Every staff desk (the price requests' with one request open). */
const staffVisits = (ids: { quote: number }): Visit[] => [
  ...['admin-index', 'applications', 'settings', 'site', 'legal', 'plans', 'orders', 'invoices', 'companies', 'products', 'articles', 'databases', 'imports', 'users', 'audit', 'batches'].map(
    (desk) => ({ route: `routes/admin/${desk}`, url: desk === 'admin-index' ? paths.admin : `/admin/${desk}` }),
  ),
  { route: 'routes/admin/quotes', url: withQuery(paths.adminQuotes, { id: ids.quote }) },
  { route: 'routes/admin/sales-orders', url: paths.adminSalesOrders },
  { route: 'routes/admin/document-requests', url: paths.adminDocumentRequests },
  { route: 'routes/admin/change-notices', url: paths.adminChangeNotices },
];

describe('client navigation looks like a direct load', () => {
  const browser = useBrowser();

  /**
   * Opens `start`, then for each visit: client navigation from the page before (loaded directly) to
   * the visit's URL, its signature; then the same URL loaded directly, its signature. Returns the
   * visits whose two signatures differ, and the page's uncaught errors.
   */
  async function tour(visits: Visit[], options: { session?: Session; start: string; label: string }): Promise<string[]> {
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    const inFlight = trackRequests(page);
    const hydrated = () => page.waitForFunction(() => !!window.__reactRouterDataRouter?.state.matches.length);
    /** Loads a URL directly and waits until it has settled. */
    const load = async (url: string, expectedPath: string) => {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await arrivedAt(page, expectedPath);
      await hydrated();
      return settledSignature(page, inFlight);
    };
    /** Goes to a URL by client navigation (as a link does) and waits until it has settled. */
    const navigate = async (url: string, expectedPath: string) => {
      await page.evaluate((to) => window.__reactRouterDataRouter!.navigate(to), url);
      await arrivedAt(page, expectedPath);
      return settledSignature(page, inFlight);
    };

    if (options.session) await signIn(page, options.session, options.start);
    await load(options.start, pathOf(options.start));
    const documentLoads = recordDocumentLoads(page);
    const mismatches: string[] = [];
    let before = options.start;
    for (const visit of visits) {
      const expectedPath = pathOf(visit.endsAt ?? visit.url);
      // From the page before (loaded directly): no document load, the marker set before survives.
      documentLoads.length = 0;
      await page.evaluate(() => (window.__clientNavigationMarker = 'before the navigation'));
      const client = await navigate(visit.url, expectedPath);
      expect(documentLoads, `${visit.url} was reached without a document load`).toEqual([]);
      expect(await page.evaluate(() => window.__clientNavigationMarker), `${visit.url}: still the same document`).toBe('before the navigation');
      if (!visit.endsAt) expect(await shownRoute(page), `${visit.url} shows its route`).toBe(visit.route);

      const direct = await load(visit.url, expectedPath);
      signatures[`${options.label} ${visit.url}`] = direct;
      const found = differences(direct, client);
      if (found.length > 0) {
        mismatches.push(`${visit.url} (${visit.route}), reached from ${before} by client navigation, differs from its direct load:\n  ${found.join('\n  ')}`);
        // A picture of it, reached the same way again.
        await load(before, pathOf(before));
        await navigate(visit.url, expectedPath);
        await saveScreenshot(page, `client-navigation-${options.label}-${visit.route}`, true);
        await load(visit.url, expectedPath);
      }
      before = visit.url;
    }
    return [...mismatches, ...pageErrors.map((error) => `${options.label}: ${error.message}`)];
  }

  // The three tours go side by side (each in a browser context of its own), to keep the test short. On a
  // loaded machine they take minutes: the time allowed is the whole of that, each page's own wait is 15 s.
  test('every route: public pages without a session, the cart and account pages as a member, the staff desks as staff', { timeout: 360_000 }, async () => {
    const { body: news } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/news?page=1&pageSize=1');
    const member = await registerByApi('逛遍账号页');
    const [product] = await twoProducts();
    const added = await apiRequest('/api/app/sample/sample-cart', {
      method: 'POST',
      token: member.token,
      json: { excipientId: product.id, specId: product.spec.id, quantity: 2 },
    });
    expect([200, 201], JSON.stringify(added.body)).toContain(added.status);
    const { body: cart } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/sample/sample-cart-list', { token: member.token });
    const application = await applyByApi(member, product);
    const order = await apiRequest<{ id: number }>('/api/app/order', { token: member.token, json: { planId: 1 } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const quote = await apiRequest<{ id: number }>('/api/app/quote', {
      token: member.token,
      json: {
        lines: [{ excipientId: product.id, specId: product.spec.id, quantity: 500, unit: 'kg' }],
        deliveryCity: '浙江省杭州市',
        requiredDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        purpose: 'commercial',
        contactName: '王采购',
        contactPhone: '13800138000',
      },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const ids = { cartItem: cart.items[0]!.id, application: application.id, order: order.body.id, quote: quote.body.id };

    const tours = await Promise.allSettled([
      tour(visitorVisits(news.items[0]!.id), { start: paths.home, label: 'visitor' }),
      tour(memberVisits(ids), { session: member, start: withQuery(paths.excipientDetail, { id: 1 }), label: 'member' }),
      tour(staffVisits(ids), { session: await staffSession(), start: paths.account, label: 'staff' }),
    ]);
    const failures = tours.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : result.value));
    expect(failures).toEqual([]);
  });

  test('the payment page lists its three methods one under another, reached from the orders and loaded directly', async () => {
    const member = await registerByApi('订单的买家');
    const order = await apiRequest<{ id: number }>('/api/app/order', { token: member.token, json: { planId: 1 } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const { page } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, member, paths.home);
    await gotoHydrated(page, paths.databaseOrders, 'main');
    const documentLoads = recordDocumentLoads(page);
    await page.getByRole('main').getByRole('button', { name: '去支付', exact: true }).click();
    await arrivedAt(page, withQuery(paths.payment, { order: order.body.id }));
    /** Each method's box: a row of the list's whole width, below the one before. */
    const methodRows = async () => {
      await page.getByRole('radio', { name: /对公转账/ }).waitFor();
      return page.evaluate(() => {
        const list = document.querySelector('.payment-methods')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.payment-method')).map((method) => {
          const box = method.getBoundingClientRect();
          return { fullWidth: box.width >= list.width - 1, top: Math.round(box.top) };
        });
      });
    };
    const stacked = (rows: Array<{ fullWidth: boolean; top: number }>) => {
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.fullWidth)).toBe(true);
      expect(rows.every((row, i) => i === 0 || row.top > rows[i - 1]!.top)).toBe(true);
    };
    stacked(await methodRows());
    expect(documentLoads).toEqual([]);
    await page.reload();
    stacked(await methodRows());
  });

  test('the tours cover every route of routes.ts', () => {
    const toured = new Set([...visitorVisits(0), ...memberVisits({ cartItem: 0, application: 0, order: 0, quote: 0 }), ...staffVisits({ quote: 0 })].map((v) => v.route));
    const pages = pagesOf(routeConfig);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.filter((route) => !toured.has(route))).toEqual([]);
  });
});
