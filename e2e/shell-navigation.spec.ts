import { describe, expect, test } from 'vitest';
import { app, headerLink, recordDocumentLoads, routeModulePath, settle, waitForHeading } from './support/app.js';
import { gotoHydrated, useBrowser, waitForHydration } from './support/browser.js';
import { paths } from '@fuliaotong/contracts';

declare global {
  interface Window {
    __e2eMarker?: string;
  }
}

const aboutHeading = '关于我们';

describe('platform shell: client navigation', () => {
  const browser = useBrowser();

  test('a slow navigation shows the loading bar, which goes away when the page is there', async () => {
    const { page, pageErrors } = await browser.newPage();
    await gotoHydrated(page, paths.home);
    const aboutModule = await routeModulePath(page, 'routes/about');
    // Hold back the next page's module and data for 1.5 s.
    await page.route(
      (u) => u.pathname === aboutModule || u.pathname === '/showabout.data',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => undefined);
      },
    );

    const bar = page.locator('.loading-indicator');
    await expect(bar.getAttribute('data-visible')).resolves.toBe('false');
    const clickedAt = Date.now();
    await headerLink(page, '关于我们').click();
    await page.locator('.loading-indicator[data-visible="true"]').waitFor({ state: 'attached', timeout: 5_000 });
    const shownAfter = Date.now() - clickedAt;
    expect(shownAfter).toBeGreaterThanOrEqual(app.loadingIndicator.throttleMs - 10);
    expect(new URL(page.url()).pathname).toBe(paths.home); // still waiting for the next page
    const style = await bar.evaluate((element) => {
      const css = getComputedStyle(element);
      return { height: css.height, position: css.position, top: css.top, opacity: css.opacity, role: element.getAttribute('role') };
    });
    expect(style).toMatchObject({ height: `${app.loadingIndicator.heightPx}px`, position: 'fixed', top: '0px', role: 'progressbar' });
    await page.waitForFunction(() => Number(document.querySelector('.loading-indicator')?.getAttribute('aria-valuenow')) > 0);

    await page.waitForURL('**/showabout');
    await waitForHeading(page, aboutHeading);
    // Completes to 100 %, then hides and resets.
    await page.locator('.loading-indicator[aria-valuenow="100"]').waitFor({ state: 'attached', timeout: 5_000 });
    await page.locator('.loading-indicator[data-visible="false"][aria-valuenow="0"]').waitFor({ state: 'attached', timeout: 5_000 });
    // The reset shrinks the bar back to nothing (a busy machine may need a few frames for it).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.loading-indicator')!).width === '0px',
      undefined,
      { timeout: 5_000 },
    );
    expect(pageErrors).toEqual([]);
  });

  test('a route module that fails to load reloads the page once, then shows the error view instead of reloading again', async () => {
    const { page, console: messages } = await browser.newPage();
    const documentLoads = recordDocumentLoads(page);
    await gotoHydrated(page, paths.home);
    const aboutModule = await routeModulePath(page, 'routes/about');
    let failNext = true;
    let aborted = 0;
    await page.route(
      (u) => u.pathname === aboutModule,
      async (route) => {
        if (!failNext) return route.continue();
        failNext = false;
        aborted += 1;
        return route.abort('connectionreset');
      },
    );

    // 1. The chunk fails (as after a deployment): one full load of the page the visitor asked for.
    documentLoads.length = 0;
    await headerLink(page, '关于我们').click();
    await page.waitForURL('**/showabout');
    await waitForHydration(page);
    await waitForHeading(page, aboutHeading);
    await page.waitForLoadState('networkidle');
    expect(aborted).toBe(1);
    expect(documentLoads).toEqual([paths.about]);
    const mark = await page.evaluate((key) => window.sessionStorage.getItem(key), app.chunkReload.storageKey);
    const parsed = JSON.parse(mark ?? 'null') as { path?: string; expires?: number } | null;
    expect(parsed?.path).toBe(paths.about);
    const remaining = (parsed?.expires ?? 0) - (await page.evaluate(() => Date.now()));
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(app.chunkReload.ttlMs);

    // 2. It fails again within 10 s: no second reload, the error view instead.
    await gotoHydrated(page, paths.home);
    failNext = true;
    documentLoads.length = 0;
    await headerLink(page, '关于我们').click();
    const errorView = page.locator('main.error-view');
    await errorView.waitFor({ timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    expect(aborted).toBe(2);
    expect(documentLoads).toEqual([]);
    expect(await errorView.getAttribute('data-status')).toBe('500');
    await expect(errorView.getByRole('button', { name: /刷新页面/ }).isVisible()).resolves.toBe(true);
    expect(messages.some((m) => m.type === 'error' && m.text.includes('页面模块加载失败，10 秒内不再重复刷新：/showabout'))).toBe(true);
    // The guard was not renewed by the refused reload.
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), app.chunkReload.storageKey)).toBe(mark);

    // 3. Once the 10 s have passed, a failure may reload again.
    await page.evaluate((key) => {
      const stale = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { expires?: number };
      window.sessionStorage.setItem(key, JSON.stringify({ ...stale, expires: Date.now() - 1 }));
    }, app.chunkReload.storageKey);
    await gotoHydrated(page, paths.home);
    failNext = true;
    documentLoads.length = 0;
    await headerLink(page, '关于我们').click();
    await page.waitForURL('**/showabout');
    await waitForHydration(page);
    await waitForHeading(page, aboutHeading);
    expect(aborted).toBe(3);
    expect(documentLoads).toEqual([paths.about]);
  });

  /** Loads /home with a fake clock, lets the build watch poll once, then follows a header link. */
  async function navigateAfterBuildPoll(latestIsNewer: boolean) {
    const { page, pageErrors } = await browser.newPage();
    await page.clock.install();
    let polls = 0;
    await page.route('**/api/build/latest*', async (route) => {
      polls += 1;
      if (latestIsNewer) await route.fulfill({ json: { id: 'newer-build', timestamp: Date.now() + 1e6 } });
      else await route.continue();
    });
    const manifest = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/build/meta/'), { timeout: 20_000 });
    await gotoHydrated(page, paths.home);
    await page.clock.fastForward(app.buildWatch.manifestDelayMs + 100);
    expect((await manifest).status()).toBe(200);
    expect(polls).toBe(0);

    const latest = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/build/latest');
    await page.clock.fastForward(app.buildWatch.pollIntervalMs);
    const latestResponse = await latest;
    expect(latestResponse.status()).toBe(200);
    await latestResponse.finished();
    await settle(page);
    expect(polls).toBe(1);

    const documentLoads = recordDocumentLoads(page);
    await page.evaluate(() => (window.__e2eMarker = 'set before the click'));
    await headerLink(page, '关于我们').click();
    await page.waitForURL('**/showabout');
    await waitForHydration(page);
    await waitForHeading(page, aboutHeading);
    await page.waitForLoadState('networkidle');
    const marker = await page.evaluate(() => window.__e2eMarker);
    return { marker, documentLoads, pageErrors };
  }

  test('once a newer build is deployed, the next navigation is a full page load', async () => {
    const { marker, documentLoads, pageErrors } = await navigateAfterBuildPoll(true);
    expect(documentLoads).toEqual([paths.about]);
    expect(marker).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  test('while the build is current, navigation stays on the client', async () => {
    const { marker, documentLoads, pageErrors } = await navigateAfterBuildPoll(false);
    expect(documentLoads).toEqual([]);
    expect(marker).toBe('set before the click');
    expect(pageErrors).toEqual([]);
  });
});
