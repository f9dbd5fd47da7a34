import type {
  AdminApplication,
  AdminApplicationPage,
  ApplicationPage,
  ApplicationStatus,
  ApproveBody,
  CoaUpload,
  FormDicCode,
  RejectBody,
  SampleApplication,
  SampleLimits,
  ShipBody,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';
import { formDictionaryQuery } from './application-form-api';

/* ------------------------------------------ member ------------------------------------------ */

export const APPLICATION_PAGE_SIZE = 10;

export interface ApplicationListQuery {
  status?: ApplicationStatus;
  /** `company`: the applications of the members of the caller's company (its 管理员, read only). */
  scope?: 'company';
  page: number;
  pageSize: number;
}

export function fetchMyApplications(query: ApplicationListQuery): Promise<ApplicationPage> {
  return api().call('applicationList', { query: { ...query } });
}

export function fetchMyApplication(id: number): Promise<SampleApplication> {
  return api().call('applicationGet', { params: { id } });
}

/** Withdraws an application that is still 待审核. */
export function withdrawApplication(id: number): Promise<SampleApplication> {
  return api().call('applicationWithdraw', { params: { id } });
}

export const myApplicationsQuery = (query: ApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.applicationPage(query),
    queryFn: () => fetchMyApplications(query),
    placeholderData: keepPreviousData,
  });

export const myApplicationQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.application(id), queryFn: () => fetchMyApplication(id), retry: false });

/** Withdraw; afterwards the lists, the application and the account summary are read again. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: async (application) => {
      queryClient.setQueryData(queryKeys.application(application.id), application);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.summary() }),
      ]);
    },
  });
}

/* ------------------------------------------ staff ------------------------------------------ */

export const ADMIN_PAGE_SIZE = 20;

export interface AdminApplicationListQuery extends ApplicationListQuery {
  keyword?: string;
}

export function fetchAdminApplications(query: AdminApplicationListQuery): Promise<AdminApplicationPage> {
  return api().call('adminApplicationList', { query: { ...query } });
}

export function fetchAdminApplication(id: number): Promise<AdminApplication> {
  return api().call('adminApplicationGet', { params: { id } });
}

/** Keeps a batch's COA (PDF) for the shipment about to be registered; answers the key to name in it. */
export function uploadCoa(file: File): Promise<CoaUpload> {
  const form = new FormData();
  form.append('file', file);
  return api().call('adminApplicationCoaUpload', { body: form });
}

/** Saves a shipped item's COA (the server answers it only with the session's token). */
export function downloadCoa(viewer: 'member' | 'staff', applicationId: number, item: { id: number; nameZh: string; batchNumber: string | null }) {
  const params = { id: applicationId, itemId: item.id };
  const name = `COA-${item.nameZh}-${item.batchNumber ?? applicationId}.pdf`;
  return downloadFile(viewer === 'member' ? 'applicationCoa' : 'adminApplicationCoa', { params }, name);
}

/** The staff transitions of an application; an illegal one answers 409 with a Chinese message. */
export type StaffCommand =
  | { action: 'approve'; body: ApproveBody }
  | { action: 'reject'; body: RejectBody }
  | { action: 'ship'; body: ShipBody }
  | { action: 'deliver'; body?: undefined };

const staffOperations = {
  approve: 'adminApplicationApprove',
  reject: 'adminApplicationReject',
  ship: 'adminApplicationShip',
  deliver: 'adminApplicationDeliver',
} as const;

export function runStaffCommand(id: number, command: StaffCommand): Promise<AdminApplication> {
  const params = { id };
  switch (command.action) {
    case 'approve':
      return api().call(staffOperations.approve, { params, body: command.body });
    case 'reject':
      return api().call(staffOperations.reject, { params, body: command.body });
    case 'ship':
      return api().call(staffOperations.ship, { params, body: command.body });
    case 'deliver':
      return api().call(staffOperations.deliver, { params, body: {} });
  }
}

export function fetchSampleLimits(): Promise<SampleLimits> {
  return api().call('adminSampleLimits');
}

export function updateSampleLimits(body: SampleLimits): Promise<SampleLimits> {
  return api().call('adminUpdateSampleLimits', { body });
}

export const adminApplicationsQuery = (query: AdminApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminApplicationPage(query),
    queryFn: () => fetchAdminApplications(query),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const adminApplicationQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminApplication(id), queryFn: () => fetchAdminApplication(id), retry: false, staleTime: 5_000 });

export const sampleLimitsQuery = () => queryOptions({ queryKey: queryKeys.sampleLimits(), queryFn: fetchSampleLimits });

/**
 * Approve, reject, ship or mark delivered. The answer replaces the cached application (with its new
 * history); the lists are read again. A 409 (someone else moved it first) also re-reads the application.
 */
export function useStaffCommand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: StaffCommand) => runStaffCommand(id, command),
    onSuccess: async (application) => {
      queryClient.setQueryData(queryKeys.adminApplication(id), application);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminApplications(), refetchType: 'active' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminApplication(id) }),
  });
}

export function useUpdateSampleLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSampleLimits,
    onSuccess: (limits) => queryClient.setQueryData(queryKeys.sampleLimits(), limits),
  });
}

/* ----------------------------------- form option labels ----------------------------------- */

/**
 * Names an option value of the application form (申请用途, 剂型, 研发阶段, 单位类型): applications store
 * the values; the value itself is shown when the list does not know it.
 */
export function useFormLabels(): (code: FormDicCode, value: string) => string {
  const { data } = useQuery(formDictionaryQuery());
  return (code, value) => data?.items.find((group) => group.code === code)?.options.find((o) => o.value === value)?.label ?? value;
}
