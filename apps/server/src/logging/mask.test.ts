import { describe, expect, it } from 'vitest';
import { maskAccount, maskEmail, maskError, maskLogValue, maskPhone, maskText } from './mask.js';

describe('masking what logs may show of accounts', () => {
  it('masks mobile numbers, e-mail addresses and accounts', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskEmail('zhang.wei@example.com')).toBe('z***@example.com');
    expect(maskAccount('13800138000')).toBe('138****8000');
    expect(maskAccount('Zhang@Example.COM')).toBe('Z***@Example.COM');
    expect(maskAccount('admin')).toBe('adm***');
    expect(maskAccount('ab')).toBe('***');
  });

  it('masks them inside texts, and verification codes where a text introduces one', () => {
    expect(maskText('POST /api/admin/application?keyword=13800138000&page=1')).toBe('POST /api/admin/application?keyword=138****8000&page=1');
    expect(maskText('to wang@example.com and 13912345678.')).toBe('to w***@example.com and 139****5678.');
    expect(maskText('【辅料通】您的验证码为 123456，5 分钟内有效')).toBe('【辅料通】您的验证码为 ******，5 分钟内有效');
    expect(maskText('verification code: 654321')).toBe('verification code: ******');
  });

  it('leaves longer runs of digits alone (application numbers, timestamps)', () => {
    expect(maskText('YP20260101000123 at 1767225600000')).toBe('YP20260101000123 at 1767225600000');
    expect(maskText('12345678901')).toBe('12345678901'); // not a mobile number (second digit 2)
  });

  it('masks log objects deeply, replaces secret fields, and keeps error codes', () => {
    const logged = maskLogValue({
      account: '13800138000',
      nested: { to: ['a@example.com'], code: '123456', password: 'Excipient-2026' },
      err: Object.assign(new Error('duplicate key: (account)=(13800138000)'), { code: '23505' }),
    }) as { account: string; nested: Record<string, unknown>; err: Error & { code: string } };
    expect(logged.account).toBe('138****8000');
    expect(logged.nested).toEqual({ to: ['a***@example.com'], code: '******', password: '******' });
    expect(logged.err).toBeInstanceOf(Error);
    expect(logged.err.message).toBe('duplicate key: (account)=(138****8000)');
    expect(logged.err.code).toBe('23505');
    expect(logged.err.stack).not.toContain('13800138000');
  });

  it('masks an error\'s cause too', () => {
    const error = maskError(new Error('query failed', { cause: new Error('params: 13800138000') }));
    expect((error.cause as Error).message).toBe('params: 138****8000');
  });
});
