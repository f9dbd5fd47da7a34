import type {
  AccountSummary,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  SessionResponse,
  UpdateProfileBody,
  User,
} from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const base = '/api/app/account';

/** A new account; answers the session of the new user. */
export function register(body: RegisterBody): Promise<SessionResponse> {
  return api().post<SessionResponse>(`${base}/register`, { json: body, handleUnauthorized: false });
}

/** Signing in: a 401 here means a wrong account or password, not a lost session. */
export function loginWithPassword(body: LoginBody): Promise<SessionResponse> {
  return api().post<SessionResponse>(`${base}/login`, { json: body, handleUnauthorized: false });
}

/** Ends this token's session (only it). */
export function logoutSession(): Promise<null> {
  return api().post<null>(`${base}/logout`, { handleUnauthorized: false });
}

/** Ends every session of the user, this one included. */
export function logoutEverywhere(): Promise<null> {
  return api().post<null>(`${base}/logout-all`, { handleUnauthorized: false });
}

export function fetchProfile(): Promise<User> {
  return api().get<User>(`${base}/profile`);
}

export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return api().put<User>(`${base}/profile`, { json: body });
}

export function uploadAvatar(file: Blob, fileName: string): Promise<User> {
  const formData = new FormData();
  formData.append('file', file, fileName);
  return api().post<User>(`${base}/avatar`, { formData });
}

/** Answers a new token for this session; every other session of the user ends. */
export function changePassword(body: ChangePasswordBody): Promise<SessionResponse> {
  return api().post<SessionResponse>(`${base}/change-password`, { json: body });
}

export function fetchSummary(): Promise<AccountSummary> {
  return api().get<AccountSummary>(`${base}/summary`);
}

export const profileQuery = () => queryOptions({ queryKey: queryKeys.profile(), queryFn: fetchProfile });
export const summaryQuery = () => queryOptions({ queryKey: queryKeys.summary(), queryFn: fetchSummary });
