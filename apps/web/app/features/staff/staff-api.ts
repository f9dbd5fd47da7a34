import type {
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  AdminUserUpdateBody,
  AuditPage,
  AuditQuery,
  Dashboard,
  DashboardQuery,
  SiteQrSlot,
  SiteSettings,
  SiteSettingsBody,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The dashboard (every staff role), the users desk and the audit log (admin role). */

export const USERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 30;

export function fetchDashboard(query: DashboardQuery): Promise<Dashboard> {
  return api().call('adminDashboard', { query });
}

export function fetchAdminUsers(query: AdminUserQuery): Promise<AdminUserPage> {
  return api().call('adminUserList', { query });
}

export function fetchAdminUser(id: number): Promise<AdminUser> {
  return api().call('adminUserGet', { params: { id } });
}

export function updateAdminUser(id: number, body: AdminUserUpdateBody): Promise<AdminUser> {
  return api().call('adminUserUpdate', { params: { id }, body });
}

export function fetchAudit(query: AuditQuery): Promise<AuditPage> {
  return api().call('adminAuditList', { query });
}

export const dashboardQuery = (query: DashboardQuery) =>
  queryOptions({
    queryKey: queryKeys.dashboard(query),
    queryFn: () => fetchDashboard(query),
    placeholderData: keepPreviousData,
  });

export const adminUsersQuery = (query: AdminUserQuery) =>
  queryOptions({
    queryKey: queryKeys.adminUserPage(query),
    queryFn: () => fetchAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminUser(id),
    queryFn: () => fetchAdminUser(id),
    retry: false,
  });

export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: queryKeys.auditPage(query),
    queryFn: () => fetchAudit(query),
    placeholderData: keepPreviousData,
  });

/** Changes a user; the answer replaces the cached user, the lists and the audit log are read again. */
export function useUpdateAdminUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdateBody) => updateAdminUser(id, body),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.adminUser(id), user);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.adminUsers(),
          refetchType: 'active',
        }),
        queryClient.invalidateQueries({
          queryKey: [...queryKeys.me, 'admin', 'audit'],
        }),
      ]);
    },
  });
}

/* The site's details (admin role). */

export function fetchSiteSettings(): Promise<SiteSettings> {
  return api().call('adminSiteSettings');
}

export function updateSiteSettings(body: SiteSettingsBody): Promise<SiteSettings> {
  return api().call('adminUpdateSiteSettings', { body });
}

export function uploadSiteQr(slot: SiteQrSlot, file: Blob, fileName: string): Promise<SiteSettings> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api().call('adminUploadSiteQr', { params: { slot }, body: form });
}

export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.siteSettings(),
    queryFn: fetchSiteSettings,
  });

/**
 * Saving the site's details (or a QR image): the desk shows the stored values, and the root loader runs
 * again so that this browser's footer, side panel and pages show them at once too.
 */
function useSiteSettingsChange<Args>(change: (args: Args) => Promise<SiteSettings>) {
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  return useMutation({
    mutationFn: change,
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKeys.siteSettings(), settings);
      await revalidate();
    },
  });
}

export function useUpdateSiteSettings() {
  return useSiteSettingsChange(updateSiteSettings);
}

export function useUploadSiteQr() {
  return useSiteSettingsChange(({ slot, file }: { slot: SiteQrSlot; file: File }) => uploadSiteQr(slot, file, file.name));
}
