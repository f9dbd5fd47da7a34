import type { LoginBody, RegisterBody, SessionResponse } from '@fuliaotong/contracts';
import { api } from '../../lib/api';


/** A new account; answers the session of the new user. */
export function register(body: RegisterBody): Promise<SessionResponse> {
  return api().call('accountRegister', { body }, { handleUnauthorized: false });
}

/** Signing in: a 401 here means a wrong account or password, not a lost session. */
export function loginWithPassword(body: LoginBody): Promise<SessionResponse> {
  return api().call('accountLogin', { body }, { handleUnauthorized: false });
}

/** Ends this token's session (only it). */
export function logoutSession(): Promise<null> {
  return api().call('accountLogout', {}, { handleUnauthorized: false });
}

/** Ends every session of the user, this one included. */
export function logoutEverywhere(): Promise<null> {
  return api().call('accountLogoutAll', {}, { handleUnauthorized: false });
}
