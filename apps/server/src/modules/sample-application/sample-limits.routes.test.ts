import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, DEFAULT_SAMPLE_LIMITS, ErrorResponse, SampleLimits } from '@fuliaotong/contracts';
import { appSetting } from '../settings/settings.schema.js';
import { transactorOf } from '../../modules.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SettingsStore } from '../settings/settings-store.js';
import { SAMPLE_LIMITS_KEY, SampleLimitsService } from './sample-limits.service.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/admin/settings/sample-limits';

describe('sample limits', () => {
  it('are the defaults until the staff change them, and then the new values', async () => {
    const staff = await registerStaff(t.app, t.database);
    const read = await t.app.inject({ method: 'GET', url, headers: staff.headers });
    expect(read.statusCode).toBe(200);
    expect(parsed(read, SampleLimits)).toEqual(DEFAULT_SAMPLE_LIMITS);
    const limits = { maxCartItems: 30, maxApplicationItems: 15, maxQuantity: 5, maxPendingApplications: 3, companyYearlyApplications: 12, companyYearlyItems: 40 };
    const put = await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: limits });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(limits);
    expect((await t.app.inject({ method: 'GET', url, headers: staff.headers })).json()).toEqual(limits);
    await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: DEFAULT_SAMPLE_LIMITS });
  });

  it('refuses values out of range with 400 and details', async () => {
    const staff = await registerStaff(t.app, t.database);
    const response = await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: { ...DEFAULT_SAMPLE_LIMITS, maxQuantity: 0 } });
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.details).toHaveProperty('0.path', 'body.maxQuantity');
    const missing = await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: { maxQuantity: 3 } });
    expect(missing.statusCode).toBe(400);
  });

  it('are for the staff only: 401 without a token, 403 for members', async () => {
    const member = await registerMember(t.app);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
    expect(forbidden.statusCode).toBe(403);
    expect(parsed(forbidden, ErrorResponse).error.code).toBe('forbidden');
    expect((await t.app.inject({ method: 'PUT', url, headers: bearer(member.token), payload: DEFAULT_SAMPLE_LIMITS })).statusCode).toBe(403);
  });

  it('are recorded in the audit log with the values they replace', async () => {
    const staff = await registerStaff(t.app, t.database, ['admin']);
    const before = parsed(await t.app.inject({ method: 'GET', url, headers: staff.headers }), SampleLimits);
    const limits = { ...before, maxQuantity: before.maxQuantity === 4 ? 6 : 4 };
    expect((await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: limits })).statusCode).toBe(200);
    const audit = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: staff.headers, query: { entityType: 'setting', actorId: String(staff.user.id) } }),
      AuditPage,
    );
    expect(audit.items.map((e) => [e.action, e.summary, e.before, e.after])).toEqual([
      ['settings.update', '修改样品限额', { maxQuantity: before.maxQuantity }, { maxQuantity: limits.maxQuantity }],
    ]);
    await t.app.inject({ method: 'PUT', url, headers: staff.headers, payload: before });
  });

  it('keep the default of a stored field that is missing or out of range', async () => {
    const staffId = (await registerStaff(t.app, t.database, ['admin'])).user.id;
    const service = new SampleLimitsService(new SettingsStore(transactorOf(t.database.db)), transactorOf(t.database.db));
    await t.database.db.delete(appSetting);
    expect(await service.current()).toEqual(DEFAULT_SAMPLE_LIMITS);
    await t.database.db.insert(appSetting).values({ key: SAMPLE_LIMITS_KEY, value: { maxCartItems: 7, maxQuantity: -1 } });
    expect(await service.current()).toEqual({ ...DEFAULT_SAMPLE_LIMITS, maxCartItems: 7 });
    await service.update({ id: staffId, account: 'settings@fuliaotong.example', ip: '127.0.0.1' }, DEFAULT_SAMPLE_LIMITS);
    expect(await service.current()).toEqual(DEFAULT_SAMPLE_LIMITS);
  });
});
