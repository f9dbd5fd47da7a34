import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { settle } from './support/app.js';
import { registerByApi, signIn, staffSession } from './support/accounts.js';
import { hydrationProblem, useBrowser } from './support/browser.js';
import { get } from './support/http.js';
import { applyByApi, twoProducts } from './support/samples.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/** Every page of the site, by who may see it (apps/web/app/routes.ts; detail pages with demo content). */
const publicPages = [
  paths.home,
  paths.homeBack,
  paths.about,
  paths.selfCheck,
  paths.excipients,
  withQuery(paths.excipientDetail, { id: 1 }),
  paths.registrations,
  '/search?keyword=乳糖',
  paths.database,
  paths.topDatabase,
  paths.standards,
  withQuery(paths.topDatabaseDetail, { id: 1 }),
  paths.regulations,
  paths.topRegulations,
  withQuery(paths.topRegulations, { id: 1 }),
  paths.news,
  paths.topNews,
  withQuery(paths.topNewsDetail, { id: 1 }),
  paths.links,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.agreement,
  paths.privacy,
  '/no-such-page',
];
const memberPages = [
  paths.sampleCart,
  paths.formConfirm,
  paths.formSuccess,
  paths.account,
  paths.accountIndex,
  paths.favorites,
  paths.applications,
  paths.databaseOrders,
  paths.invoices,
  paths.company,
  paths.upgrade,
  paths.addresses,
  paths.notices,
  paths.payment,
];
const staffPages = [
  paths.admin,
  withQuery(paths.admin, { days: 30 }),
  paths.adminApplications,
  paths.adminProducts,
  paths.adminArticles,
  withQuery(paths.adminArticles, { id: 'new' }),
  paths.adminDatabases,
  paths.adminImports,
  paths.adminSettings,
  paths.adminSite,
  paths.adminLegal,
  paths.adminPlans,
  paths.adminOrders,
  paths.adminInvoices,
  paths.adminCompanies,
  paths.adminUsers,
  paths.adminAudit,
];

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Records every Content-Security-Policy violation of the page's documents (the browser's
 * `securitypolicyviolation` event, reported back to the test) and the console's CSP messages.
 */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
      report({
        page: location.pathname + location.search,
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push({ page: page.url(), directive: 'console', blocked: '', sample: message.text() });
    }
  });
  return violations;
}

/** Opens each page in turn and waits until it is hydrated and idle. */
async function visitAll(page: Page, urls: string[]): Promise<void> {
  for (const path of urls) {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src '(nonce|sha256)-/);
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__react')), undefined, { timeout: 15_000 });
    await settle(page);
  }
}

/** The nonce a page's policy allows, from its Content-Security-Policy header. */
function nonceOf(policy: string | null): string {
  const match = /script-src 'nonce-([^']+)'/.exec(policy ?? '');
  expect(match, policy ?? '(no policy)').not.toBeNull();
  return match![1]!;
}

/** The hashes a shared page's policy names for its scripts. */
function scriptHashesOf(policy: string | null): string[] {
  const scripts = /script-src ([^;]+)/.exec(policy ?? '')?.[1] ?? '';
  expect(scripts, policy ?? '(no policy)').toContain("'strict-dynamic'");
  return [...scripts.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]!);
}

/** A shared page's HTML carries no nonce and no <style>, and its policy names the hash of each inline script and no other. */
function expectHashesOfEveryScript(html: string, policy: string | null): void {
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!));
  expect(inline.length).toBeGreaterThan(0);
  expect(html).not.toMatch(/\snonce="/);
  expect([...html.matchAll(/<style\b/g)]).toEqual([]);
  const hashes = inline.map((m) => `sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}`);
  expect(new Set(scriptHashesOf(policy))).toEqual(new Set(hashes));
}

