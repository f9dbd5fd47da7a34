import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, type Session, signIn } from './support/accounts.js';
import { gotoHydrated, outputDir, saveScreenshot, useBrowser } from './support/browser.js';
import { ownAddress } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * axe (the accessibility rules of axe-core) over every public page and every account page: a serious or
 * critical violation fails the journey, and names each one (rule, impact, the first elements' selectors).
 * Accessible names are Chinese: no element offers a screen reader an English name of its own (antd's
 * icon names such as "search" or "shopping-cart", "segmented control").
 */

const desktop = (): BrowserContextOptions => ({
  viewport: { width: 1280, height: 900 },
  extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
});
const phone = (): BrowserContextOptions => ({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
});

/** Impacts that fail the journey. */
const failing = new Set(['serious', 'critical']);

interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

/** An article with a table in its text (the demo news has some), found through the public API. */
async function articleWithTable(): Promise<number> {
  const { body } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/news?page=1&pageSize=50');
  for (const { id } of body.items) {
    const { body: article } = await apiRequest<{ content: string }>(`/api/app/news/${id}`);
    if (article.content.includes('<table')) return id;
  }
  throw new Error('no demo article has a table');
}

/** Public pages, visited without a session. */
async function publicPages(): Promise<string[]> {
  return [
    paths.home,
    paths.excipients,
    withQuery(paths.excipients, { category: '崩解剂', sampleAvailable: 'true' }),
    withQuery(paths.excipientDetail, { id: 1 }),
    paths.database,
    paths.registrations,
    paths.standards,
    withQuery(paths.topDatabase, { code: 'usage' }),
    withQuery(paths.topDatabaseDetail, { id: 1 }),
    paths.regulations,
    withQuery(paths.topRegulations, { id: 1 }),
    paths.news,
    withQuery(paths.topNewsDetail, { id: await articleWithTable() }),
    withQuery(paths.search, { q: '乳糖' }),
    paths.about,
    paths.links,
    paths.login,
    paths.register,
    '/no-such-page/x?y=1',
  ];
}

/** Pages that show more with a session: the database lists with their records, the cart, every account page. */
const signedInPages = [
  paths.standards,
  withQuery(paths.topDatabase, { code: 'usage' }),
  paths.sampleCart,
  paths.account,
  paths.applications,
  paths.favorites,
  paths.databaseOrders,
  paths.invoices,
  paths.quotes,
  paths.quoteRequest,
  paths.salesOrders,
  paths.upgrade,
  paths.addresses,
  paths.notices,
];

/** A member with something in the sample cart. */
async function memberWithCart(): Promise<Session> {
  const member = await registerByApi('无障碍检查');
  const { body } = await apiRequest<{ specs: Array<{ id: number; sampleAvailable: boolean }> }>('/api/app/excipient/1');
  const spec = body.specs.find((s) => s.sampleAvailable);
  if (!spec) throw new Error('product 1 offers no sample');
  const added = await apiRequest('/api/app/sample/sample-cart', {
    method: 'POST',
    token: member.token,
    json: { excipientId: 1, specId: spec.id, quantity: 2 },
  });
  expect([200, 201], JSON.stringify(added.body)).toContain(added.status);
  return member;
}

/** Loads a page and waits until it has hydrated and its data has arrived (no skeletons left). */
async function open(page: Page, path: string): Promise<void> {
  const hydrated = path === paths.login || path === paths.register ? 'a[href="/home"]' : 'header a[href="/home"]';
  await gotoHydrated(page, path, hydrated);
  await page.waitForFunction(() => document.querySelectorAll('.ant-skeleton, .skeleton').length === 0, undefined, { timeout: 15_000 });
  // Entry animations (antd's motion) end before colours are measured.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Accessible names and role descriptions that are not Chinese, outside what is hidden from screen readers. */
function englishNames(): string[] {
  const found: string[] = [];
  for (const element of Array.from(document.querySelectorAll('[aria-label], [aria-roledescription]'))) {
    if (element.closest('[aria-hidden="true"]') || !element.checkVisibility()) continue;
    for (const attribute of ['aria-label', 'aria-roledescription']) {
      const value = element.getAttribute(attribute);
      // antd's own names are lower-case English words: an icon's name ("search", "shopping-cart"), "segmented control".
      if (value && /^[a-z]+(?:[- ][a-z]+)*$/.test(value)) found.push(`${element.tagName.toLowerCase()}[${attribute}="${value}"]`);
    }
  }
  return [...new Set(found)];
}

/** Every violation of every page, with each element's details (colours and ratio for contrast), for a closer look. */
const details: Array<{ page: string; id: string; nodes: Array<{ target: string; data: unknown; html: string }> }> = [];

async function scan(page: Page, path: string, label: string, findings: Finding[], names: Map<string, string[]>): Promise<void> {
  await open(page, path);
  // Also the rule that a control's name contains the words it shows (experimental in axe, so off by default).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const violation of results.violations) {
    findings.push({
      page: `${label} ${path}`,
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.length,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    });
    details.push({
      page: `${label} ${path}`,
      id: violation.id,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        data: node.any[0]?.data as unknown,
        html: node.html.slice(0, 200),
      })),
    });
  }
  const english = await page.evaluate(englishNames);
  if (english.length > 0) names.set(`${label} ${path}`, english);
}

