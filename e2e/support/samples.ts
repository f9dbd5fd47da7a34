import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiRequest, staffSession, type Session } from './accounts.js';
import { choose, chooseRegion } from './app.js';
import { gotoHydrated } from './browser.js';
import { paths, withQuery } from '@fuliaotong/contracts';

export interface Spec {
  id: number;
  grade: string;
  packSize: string;
  sampleAvailable: boolean;
}
export interface Product {
  id: number;
  nameZh: string;
  spec: Spec;
}

/** Two demo products with a sample pack size each, read from the public API. */
export async function twoProducts(): Promise<[Product, Product]> {
  const { body: list } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/excipient?page=1&pageSize=12');
  const found: Product[] = [];
  for (const { id } of list.items) {
    const { body } = await apiRequest<{ id: number; nameZh: string; specs: Spec[] }>(`/api/app/excipient/${id}`);
    const spec = body.specs.find((s) => s.sampleAvailable);
    if (spec) found.push({ id: body.id, nameZh: body.nameZh, spec });
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('the demo catalogue has fewer than two products with samples');
}

export interface ApplicationDto {
  id: number;
  number: string;
  status: string;
}

/** An application made through the API (for journeys about what happens to it afterwards). */
export async function applyByApi(
  session: Session,
  product: Product,
  { company = '苏州某某药业有限公司', contactName = '李工' }: { company?: string; contactName?: string } = {},
): Promise<ApplicationDto> {
  const { status, body } = await apiRequest<ApplicationDto>('/api/app/sample/or-update', {
    method: 'POST',
    token: session.token,
    json: {
      contactName,
      mobile: '13912345678',
      email: 'li@example.com',
      company,
      companyType: 'pharma',
      department: '制剂研发部',
      purpose: 'formulation_development',
      dosageForm: 'tablet',
      stage: 'pilot',
      projectName: '缓释片处方开发',
      notes: '',
      address: { recipient: contactName, mobile: '13912345678', regionCodes: ['32', '3205', '320506'], street: '星湖街 218 号 生物医药产业园 A3 栋' },
      items: [{ excipientId: product.id, specId: product.spec.id, quantity: 2 }],
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}


/** On a product's page (opened here): its sample spec into the sample cart, as a signed-in user does. */
export async function addToCartOnPage(page: Page, product: Product): Promise<void> {
  await gotoHydrated(page, withQuery(paths.excipientDetail, { id: product.id }));
  await page.getByRole('button', { name: `${product.spec.grade} ${product.spec.packSize}`, exact: true }).click();
  await page.getByRole('button', { name: /加入样品车/ }).click();
  await page.locator('.sample-picker__outcome', { hasText: product.nameZh }).waitFor();
}

/**
 * Fills the application form of the open /formconfirm page (a new address when the user has none yet);
 * the caller sends it.
 */
export async function fillApplicationForm(
  page: Page,
  { mobile, contactName = '王工', company = '杭州某某制药有限公司' }: { mobile: string; contactName?: string; company?: string },
): Promise<void> {
  await page.getByLabel('联系人', { exact: true }).fill(contactName);
  await page.getByLabel('手机号码', { exact: true }).fill(mobile);
  await page.getByLabel('电子邮箱', { exact: true }).fill('wang@example.com');
  await page.getByLabel('单位名称', { exact: true }).fill(company);
  await choose(page, '单位类型', '制药企业');
  await choose(page, '申请用途', '处方开发');
  await choose(page, '剂型', '片剂');
  await choose(page, '研发阶段', '小试');
  const recipient = page.getByLabel('收货人', { exact: true });
  if (await recipient.isVisible()) {
    await recipient.fill(contactName);
    await page.getByLabel('收货手机', { exact: true }).fill('13800138000');
    await page.getByLabel('所在地区').click();
    await chooseRegion(page, ['浙江省', '杭州市', '西湖区']);
    await page.getByLabel('详细地址').fill('文三路 90 号 东部软件园 3 号楼');
  }
}

/** A product's released batches on record, by number (read with the run's staff session: an administrator reads every desk). */
async function releasedOnRecord(productId: number): Promise<string[]> {
  const staff = await staffSession();
  const { status, body } = await apiRequest<{ items: Array<{ batchNumber: string }> }>(`/api/admin/batch?excipientId=${productId}&status=released&pageSize=20`, {
    method: 'GET',
    token: staff.token,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.items.map((batch) => batch.batchNumber).sort();
}

/**
 * The numbers of a product's released batches on record (the demo's, docs/decisions/0073-batches-and-coa-lookup.md):
 * a product with batches on record ships only those.
 */
export async function releasedBatchNumbers(productId: number, count: number): Promise<string[]> {
  const numbers = await releasedOnRecord(productId);
  expect(numbers.length, `product ${productId} has ${count} released batches on record`).toBeGreaterThanOrEqual(count);
  return numbers.slice(0, count);
}

/**
 * A batch number the staff may ship the product with: its first released batch on record, or `invented`
 * when the product has no batches on record yet (the desk then takes the number as written).
 */
export async function shippableBatchNumber(productId: number, invented: string): Promise<string> {
  return (await releasedOnRecord(productId))[0] ?? invented;
}
