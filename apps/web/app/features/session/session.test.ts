import { describe, expect, it } from 'vitest';
import { paths } from '@fuliaotong/contracts/constants';
import { onUnauthorized } from './session';

describe('what a 401 does', () => {
  it('ends a session and sends to /login wherever the user is', () => {
    expect(onUnauthorized(paths.home, true)).toBe('sign-in');
    expect(onUnauthorized(paths.account, true)).toBe('sign-in');
  });

  it('without a session, sends to /login only from an account page', () => {
    // The address manager and the notices are outside the guard: their data calls tell them.
    expect(onUnauthorized(paths.addresses, false)).toBe('sign-in');
    expect(onUnauthorized(paths.notices, false)).toBe('sign-in');
    // A query still running just after signing out or deleting the account, on a public page.
    expect(onUnauthorized(paths.home, false)).toBe('stay');
    expect(onUnauthorized(paths.excipientDetail, false)).toBe('stay');
  });
});
