import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES, type SampleApplicationBody, type StaffRole } from '@fuliaotong/contracts';
import type { Database } from '../src/db/database.js';
import { users } from '../src/modules/account/account.schema.js';
import { excipients, excipientSpecs } from '../src/modules/excipient/excipient.schema.js';
import { bearer, registerMember } from './accounts.js';

export interface TestProduct {
  excipientId: number;
  nameZh: string;
  specIds: number[];
}

let products = 0;

/** A product offering samples in `specs` options (grade × pack size), all available unless told. */
export async function createProduct(
  database: Database,
  options: { specs?: number; nameZh?: string; sampleAvailable?: boolean } = {},
): Promise<TestProduct> {
  products += 1;
  const nameZh = options.nameZh ?? `测试辅料${products}`;
  const [excipient] = await database.db
    .insert(excipients)
    .values({ nameZh, nameEn: `Test excipient ${products}`, category: '填充剂', sampleAvailable: options.sampleAvailable ?? true })
    .returning({ id: excipients.id });
  const count = options.specs ?? 3;
  const specs = await database.db
    .insert(excipientSpecs)
    .values(
      Array.from({ length: count }, (_, i) => ({
        excipientId: excipient!.id,
        grade: `型号${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) || ''}`,
        packSize: ['100 g', '500 g', '1 kg'][i % 3]!,
        sortOrder: i,
      })),
    )
    .returning({ id: excipientSpecs.id });
  return { excipientId: excipient!.id, nameZh, specIds: specs.map((s) => s.id) };
}

/**
 * A signed-in member of the supplier's staff, holding `roles` (all of them unless told). Made staff
 * after signing in as a member, so the session needs no second factor; the staff log-in tests sign in with one.
 */
export async function registerStaff(app: FastifyInstance, database: Database, roles: StaffRole[] = [...STAFF_ROLES]) {
  const staff = await registerMember(app);
  await database.db.update(users).set({ roles, name: '审核员小张' }).where(eq(users.id, staff.user.id));
  return { ...staff, user: { ...staff.user, roles }, headers: bearer(staff.token) };
}

/** A complete, valid application body for these items, shipped to a new (unsaved) address. */
export function applicationBody(
  items: Array<{ excipientId: number; specId: number; quantity?: number }>,
  overrides: Partial<SampleApplicationBody> = {},
): SampleApplicationBody {
  return {
    contactName: '王工',
    mobile: '13800138000',
    email: 'wang@example.com',
    company: '杭州某某制药有限公司',
    companyType: 'pharma',
    department: '制剂研发部',
    purpose: 'formulation_development',
    dosageForm: 'tablet',
    stage: 'pilot',
    projectName: '缓释片处方开发',
    notes: '',
    address: { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' },
    items: items.map((item) => ({ ...item, quantity: item.quantity ?? 1 })),
    ...overrides,
  };
}
