import type { AccountSummary, ChangePasswordBody, DeleteAccountBody, SessionResponse, UpdateProfileBody, User } from '@fuliaotong/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { paths } from '@fuliaotong/contracts/constants';
import { login, logout, setSessionUser } from '../session/session';
import { toast } from '../../components/toast';

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

/** Deletes the account (注销), confirmed by the password or a code; 409 with the reason while something is open. */
export function deleteAccount(body: DeleteAccountBody): Promise<null> {
  return api().call('accountDelete', { body });
}

export function fetchSummary(): Promise<AccountSummary> {
  return api().call('accountSummary');
}

export const profileQuery = () => queryOptions({ queryKey: queryKeys.profile(), queryFn: fetchProfile });
export const summaryQuery = () => queryOptions({ queryKey: queryKeys.summary(), queryFn: fetchSummary });

/** The server's answer is the profile: it replaces the cached one and the stored user (header, menu, other tabs). */
function keepProfile(queryClient: QueryClient, updated: User) {
  queryClient.setQueryData(queryKeys.profile(), updated);
  setSessionUser(updated);
}

/** Edits the profile (also removes the avatar: `{ avatar: null }`). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => keepProfile(queryClient, updated),
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, file.name),
    onSuccess: (updated) => keepProfile(queryClient, updated),
  });
}

/** The new token replaces this browser's session (same user: nothing cached is forgotten). */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token, user }) => login(token, user),
  });
}

/**
 * Deletes the account: the visitor lands on the home page, signed out in every tab (the session
 * bridge forgets the user's cached data). The home page first: signing out on an account page would
 * send the visitor to /login instead.
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // The token died with the account: forget it before the next page asks anything with it (a 401
      // would send the former user to /login).
      logout();
      await navigate(paths.home, { replace: true });
      toast.success('账号已注销，感谢您使用辅料通');
    },
  });
}
