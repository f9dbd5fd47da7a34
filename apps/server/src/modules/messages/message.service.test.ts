import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from '../../../test/aliyun-sms-stand-in.js';
import { outboxMessages, sentMessages } from '../../../test/messages.js';
import { parseMail, startSmtpListener, type SmtpListener } from '../../../test/smtp-listener.js';
import { openTestDatabase, testClock, type TestClock } from '../../../test/test-app.js';
import type { Database } from '../../db/database.js';
import { transactorOf } from '../../modules.js';
import { JobRepository } from '../jobs/job.repository.js';
import { JobRunner } from '../jobs/job-runner.js';
import { AliyunSmsDriver, LogMailDriver, LogSmsDriver, SmtpMailDriver, type MailDriver, type SmsDriver } from './message-drivers.js';
import { MESSAGE_MAX_ATTEMPTS, MessageService } from './message.service.js';
import { OutboxRepository } from './outbox.repository.js';

const HOUR = 60 * 60_000;
const ACCESS_KEY_ID = 'LTAI-test-key-id';
const ACCESS_KEY_SECRET = 'test-access-key-secret-0123456789';

interface Line {
  level: string;
  object: Record<string, unknown>;
  message: string;
}

function memoryLogger(lines: Line[]) {
  const log = (level: string) => (object: object, message: string) => void lines.push({ level, object: object as Record<string, unknown>, message });
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let phones = 0;
const newPhone = () => `1390000${String((phones += 1)).padStart(4, '0')}`;

/** A message service with these drivers on the test database, its runner on a test clock. */
function service(drivers: { sms?: SmsDriver; mail?: MailDriver }, lines: Line[] = []) {
  const clock: TestClock = testClock();
  const logger = memoryLogger(lines);
  const jobs = new JobRunner(new JobRepository(database.db), { logger, now: clock.now });
  const messages = new MessageService({
    transactor: transactorOf(database.db),
    outbox: new OutboxRepository(database.db),
    jobs,
    sms: drivers.sms ?? new LogSmsDriver(logger),
    mail: drivers.mail ?? new LogMailDriver(logger),
    logger,
    now: clock.now,
  });
  /** Runs the message jobs until each has been sent or has failed for good. */
  const settle = async () => {
    for (let i = 0; i <= MESSAGE_MAX_ATTEMPTS; i += 1) {
      await jobs.drain();
      clock.advance(HOUR);
    }
  };
  return { messages, jobs, clock, settle };
}

describe('outbound messages with the log drivers', () => {
  it('renders an SMS from its template, writes it as one log line after the job runs, and keeps it in the outbox', async () => {
    const lines: Line[] = [];
    const { messages, jobs } = service({}, lines);
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: '123456' } });
    expect(await outboxMessages(database, to)).toMatchObject([{ status: 'queued', attempts: 0 }]);
    expect(lines).toEqual([]);

    await jobs.drain();
    const text = '【辅料通】您的验证码为 123456，5 分钟内有效。请勿告诉他人；如非本人操作，请忽略本短信。';
    expect(await sentMessages(database, to)).toMatchObject([
      { channel: 'sms', template: 'verification_code', params: { code: '123456' }, body: text, driver: 'log', attempts: 1 },
    ]);
    const smsLines = lines.filter((line) => 'smsTo' in line.object);
    expect(smsLines).toHaveLength(1);
    expect(smsLines[0]).toMatchObject({ level: 'info', object: { smsTo: to, smsText: text } });
  });

  it('renders the application status template', async () => {
    const { messages, jobs } = service({});
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'application_status', params: { number: 'YP20260101000001', status: '已通过' } });
    await jobs.drain();
    const [sms] = await sentMessages(database, to);
    expect(sms!.body).toBe('【辅料通】您的样品申请 YP20260101000001 状态已更新为「已通过」，详情请登录辅料通“我的申请”查看。');
  });

  it('refuses parameters that do not fit the template, queueing nothing', async () => {
    const { messages } = service({});
    const to = newPhone();
    await expect(messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: 'abc' } })).rejects.toThrow();
    await expect(messages.send({ channel: 'sms', to, template: 'application_status', params: { number: 'YP1' } })).rejects.toThrow();
    expect(await outboxMessages(database, to)).toEqual([]);
  });

  it('queues in the caller\'s transaction: a change that rolls back sends nothing', async () => {
    const { messages, jobs } = service({});
    const to = newPhone();
    await expect(
      transactorOf(database.db).transaction(async (repositories) => {
        await messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: '654321' } }, repositories);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await jobs.drain();
    expect(await outboxMessages(database, to)).toEqual([]);
  });

  it('writes an e-mail as one log line with its recipient, subject and text', async () => {
    const lines: Line[] = [];
    const { messages, jobs } = service({}, lines);
    await messages.send({ channel: 'email', to: 'wang@example.com', subject: '样品申请状态更新', text: '您的样品申请已通过审核。' });
    await jobs.drain();
    const mailLines = lines.filter((line) => 'mailTo' in line.object);
    // As the log writes it (JSON: the driver's mark, a symbol, is not written).
    expect(mailLines.map((line) => JSON.parse(JSON.stringify(line.object)) as unknown)).toEqual([
      { mailTo: 'wang@example.com', mailSubject: '样品申请状态更新', mailText: '您的样品申请已通过审核。' },
    ]);
    expect(mailLines[0]!.level).toBe('info');
    const sent = await sentMessages(database, 'wang@example.com');
    expect(sent.at(-1)).toMatchObject({ channel: 'email', subject: '样品申请状态更新', body: '您的样品申请已通过审核。' });
  });
});

