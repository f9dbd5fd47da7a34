import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A product's documents are downloaded by the page itself: the file is fetched with the session's
 * token in the Authorization header (never in a URL) and saved under the name the server gave it. A
 * visitor downloads the public ones; a signed-in user the log-in ones too; a refusal is said in Chinese.
 */

const PRODUCT = withQuery(paths.excipientDetail, { id: 1 });

interface ProductDocument {
  id: number;
  title: string;
  kind: string;
  access: 'public' | 'login' | 'request';
  url: string | null;
}

async function documentsOfProduct(): Promise<{ nameZh: string; documents: ProductDocument[] }> {
  const { status, body } = await apiRequest<{ nameZh: string; documents: ProductDocument[] }>('/api/app/excipient/1');
  expect(status).toBe(200);
  return body;
}

/** Clicks the document's 下载 and answers the saved file's name and first bytes. */
async function download(page: Page, title: string): Promise<{ name: string; head: string }> {
  const saved = page.waitForEvent('download');
  await page.locator('.doc-list').getByRole('button', { name: `下载 ${title}` }).click();
  const file = await saved;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

/** Every URL the page asked for (documents, scripts, API calls), to look for a token in any of them. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('downloading a product’s documents', () => {
  const browser = useBrowser();

  test('signed out the public ones, signed in the log-in ones too, never with the token in a URL; a refusal is said in Chinese', async () => {
    const product = await documentsOfProduct();
    const publicDoc = product.documents.find((d) => d.access === 'public')!;
    // Not the SDS: safety information is never one to ask for, so the desk would refuse making it one.
    const loginDoc = product.documents.find((d) => d.access === 'login' && d.kind !== 'SDS')!;
    expect(publicDoc, 'a public document of product 1').toBeDefined();
    expect(loginDoc, 'a log-in document of product 1').toBeDefined();

    // A visitor: the public document downloads, the log-in one asks to log in.
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await gotoHydrated(page, PRODUCT);
    expect(await download(page, publicDoc.title)).toEqual({ name: `${product.nameZh}-${publicDoc.title}.pdf`, head: '%PDF-' });
    await page.locator('.doc-list').getByRole('link', { name: /登录后下载/ }).first().waitFor();
    // The connection self-check is a page for support, not a link of the footer.
    expect(await page.locator('footer a[href="/test"]').count()).toBe(0);
    await saveScreenshot(page, 'product-documents-signed-out-1280', true);

    // Signed in: the log-in document downloads too (it answered 401 when the page opened it without the token).
    const member = await registerByApi('下载资料的研究员');
    await signIn(page, member, paths.home);
    const urls = recordRequests(page);
    await gotoHydrated(page, PRODUCT);
    await page.locator('.doc-list').getByRole('link', { name: /登录后下载/ }).waitFor({ state: 'detached' });
    expect(await download(page, loginDoc.title)).toEqual({ name: `${product.nameZh}-${loginDoc.title}.pdf`, head: '%PDF-' });
    expect(await download(page, publicDoc.title)).toEqual({ name: `${product.nameZh}-${publicDoc.title}.pdf`, head: '%PDF-' });
    expect(urls.filter((u) => u.includes(member.token))).toEqual([]);
    expect(urls.some((u) => new URL(u).pathname === `/api/app/excipient/1/document/${loginDoc.id}`)).toBe(true);
    await saveScreenshot(page, 'product-documents-signed-in-1280', true);

    // The staff make the document one to ask for while the page is open: the download is refused, in Chinese.
    const staff = await staffSession();
    const setAccess = async (access: ProductDocument['access']) => {
      const { body: admin } = await apiRequest<Record<string, unknown> & { documents: Array<ProductDocument & { kind: string }> }>('/api/admin/excipient/1', {
        token: staff.token,
      });
      const fields = ['nameZh', 'nameEn', 'synonyms', 'cas', 'category', 'dosageForms', 'pharmacopoeias', 'summary', 'description', 'regNos'] as const;
      const body = {
        ...Object.fromEntries([...fields, 'published', 'sampleAvailable', 'featured', 'featuredOrder', 'specs'].map((key) => [key, admin[key]])),
        documents: admin.documents.map((d) => ({ id: d.id, kind: d.kind, title: d.title, access: d.id === loginDoc.id ? access : d.access })),
      };
      const saved = await apiRequest('/api/admin/excipient/1', { method: 'PUT', token: staff.token, json: body });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await setAccess('request');
    try {
      await page.locator('.doc-list').getByRole('button', { name: `下载 ${loginDoc.title}` }).click();
      await page.getByText('该资料需申请获取，请联系我们的销售或技术支持').waitFor();
      await saveScreenshot(page, 'product-documents-refused-1280');
    } finally {
      await setAccess('login');
    }
    expect(pageErrors).toEqual([]);
  });

  test('on a phone, signed in, a log-in document downloads from the product page', async () => {
    const product = await documentsOfProduct();
    const loginDoc = product.documents.find((d) => d.access === 'login')!;
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, await registerByApi('手机上下载资料'), paths.home);
    await gotoHydrated(page, PRODUCT);
    await page.locator('.doc-list').scrollIntoViewIfNeeded();
    expect(await download(page, loginDoc.title)).toEqual({ name: `${product.nameZh}-${loginDoc.title}.pdf`, head: '%PDF-' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'product-documents-375', true);
    expect(pageErrors).toEqual([]);
  });
});
