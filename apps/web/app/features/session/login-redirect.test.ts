import { describe, expect, it } from 'vitest';
import { afterLoginPath, isAccountPath, loginHref, registerHref, safeRedirect } from './login-redirect';

describe('account paths', () => {
  it('knows the account pages (for logging out of an open one)', () => {
    expect(isAccountPath('/account')).toBe(true);
    expect(isAccountPath('/account/notice')).toBe(true);
    expect(isAccountPath('/accountx')).toBe(false);
    expect(isAccountPath('/home')).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('accepts paths of this site, with their query', () => {
    expect(safeRedirect('/account/apply')).toBe('/account/apply');
    expect(safeRedirect('/excipientsdetail?id=3&tab=docs')).toBe('/excipientsdetail?id=3&tab=docs');
  });

  it.each([
    null,
    '',
    'account',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?redirect=/account',
    '/register',
    '/forgot-password',
  ])('rejects %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});

describe('login links', () => {
  it('carry where to return, unless that is nowhere in particular', () => {
    expect(loginHref('/account/apply?x=1')).toBe('/login?redirect=%2Faccount%2Fapply%3Fx%3D1');
    expect(loginHref('/home')).toBe('/login');
    expect(loginHref('//evil.example')).toBe('/login');
    expect(loginHref()).toBe('/login');
    expect(registerHref('/account/apply')).toBe('/register?redirect=%2Faccount%2Fapply');
  });

  it('after login go to the redirect, or the account home', () => {
    expect(afterLoginPath('?redirect=%2Faccount%2Fapply%3Fx%3D1')).toBe('/account/apply?x=1');
    expect(afterLoginPath('?redirect=//evil.example')).toBe('/account');
    expect(afterLoginPath('')).toBe('/account');
  });

  it('after the second factor, staff go to the staff console unless a redirect says otherwise', () => {
    expect(afterLoginPath('', { roles: ['reviewer'] })).toBe('/admin');
    expect(afterLoginPath('?redirect=%2Faccount%2Finvoice', { roles: ['admin'] })).toBe('/account/invoice');
    expect(afterLoginPath('', { roles: [] })).toBe('/account');
  });
});
