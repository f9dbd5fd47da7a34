import type { Locator, Page } from 'playwright-core';

/**
 * Values of the web app that the journeys depend on. They are copied, not imported, because the
 * journeys test the built app from the outside; the source of each is named.
 */
export const app = {
  /** apps/web/app/components/loading-indicator.tsx: LOADING_INDICATOR */
  loadingIndicator: { throttleMs: 200, heightPx: 3, hideDelayMs: 500 },
  /** apps/web/app/lib/chunk-reload.ts */
  chunkReload: { storageKey: 'fuliaotong:chunk-reload', ttlMs: 10_000 },
  /** apps/web/app/lib/build-watch.ts */
  buildWatch: { manifestDelayMs: 1_000, pollIntervalMs: 60 * 60 * 1_000 },
} as const;

interface ManifestRoute {
  id: string;
  path?: string;
  module: string;
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  }
}

/** A link of the header's main navigation (desktop widths), by its label. */
export function headerLink(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true });
}

/** The URL path of a route's JavaScript module, from the route manifest the page was given. */
export async function routeModulePath(page: Page, routeId: string): Promise<string> {
  await page.waitForFunction((id) => !!window.__reactRouterManifest?.routes[id], routeId);
  return page.evaluate((id) => window.__reactRouterManifest!.routes[id]!.module, routeId);
}

/** Main-frame document requests (full page loads) by path, in the order they were made. */
export function recordDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.resourceType() === 'document') {
      const { pathname, search } = new URL(request.url());
      loads.push(pathname + search);
    }
  });
  return loads;
}

/**
 * Lets the page finish what it is doing with responses it has already received (parsing JSON,
 * updating module state): a few macrotask turns and one network round trip.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 10; i += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
    await (await fetch('/api/health', { cache: 'no-store' })).text();
  });
}

/** Waits until the page's h1 reads exactly `text` (client navigations render after the URL changes). */
export async function waitForHeading(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout });
}

/**
 * Chooses an option of an antd Select by the field's label, and waits until the field shows it. The
 * click is tried again when the field does not show it: on a loaded machine the option list can still
 * be moving (its opening animation) or another list closing when the click lands, and the click is lost.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await field.click();
    // The dropdown lives in a portal: the select's own text is its value (or the placeholder).
    const select = page.locator('.ant-select', { has: field }).first();
    try {
      // A list still scrolling (its virtual rows re-rendered) never holds the option still: open it anew.
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click({ timeout: 5_000 });
      await select.filter({ hasText: option }).waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Chooses a product in a product search field (the desks' 产品): types its name and picks the option
 * that is this product, `名称（English name）`, not one whose name merely contains it (微晶纤维素 is
 * also inside 硅化微晶纤维素, and which of them the search lists first depends on the catalogue). The
 * list is replaced when the search answers: a click that lands on the list it replaces is lost, and is
 * made again.
 */
export async function chooseProduct(page: Page, field: Locator, nameZh: string): Promise<void> {
  await field.click();
  await field.fill(nameZh);
  const own = new RegExp(`^${nameZh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}（`);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: own }).first();
  // The select around the field shows the chosen product.
  const shown = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]').filter({ hasText: nameZh });
  for (let attempt = 1; ; attempt += 1) {
    await option.click();
    try {
      await shown.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Picks a region (省, 市, 区) in the open cascader of an address form, column by column. A click that
 * lands while a column is still opening is lost: until the next column shows, the item is clicked again.
 */
export async function chooseRegion(page: Page, names: readonly string[]): Promise<void> {
  for (const [column, name] of names.entries()) {
    const item = page.locator(`.ant-cascader-menu:nth-child(${column + 1}) .ant-cascader-menu-item[title="${name}"]`);
    const next = column + 1 < names.length ? page.locator(`.ant-cascader-menu:nth-child(${column + 2}) .ant-cascader-menu-item`).first() : undefined;
    for (let attempt = 1; ; attempt += 1) {
      await item.click();
      if (!next) break;
      try {
        await next.waitFor({ timeout: 3_000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }
}