/** Every violation, one line each; and the totals by rule and impact (printed for the record). */
function report(findings: Finding[]): string {
  const totals = new Map<string, { pages: number; nodes: number }>();
  for (const f of findings) {
    const key = `${f.id} (${f.impact})`;
    const total = totals.get(key) ?? { pages: 0, nodes: 0 };
    totals.set(key, { pages: total.pages + 1, nodes: total.nodes + f.nodes });
  }
  const lines = findings.map((f) => `${f.page}: ${f.id} [${f.impact}] ${f.help} — ${f.nodes} element(s): ${f.targets.join(' | ')}`);
  const summary = [...totals].map(([key, t]) => `  ${key}: ${t.pages} page(s), ${t.nodes} element(s)`);
  return [...lines, 'totals:', ...summary].join('\n');
}

function expectClean(findings: Finding[], names: Map<string, string[]>): void {
  console.log(findings.length ? report(findings) : 'axe: no violations');
  for (const [page, list] of names) console.log(`English names on ${page}: ${list.join(', ')}`);
  const serious = findings.filter((f) => failing.has(f.impact));
  expect(serious.length, report(serious)).toBe(0);
  expect(Object.fromEntries(names), 'English accessible names').toEqual({});
}

/** Where the side panel overlaps the page's content (the content box of each `.container` in <main>), if anywhere. */
function panelOverlaps(): string[] {
  const panel = document.querySelector('aside.side-panel');
  if (!panel) return ['no side panel'];
  const p = panel.getBoundingClientRect();
  const found: string[] = [];
  for (const container of Array.from(document.querySelectorAll('main .container'))) {
    if (!container.checkVisibility()) continue;
    const r = container.getBoundingClientRect();
    const style = getComputedStyle(container);
    const left = r.left + parseFloat(style.paddingLeft);
    const right = r.right - parseFloat(style.paddingRight);
    const across = Math.min(p.right, right) - Math.max(p.left, left);
    const down = Math.min(p.bottom, r.bottom) - Math.max(p.top, r.top);
    if (across > 0 && down > 0)
      found.push(
        `${Math.round(across)} px over ${container.className} (panel ${Math.round(p.left)}–${Math.round(p.right)}, content ${Math.round(left)}–${Math.round(right)})`,
      );
  }
  return found;
}

describe('accessibility: axe on every page', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await mkdir(outputDir, { recursive: true });
    await writeFile(path.join(outputDir, 'accessibility.json'), JSON.stringify(details, null, 1));
  });

  test('public pages at 1280 px', { timeout: 240_000 }, async () => {
    const { page } = await browser.newPage(desktop());
    const findings: Finding[] = [];
    const names = new Map<string, string[]>();
    for (const path of await publicPages()) await scan(page, path, '1280', findings, names);
    expectClean(findings, names);
  });

  test('public pages whose phone layout differs, at 375 px', { timeout: 240_000 }, async () => {
    const { page } = await browser.newPage(phone());
    const findings: Finding[] = [];
    const names = new Map<string, string[]>();
    // The phone layouts of their own: header and drawer, cards instead of tables, the article frame.
    const phoneLayouts = /^\/(home|excipientsinfo|excipientsdetail|dbregistrationinfolist|topdatabase\?|topnewsdetail|search)/;
    for (const path of (await publicPages()).filter((p) => phoneLayouts.test(p))) await scan(page, path, '375', findings, names);
    expectClean(findings, names);
  });

  test('signed-in pages (database lists, sample cart, account) at 1280 px', { timeout: 240_000 }, async () => {
    const member = await memberWithCart();
    const { page } = await browser.newPage(desktop());
    await signIn(page, member);
    const findings: Finding[] = [];
    const names = new Map<string, string[]>();
    for (const path of signedInPages) await scan(page, path, '1280 signed in', findings, names);
    expectClean(findings, names);
  });
});

