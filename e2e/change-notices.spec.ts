import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { registerByApi, signIn, staffSignInByApi, storeSession, type Session } from './support/accounts.js';
import { choose, chooseProduct } from './support/app.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { untilCodeMayBeSent } from './support/messages.js';
import { applyByApi, twoProducts, type Product } from './support/samples.js';
import { ADMIN_HYDRATED, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A change notice reaches a buyer who sampled the product: the quality staff write a packaging change on
 * the 变更通知 desk and publish it; the buyer, who applied for a sample of that product, finds it among
 * their notices, opens it and acknowledges it (确认已阅); the desk's report shows the acknowledgement.
 * Pages are kept at 1280 and 375 px in e2e/screenshots/change-notices/.
 */

const ACCOUNT_HYDRATED = '.account-layout__menu';
const title = `内包装袋供应商变更 ${Date.now().toString(36)}`;

describe('a change notice reaches a buyer who sampled the product, who acknowledges it', { retry: 0, timeout: 180_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('change-notices');
  let buyer: Session;
  let staff: Session;
  let product: Product;
  let desk: Page;
  let deskErrors: Error[];
  let noticeId: number;

  beforeAll(async () => {
    [product] = await twoProducts();
    buyer = await registerByApi('赵采购');
    await applyByApi(buyer, product, { contactName: '赵工' });
    const person = storyStaff('quality');
    await untilCodeMayBeSent(person.account);
    staff = await staffSignInByApi(person);
  });

  test('the quality staff write a packaging change on the product and publish it', async () => {
    ({ page: desk, pageErrors: deskErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await desk.goto(paths.about);
    await storeSession(desk, staff);
    await gotoHydrated(desk, paths.adminChangeNotices, ADMIN_HYDRATED);
    await desk.getByRole('button', { name: '新建变更通知' }).click();
    const drawer = desk.getByRole('dialog', { name: '新建变更通知' });
    const form = drawer.getByRole('form', { name: '新建变更通知' });
    // The product: searched by its name, chosen from the list.
    await chooseProduct(desk, form.getByLabel('产品', { exact: true }), product.nameZh);
    await choose(desk, '变更类别', '包装材料');
    await form.getByLabel('标题').fill(title);
    await form.getByLabel('变更内容').fill('药用低密度聚乙烯内包装袋的供应商变更为另一家已登记的药包材企业，材质、规格与密封方式不变。');
    await form.getByLabel('影响评估').fill('已完成相容性研究与加速稳定性考察，质量标准与检验结果无变化，评估为微小变更。');
    await form.getByLabel('生效日期').fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
    await shot(desk, 'desk-new-notice');
    await form.getByRole('button', { name: '创建草稿' }).click();
    await desk.waitForURL((u) => u.searchParams.get('id') !== null && u.searchParams.get('id') !== 'new');
    noticeId = Number(new URL(desk.url()).searchParams.get('id'));
    const draft = desk.getByRole('dialog', { name: /^变更通知 BG\d+$/ });
    await draft.getByRole('button', { name: /^发\s?布$/ }).click();
    await desk.locator('.ant-popconfirm:visible').getByRole('button', { name: /^发\s?布$/ }).click();
    await draft.getByText('确认情况').waitFor();
    await draft.getByText(/^已确认 0 \/ \d+ 人/).waitFor();
    await draft.getByText('申请过样品').first().waitFor();
    await shot(desk, 'desk-published');
    expect.soft(deskErrors.map(String)).toEqual([]);
  });

  test('the buyer finds it among their notices, reads it and acknowledges it', async () => {
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, buyer, paths.notices);
    await gotoHydrated(page, paths.notices, ACCOUNT_HYDRATED);
    const notice = page.getByRole('main').getByText(`变更通知：${product.nameZh}包装材料变更`).first();
    await notice.waitFor();
    await shot(page, 'buyer-notices');
    await gotoHydrated(page, paths.changeNotices, ACCOUNT_HYDRATED);
    await page.getByRole('main').getByText('待确认').first().waitFor();
    await shot(page, 'buyer-change-notices');
    await gotoHydrated(page, withQuery(paths.changeNotices, { id: noticeId }), ACCOUNT_HYDRATED);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('申请过样品').waitFor();
    await shot(page, 'buyer-notice');
    await page.getByRole('button', { name: '确认已阅' }).click();
    await page.getByText(/^您已于 \d{4}-\d{2}-\d{2} 确认已阅$/).waitFor();
    await shot(page, 'buyer-acknowledged');
    expect.soft(pageErrors.map(String)).toEqual([]);
  });

  test('the desk’s report shows the buyer’s acknowledgement', async () => {
    await gotoHydrated(desk, withQuery(paths.adminChangeNotices, { id: noticeId }), ADMIN_HYDRATED);
    const drawer = desk.getByRole('dialog', { name: /^变更通知 BG\d+$/ });
    await drawer.getByText(/^已确认 1 \/ \d+ 人/).waitFor();
    const acknowledged = drawer.getByText(/^已确认 \d{4}/).first();
    await acknowledged.waitFor();
    await acknowledged.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-acknowledged');
    expect.soft(deskErrors.map(String)).toEqual([]);
  });
});
