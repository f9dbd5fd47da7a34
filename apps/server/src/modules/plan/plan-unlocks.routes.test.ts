import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_CODES,
  DATABASE_FIELDS,
  memberFieldsOf,
  PlanList,
  RegistrationDetail,
  StandardPage,
  UsagePage,
  type DatabaseCode,
  type Locked,
  type Plan,
} from '@fuliaotong/contracts';
import { excipientDocuments, excipients } from '../excipient/excipient.schema.js';
import { grants } from '../grant/grant.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoContent } from '../demo/demo-seed.js';

/*
 * Every plan on sale unlocks what its card says: the 会员可见 fields of the databases it names are left
 * out (and named in `locked`) for a signed-in user without it and shown to its holder; membership also
 * unlocks the 会员资料.
 */

let t: TestApp;
const logLines: Array<Record<string, unknown>> = [];
let registrationId: number;
let memberDocument: { excipientId: number; id: number };

beforeAll(async () => {
  t = await createTestApp({ logLines });
  await seedDemoContent(t.database.db, {
    scale: { excipients: 30, registrations: 40, standards: 12, usageRecords: 12, regulations: 1, news: 1 },
  });
  const { db } = t.database;
  const [registration] = await db.select({ id: registrations.id }).from(registrations).where(ne(registrations.remark, '')).limit(1);
  registrationId = registration!.id;
  const [document] = await db
    .select({ excipientId: excipientDocuments.excipientId, id: excipientDocuments.id })
    .from(excipientDocuments)
    .innerJoin(excipients, eq(excipients.id, excipientDocuments.excipientId))
    .where(and(eq(excipientDocuments.access, 'member'), eq(excipients.published, true)))
    .limit(1);
  memberDocument = document!;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** Which 会员可见 fields of a database a caller is shown, and which are named as locked. */
async function reads(code: DatabaseCode, headers: Record<string, string>): Promise<{ shown: string[]; locked: string[] }> {
  let record: { locked: Locked[] } & Record<string, unknown>;
  if (code === 'registration') record = parsed(await get(`/api/app/registration/${registrationId}`, headers), RegistrationDetail);
  else if (code === 'standard') record = parsed(await get('/api/app/database/standard/records?pageSize=1', headers), StandardPage).items[0]!;
  else record = parsed(await get('/api/app/database/usage/records?pageSize=1', headers), UsagePage).items[0]!;
  const fields = memberFieldsOf(code);
  return {
    shown: fields.filter((field) => record[field] !== undefined),
    locked: record.locked.filter((lock) => lock.level === 'member' && lock.database === code).flatMap((lock) => lock.fields),
  };
}

const downloads = async (headers: Record<string, string>) =>
  (await get(`/api/app/excipient/${memberDocument.excipientId}/document/${memberDocument.id}`, headers)).statusCode;

/** A buyer who holds `plan` now, as an order would have granted it. */
async function holderOf(plan: Plan) {
  const buyer = await registerMember(t.app);
  await t.database.db.insert(grants).values({
    userId: buyer.user.id,
    kind: plan.kind,
    databaseCode: plan.databaseCode ?? null,
    seats: plan.seats ?? null,
    name: plan.name,
    source: 'order',
    startsAt: new Date(Date.now() - 1000),
    endsAt: new Date(Date.now() + plan.days * 86_400_000),
  });
  return bearer(buyer.token);
}

describe('the plans on sale', () => {
  it('each say what they unlock, compared with what a signed-in user sees', async () => {
    const plans = parsed(await get('/api/app/plan', {}), PlanList).items;
    expect(plans.map((plan) => [plan.name, plan.unlocks.map((u) => u.database)])).toEqual([
      ['专业会员 年卡', ['registration', 'standard', 'usage', null]],
      ['专业会员 月卡', ['registration', 'standard', 'usage', null]],
      ['企业会员 年卡', ['registration', 'standard', 'usage', null]],
      ['辅料用量数据库 年度', ['usage']],
      ['药典标准数据库 年度', ['standard']],
    ]);
    const standard = plans.find((plan) => plan.databaseCode === 'standard')!;
    expect(standard.unlocks).toEqual([
      {
        database: 'standard',
        name: '药典标准数据库',
        count: 12,
        signedIn: ['品种名称', '英文名称', '药典', '版本', '状态', '实施日期'],
        unlocked: ['检验项目', '修订说明'],
      },
    ]);
    expect(standard.description).toContain('检验项目与修订说明');
    const documents = plans[0]!.unlocks.find((u) => u.database === null)!;
    expect(documents).toMatchObject({ name: '会员资料下载', signedIn: ['公开资料', '登录后下载的资料'] });
    expect(documents.count).toBeGreaterThan(0);
    // The demo's 会员资料 are the DMF open parts.
    expect(documents.unlocked).toEqual([`DMF 资料 ${documents.count} 份`]);
  });

  it('lock those fields for a signed-in user without the plan and show them to its holder; what it does not name stays locked', async () => {
    const plans = parsed(await get('/api/app/plan', {}), PlanList).items;
    const user = bearer((await registerMember(t.app)).token);
    expect(await downloads(user)).toBe(403);
    for (const plan of plans) {
      const holder = await holderOf(plan);
      for (const unlock of plan.unlocks) {
        if (unlock.database === null) {
          expect(await downloads(holder), plan.name).toBe(200);
          continue;
        }
        const fields = memberFieldsOf(unlock.database);
        expect(unlock.unlocked).toEqual(Object.values(DATABASE_FIELDS[unlock.database].member));
        expect(await reads(unlock.database, user), `${plan.name}: ${unlock.database}`).toEqual({ shown: [], locked: fields });
        expect(await reads(unlock.database, holder), `${plan.name}: ${unlock.database}`).toEqual({ shown: fields, locked: [] });
      }
      for (const code of DATABASE_CODES.filter((c) => !plan.unlocks.some((u) => u.database === c))) {
        expect(await reads(code, holder), `${plan.name}: ${code}`).toEqual({ shown: [], locked: memberFieldsOf(code) });
      }
      if (!plan.unlocks.some((u) => u.database === null)) expect(await downloads(holder), plan.name).toBe(403);
    }
  });

  it('left no error in the server log', () => {
    expect(logLines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
