import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, newIp, registerMember } from '../../../test/accounts.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** Logs never hold a whole mobile number or e-mail address (src/logging). */

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLines: lines, limits: { loginFailuresPerAccount: { max: 2, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t.close();
});

const login = (account: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account, password }, headers: { 'x-forwarded-for': newIp() } });

describe('log lines of log-in attempts', () => {
  it('name the account masked, whether the attempt failed, was locked out or succeeded', async () => {
    const { account } = await registerMember(t.app);
    const masked = `${account.slice(0, 3)}****${account.slice(-4)}`;
    lines.length = 0;

    expect((await login(account, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await login(account, 'Wrong-Password-2')).statusCode).toBe(401);
    expect((await login(account, 'Wrong-Password-3')).statusCode).toBe(429);
    expect((await login('zhang.wei@example.com', 'Wrong-Password-1')).statusCode).toBe(401);

    const refused = lines.filter((line) => line.msg === 'log-in refused');
    expect(refused.map((line) => [line.account, line.reason])).toEqual([
      [masked, 'unauthorized'],
      [masked, 'unauthorized'],
      [masked, 'too_many_requests'],
      ['z***@example.com', 'unauthorized'],
    ]);
    expect(lines.length).toBeGreaterThan(refused.length); // the requests themselves are logged too
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(account);
    expect(everything).not.toContain('zhang.wei@example.com');
  });

  it('mask a mobile number in a request\'s URL (a staff search)', async () => {
    const staff = await registerStaff(t.app, t.database);
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/application?keyword=13800138000', headers: staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    const incoming = lines.find((line) => line.msg === 'incoming request') as { req: { url: string } } | undefined;
    expect(incoming?.req.url).toBe('/api/admin/application?keyword=138****8000');
    // The one info line of a request says what was asked, the answer's status and the time it took.
    const completed = lines.find((line) => line.msg === 'request completed') as
      | { level: number; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number }
      | undefined;
    expect(completed).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/admin/application?keyword=138****8000' }, res: { statusCode: 200 } });
    expect(completed?.responseTime).toBeTypeOf('number');
    expect(JSON.stringify(lines)).not.toContain('13800138000');
  });

  it('keep the log driver\'s own SMS line whole (development and tests read it), and nothing else', async () => {
    const { account, password } = await registerMember(t.app, undefined, GOOD_PASSWORD);
    await t.drain(); // the registration code's SMS goes out first
    lines.length = 0;
    expect((await login(account, password)).statusCode).toBe(200);
    await t.app.messages.send({ channel: 'sms', to: account, template: 'verification_code', params: { code: '482913' } });
    await t.drain();
    const sms = lines.filter((line) => 'smsTo' in line);
    expect(sms).toMatchObject([{ level: 30, smsTo: account, smsText: expect.stringContaining('482913') as unknown }]);
    const others = JSON.stringify(lines.filter((line) => !('smsTo' in line)));
    expect(others).not.toContain(account);
    expect(others).not.toContain('482913');
  });

  it('are masked by the logger itself, whoever logs what (child loggers, messages, errors)', () => {
    lines.length = 0;
    const child = t.app.log.child({ module: 'example' });
    child.info({ to: '13800138000', mail: 'wang@example.com', code: '123456' }, 'sent to 13800138000');
    child.error({ err: new Error('insert failed: params 13800138000,wang@example.com') }, 'failed');
    expect(lines.map((line) => [line.to, line.mail, line.code, line.msg])).toEqual([
      ['138****8000', 'w***@example.com', '******', 'sent to 138****8000'],
      [undefined, undefined, undefined, 'failed'],
    ]);
    expect((lines[1]!.err as { message: string; type: string }).message).toBe('insert failed: params 138****8000,w***@example.com');
    expect(JSON.stringify(lines)).not.toMatch(/13800138000|wang@/);
  });
});