/** Every script and module preload of a page's HTML carries `nonce`, no other nonce is in it, and it has no <style>. */
function expectNonceEverywhere(html: string, nonce: string): void {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b([^>]*rel="modulepreload"[^>]*)>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  expect(styles).toEqual([]);
  for (const attributes of [...scripts, ...preloads]) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(new Set([...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
}

describe('security headers and the content security policy', () => {
  const browser = useBrowser();

  test('each render has its own nonce, every script of it carries that nonce, and styles come from long-cached stylesheets', async () => {
    // A page rendered for each request (personal pages are never stored): each response has its own nonce.
    const [first, second] = [await get(paths.login), await get(paths.login)];
    const nonces = [nonceOf(first.headers.get('content-security-policy')), nonceOf(second.headers.get('content-security-policy'))];
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces[0]!.length).toBeGreaterThanOrEqual(22);
    const html = await first.text();
    expectNonceEverywhere(html, nonces[0]!);
    // antd's styles are a stylesheet of the build, not inline: a page drawn with antd (the sign-in pages
    // are drawn without it) has no <style> of its own either.
    const antdPage = await get(paths.sampleCart);
    const antdHtml = await antdPage.text();
    expectNonceEverywhere(antdHtml, nonceOf(antdPage.headers.get('content-security-policy')));
    const sheets = [html, antdHtml].flatMap((page) =>
      [...page.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? ''),
    );
    const sheetTexts = await Promise.all(
      sheets.map(async (href) => {
        const response = await get(href);
        expect(response.headers.get('cache-control'), href).toContain('immutable');
        return response.text();
      }),
    );
    expect(sheetTexts.join('\n')).toContain('.ant-btn');

    for (const response of [first, await get('/api/app/excipient?page=1&pageSize=1')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
    const policy = first.headers.get('content-security-policy')!;
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "style-src-attr 'unsafe-inline'"]) {
      expect(policy).toContain(directive);
    }
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    // HEAD answers the headers a GET would have.
    nonceOf((await get(paths.login, { method: 'HEAD' })).headers.get('content-security-policy'));
    const home = await get(paths.home);
    expect((await get(paths.home, { method: 'HEAD' })).headers.get('content-security-policy')).toBe(home.headers.get('content-security-policy'));
  });

  test('a cached page comes with the policy of its hashes: the same from every worker, a 304 from any of them repeats it', async () => {
    const [first, second] = [await get(paths.home), await get(paths.home)];
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const etag = second.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('etag')).toBe(etag);
    const policy = second.headers.get('content-security-policy');
    expect(first.headers.get('content-security-policy')).toBe(policy);
    const html = await second.text();
    expect(await first.text()).toBe(html);
    expectHashesOfEveryScript(html, policy);
    // Every worker renders the same bytes: however many requests, one ETag and one policy.
    const others = await Promise.all(Array.from({ length: 6 }, () => get(paths.home)));
    expect(new Set(others.map((response) => response.headers.get('etag')))).toEqual(new Set([etag]));
    expect(new Set(others.map((response) => response.headers.get('content-security-policy')))).toEqual(new Set([policy]));

    const revalidated = await get(paths.home, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBe(policy);
    expect(revalidated.headers.get('etag')).toBe(etag);

    // The stored page runs in the browser under its stored policy, however often it is served.
    const { page, console: messages, pageErrors } = await browser.newPage();
    const violations = await watchViolations(page);
    await visitAll(page, [paths.home, paths.home]);
    const served = await page.evaluate(() => Array.from(document.scripts, (script) => script.nonce));
    expect(new Set(served)).toEqual(new Set(['']));
    expect([
      ...violations.map((v) => `${v.page}: ${v.directive} blocked ${v.blocked}`),
      ...messages.filter((m) => hydrationProblem.test(m.text)).map((m) => m.text),
      ...pageErrors.map((e) => e.message),
    ]).toEqual([]);
  });

  test.each([
    ['a cached page (its hashes)', paths.home],
    ['a personal page (its nonce)', paths.login],
  ])('a script or style injected into %s does not run', async (_kind, url) => {
    const { page } = await browser.newPage();
    const violations = await watchViolations(page);
    await visitAll(page, [url]);
    const outcome = await page.evaluate(async () => {
      const injected = document.createElement('div');
      // What an XSS in rendered HTML would be: markup with an inline script and a style, parsed into the page.
      injected.innerHTML =
        '<img src="x" onerror="window.__injected = true"><style>body { outline: 7px solid rgb(255, 0, 0) }</style><p id="__probe">x</p>';
      document.body.append(injected);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return {
        ran: (window as unknown as { __injected?: boolean }).__injected === true,
        styled: getComputedStyle(document.body).outlineWidth === '7px',
      };
    });
    expect(outcome).toEqual({ ran: false, styled: false });
    expect(violations.some((v) => v.directive.startsWith('script-src'))).toBe(true);
    expect(violations.some((v) => v.directive.startsWith('style-src'))).toBe(true);
  });

  test('a visit that begins on a cached page keeps its policy into the staff console: antd’s styles, a drawer’s scroll lock and the editor work', async () => {
    const [product] = await twoProducts();
    const session = await staffSession();
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const violations = await watchViolations(page);
    await signIn(page, session);
    const landing = await page.goto(paths.home, { waitUntil: 'networkidle' });
    scriptHashesOf(landing!.headers()['content-security-policy'] ?? null);
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__react')), undefined, { timeout: 15_000 });
    // Navigations in the browser from here on: the document, and so its policy, stays the home page's.
    const navigate = async (to: string) => {
      await page.evaluate((url) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(url), to);
      await page.waitForLoadState('networkidle');
      await settle(page);
    };
    // A desk's item opens in its drawer (`?id=`).
    await navigate(`${paths.adminProducts}?id=${product.id}`);
    await page.getByRole('dialog').getByText('基本信息').waitFor();
    const state = await page.evaluate(() => {
      const styles = Array.from(document.querySelectorAll('style'));
      const primary = document.querySelector<HTMLElement>('.ant-btn-primary');
      return {
        // Style elements stay empty in the document; their rules are in their stylesheets.
        withText: styles.filter((style) => style.childNodes.length > 0).length,
        withRules: styles.filter((style) => (style.sheet?.cssRules.length ?? 0) > 0).length,
        // antd's theme variables apply (they come from such an element): the primary button is coloured.
        primary: primary ? getComputedStyle(primary).backgroundColor : 'none',
        // The drawer's scroll lock (a style element of antd's) holds the page still.
        overflow: getComputedStyle(document.body).overflowY,
      };
    });
    expect(state.withText).toBe(0);
    expect(state.withRules).toBeGreaterThan(0);
    expect(state.primary).not.toMatch(/^(none|rgba\(0, 0, 0, 0\)|transparent)$/);
    expect(state.overflow).toBe('hidden');
    expect(page.url()).toContain(paths.adminProducts);
    expect(await page.evaluate(() => document.querySelector('script[nonce]') === null)).toBe(true);

    // The article editor adds its own style element.
    await page.keyboard.press('Escape');
    await navigate(`${paths.adminArticles}?id=new`);
    const editor = page.locator('.tiptap, .ProseMirror').first();
    await editor.waitFor();
    expect(await editor.evaluate((element) => getComputedStyle(element).whiteSpace)).toMatch(/pre-wrap|break-spaces/);

    expect([
      ...violations.map((v) => `${v.page}: ${v.directive} blocked ${v.blocked} ${v.sample}`),
      ...messages.filter((m) => hydrationProblem.test(m.text)).map((m) => `${m.url}: ${m.text}`),
      ...pageErrors.map((e) => `page error: ${e.message}`),
    ]).toEqual([]);
  }, 120_000);

  test.each([
    ['public', 'anonymous'],
    ['member', 'a member'],
    ['staff', 'staff'],
  ] as const)(
    'no %s page violates its policy or fails to hydrate (visited as %s)',
    async (kind, _visitor) => {
      let session: { token: string; user: unknown } | undefined;
      let urls: string[] = publicPages;
      if (kind !== 'public') {
        const member = await registerByApi('安全策略');
        const [product] = await twoProducts();
        const application = await applyByApi(member, product);
        session = kind === 'member' ? member : await staffSession();
        urls =
          kind === 'member'
            ? [...memberPages, withQuery(paths.applicationOrder, { id: application.id })]
            : [...staffPages, withQuery(paths.adminApplications, { id: application.id })];
      }
      const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const violations = await watchViolations(page);
      if (session) await signIn(page, session);
      await visitAll(page, urls);
      // Client-side navigation too: styles and route modules loaded after hydration must pass the policy.
      const link = page.locator('a[href="/news"], a[href="/excipientsinfo"]').first();
      if ((await link.count()) > 0) {
        await link.click();
        await page.waitForLoadState('networkidle');
        await settle(page);
      }
      expect([
        ...violations.map((v) => `${v.page}: ${v.directive} blocked ${v.blocked} ${v.sample}`),
        ...messages.filter((m) => hydrationProblem.test(m.text)).map((m) => `${m.url}: ${m.text}`),
        ...pageErrors.map((e) => `page error: ${e.message}`),
      ]).toEqual([]);
    },
    240_000,
  );
});
