import type {
  AdminCompany,
  CompanyAllowanceBody,
  CompanyBody,
  CompanyInvitationBody,
  CompanyRole,
  CompanyState,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/*
 * Companies (企业, docs/decisions/0061): the user's company, its members, roles and invitations, its
 * yearly sample allowance; the verification desk (sales).
 */

/* ------------------------------------------ the member's ------------------------------------------ */

/** The user's company (null: none) and the invitations waiting for them. Needs a session. */
export const myCompanyQuery = () => queryOptions({ queryKey: queryKeys.myCompany(), queryFn: () => api().call('companyMine') });

export const companyMembersQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.companyMembers(id), queryFn: () => api().call('companyMemberList', { params: { id } }) });

/** The invitations the company sent (its 管理员 only: 403 for other members). */
export const companyInvitationsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.companyInvitations(id),
    queryFn: () => api().call('companyInvitationList', { params: { id } }),
    retry: false,
  });

/** What the company's members used of this year's sample allowance, and what is left. */
export const companyAllowanceQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.companyAllowance(id), queryFn: () => api().call('companySampleAllowance', { params: { id } }) });

/** The company's business licence, as an image the page can show. */
export async function fetchCompanyLicense(id: number): Promise<Blob> {
  return (await api().file('companyLicense', { params: { id } })).blob;
}

/** After a change of the company: everything of it is read again (the company, members, invitations, allowance). */
function useCompanyChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.company() });
}

/** Creates a company: the user becomes its 管理员, the company awaits verification. */
export function useCreateCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: (body: CompanyBody) => api().call('companyCreate', { body }), onSuccess: changed });
}

/** Corrects a company not yet verified (its 管理员); a rejected one awaits verification again. */
export function useUpdateCompany(id: number) {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: (body: CompanyBody) => api().call('companyUpdate', { params: { id }, body }), onSuccess: changed });
}

export function useUploadCompanyLicense(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api().call('companyLicenseUpload', { params: { id }, body });
    },
    onSuccess: changed,
  });
}

export function useSetMemberRoles(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: number; roles: CompanyRole[] }) =>
      api().call('companyMemberRoles', { params: { id, userId }, body: { roles } }),
    onSuccess: changed,
  });
}

/** Removes a member (the 管理员), or leaves the company (the member's own id). */
export function useRemoveMember(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (userId: number) => api().call('companyMemberRemove', { params: { id, userId } }),
    onSuccess: changed,
  });
}

export function useInviteToCompany(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (body: CompanyInvitationBody) => api().call('companyInvitationCreate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useRevokeInvitation(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (invitationId: number) => api().call('companyInvitationRevoke', { params: { id, invitationId } }),
    onSuccess: changed,
  });
}

/** Accepts (joins the company) or declines an invitation addressed to the user. */
export function useAnswerInvitation() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept
        ? api().call('companyInvitationAccept', { params: { id } }).then(() => undefined)
        : api().call('companyInvitationDecline', { params: { id } }).then(() => undefined),
    onSuccess: changed,
  });
}

/* ------------------------------------------ the company desk ------------------------------------------ */

export const ADMIN_COMPANIES_PAGE_SIZE = 20;

export const adminCompaniesQuery = (query: { status?: CompanyState; keyword?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_COMPANIES_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminCompanyPage(request),
    queryFn: () => api().call('adminCompanyList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminCompanyQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminCompany(id), queryFn: () => api().call('adminCompanyDetail', { params: { id } }), retry: false });

/** A company's business licence, for the desk. */
export async function fetchAdminCompanyLicense(id: number): Promise<Blob> {
  return (await api().file('adminCompanyLicense', { params: { id } })).blob;
}

/** The answer replaces the cached company; the list and the audit log are read again. */
function useAdminCompanySaved() {
  const queryClient = useQueryClient();
  return async (company: AdminCompany) => {
    queryClient.setQueryData(queryKeys.adminCompany(company.id), company);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies(), refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

export function useVerifyCompany() {
  const saved = useAdminCompanySaved();
  return useMutation({ mutationFn: (id: number) => api().call('adminCompanyVerify', { params: { id } }), onSuccess: saved });
}

export function useRejectCompany(id: number) {
  const saved = useAdminCompanySaved();
  return useMutation({
    mutationFn: (reason: string) => api().call('adminCompanyReject', { params: { id }, body: { reason } }),
    onSuccess: saved,
  });
}

export function useSetCompanyAllowance(id: number) {
  const saved = useAdminCompanySaved();
  return useMutation({
    mutationFn: (body: CompanyAllowanceBody) => api().call('adminCompanyAllowance', { params: { id }, body }),
    onSuccess: saved,
  });
}
