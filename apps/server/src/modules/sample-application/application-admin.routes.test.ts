import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApplication, AdminApplicationPage, ErrorResponse, NoticePage, SampleApplication, type ApplicationAction, paths, withQuery } from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let product: TestProduct;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database, { specs: 3, nameZh: '硬脂酸镁' });
  staff = (await registerStaff(t.app, t.database)).headers;
});
afterAll(async () => {
  await t.close();
});

/** A new member with one application awaiting review. */
async function applied(overrides: Parameters<typeof applicationBody>[1] = {}) {
  const session = await registerMember(t.app);
  const headers = bearer(session.token);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers,
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 3 }], overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  const application = parsed(response, SampleApplication);
  return {
    application,
    headers,
    session,
    notices: async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers }), NoticePage).items,
  };
}

const act = (id: number, action: Exclude<ApplicationAction, 'withdraw'>, payload?: object, headers = staff) =>
  t.app.inject({ method: 'POST', url: `/api/admin/application/${id}/${action}`, headers, ...(payload ? { payload } : {}) });

describe('review by the staff', () => {
  it('approve → ship → deliver: each records who, when and the note, and notifies the member', async () => {
    const { application, notices } = await applied();
    const approved = await act(application.id, 'approve', { note: '资料齐全' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(parsed(approved, AdminApplication)).toMatchObject({ status: 'approved', canEdit: false, canWithdraw: false });
    expect((await notices())[0]).toMatchObject({
      kind: 'sample',
      title: '样品申请已通过',
      body: `您的样品申请 ${application.number} 已通过审核，我们将尽快安排寄送。`,
      link: withQuery(paths.applicationOrder, { id: application.id }),
    });

    const shipped = await act(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(parsed(shipped, AdminApplication)).toMatchObject({ status: 'shipped', carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    expect((await notices())[0]).toMatchObject({ title: '样品已发货', body: `您的样品申请 ${application.number} 已发货：顺丰速运 SF1234567890` });

    // An empty body, or {}, is fine for deliver.
    const delivered = await act(application.id, 'deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const final = parsed(delivered, AdminApplication);
    expect(final.status).toBe('delivered');
    expect(final.history.map((e) => [e.action, e.status, e.actorRole, e.actorName, e.note])).toEqual([
      ['submit', 'submitted', 'member', final.applicant.account, ''],
      ['approve', 'approved', 'staff', '审核员小张', '资料齐全'],
      ['ship', 'shipped', 'staff', '审核员小张', '顺丰速运 SF1234567890'],
      ['deliver', 'delivered', 'staff', '审核员小张', ''],
    ]);
    expect((await notices()).map((n) => n.title).slice(0, 4)).toEqual(['样品已签收', '样品已发货', '样品申请已通过', '样品申请已提交']);
    expect((await act(application.id, 'deliver', {})).statusCode).toBe(409);
  });

  it('rejects with a reason the member sees', async () => {
    const { application, headers, notices } = await applied();
    const rejected = await act(application.id, 'reject', { reason: '请补充单位信息' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(parsed(rejected, AdminApplication)).toMatchObject({ status: 'rejected', rejectReason: '请补充单位信息' });
    const own = parsed(await t.app.inject({ method: 'GET', url: `/api/app/sample/application/${application.id}`, headers }), SampleApplication);
    expect(own).toMatchObject({ status: 'rejected', rejectReason: '请补充单位信息' });
    // Members see the staff as the supplier, not by name; the staff see who it was.
    expect(own.history.at(-1)).toMatchObject({ action: 'reject', note: '请补充单位信息', actorRole: 'staff', actorName: '辅料通工作人员' });
    expect(parsed(rejected, AdminApplication).history.at(-1)).toMatchObject({ actorName: '审核员小张' });
    expect((await notices())[0]).toMatchObject({ title: '样品申请未通过', body: `您的样品申请 ${application.number} 未通过审核：请补充单位信息` });
  });

  it('refuses transitions the table does not have, naming the current status (409)', async () => {
    const { application } = await applied();
    const shipEarly = await act(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    expect(shipEarly.statusCode).toBe(409);
    expect(parsed(shipEarly, ErrorResponse).error).toMatchObject({ code: 'conflict', message: '该申请当前为「待审核」，不能发货' });
    expect((await act(application.id, 'reject', { reason: '资料不全' })).statusCode).toBe(200);
    const shipRejected = await act(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    expect(shipRejected.statusCode).toBe(409);
    expect(parsed(shipRejected, ErrorResponse).error.message).toBe('该申请当前为「已驳回」，不能发货');
    expect(parsed(await act(application.id, 'approve', {}), ErrorResponse).error.message).toBe('该申请当前为「已驳回」，不能审核通过');

    const second = await applied();
    expect((await act(second.application.id, 'approve', {})).statusCode).toBe(200);
    const twice = await act(second.application.id, 'approve', {});
    expect(twice.statusCode).toBe(409);
    expect(parsed(twice, ErrorResponse).error.message).toBe('该申请当前为「已通过」，不能审核通过');
    expect(parsed(await act(second.application.id, 'deliver'), ErrorResponse).error.message).toBe('该申请当前为「已通过」，不能确认签收');
    expect((await act(999_999, 'approve', {})).statusCode).toBe(404);
  });

  it('lets only one of several concurrent approvals through, with one event and one notice', async () => {
    const { application, notices } = await applied();
    const responses = await Promise.all(Array.from({ length: 5 }, () => act(application.id, 'approve', {})));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const detail = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/application/${application.id}`, headers: staff }), AdminApplication);
    expect(detail.history.filter((e) => e.action === 'approve')).toHaveLength(1);
    expect((await notices()).filter((n) => n.title === '样品申请已通过')).toHaveLength(1);
  });

  it('answers 400 with Chinese details for bad bodies', async () => {
    const { application } = await applied();
    const reason = await act(application.id, 'reject', { reason: '' });
    expect(reason.statusCode).toBe(400);
    expect(parsed(reason, ErrorResponse).error.details).toEqual([{ path: 'body.reason', message: '请填写驳回原因' }]);
    expect((await act(application.id, 'approve')).statusCode).toBe(200); // no body: no note
    const tracking = await act(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: '单号' });
    expect(tracking.statusCode).toBe(400);
    expect(parsed(tracking, ErrorResponse).error.details).toEqual([{ path: 'body.trackingNumber', message: '运单号为 6–40 位字母或数字' }]);
  });

  it('lists every user’s applications newest first, with the applicant, counts and a keyword', async () => {
    const first = await applied({ company: '苏州关键词测试药业有限公司' });
    const second = await applied({ contactName: '关键词测试' });
    const third = await applied({ mobile: '13712345678' });
    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/application?${query}`, headers: staff });
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, AdminApplicationPage);
    };
    const all = await list('pageSize=3');
    expect(all.items.map((a) => a.id)).toEqual([third.application.id, second.application.id, first.application.id]);
    expect(all.items[0]!.applicant).toEqual({ id: third.session.user.id, account: third.session.account, name: '' });
    expect(all.totalCount).toBeGreaterThanOrEqual(3);

    const keyword = await list(`keyword=${encodeURIComponent('关键词测试')}`);
    expect(keyword.items.map((a) => a.id)).toEqual([second.application.id, first.application.id]);
    expect(keyword.countsByStatus.submitted).toBe(2);
    expect((await list('keyword=3712345')).items.map((a) => a.id)).toEqual([third.application.id]);
    expect((await list(`keyword=${first.application.number}`)).items.map((a) => a.id)).toEqual([first.application.id]);
    expect((await list('keyword=%25')).totalCount).toBe(0);

    await act(second.application.id, 'approve', {});
    const approved = await list(`status=approved&keyword=${encodeURIComponent('关键词测试')}`);
    expect(approved.items.map((a) => a.id)).toEqual([second.application.id]);
    expect(approved.countsByStatus).toMatchObject({ submitted: 1, approved: 1 });
  });

  it('is for the staff only: 401 without a token, 403 for members (the applicant too)', async () => {
    const { application, headers } = await applied();
    for (const [method, url] of [
      ['GET', '/api/admin/application'],
      ['GET', `/api/admin/application/${application.id}`],
      ['POST', `/api/admin/application/${application.id}/approve`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const forbidden = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(forbidden.statusCode).toBe(403);
      expect(parsed(forbidden, ErrorResponse).error).toMatchObject({ code: 'forbidden', message: '仅限工作人员操作' });
    }
    expect(parsed(await t.app.inject({ method: 'GET', url: `/api/app/sample/application/${application.id}`, headers }), SampleApplication).status).toBe('submitted');
  });
});
