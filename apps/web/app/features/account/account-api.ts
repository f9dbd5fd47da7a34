import type { AccountSummary, ChangePasswordBody, SessionResponse, UpdateProfileBody, User } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const base = '/api/app/account';

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
