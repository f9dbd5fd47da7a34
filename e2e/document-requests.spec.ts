import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSignInByApi, storeSession, type Session } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { untilCodeMayBeSent } from './support/messages.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Regulatory documents under the confidentiality agreement: a company's 质量 member opens 申请注册资料
 * from the product page, signs the 保密协议 in its dialog, asks for a 授权使用书 for their 制剂; the
 * quality staff approve it on the 资料申请 desk (the letter written from the template); the member
 * downloads the PDF, stamped with the company's name on every page. Pages passed are kept at 1280 and
 * 375 px in e2e/screenshots/document-requests/.
 */

const ACCOUNT_HYDRATED = '.account-layout__menu';
const companyName = `江苏资料制药有限公司${Date.now().toString(36)}`;

describe('a 质量 member gets a letter of authorization under the 保密协议', { retry: 0, timeout: 180_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('document-requests');
  let admin: Session;
  let quality: Session;
  let product: { id: number; nameZh: string };
  let page: Page;
  let pageErrors: Error[];
  let requestId: number;
  let requestNumber: string;

  beforeAll(async () => {
    [admin, quality] = await Promise.all([registerByApi('王总'), registerByApi('陈质量')]);
    const company = await apiRequest<{ id: number }>('/api/app/company', {
      token: admin.token,
      json: { name: companyName, creditCode: '91330100716105852F', contactName: '王总', contactPhone: admin.account },
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const invited = await apiRequest(`/api/app/company/${company.body.id}/invitation`, { token: admin.token, json: { account: quality.account, roles: ['quality'] } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mine = await apiRequest<{ invitations: Array<{ id: number }> }>('/api/app/company', { method: 'GET', token: quality.token });
    expect((await apiRequest(`/api/app/company-invitation/${mine.body.invitations[0]!.id}/accept`, { method: 'POST', token: quality.token })).status).toBe(200);
    // A product with a CDE registration number, which the letter cites.
    const { body: list } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/excipient?page=1&pageSize=12');
    for (const { id } of list.items) {
      const { body } = await apiRequest<{ id: number; nameZh: string; registrations: unknown[] }>(`/api/app/excipient/${id}`);
      if (body.registrations.length > 0) {
        product = body;
        break;
      }
    }
    expect(product).toBeDefined();
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  test('the 质量 member signs the 保密协议 and asks for a 授权使用书 from the product page', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await signIn(page, quality, withQuery(paths.excipientDetail, { id: product.id }));
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: product.id }));
    await page.getByRole('link', { name: `申请注册资料：${product.nameZh}` }).click();
    await page.waitForURL((u) => u.pathname === paths.documentRequestNew);
    await page.getByRole('button', { name: '阅读并签署' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('document', { name: '保密协议全文' }).getByText('第一条 保密信息').waitFor();
    await shot(page, 'agreement-dialog');
    await expect.poll(() => dialog.getByRole('button', { name: '同意并签署' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '同意并签署' }).click();
    await page.getByText(/^已签署《注册资料保密协议》/).waitFor();
    const form = page.getByRole('form', { name: '申请注册资料' });
    await form.getByLabel('贵司的制剂产品名称').fill('二甲双胍缓释片');
    await shot(page, 'request-form');
    await form.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL((u) => u.pathname === paths.documentRequests && u.searchParams.has('id'));
    requestId = Number(new URL(page.url()).searchParams.get('id'));
    requestNumber = (await page.getByRole('heading', { name: /^授权使用书 ZL\d+$/ }).textContent())!.replace('授权使用书 ', '');
    await page.getByText('质量部门审核中').waitFor();
    await shot(page, 'request-pending');
    noPageErrors();
  });

  test('the quality staff approve it on the desk: the letter is written from the template', async () => {
    const person = storyStaff('quality');
    await untilCodeMayBeSent(person.account);
    const staff = await staffSignInByApi(person);
    const { page: desk, pageErrors: deskErrors } = await browser.newPage(desktopOnOwnNetwork());
    await desk.goto(paths.about);
    await storeSession(desk, staff);
    await gotoHydrated(desk, withQuery(paths.adminDocumentRequests, { id: requestId }), ADMIN_HYDRATED);
    const drawer = desk.getByRole('dialog', { name: `资料申请 ${requestNumber}` });
    await drawer.getByText(companyName).first().waitFor();
    await drawer.getByText('第 1 版').first().waitFor();
    await shot(desk, 'desk-request');
    await drawer.getByRole('button', { name: '按模板生成并批准' }).click();
    await drawer.getByText('已批准').first().waitFor();
    await shot(desk, 'desk-approved');
    expect.soft(deskErrors.map(String)).toEqual([]);
  });

  test('the member downloads the PDF stamped with the company’s name', async () => {
    await signIn(page, quality, withQuery(paths.documentRequests, { id: requestId }));
    await gotoHydrated(page, withQuery(paths.documentRequests, { id: requestId }), ACCOUNT_HYDRATED);
    await page.getByText(/^已批准。下载的文件/).waitFor();
    await shot(page, 'request-approved');
    const download = await downloadBy(page, () => page.getByRole('button', { name: '下载 PDF（水印版）' }).click());
    const bytes = await savedBytes(download);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');
    expect(text).toContain(companyName);
    expect(text).toContain(requestNumber);
    expect(text.replace(/\s+/g, '')).toContain('二甲双胍缓释片');
    await gotoHydrated(page, paths.documentRequests, ACCOUNT_HYDRATED);
    await page.getByText('陈质量 于').first().waitFor();
    await shot(page, 'request-list');
    noPageErrors();
  });
});
