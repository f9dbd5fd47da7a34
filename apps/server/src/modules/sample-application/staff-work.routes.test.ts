import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApplication, AuditPage, CoaUpload, ErrorResponse, NoticePage, SampleApplication, paths, withQuery } from '@fuliaotong/contracts';
import { users } from '../account/account.schema.js';
import { uploads } from '../files/files.schema.js';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { outboxMessages } from '../../../test/messages.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/* The staff hear of new applications, their decisions are in the audit log, and shipments carry batches and COAs. */

let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database, { specs: 1, nameZh: '交联羧甲纤维素钠' });
});
afterAll(async () => {
  await t.close();
});

/** A new member with one application (of the test's product) awaiting review. */
async function applied() {
  const member = await registerMember(t.app);
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers: bearer(member.token),
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 1 }]),
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return { member, application: parsed(submitted, SampleApplication) };
}

const noticesOf = async (headers: Record<string, string>) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers }), NoticePage).items;

describe('new work for the staff', () => {
  it('tells every reviewer of a new application by notice, and by SMS or e-mail unless they turned that off; nobody else', async () => {
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const quiet = await registerStaff(t.app, t.database, ['reviewer', 'editor']);
    await t.database.db.update(users).set({ notifyBySmsAndEmail: false }).where(eq(users.id, quiet.user.id));
    const editor = await registerStaff(t.app, t.database, ['editor']);
    const mailbox = await registerStaff(t.app, t.database, ['reviewer']);
    await t.database.db.update(users).set({ account: 'review.desk@fuliaotong.example' }).where(eq(users.id, mailbox.user.id));

    const { application } = await applied();
    await t.drain();

    for (const staff of [reviewer, quiet, mailbox]) {
      expect((await noticesOf(staff.headers))[0]).toMatchObject({
        title: `新的样品申请 ${application.number}`,
        link: withQuery(paths.adminApplications, { id: application.id }),
      });
    }
    expect((await noticesOf(editor.headers)).map((n) => n.title)).not.toContain(`新的样品申请 ${application.number}`);

    const sms = await outboxMessages(t.database, reviewer.account);
    expect(sms.map((m) => m.body)).toContain(`【辅料通】有新的样品申请待处理：${application.number}，请登录辅料通工作台查看。`);
    // (The registration's code went to it earlier: only that.)
    expect((await outboxMessages(t.database, quiet.account)).filter((m) => m.body.includes('待处理'))).toEqual([]);
    const mail = await outboxMessages(t.database, 'review.desk@fuliaotong.example');
    expect(mail.map((m) => m.subject)).toEqual([`【辅料通工作台】新的样品申请 ${application.number}`]);
  });

  it('records each decision of the staff in the audit log with the status before and after', async () => {
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const { application } = await applied();
    const act = (action: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/application/${application.id}/${action}`, headers: reviewer.headers, payload });
    parsed(await act('approve', { note: '资料齐全' }), AdminApplication);
    parsed(await act('ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' }), AdminApplication);

    const audit = parsed(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: admin.headers,
        query: { entityType: 'application', entityId: String(application.id) },
      }),
      AuditPage,
    );
    expect(audit.items.map((e) => [e.action, e.actorId, e.summary, e.before, e.after])).toEqual([
      [
        'application.ship',
        reviewer.user.id,
        `发货样品申请 ${application.number}：顺丰速运 SF1234567890`,
        { status: 'approved', carrier: null, trackingNumber: null },
        { status: 'shipped', carrier: '顺丰速运', trackingNumber: 'SF1234567890' },
      ],
      ['application.approve', reviewer.user.id, `审核通过样品申请 ${application.number}：资料齐全`, { status: 'submitted' }, { status: 'approved' }],
    ]);
  });
});

describe('the COA with the shipment', () => {
  it('ships with each item\'s batch number and COA; the applicant sees both and downloads the COA, nobody else can', async () => {
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const { member, application } = await applied();
    const item = application.items[0]!;
    expect(item).toMatchObject({ batchNumber: null, coaUrl: null });
    const upload = (bytes: Buffer, name: string, headers = reviewer.headers) => {
      const form = multipart(bytes, name, 'application/pdf');
      return t.app.inject({ method: 'POST', url: '/api/admin/application/coa', payload: form.payload, headers: { ...form.headers, ...headers } });
    };

    const notPdf = await upload(PNG, 'coa.pdf');
    expect(notPdf.statusCode).toBe(415);
    expect(parsed(notPdf, ErrorResponse).error.message).toBe('COA 请上传 PDF 文件');
    expect((await upload(PDF, 'coa.pdf', bearer(member.token))).statusCode).toBe(403);
    const uploaded = await upload(PDF, 'COA-CCS-240518.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { coa } = parsed(uploaded, CoaUpload);

    const ship = (batches: object[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/application/${application.id}/approve`,
        headers: reviewer.headers,
        payload: { note: '' },
      }).then(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/application/${application.id}/ship`,
          headers: reviewer.headers,
          payload: { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches },
        }),
      );
    const wrongItem = await ship([{ itemId: item.id + 10_000, batchNumber: 'CCS-240518' }]);
    expect(parsed(wrongItem, ErrorResponse).error.details).toContainEqual({ path: 'body.batches.0.itemId', message: '该样品不在这份申请中' });
    const missingCoa = await ship([{ itemId: item.id, batchNumber: 'CCS-240518', coa: 'ffffffff-ffff-4fff-8fff-ffffffffffff.pdf' }]);
    expect(parsed(missingCoa, ErrorResponse).error.details).toContainEqual({ path: 'body.batches.0.coa', message: 'COA 文件不存在，请重新上传' });
    const shipped = await ship([{ itemId: item.id, batchNumber: 'CCS-240518', coa }]);
    expect(shipped.statusCode, shipped.body).toBe(200);

    const seen = parsed(await t.app.inject({ method: 'GET', url: `/api/app/sample/application/${application.id}`, headers: bearer(member.token) }), SampleApplication);
    expect(seen.items[0]).toMatchObject({ batchNumber: 'CCS-240518', coaUrl: `/api/app/sample/application/${application.id}/coa/${item.id}` });
    const download = await t.app.inject({ method: 'GET', url: seen.items[0]!.coaUrl!, headers: bearer(member.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('COA-交联羧甲纤维素钠-CCS-240518.pdf')}`);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const stranger = await registerMember(t.app);
    expect((await t.app.inject({ method: 'GET', url: seen.items[0]!.coaUrl!, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const staffView = await t.app.inject({ method: 'GET', url: `/api/admin/application/${application.id}/coa/${item.id}`, headers: reviewer.headers });
    expect(staffView.statusCode).toBe(200);

    // The COA is the company's: it stays when the reviewer's own account goes.
    const files = await t.database.db.select().from(uploads).where(eq(uploads.name, coa));
    expect(files.map((f) => f.personal)).toEqual([false]);
  });
});
