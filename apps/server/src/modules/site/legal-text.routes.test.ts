import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminLegalText, ErrorResponse, LegalText, POLICY_VERSION } from '@fuliaotong/contracts';
import { registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { users } from '../account/account.schema.js';
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerStaff(t.app, t.database, ['admin']);
});
afterAll(async () => {
  await t.close();
});

const published = async (doc: 'agreement' | 'privacy') => parsed(await t.app.inject({ method: 'GET', url: `/api/app/site/legal/${doc}` }), LegalText);
const publish = (doc: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/settings/legal/${doc}`, headers: admin.headers, payload });
const consentOf = async (userId: number) =>
  (await t.database.db.select({ version: users.consentVersion }).from(users).where(eq(users.id, userId)))[0]!.version;

describe('the legal texts', () => {
  it('are the initial texts until the staff publish one, with the company’s details filled in', async () => {
    const agreement = await published('agreement');
    expect(agreement.version).toBe(POLICY_VERSION);
    expect(agreement.title).toBe('用户协议');
    expect(agreement.html).toContain(`<h2>协议的范围与接受</h2><p>本协议是您与${DEFAULT_SITE_SETTINGS.company}（以下简称“我们”）`);
    expect(agreement.html).not.toContain('{{');
    const privacy = await published('privacy');
    expect(privacy.html).toContain(DEFAULT_SITE_SETTINGS.privacyEmail);
    expect(privacy.html).toContain('<table>');
    // What a deletion cannot reach at once, said plainly: backups until they expire, and the accounting records the law keeps.
    expect(privacy.html).toContain('每份备份保留 30 天后删除');
    expect(privacy.html).toContain('在备份保留期满后随备份一并删除');
    expect(privacy.html).toContain('依照《会计档案管理办法》《发票管理办法》按上面的期限保留');
    const member = await registerMember(t.app);
    expect(await consentOf(member.user.id)).toBe(POLICY_VERSION);
  });

  it('publishes a new version that pages show at once and new registrations agree to', async () => {
    const response = await publish('privacy', {
      html: '<h2>我们收集哪些信息</h2><p onclick="x()">我们是{{company}}，联系邮箱 {{privacyEmail}}。{{unknown}}</p><script>alert(1)</script>',
      version: '2027-01-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, AdminLegalText)).toMatchObject({
      html: '<h2>我们收集哪些信息</h2><p>我们是{{company}}，联系邮箱 {{privacyEmail}}。{{unknown}}</p>',
      version: '2027-01-01',
    });
    const shown = await published('privacy');
    expect(shown).toMatchObject({
      version: '2027-01-01',
      html: `<h2>我们收集哪些信息</h2><p>我们是${DEFAULT_SITE_SETTINGS.company}，联系邮箱 ${DEFAULT_SITE_SETTINGS.privacyEmail}。{{unknown}}</p>`,
    });
    const member = await registerMember(t.app);
    expect(await consentOf(member.user.id)).toBe('2027-01-01');

    const older = await publish('privacy', { html: '<p>旧版</p>', version: '2026-01-01' });
    expect(older.statusCode).toBe(400);
    expect(parsed(older, ErrorResponse).error.details).toEqual([{ path: 'body.version', message: '版本不能早于当前版本（2027-01-01）' }]);
    const empty = await publish('agreement', { html: '<script>x</script>', version: '2027-01-01' });
    expect(parsed(empty, ErrorResponse).error.details).toEqual([{ path: 'body.html', message: '请填写正文' }]);
  });
});
