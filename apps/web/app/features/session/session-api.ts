import type {
  LoginBody,
  LoginByCodeBody,
  LoginResponse,
  LoginVerifyBody,
  RegisterBody,
  ResetPasswordBody,
  SessionResponse,
} from '@fuliaotong/contracts';
import { useMutation } from '@tanstack/react-query';

import { useCallback } from 'react';
import { api } from '../../lib/api';
import { login, logout } from './session';
import { toast } from '../../components/toast';

/* ------------------------------------------ fetchers ------------------------------------------ */

/** A new account; answers the session of the new user. */
export function register(body: RegisterBody): Promise<SessionResponse> {
  return api().call('accountRegister', { body }, { handleUnauthorized: false });
}

/**
 * Signing in: a 401 here means a wrong account or password, not a lost session. A staff account
 * answers a challenge instead of a session: a code went to the account (`loginVerify`).
 */
export function loginWithPassword(body: LoginBody): Promise<LoginResponse> {
  return api().call('accountLogin', { body }, { handleUnauthorized: false });
}

/** The second step of a staff log-in: the challenge and the code sent to the account. */
export function loginVerify(body: LoginVerifyBody): Promise<SessionResponse> {
  return api().call('accountLoginVerify', { body }, { handleUnauthorized: false });
}

/** Signing in with a code sent to the account; works while password sign-in is locked. */
export function loginWithCode(body: LoginByCodeBody): Promise<SessionResponse> {
  return api().call('accountLoginByCode', { body }, { handleUnauthorized: false });
}

/** A new password with a code sent to the account; every session of the user ends. */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return api().call('accountResetPassword', { body }, { handleUnauthorized: false });
}

/** Ends this token's session (only it). */
export function logoutSession(): Promise<null> {
  return api().call('accountLogout', {}, { handleUnauthorized: false });
}

/** Ends every session of the user, this one included. */
export function logoutEverywhere(): Promise<null> {
  return api().call('accountLogoutAll', {}, { handleUnauthorized: false });
}

/* -------------------------------------------- hooks -------------------------------------------- */

/** Signs in; a session answered becomes the session of this browser (every tab), a challenge is the caller's to finish. */
export function useLogin() {
  return useMutation({
    mutationFn: loginWithPassword,
    onSuccess: (answer) => {
      if ('token' in answer) login(answer.token, answer.user);
    },
  });
}

/** Finishes a staff log-in with the code; the answer becomes the session of this browser. */
export function useLoginVerify() {
  return useMutation({
    mutationFn: loginVerify,
    onSuccess: ({ token, user }) => login(token, user),
  });
}

/** Signs in with a code; the answer becomes the session of this browser. */
export function useLoginByCode() {
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ token, user }) => login(token, user),
  });
}

/** Sets a new password (nobody is signed in: nothing cached changes). */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Registers; the new user is signed in at once. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => login(token, user),
  });
}

/**
 * Signs out: tells the server (this token, or every session of the user), then clears the session
 * in every tab. The session ends on this device even when the server cannot be reached.
 */
export function useSignOut() {
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async (everywhere: boolean) => {
      try {
        await (everywhere ? logoutEverywhere() : logoutSession());
      } catch {
        // the session ends here anyway
      }
    },
    onSuccess: (_nothing, everywhere) => {
      logout();
      toast.success(everywhere ? '已在所有设备上退出登录' : '已退出登录');
    },
  });
  const signOut = useCallback((everywhere = false) => mutateAsync(everywhere), [mutateAsync]);
  return { signOut, pending: isPending };
}
