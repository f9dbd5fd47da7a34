import { describe, expect, test } from 'vitest';
import { choose } from './support/app.js';
import { signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The articles desk: an editor writes a news article with an uploaded image and a table (an image
 * pasted from another site is refused with a hint), publishes it, and its page shows the same text,
 * image and table at once.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';

describe('articles desk', () => {
  const browser = useBrowser();

  test('an editor writes a news article with an image and a table, publishes it, and it renders the same on its page', async () => {
    const editor = await staffSession();
    const title = `微晶纤维素直压型号选择 ${Date.now().toString().slice(-6)}`;
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminArticles, ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '文章' }).first().waitFor();
    await page.getByRole('button', { name: '新建资讯' }).click();

    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题').fill(title);
    await choose(page, '栏目', '技术文章');
    await drawer.getByLabel('摘要').fill('直压工艺中微晶纤维素 PH101 与 PH102 的选择与用量。');

    const body = drawer.locator('.rich-editor__content');
    await body.click();
    await page.keyboard.type('直压片常用微晶纤维素，两种型号的粒径如下表。');

    // An image from another site, pasted: dropped, with the hint to upload it.
    await body.evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>转载的段落</p><img src="https://mmbiz.qpic.cn/mmbiz_jpg/demo/640">');
      data.setData('text/plain', '转载的段落');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByText('已移除 1 张从其他网站粘贴的图片', { exact: false }).waitFor();
    expect(await body.locator('img').count()).toBe(0);

    // An image uploaded from the computer.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 120;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1f6f8b';
      context.fillRect(0, 0, 240, 120);
      context.fillStyle = '#fff';
      context.fillRect(60, 30, 120, 60);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await drawer.locator('.rich-editor__toolbar input[type="file"]').setInputFiles({ name: '压片.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await body.locator('img[src^="/api/app/article/image/"]').waitFor();

    // A table, typed cell by cell.
    await drawer.getByRole('button', { name: '插入表格' }).click();
    await body.locator('table').waitFor();
    for (const [index, cell] of ['型号', '粒径（μm）', '堆密度（g/mL）', 'PH101', '50', '0.29', 'PH102', '90', '0.30'].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(cell);
    }
    await drawer.getByText('立即发布').click();
    await saveScreenshot(page, 'staff-articles-editor-1280');
    await drawer.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('已发布，网站上立即生效').waitFor();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('id') ?? ''));
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(await body.locator('img').getAttribute('src')).toMatch(/^\/api\/app\/article\/image\/[\w-]+\.png$/);
    const written = await body.evaluate((element) => ({
      text: element.querySelector('p')?.textContent,
      cells: Array.from(element.querySelectorAll('th, td')).map((cell) => cell.textContent),
      image: element.querySelector('img')?.getAttribute('src'),
    }));

    // Its page shows the same: the paragraph, the image (loaded) and the table.
    await gotoHydrated(page, withQuery(paths.topNewsDetail, { id }));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const article = page.locator('.rich-text');
    const shown = await article.evaluate((element) => ({
      text: element.querySelector('p')?.textContent,
      cells: Array.from(element.querySelectorAll('th, td')).map((cell) => cell.textContent),
      image: element.querySelector('img')?.getAttribute('src'),
    }));
    expect(shown).toEqual(written);
    expect(shown.cells).toEqual(['型号', '粒径（μm）', '堆密度（g/mL）', 'PH101', '50', '0.29', 'PH102', '90', '0.30']);
    const image = article.locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await saveScreenshot(page, 'staff-articles-published-1280', true);

    // On the news list at once.
    await gotoHydrated(page, paths.news);
    await page.getByRole('link', { name: title }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('the desk works on a phone', async () => {
    const editor = await staffSession();
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, withQuery(paths.adminArticles, { kind: 'regulation' }), ADMIN_HYDRATED);
    await page.getByRole('button', { name: '新建法规' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-articles-375', true);
    await page.getByRole('button', { name: '新建法规' }).click();
    await page.locator('.rich-editor__content').waitFor();
    // The drawer has slid in.
    await expect.poll(async () => (await page.locator('.ant-drawer-content-wrapper').boundingBox())?.x).toBe(0);
    await saveScreenshot(page, 'staff-articles-editor-375');
    expect(pageErrors).toEqual([]);
  });
});
