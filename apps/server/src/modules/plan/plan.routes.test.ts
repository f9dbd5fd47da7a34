import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPlan, AdminPlanList, AuditPage, ErrorResponse, PlanList, type PlanBody } from '@fuliaotong/contracts';
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
});
