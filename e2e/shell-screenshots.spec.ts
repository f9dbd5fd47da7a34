import { describe, expect, test } from 'vitest';
import { waitForHeading } from './support/app.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { paths } from '@fuliaotong/contracts';

const homeHeading = '药用辅料，一站查询与样品申请';
/** apps/web/app/site/site-info.ts: mainNav */
const mainNavLabels = ['首页', '辅料产品', '数据库', '法规政策', '行业资讯', '站内搜索', '关于我们', '友情链接'];
const wechatUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';

/** How far the page is wider than the viewport (0 = no sideways scrolling). */
function horizontalOverflow() {
  const root = document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

describe('platform shell: screenshots of /home', () => {
  const browser = useBrowser();

  test('desktop, 1280×800', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, paths.home);
    await waitForHeading(page, homeHeading);
    expect(await page.evaluate(horizontalOverflow)).toBe(0);
    // The whole main navigation is on one line in the header.
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(await nav.isVisible()).toBe(true);
    expect(await nav.getByRole('link').allTextContents()).toEqual(mainNavLabels);
    const tops = await nav.getByRole('link').evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await page.getByRole('button', { name: '打开导航菜单' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'home-desktop-1280x800');
    await saveScreenshot(page, 'home-desktop-1280x800-full', true);
    expect(pageErrors).toEqual([]);
  });

  test('mobile in WeChat, 375×812', async () => {
    const { page, pageErrors } = await browser.newPage({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: wechatUserAgent,
    });
    await gotoHydrated(page, paths.home);
    expect(await page.evaluate(() => navigator.userAgent)).toContain('MicroMessenger');
    await waitForHeading(page, homeHeading);
    expect(await page.evaluate(horizontalOverflow)).toBe(0);
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(heading).not.toBeNull();
    expect(heading!.x).toBeGreaterThanOrEqual(0);
    expect(heading!.x + heading!.width).toBeLessThanOrEqual(375);
    // The header collapses the navigation into a menu button that opens a drawer.
    expect(await page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'home-mobile-375x812');
    await saveScreenshot(page, 'home-mobile-375x812-full', true);

    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    const drawerNav = page.getByRole('navigation', { name: '导航菜单' });
    await drawerNav.waitFor();
    // Screenshot the drawer once its slide-in animation has ended: fully in view at the right edge.
    await page.waitForFunction(() => {
      const drawer = document.querySelector('nav[aria-label="导航菜单"]')?.closest('.ant-drawer');
      const panel = drawer?.querySelector('.ant-drawer-content-wrapper');
      if (!drawer || !panel || drawer.querySelector('[class*="-motion"]')) return false;
      return Math.round(panel.getBoundingClientRect().right) === window.innerWidth;
    });
    // Every section of the header's main navigation is in the drawer, in view.
    for (const label of mainNavLabels) {
      expect(await drawerNav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    }
    await saveScreenshot(page, 'home-mobile-375x812-menu');
    expect(pageErrors).toEqual([]);
  });
});
