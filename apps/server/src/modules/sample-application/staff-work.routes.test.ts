import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApplication, AuditPage, NoticePage, SampleApplication } from '@fuliaotong/contracts';
import { users } from '../../db/schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { outboxMessages } from '../../../test/messages.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/* The staff hear of new applications, and their decisions are in the audit log. */

let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database, { specs: 1, nameZh: '交联羧甲纤维素钠' });
});
afterAll(async () => {
  await t.close();
});

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

    const member = await registerMember(t.app);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/app/sample/or-update',
      headers: bearer(member.token),
      payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 2 }]),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const application = parsed(submitted, SampleApplication);
    await t.drain();

    for (const staff of [reviewer, quiet, mailbox]) {
      expect((await noticesOf(staff.headers))[0]).toMatchObject({
        title: `新的样品申请 ${application.number}`,
        link: `/admin/applications?id=${application.id}`,
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
    const member = await registerMember(t.app);
    const application = parsed(
      await t.app.inject({
        method: 'POST',
        url: '/api/app/sample/or-update',
        headers: bearer(member.token),
        payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 1 }]),
      }),
      SampleApplication,
    );
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
