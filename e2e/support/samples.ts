import { expect } from 'vitest';
import { apiRequest, type Session } from './accounts.js';

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

