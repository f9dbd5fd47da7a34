import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ErrorResponse, SiteProfile, SiteSettings, type SiteSettingsBody } from '@fuliaotong/contracts';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const settingsUrl = '/api/admin/settings/site';

function bodyOf(settings: SiteSettings): SiteSettingsBody {
  const { updatedAt: _updatedAt, qrCodes, ...fields } = settings;
  const keep = (state: SiteSettings['qrCodes']['officialAccount']) => (state.kind === 'image' ? { kind: 'image' as const } : state);
  return {
    ...fields,
    qrCodes: {
      officialAccount: keep(qrCodes.officialAccount),
      miniProgram: keep(qrCodes.miniProgram),
      corporateChat: keep(qrCodes.corporateChat),
    },
  };
}

async function profile() {
  return parsed(await t.app.inject({ method: 'GET', url: '/api/app/site' }), SiteProfile);
}

describe('the site profile', () => {
  it('is the defaults until the staff change it, with no QR code to nowhere', async () => {
    const site = await profile();
    expect(site.company).toBe(DEFAULT_SITE_SETTINGS.company);
    expect(site.qrCodes).toEqual({ officialAccount: null, miniProgram: null, corporateChat: null });
    const qr = await t.app.inject({ method: 'GET', url: '/api/app/site/qr/officialAccount' });
    expect(qr.statusCode).toBe(404);
    expect(parsed(qr, ErrorResponse).error.message).toBe('尚未设置该二维码');
  });

  it('shows an administrator’s change on the next request, and records it with the values it replaced', async () => {
    const staff = await registerStaff(t.app, t.database, ['admin']);
    const before = parsed(await t.app.inject({ method: 'GET', url: settingsUrl, headers: staff.headers }), SiteSettings);
    const body: SiteSettingsBody = {
      ...bodyOf(before),
      phone: '400-600-1234',
      icp: '苏ICP备2025012345号-2',
      licences: ['互联网药品信息服务资格证书编号：（苏）-非经营性-2025-0042', '苏公网安备 32059002001234 号'],
      homeHeadline: '药用辅料，一站选型',
      qrCodes: { ...bodyOf(before).qrCodes, officialAccount: { kind: 'url', url: 'https://mp.weixin.qq.com/s/abcdefg' } },
    };
    const put = await t.app.inject({ method: 'PUT', url: settingsUrl, headers: staff.headers, payload: body });
    expect(put.statusCode, put.body).toBe(200);
    expect(parsed(put, SiteSettings).updatedAt).not.toBeNull();

    const site = await profile();
    expect([site.phone, site.icp, site.licences, site.homeHeadline]).toEqual([body.phone, body.icp, body.licences, body.homeHeadline]);
    expect(site.qrCodes.officialAccount).toMatch(/^\/api\/app\/site\/qr\/officialAccount\?v=[\w-]{12}$/);
    expect(site.qrCodes.miniProgram).toBeNull();

    // The code is drawn on the server from the address; its versioned address may be cached for good.
    const qr = await t.app.inject({ method: 'GET', url: site.qrCodes.officialAccount ?? '' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml');
    expect(qr.body).toContain('<svg');
    expect(qr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unversioned = await t.app.inject({ method: 'GET', url: '/api/app/site/qr/officialAccount' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');

    const audit = parsed(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: staff.headers,
        query: { entityId: 'site.profile', actorId: String(staff.user.id) },
      }),
      AuditPage,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]?.summary).toBe('修改网站信息');
    expect(audit.items[0]?.before).toMatchObject({ phone: before.phone, icp: before.icp });
    expect(audit.items[0]?.after).toMatchObject({ phone: '400-600-1234', icp: body.icp });
    expect(Object.keys(audit.items[0]?.after ?? {}).sort()).toEqual(['homeHeadline', 'icp', 'licences', 'phone', 'qrCodes']);
  });

  it('takes an uploaded QR image (checked by its bytes) and serves that image', async () => {
    const staff = await registerStaff(t.app, t.database, ['admin']);
    const fake = multipart(Buffer.from('<svg onload="alert(1)"></svg>'), 'code.png', 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/site/qr/miniProgram',
      headers: { ...staff.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(parsed(refused, ErrorResponse).error.message).toContain('PNG、JPEG 或 WebP');

    const upload = multipart(PNG, '小程序码.png', 'image/png');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/site/qr/miniProgram',
      headers: { ...staff.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(parsed(saved, SiteSettings).qrCodes.miniProgram.kind).toBe('image');

    const src = (await profile()).qrCodes.miniProgram;
    expect(src).not.toBeNull();
    const image = await t.app.inject({ method: 'GET', url: src ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // Saving the form again keeps the image; "none" takes the code off the page.
    const current = parsed(await t.app.inject({ method: 'GET', url: settingsUrl, headers: staff.headers }), SiteSettings);
    expect((await t.app.inject({ method: 'PUT', url: settingsUrl, headers: staff.headers, payload: bodyOf(current) })).statusCode).toBe(
      200,
    );
    expect((await profile()).qrCodes.miniProgram).toBe(src);
    const none = { ...bodyOf(current), qrCodes: { ...bodyOf(current).qrCodes, miniProgram: { kind: 'none' as const } } };
    expect((await t.app.inject({ method: 'PUT', url: settingsUrl, headers: staff.headers, payload: none })).statusCode).toBe(200);
    expect((await profile()).qrCodes.miniProgram).toBeNull();
  });

  it('refuses bad values with Chinese messages naming the field', async () => {
    const staff = await registerStaff(t.app, t.database, ['admin']);
    const good = bodyOf(parsed(await t.app.inject({ method: 'GET', url: settingsUrl, headers: staff.headers }), SiteSettings));
    const cases: Array<[Partial<SiteSettingsBody>, string, string]> = [
      [{ company: '  ' }, 'body.company', '请填写公司名称'],
      [{ email: 'service-at-example' }, 'body.email', '客服邮箱格式不正确'],
      [{ phone: '400-abc' }, 'body.phone', '客服热线只能包含数字、空格、括号和连字符'],
      [
        { qrCodes: { ...good.qrCodes, corporateChat: { kind: 'url', url: 'http://work.weixin.qq.com/x' } } },
        'body.qrCodes.corporateChat.url',
        '请填写以 https:// 开头的完整地址',
      ],
      [{ licences: Array.from({ length: 7 }, (_, i) => `第 ${i} 行`) }, 'body.licences', '资质信息最多 6 行'],
    ];
    for (const [change, path, message] of cases) {
      const response = await t.app.inject({ method: 'PUT', url: settingsUrl, headers: staff.headers, payload: { ...good, ...change } });
      expect(response.statusCode, path).toBe(400);
      const details = parsed(response, ErrorResponse).error.details as Array<{ path: string; message: string }>;
      expect(details, path).toContainEqual(expect.objectContaining({ path, message }));
    }
    const noImage = { ...good, qrCodes: { ...good.qrCodes, officialAccount: { kind: 'image' as const } } };
    const withoutUpload = await t.app.inject({ method: 'PUT', url: settingsUrl, headers: staff.headers, payload: noImage });
    expect(withoutUpload.statusCode).toBe(400);
    expect(parsed(withoutUpload, ErrorResponse).error.message).toBe('尚未上传公众号二维码图片，请先上传');
  });

  it('is the administrators’ desk: members and other staff get 403', async () => {
    const editor = await registerStaff(t.app, t.database, ['editor', 'reviewer', 'finance']);
    const member = await registerMember(t.app);
    for (const headers of [editor.headers, bearer(member.token)]) {
      const response = await t.app.inject({ method: 'GET', url: settingsUrl, headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