describe('phones: nothing covered, counts visible, every list readable', () => {
  const browser = useBrowser();

  test('at 375, 1024 and 1280 px the side panel covers nothing; screenshots of the main pages', { timeout: 180_000 }, async () => {
    const member = await memberWithCart();
    const article = await articleWithTable();
    const pages = [
      ['home', paths.home],
      ['product', withQuery(paths.excipientDetail, { id: 1 })],
      ['registrations', paths.registrations],
      ['standards', paths.standards],
      ['usage', withQuery(paths.topDatabase, { code: 'usage' })],
      ['article', withQuery(paths.topNewsDetail, { id: article })],
    ] as const;
    for (const width of [375, 1024, 1280]) {
      const { page } = await browser.newPage(width === 375 ? phone() : { ...desktop(), viewport: { width, height: 900 } });
      await signIn(page, member);
      for (const [name, path] of pages) {
        await open(page, path);
        expect(await page.evaluate(panelOverlaps), `${path} at ${width} px`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${path} at ${width} px`,
        ).toBe(0);
        await saveScreenshot(page, `phones-${name}-${width}`, true);
      }
    }
  });

  test(
    'at 375 px: the header shows the cart count, standards and usage are cards, article tables scroll sideways',
    { timeout: 120_000 },
    async () => {
      const member = await memberWithCart();
      const count = (await apiRequest<string>('/api/app/sample/sample-cart-num', { token: member.token })).body;
      expect(Number(count)).toBeGreaterThan(0);
      const { page } = await browser.newPage(phone());
      await signIn(page, member);

      // The header's cart icon: the count in a badge, and in its name.
      await open(page, paths.home);
      const headerCart = page.locator('header').getByRole('link', { name: `样品车，${count} 件` });
      await headerCart.waitFor();
      expect(await headerCart.locator('.count-badge').innerText()).toBe(count);
      // The side panel is its handle, in the page's margin; it opens on a tap.
      const panel = page.getByRole('complementary', { name: '快捷工具' });
      await panel.getByRole('button', { name: '展开快捷工具' }).tap();
      await panel.getByRole('link', { name: `样品车，${count} 件` }).waitFor();

      // The standards and usage databases: one card per record, the table hidden.
      for (const path of [paths.standards, withQuery(paths.topDatabase, { code: 'usage' })]) {
        await open(page, path);
        expect(await page.locator('.records-table').isVisible(), path).toBe(false);
        const cards = page.locator('.record-cards .record-card');
        expect(await cards.count(), path).toBeGreaterThan(0);
        expect(await cards.first().isVisible(), path).toBe(true);
        const card = await cards.first().boundingBox();
        expect(card!.x + card!.width, path).toBeLessThanOrEqual(375);
        expect(await cards.first().getByRole('link').getAttribute('href'), path).toMatch(
          /^\/topdatabasedetail\?code=(standard|usage)&id=\d+$/,
        );
      }

      // An article's table scrolls sideways in its frame; no cell is squeezed to a character's width.
      await open(page, withQuery(paths.topNewsDetail, { id: await articleWithTable() }));
      const frame = page.locator('.rich-text .rich-text__table').first();
      await frame.scrollIntoViewIfNeeded();
      const table = await frame.evaluate((element) => {
        const cells = Array.from(element.querySelectorAll('th, td'));
        const fontSize = parseFloat(getComputedStyle(element).fontSize);
        return {
          overflowX: getComputedStyle(element).overflowX,
          role: element.getAttribute('role'),
          focusable: (element as HTMLElement).tabIndex === 0,
          narrowestCell: Math.min(...cells.map((cell) => cell.getBoundingClientRect().width)) / fontSize,
          frameRight: element.getBoundingClientRect().right,
        };
      });
      expect(table).toMatchObject({ overflowX: 'auto', role: 'region', focusable: true });
      expect(table.narrowestCell).toBeGreaterThanOrEqual(4);
      expect(table.frameRight).toBeLessThanOrEqual(375);
      await saveScreenshot(page, 'phones-article-table-375');
    },
  );
});
