import type { AdminPlan, PlanBody } from '@fuliaotong/contracts';
import type { ApiClient } from '@fuliaotong/client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Plans on sale (public), and the plan desk (finance). */
export const planListQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.plans(), queryFn: () => client.call('planList') });

export const adminPlansQuery = () => queryOptions({ queryKey: queryKeys.adminPlans(), queryFn: () => api().call('adminPlanList') });

/** A saved plan: the desk's list and the plans this browser shows members are read again. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanBody }): Promise<AdminPlan> =>
      id === undefined ? api().call('adminPlanCreate', { body }) : api().call('adminPlanUpdate', { params: { id }, body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminPlans() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plans() }),
      ]);
    },
  });
}

/** What the signed-in user holds now and held before. */
export const grantListQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.grants(), queryFn: () => client.call('grantList') });

/** The holder of a company membership gives a seat to a colleague's account: the answer is the new list. */
export function useAddGrantSeat(grantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: string) => api().call('grantSeatAdd', { params: { id: grantId }, body: { account } }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.grants(), list),
  });
}

/** Takes a seat back; the grants are read again. */
export function useRemoveGrantSeat(grantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api().call('grantSeatRemove', { params: { id: grantId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.grants() }),
  });
}

/** 365 → 一年, 30 → 30 天. */
export function term(days: number): string {
  return days === 365 ? '一年' : days === 730 ? '两年' : `${days} 天`;
}
