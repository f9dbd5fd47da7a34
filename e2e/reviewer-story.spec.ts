import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { waitForHeading } from './support/app.js';
import { registerByApi, signIn, type Session } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { applyByApi, releasedBatchNumbers, twoProducts, type ApplicationDto, type Product } from './support/samples.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A reviewer's story: signs in with the password and the code sent to the phone, lands on the staff
 * console, finds the applications waiting, approves one and ships it with a batch number and a COA for
 * each item, rejects another with a reason; the applicant sees the batch and downloads the COA.
 * Every page passed is kept at 1280 and 375 px in e2e/screenshots/reviewer/.
 */

/** antd puts a space between the two characters of a two-character button label (通 过). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

describe('a reviewer decides on sample applications', { retry: 0, timeout: 90_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('reviewer');
  let page: Page;
  let pageErrors: Error[];
  let product: Product;
  let batchNumber: string;
  const applicants: Session[] = [];
  const applications: ApplicationDto[] = [];

  beforeAll(async () => {
    [product] = await twoProducts();
    // The product has batches on record: it ships one of them (docs/decisions/0073-batches-and-coa-lookup.md).
    batchNumber = (await releasedBatchNumbers(product.id, 1))[0]!;
    for (const [nickName, company] of [
      ['制剂研发王工', '杭州某某制药有限公司'],
      ['质量部李工', '上海某某医药科技股份有限公司'],
    ] as const) {
      const applicant = await registerByApi(nickName);
      applicants.push(applicant);
      applications.push(await applyByApi(applicant, product, { company }));
    }
  });

  const actions = () => page.getByRole('group', { name: '审核操作' });
  const modalButton = (name: string) => page.locator('.ant-modal-footer').getByRole('button', { name: label(name) });
  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  /** An application's sheet on the desk, from the list of those waiting. */
  async function openFromWaitingList(application: ApplicationDto) {
    await gotoHydrated(page, withQuery(paths.adminApplications, { status: 'submitted' }), ADMIN_HYDRATED);
    await waitForHeading(page, '样品申请审核');
    await page.getByRole('link', { name: `处理申请 ${application.number}` }).click();
    await waitForHeading(page, '申请详情');
    await actions().waitFor();
  }

  test('signs in with the password and the code sent to the phone, and lands on the console with the review desk', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffArrives(page, storyStaff('reviewer'), shot, ['概览', '申请审核']);
    noPageErrors();
  });

  test('finds the applications waiting and approves the first with a note', async () => {
    await gotoHydrated(page, withQuery(paths.adminApplications, { status: 'submitted' }), ADMIN_HYDRATED);
    await waitForHeading(page, '样品申请审核');
    for (const application of applications) await page.getByRole('link', { name: `处理申请 ${application.number}` }).waitFor();
    await shot(page, 'applications-waiting');
    await openFromWaitingList(applications[0]!);
    await page.getByText('制剂研发王工').first().waitFor();
    await shot(page, 'application');
    await actions().getByRole('button', { name: label('通过') }).click();
    await page.getByLabel('审核备注').fill('库存充足，本周发出');
    await shot(page, 'approve-dialog');
    await modalButton('通过').click();
    await page.locator('.app-history__item[data-action="approve"]', { hasText: '库存充足' }).waitFor();
    noPageErrors();
  });

  test('ships it: the carrier, the tracking number, and the batch number and COA of its item', async () => {
    await actions().getByRole('button', { name: label('发货') }).click();
    await page.getByLabel('快递公司').fill('顺丰速运');
    await page.getByLabel('运单号').fill('SF7788990011223');
    const batch = page.locator('.staff-action-modal__batch', { hasText: product.nameZh });
    await batch.getByLabel('批号').fill(batchNumber);
    await batch.locator('input[type="file"]').setInputFiles({ name: `COA-${batchNumber}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await batch.getByText(`COA-${batchNumber}.pdf`).waitFor();
    await shot(page, 'ship-dialog');
    await modalButton('发货').click();
    await page.locator('.app-history__item[data-action="ship"]', { hasText: 'SF7788990011223' }).waitFor();
    await page.locator('.app-sheet__facts .app-status[data-status="shipped"]').waitFor();
    await page.locator('.ant-modal').first().waitFor({ state: 'hidden' });
    await shot(page, 'application-shipped');
    noPageErrors();
  });

  test('rejects the second with a reason', async () => {
    await openFromWaitingList(applications[1]!);
    await actions().getByRole('button', { name: label('驳回') }).click();
    await modalButton('驳回').click();
    await page.getByText('请填写驳回原因').waitFor();
    await page.getByLabel('驳回原因').fill('单位信息不完整，请补充营业执照后重新申请');
    await shot(page, 'reject-dialog');
    await modalButton('驳回').click();
    await page.locator('.app-history__item[data-action="reject"]', { hasText: '单位信息不完整' }).waitFor();
    await page.locator('.ant-modal').first().waitFor({ state: 'hidden' });
    await shot(page, 'application-rejected');
    await gotoHydrated(page, paths.adminApplications, ADMIN_HYDRATED);
    // Decided, it has nothing left to do: the list offers to look at it.
    await page.getByRole('link', { name: `查看申请 ${applications[1]!.number}` }).waitFor();
    await shot(page, 'applications-decided');
    noPageErrors();
  });

  test('the applicant sees the batch on the sheet and downloads its COA', async () => {
    const applicant = await browser.newPage(desktopOnOwnNetwork());
    await signIn(applicant.page, applicants[0]!);
    await gotoHydrated(applicant.page, withQuery(paths.applicationOrder, { id: applications[0]!.id }), '.app-print-page__bar a');
    await applicant.page.locator('.app-sheet__items tr', { hasText: product.nameZh }).getByText(batchNumber).waitFor();
    const file = await downloadBy(applicant.page, () =>
      applicant.page.getByRole('button', { name: `下载 ${product.nameZh} 批号 ${batchNumber} 的 COA` }).click(),
    );
    expect((await savedBytes(file)).equals(PDF)).toBe(true);
    await shot(applicant.page, 'applicant-sheet');
    expect.soft(applicant.pageErrors.map(String)).toEqual([]);
  });
});
