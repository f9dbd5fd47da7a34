import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticePage, SampleApplication, User, type ApplicationAction, paths, withQuery } from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from '../../../test/aliyun-sms-stand-in.js';
import { outboxMessages, sentMessages } from '../../../test/messages.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff } from '../../../test/samples.js';
import { createTestApp, testClock, TEST_SITE_URL, type TestAppOptions } from '../../../test/test-app.js';

/** The applicant hears of the staff's changes by SMS and e-mail too, sent after the change commits. */

const HOUR = 60 * 60_000;
let phones = 0;
/** A mobile number of its own for each application, so that its messages can be told apart. */
const newMobile = () => `1370${String(process.pid % 1000).padStart(3, '0')}${String((phones += 1)).padStart(4, '0')}`;

async function setUp(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  const product = await createProduct(t.database, { specs: 1, nameZh: '微晶纤维素' });
  const staff = (await registerStaff(t.app, t.database)).headers;
  return { t, product, staff };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function applied({ t, product }: Setup, options: { email?: string; notify?: boolean } = {}) {
  const session = await registerMember(t.app);
  const headers = bearer(session.token);
  if (options.notify !== undefined) {
    const updated = await t.app.inject({ method: 'PUT', url: '/api/app/account/profile', headers, payload: { notifyBySmsAndEmail: options.notify } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(parsed(updated, User).notifyBySmsAndEmail).toBe(options.notify);
  }
  const mobile = newMobile();
  const email = options.email ?? `applicant${phones}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers,
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]! }], { mobile, email }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { application: parsed(response, SampleApplication), headers, mobile, email };
}

const act = ({ t, staff }: Setup, id: number, action: Exclude<ApplicationAction, 'withdraw'>, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/application/${id}/${action}`, headers: staff, ...(payload ? { payload } : {}) });

describe('application status messages (log drivers)', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup.t.close();
  });

  it('sends each change of the staff by SMS to the application\'s mobile and by e-mail, after the commit', async () => {
    const { t } = setup;
    const { application, mobile, email } = await applied(setup);
    // Submitting is the member's own doing: no message.
    expect(await sentMessages(t, mobile)).toEqual([]);

    expect((await act(setup, application.id, 'approve', { note: '资料齐全' })).statusCode).toBe(200);
    // Queued with the change, not yet sent: the job runs after the commit.
    expect(await outboxMessages(t.database, mobile)).toMatchObject([{ status: 'queued' }]);
    const [sms] = await sentMessages(t, mobile);
    expect(sms).toMatchObject({
      channel: 'sms',
      template: 'application_status',
      params: { number: application.number, status: '已通过' },
      body: `【辅料通】您的样品申请 ${application.number} 状态已更新为「已通过」，详情请登录辅料通“我的申请”查看。`,
    });
    const [mail] = await sentMessages(t, email);
    expect(mail).toMatchObject({ channel: 'email', subject: `【辅料通】样品申请已通过（${application.number}）` });
    expect(mail!.body).toContain(`您的样品申请 ${application.number} 已通过审核，我们将尽快安排寄送。`);
    expect(mail!.body).toContain(TEST_SITE_URL + withQuery(paths.applicationOrder, { id: application.id }));

    expect((await act(setup, application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' })).statusCode).toBe(200);
    expect((await act(setup, application.id, 'deliver')).statusCode).toBe(200);
    expect((await sentMessages(t, mobile)).map((m) => m.params?.status)).toEqual(['已通过', '已发货', '已签收']);
    expect((await sentMessages(t, email)).at(-2)!.body).toContain('顺丰速运 SF1234567890');
  });

  it('sends a rejection with its reason by e-mail; a member\'s own withdrawal sends nothing', async () => {
    const { t } = setup;
    const rejected = await applied(setup);
    expect((await act(setup, rejected.application.id, 'reject', { reason: '用途描述不清' })).statusCode).toBe(200);
    expect((await sentMessages(t, rejected.mobile)).map((m) => m.params?.status)).toEqual(['已驳回']);
    expect((await sentMessages(t, rejected.email))[0]!.body).toContain('用途描述不清');

    const withdrawn = await applied(setup);
    const response = await t.app.inject({ method: 'POST', url: `/api/app/sample/application/${withdrawn.application.id}/withdraw`, headers: withdrawn.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(await sentMessages(t, withdrawn.mobile)).toEqual([]);
  });

  it('sends nothing but the notice to a member who turned these messages off in the profile', async () => {
    const { t } = setup;
    const { application, headers, mobile, email } = await applied(setup, { notify: false });
    const profile = parsed(await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers }), User);
    expect(profile.notifyBySmsAndEmail).toBe(false);
    expect((await act(setup, application.id, 'approve')).statusCode).toBe(200);
    expect(await outboxMessages(t.database, mobile)).toEqual([]);
    expect(await outboxMessages(t.database, email)).toEqual([]);
    const notices = parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers }), NoticePage).items;
    expect(notices[0]).toMatchObject({ title: '样品申请已通过' });
  });

  it('has them on for a new member', async () => {
    const session = await registerMember(setup.t.app);
    expect(session.user.notifyBySmsAndEmail).toBe(true);
  });
});

