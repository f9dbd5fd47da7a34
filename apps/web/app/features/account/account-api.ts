import type { AccountSummary, ChangePasswordBody, SessionResponse, UpdateProfileBody, User } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function fetchProfile(): Promise<User> {
  return api().call('accountProfile');
}

export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return api().call('accountUpdateProfile', { body });
}

export function uploadAvatar(file: Blob, fileName: string): Promise<User> {
  const formData = new FormData();
  formData.append('file', file, fileName);
  return api().call('accountUploadAvatar', { body: formData });
}

/** Answers a new token for this session; every other session of the user ends. */
export function changePassword(body: ChangePasswordBody): Promise<SessionResponse> {
  return api().call('accountChangePassword', { body });
}

export function fetchSummary(): Promise<AccountSummary> {
  return api().call('accountSummary');
}

export const profileQuery = () => queryOptions({ queryKey: queryKeys.profile(), queryFn: fetchProfile });
export const summaryQuery = () => queryOptions({ queryKey: queryKeys.summary(), queryFn: fetchSummary });
