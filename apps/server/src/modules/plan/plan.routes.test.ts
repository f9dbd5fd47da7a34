import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPlan, AdminPlanList, AuditPage, DATABASE_FIELDS, ErrorResponse, PlanList, type PlanBody } from '@fuliaotong/contracts';
import { databases, standards } from '../reference/reference.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  finance = await registerStaff(t.app, t.database, ['finance']);
});
afterAll(async () => {
  await t.close();
});

const onSale = async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/plan' }), PlanList).items;
const body: PlanBody = {
  kind: 'database',
  name: '原辅包登记数据库 年度',
  priceFen: 58_000,
  days: 365,
  databaseCode: 'registration',
  seats: null,
  description: '登记信息的企业地址、规格与备注。',
  onSale: true,
  sortOrder: 60,
};

const registrationDatabase = { code: 'registration', name: '原辅包登记信息', description: '', access: 'public', sortOrder: 1 } as const;
const aRegistration = {
  regNo: 'F20190000001', name: '乳糖', company: '浙江示例药用辅料有限公司', province: '浙江', source: '国产', type: '辅料', reviewStatus: 'A', updatedOn: '2024-05-01', remark: '已备案',
} as const;

describe('plans', () => {
  it('are on sale from the start: memberships for one account or a company’s seats, and a year of a database', async () => {
    const plans = await onSale();
    expect(plans.map((p) => [p.kind, p.name, p.priceFen, p.days])).toEqual([
      ['membership', '专业会员 年卡', 198_000, 365],
      ['membership', '专业会员 月卡', 29_800, 30],
      ['membership', '企业会员 年卡', 680_000, 365],
      ['database', '辅料用量数据库 年度', 98_000, 365],
      ['database', '药典标准数据库 年度', 68_000, 365],
    ]);
    expect(plans[0]).not.toHaveProperty('databaseCode');
    expect(plans[2]?.seats).toBe(5);
    expect(plans[3]?.databaseCode).toBe('usage');
  });

  it('are kept by finance on the plan desk: a new plan is on sale at once, one taken off sale is not', async () => {
    await t.database.db.insert(databases).values(registrationDatabase);
    await t.database.db.insert(registrations).values(aRegistration);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/plan', headers: finance.headers, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const plan = parsed(created, AdminPlan);
    expect((await onSale()).map((p) => p.name)).toContain('原辅包登记数据库 年度');

    const off = await t.app.inject({ method: 'PUT', url: `/api/admin/plan/${plan.id}`, headers: finance.headers, payload: { ...body, onSale: false } });
    expect(parsed(off, AdminPlan).onSale).toBe(false);
    expect((await onSale()).map((p) => p.name)).not.toContain('原辅包登记数据库 年度');
    const all = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/plan', headers: finance.headers }), AdminPlanList);
    expect(all.items.find((p) => p.id === plan.id)?.onSale).toBe(false);

    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { entityType: 'plan', entityId: String(plan.id) } }),
      AuditPage,
    );
    expect(plan.unlocks).toEqual([
      { database: 'registration', name: '原辅包登记信息', count: 1, signedIn: [...DATABASE_FIELDS.registration.signedIn], unlocked: ['备注'] },
    ]);
    expect(audit.items.map((e) => [e.summary, e.before, e.after])).toEqual([
      ['修改方案“原辅包登记数据库 年度”', { onSale: true }, { onSale: false }],
      ['新建方案“原辅包登记数据库 年度”', null, expect.objectContaining({ priceFen: 58_000 })],
    ]);
  });

  it('refuse a database subscription without its database, a price in yuan and other staff', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plan',
      headers: finance.headers,
      payload: { ...body, databaseCode: null, priceFen: 580.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(parsed(bad, ErrorResponse).error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.priceFen', message: '价格以分计，应为整数' },
      ]),
    );
    const noDatabase = await t.app.inject({ method: 'POST', url: '/api/admin/plan', headers: finance.headers, payload: { ...body, databaseCode: null } });
    expect(parsed(noDatabase, ErrorResponse).error.details).toEqual([{ path: 'body.databaseCode', message: '数据库订阅请选择数据库' }]);
    const editor = await registerStaff(t.app, t.database, ['editor']);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/plan', headers: editor.headers, payload: body })).statusCode).toBe(403);
  });

  it('refuse to sell a plan that unlocks nothing a signed-in user cannot already see', async () => {
    const sell = (payload: PlanBody) => t.app.inject({ method: 'POST', url: '/api/admin/plan', headers: finance.headers, payload });
    const standardPlan: PlanBody = { ...body, name: '药典标准数据库 两年', days: 730, databaseCode: 'standard', description: '' };
    const refused = async (payload: PlanBody) => {
      const response = await sell(payload);
      expect(response.statusCode, response.body).toBe(409);
      return parsed(response, ErrorResponse).error.message;
    };
    // A database the site does not offer, then one without records.
    expect(await refused(standardPlan)).toBe('该方案开通后看不到任何新内容：“药典标准数据库”尚未在网站上提供。请选择有会员可见内容的数据库，或先设为不在售');
    await t.database.db.insert(databases).values({ code: 'standard', name: '药典标准数据库', description: '', access: 'login', sortOrder: 2 });
    expect(await refused(standardPlan)).toBe('该方案开通后看不到任何新内容：“药典标准数据库”还没有记录。请选择有会员可见内容的数据库，或先设为不在售');
    // Prepared off sale, it may wait for its content; put on sale, it is refused until then.
    const waiting = parsed(await sell({ ...standardPlan, onSale: false }), AdminPlan);
    expect(waiting.unlocks).toEqual([]);
    const putOnSale = await t.app.inject({ method: 'PUT', url: `/api/admin/plan/${waiting.id}`, headers: finance.headers, payload: { ...standardPlan, onSale: true } });
    expect(putOnSale.statusCode).toBe(409);

    await t.database.db.insert(standards).values({ name: '乳糖', pharmacopoeia: 'ChP', edition: '2025 年版', status: '现行', testItems: ['性状'] });
    const onSaleNow = await t.app.inject({ method: 'PUT', url: `/api/admin/plan/${waiting.id}`, headers: finance.headers, payload: { ...standardPlan, onSale: true } });
    expect(onSaleNow.statusCode, onSaleNow.body).toBe(200);
    expect(parsed(onSaleNow, AdminPlan).unlocks).toEqual([
      {
        database: 'standard',
        name: '药典标准数据库',
        count: 1,
        signedIn: ['品种名称', '英文名称', '药典', '版本', '状态', '实施日期'],
        unlocked: ['检验项目', '修订说明'],
      },
    ]);
  });
});

describe('a membership plan on a site without content', () => {
  it('is refused: no database has records and no document is 会员资料', async () => {
    const empty = await createTestApp();
    try {
      const desk = await registerStaff(empty.app, empty.database, ['finance']);
      const membership: PlanBody = { ...body, kind: 'membership', name: '专业会员 季卡', databaseCode: null };
      const response = await empty.app.inject({ method: 'POST', url: '/api/admin/plan', headers: desk.headers, payload: membership });
      expect(response.statusCode).toBe(409);
      expect(parsed(response, ErrorResponse).error.message).toBe(
        '该方案开通后看不到任何新内容：网站上还没有会员可见的数据库字段或会员资料。请选择有会员可见内容的数据库，或先设为不在售',
      );
      const offSale = await empty.app.inject({ method: 'POST', url: '/api/admin/plan', headers: desk.headers, payload: { ...membership, onSale: false } });
      expect(offSale.statusCode).toBe(201);
    } finally {
      await empty.close();
    }
  });
});