describe('the aliyun SMS driver', () => {
  let standIn: AliyunSmsStandIn;
  beforeAll(async () => {
    standIn = await startAliyunSmsStandIn(ACCESS_KEY_SECRET);
  });
  afterEach(() => {
    standIn.requests.length = 0;
    standIn.answers.length = 0;
  });
  afterAll(async () => {
    await standIn.close();
  });

  const aliyun = (secret = ACCESS_KEY_SECRET) =>
    new AliyunSmsDriver({
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: secret,
      signName: '辅料通',
      templateCodes: { verification_code: 'SMS_100000001', application_status: 'SMS_100000002', quote_status: 'SMS_100000004', sales_order_status: 'SMS_100000005', staff_new_work: 'SMS_100000003', change_notice: 'SMS_100000006' },
      endpoint: standIn.endpoint,
    });

  it('sends SendSms with the signature, the template code and its parameters, signed with the AccessKey', async () => {
    const { messages, jobs } = service({ sms: aliyun() });
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'application_status', params: { number: 'YP20260101000002', status: '已发货' } });
    await jobs.drain();

    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({
      method: 'POST',
      action: 'SendSms',
      accessKeyId: ACCESS_KEY_ID,
      query: { PhoneNumbers: to, SignName: '辅料通', TemplateCode: 'SMS_100000002' },
    });
    expect(JSON.parse(request!.query.TemplateParam!)).toEqual({ number: 'YP20260101000002', status: '已发货' });
    expect(request!.headers['x-acs-version']).toBe('2017-05-25');
    expect(request!.signatureValid).toBe(true);
    expect(request!.verifiesWith('another-secret')).toBe(false);
    expect(await sentMessages(database, to)).toMatchObject([{ driver: 'aliyun', providerId: 'biz-1', attempts: 1 }]);
  });

  it('is refused by the provider when the request is signed with a wrong secret', async () => {
    const { messages, jobs } = service({ sms: aliyun('a-wrong-secret') });
    await messages.send({ channel: 'sms', to: newPhone(), template: 'verification_code', params: { code: '246810' } });
    await jobs.drain();
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.signatureValid).toBe(false);
  });

  it('retries a failed send with backoff until the provider takes it', async () => {
    const lines: Line[] = [];
    const { messages, settle } = service({ sms: aliyun() }, lines);
    standIn.answers.push({ status: 503 }, { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发频率限制' });
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: '135790' } });
    await settle();
    expect(standIn.requests).toHaveLength(3);
    expect(await outboxMessages(database, to)).toMatchObject([{ status: 'sent', attempts: 3, providerId: 'biz-3' }]);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('ends a send that keeps failing as failed, with its error in the outbox and a masked log line', async () => {
    const lines: Line[] = [];
    const { messages, settle } = service({ sms: aliyun() }, lines);
    standIn.answers.push(...Array.from({ length: MESSAGE_MAX_ATTEMPTS }, () => ({ status: 503 })));
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: '975310' } });
    await settle();
    expect(standIn.requests).toHaveLength(MESSAGE_MAX_ATTEMPTS);
    const [message] = await outboxMessages(database, to);
    expect(message).toMatchObject({ status: 'failed', attempts: MESSAGE_MAX_ATTEMPTS });
    expect(message!.lastError).toMatch(/503|ServiceUnavailable/);
    const failure = lines.find((line) => line.message === 'message could not be sent');
    expect(failure).toMatchObject({ level: 'error', object: { channel: 'sms', to: `${to.slice(0, 3)}****${to.slice(-4)}` } });
    expect(JSON.stringify(failure)).not.toContain(to);
  });

  it('gives up at once on a number the provider refuses', async () => {
    const { messages, settle } = service({ sms: aliyun() });
    standIn.answers.push({ code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号' });
    const to = newPhone();
    await messages.send({ channel: 'sms', to, template: 'verification_code', params: { code: '112233' } });
    await settle();
    expect(standIn.requests).toHaveLength(1);
    expect(await outboxMessages(database, to)).toMatchObject([{ status: 'failed', attempts: 1 }]);
  });
});

describe('the SMTP mail driver', () => {
  let smtp: SmtpListener;
  let driver: SmtpMailDriver;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    driver = new SmtpMailDriver(smtp.url, '辅料通 <no-reply@fuliaotong.example>');
  });
  afterAll(async () => {
    driver.close();
    await smtp.close();
  });

  it('sends the e-mail through the SMTP server in SMTP_URL, logged in with its credentials, retrying a temporary refusal', async () => {
    const { messages, settle } = service({ mail: driver });
    smtp.failNext(1);
    const to = 'li.gong@example.com';
    await messages.send({ channel: 'email', to, subject: '样品申请 YP20260101000003 已通过', text: '您的样品申请已通过审核，我们将尽快安排寄送。' });
    await settle();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ auth: { user: 'site', password: 'mail-secret' }, from: 'no-reply@fuliaotong.example', to: [to] });
    const parsed = parseMail(mail!.data);
    expect(parsed.header('subject')).toBe('样品申请 YP20260101000003 已通过');
    expect(parsed.header('to')).toBe(to);
    expect(parsed.text.trim()).toBe('您的样品申请已通过审核，我们将尽快安排寄送。');
    expect(await outboxMessages(database, to)).toMatchObject([{ status: 'sent', driver: 'smtp', attempts: 2 }]);
  });
});
