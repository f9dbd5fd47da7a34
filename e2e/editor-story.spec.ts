import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { choose } from './support/app.js';
import { apiRequest } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { ADMIN_HYDRATED, downloadBy, downloadControl, savedBytes, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * An editor's story: signs in with the second factor, adds a document to a product and finds it on the
 * product's page, writes and publishes an article and reads it on the site, adds a row to the usage
 * database and finds it in the public database. Every page passed is kept at 1280 and 375 px in
 * e2e/screenshots/editor/.
 */

/** antd puts a space between the two characters of a two-character button label (保 存). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

describe('an editor keeps the catalogue, the articles and the databases', { retry: 0, timeout: 90_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('editor');
  const run = Date.now().toString().slice(-6);
  let page: Page;
  let pageErrors: Error[];
  let product: { id: number; nameZh: string; documents: number };

  beforeAll(async () => {
    const { body: list } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/excipient?page=1&pageSize=1');
    const { body } = await apiRequest<{ id: number; nameZh: string; documents: unknown[] }>(`/api/app/excipient/${list.items[0]!.id}`);
    product = { id: body.id, nameZh: body.nameZh, documents: body.documents.length };
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  test('signs in with the password and the code sent to the phone, and lands on the console with the editing desks', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffArrives(page, storyStaff('editor'), shot, ['概览', '产品', '文章', '数据库', '登记数据导入']);
    noPageErrors();
  });

  test('adds a PDF document to a product, and the product page offers it for download', async () => {
    const title = `${product.nameZh}应用指南 ${run}`;
    await gotoHydrated(page, withQuery(paths.adminProducts, { keyword: product.nameZh }), ADMIN_HYDRATED);
    await page.getByRole('button', { name: `编辑产品 ${product.nameZh}`, exact: true }).waitFor();
    await shot(page, 'products');
    await page.getByRole('button', { name: `编辑产品 ${product.nameZh}`, exact: true }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('中文名称').waitFor();
    await drawer.getByRole('button', { name: '添加资料' }).click();
    const document = drawer.getByRole('group', { name: `资料 ${product.documents + 1}` });
    await document.getByLabel('资料名称').fill(title);
    await document.locator('input[type="file"]').setInputFiles({ name: '应用指南.pdf', mimeType: 'application/pdf', buffer: PDF });
    await document.getByText('已上传：应用指南.pdf').waitFor();
    await document.scrollIntoViewIfNeeded();
    await shot(page, 'product-editor');
    await drawer.getByRole('button', { name: '保存产品' }).click();
    await page.getByText('已保存，网站上立即生效').waitFor();

    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: product.id }));
    const row = page.locator('.doc-list li', { hasText: title });
    const file = await downloadBy(page, () => downloadControl(row).click());
    expect((await savedBytes(file)).equals(PDF)).toBe(true);
    await shot(page, 'product-page');
    noPageErrors();
  });

  test('writes a news article and publishes it: its page and the news list show it at once', async () => {
    const title = `直压用辅料的流动性评价 ${run}`;
    await gotoHydrated(page, paths.adminArticles, ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '文章' }).first().waitFor();
    await shot(page, 'articles');
    await page.getByRole('button', { name: '新建资讯' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题').fill(title);
    await choose(page, '栏目', '技术文章');
    await drawer.getByLabel('摘要').fill('休止角、卡尔指数与豪斯纳比：直压处方中辅料流动性的三种评价方法。');
    await drawer.locator('.rich-editor__content').click();
    await page.keyboard.type('直压工艺要求粉体流动性良好。常用的评价指标有休止角、卡尔指数与豪斯纳比。');
    await drawer.getByText('立即发布').click();
    await shot(page, 'article-editor');
    await drawer.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已发布，网站上立即生效').waitFor();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('id') ?? ''));
    const id = new URL(page.url()).searchParams.get('id')!;

    await gotoHydrated(page, withQuery(paths.topNewsDetail, { id }));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('常用的评价指标有休止角').waitFor();
    await shot(page, 'article-page');
    await gotoHydrated(page, paths.news);
    await page.getByRole('link', { name: title }).first().waitFor();
    await shot(page, 'news');
    noPageErrors();
  });

  test('adds a row to the usage database, and the public database shows it', async () => {
    const ingredient = `交联聚维酮${run}`;
    await gotoHydrated(page, withQuery(paths.adminDatabases, { code: 'usage' }), ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '数据库' }).first().waitFor();
    await shot(page, 'databases');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增辅料用量' });
    await dialog.getByLabel('辅料名称').fill(ingredient);
    await dialog.getByLabel('给药途径').fill('口服');
    await dialog.getByLabel('剂型').fill('片剂');
    await dialog.getByLabel('单位制剂最大用量').fill('60 mg');
    await shot(page, 'usage-dialog');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已新增').waitFor();

    await gotoHydrated(page, withQuery(paths.topDatabase, { code: 'usage', keyword: ingredient }));
    // The amount itself is a member field: an editor is not a member.
    await page.getByText(ingredient).first().waitFor();
    await shot(page, 'usage-database');
    noPageErrors();
  });
});
