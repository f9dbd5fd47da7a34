import type { AdminLegalText, SiteSettings, SiteSettingsBody } from '@fuliaotong/contracts';
import { describe, expect, test } from 'vitest';
import { apiRequest, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The company's details are settings, not source code: an administrator changes the hotline, the ICP
 * line, a licence line, the home headline and a QR code on /admin/site, and the footer, the side panel,
 * /showabout and /home show them on the next page; a QR code nobody set says it is coming.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';

function bodyOf(settings: SiteSettings): SiteSettingsBody {
  const { updatedAt: _updatedAt, qrCodes, ...fields } = settings;
  const keep = (state: SiteSettings['qrCodes']['officialAccount']) => (state.kind === 'image' ? { kind: 'image' as const } : state);
  return {
    ...fields,
    qrCodes: { officialAccount: keep(qrCodes.officialAccount), miniProgram: keep(qrCodes.miniProgram), corporateChat: keep(qrCodes.corporateChat) },
  };
}

describe('site settings', () => {
  const browser = useBrowser();

  test('an administrator changes the contacts, the ICP and licence lines, the headline and a QR code, and every page shows them', async () => {
    const admin = await staffSession();
    const before = await apiRequest<SiteSettings>('/api/admin/settings/site', { token: admin.token });
    expect(before.status).toBe(200);
    try {
      const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
      await signIn(page, admin);
      await gotoHydrated(page, paths.adminSite, ADMIN_HYDRATED);
      await page.getByRole('heading', { name: '网站信息' }).waitFor();

      await page.getByLabel('客服热线').fill('400-886-1020');
      await page.getByLabel('ICP 备案号').fill('沪ICP备2025061234号-1');
      await page.getByRole('button', { name: '添加一行' }).click();
      await page.locator('.site-desk__licence input').last().fill('沪公网安备 31011502020001 号');
      await page.getByLabel('首页标题').fill('药用辅料选型与样品，一站办理');
      // A bad e-mail is refused in the browser, in Chinese, before anything is sent.
      await page.getByLabel('客服邮箱').fill('service-at-example');
      await page.getByRole('button', { name: '保存网站信息' }).click();
      await page.getByText('客服邮箱格式不正确').waitFor();
      await page.getByLabel('客服邮箱').fill('service@fuliaotong.cn');

      const qr = page.locator('.site-desk__qr').first();
      await qr.getByText('由地址生成').click();
      await qr.getByLabel('二维码指向的地址').fill('https://mp.weixin.qq.com/s/fuliaotong-demo');
      await saveScreenshot(page, 'staff-site-1280', true);
      await page.getByRole('button', { name: '保存网站信息' }).click();
      await page.getByText('网站信息已保存，所有页面立即使用新的内容').waitFor();
      // The desk previews the code now on the pages.
      await expect.poll(() => qr.locator('.site-desk__qr-preview img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      await gotoHydrated(page, paths.home);
      await page.getByRole('heading', { level: 1, name: '药用辅料选型与样品，一站办理' }).waitFor();
      const footer = page.locator('footer.site-footer');
      await footer.getByRole('link', { name: '400-886-1020' }).waitFor();
      expect(await footer.getByRole('link', { name: '沪ICP备2025061234号-1' }).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      await footer.getByText('沪公网安备 31011502020001 号').waitFor();

      // The 公众号 tile shows the code drawn on the server; the 小程序 tile, never set, says it is coming.
      await page.getByRole('button', { name: '公众号二维码' }).hover();
      const code = page.locator('.side-panel__popup img.side-panel__qr-image');
      await expect.poll(() => code.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await code.getAttribute('alt')).toBe('公众号二维码');
      await page.mouse.move(10, 10);
      await page.getByRole('button', { name: '小程序二维码' }).hover();
      await page.locator('.side-panel__popup').getByText('小程序二维码即将上线').waitFor();

      await gotoHydrated(page, paths.about);
      await page.getByText('400-886-1020').first().waitFor();
      expect(pageErrors).toEqual([]);

      const audit = await apiRequest<{ items: Array<{ summary: string; after: Record<string, unknown> }> }>(
        '/api/admin/audit?entityId=site.profile',
        { token: admin.token },
      );
      expect(audit.body.items[0]?.summary).toBe('修改网站信息');
      expect(audit.body.items[0]?.after).toMatchObject({ phone: '400-886-1020', icp: '沪ICP备2025061234号-1' });
    } finally {
      const restored = await apiRequest('/api/admin/settings/site', { method: 'PUT', token: admin.token, json: bodyOf(before.body) });
      expect(restored.status).toBe(200);
    }
  });

  test('the desks work on a phone', async () => {
    const admin = await staffSession();
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, admin);
    await gotoHydrated(page, paths.adminSite, ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '网站信息' }).waitFor();
    await page.getByLabel('公司名称').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-site-375', true);

    await gotoHydrated(page, paths.adminLegal, ADMIN_HYDRATED);
    await page.locator('.rich-editor__content').getByText('协议的范围与接受').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-legal-375');
    expect(pageErrors).toEqual([]);
  });

  test('an administrator publishes a new version of the privacy policy, and the page shows it with its date', async () => {
    const admin = await staffSession();
    const before = await apiRequest<AdminLegalText>('/api/admin/settings/legal/privacy', { token: admin.token });
    expect(before.status).toBe(200);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const version = today > before.body.version ? today : before.body.version;
    try {
      const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
      await signIn(page, admin);
      await gotoHydrated(page, withQuery(paths.adminLegal, { doc: 'privacy' }), ADMIN_HYDRATED);
      await page.getByRole('heading', { name: '法律文本' }).waitFor();
      const body = page.locator('.rich-editor__content');
      await body.getByText('另请参阅').waitFor();
      await body.getByText('另请参阅').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('本政策的新版本自发布之日起施行。');
      await page.getByLabel('版本（生效日期）').fill(version);
      // Enter would submit the form: the date is taken when the field loses focus.
      await page.getByLabel('版本（生效日期）').press('Tab');
      await saveScreenshot(page, 'staff-legal-1280');
      await page.getByRole('button', { name: /发\s?布/ }).click();
      await page.getByText(`已发布隐私政策（版本 ${version}），页面立即更新`).waitFor();

      await gotoHydrated(page, paths.privacy);
      await page.getByText('本政策的新版本自发布之日起施行。').waitFor();
      const [y, m, d] = version.split('-').map(Number);
      await page.getByText(`更新日期：${y} 年 ${m} 月 ${d} 日`).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      const restored = await apiRequest('/api/admin/settings/legal/privacy', {
        method: 'PUT',
        token: admin.token,
        json: { html: before.body.html, version },
      });
      expect(restored.status).toBe(200);
    }
  });
});