describe('application status messages through a failing SMS provider', () => {
  const secret = 'stand-in-access-key-secret';
  let standIn: AliyunSmsStandIn;
  let setup: Setup;
  const clock = testClock();
  beforeAll(async () => {
    standIn = await startAliyunSmsStandIn(secret);
    setup = await setUp({
      clock,
      messages: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: 'LTAI-stand-in',
        ALIYUN_ACCESS_KEY_SECRET: secret,
        ALIYUN_SMS_SIGN_NAME: '辅料通',
        ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE: 'SMS_100000001',
        ALIYUN_SMS_TEMPLATE_APPLICATION_STATUS: 'SMS_100000002',
        ALIYUN_SMS_TEMPLATE_STAFF_NEW_WORK: 'SMS_100000003',
        ALIYUN_SMS_TEMPLATE_QUOTE_STATUS: 'SMS_100000004',
        ALIYUN_SMS_TEMPLATE_SALES_ORDER_STATUS: 'SMS_100000005',
        ALIYUN_SMS_TEMPLATE_CHANGE_NOTICE: 'SMS_100000006',
        ALIYUN_SMS_ENDPOINT: standIn.endpoint,
      },
    });
  });
  afterAll(async () => {
    await setup.t.close();
    await standIn.close();
  });

  it('keeps the change and its notice, and retries the SMS until the provider takes it', async () => {
    const { t } = setup;
    const { application, headers, mobile } = await applied(setup);
    // The member's registration code went out through the same provider: sent before the provider fails.
    await t.drain();
    standIn.requests.length = 0;
    standIn.answers.push({ status: 503 }, { status: 503 });

    const approved = await act(setup, application.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const notices = parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers }), NoticePage).items;
    expect(notices[0]).toMatchObject({ title: '样品申请已通过' });

    await t.drain();
    const [queued] = await outboxMessages(t.database, mobile);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, driver: 'aliyun' });
    expect(queued!.lastError).toMatch(/503|ServiceUnavailable/);

    for (let i = 0; i < 3; i += 1) {
      clock.advance(HOUR);
      await t.drain();
    }
    expect(await outboxMessages(t.database, mobile)).toMatchObject([{ status: 'sent', attempts: 3, providerId: `biz-${standIn.requests.length}` }]);
    expect(standIn.requests.map((r) => [r.query.PhoneNumbers, r.query.TemplateCode, r.signatureValid])).toEqual([
      [mobile, 'SMS_100000002', true],
      [mobile, 'SMS_100000002', true],
      [mobile, 'SMS_100000002', true],
    ]);
    expect(JSON.parse(standIn.requests[2]!.query.TemplateParam!)).toEqual({ number: application.number, status: '已通过' });
  });
});

describe('application status messages with the runner started, as in the server', () => {
  it('sends the SMS right after the change commits, without waiting for a poll', async () => {
    const setup = await setUp({ runJobs: true });
    try {
      const { t } = setup;
      const { application, mobile } = await applied(setup);
      expect((await act(setup, application.id, 'approve')).statusCode).toBe(200);
      await t.app.jobs.whenIdle();
      expect(await outboxMessages(t.database, mobile)).toMatchObject([{ status: 'sent', params: { status: '已通过' } }]);
    } finally {
      await setup.t.close();
    }
  });
});
