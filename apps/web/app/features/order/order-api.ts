import type { Order, OrderStatus, PaymentMethod, PayResponse } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const ORDER_PAGE_SIZE = 10;

export interface OrderListQuery {
  status?: OrderStatus;
  /** `company`: the orders of the members of the caller's company (its 管理员, read only). */
  scope?: 'company';
  page: number;
  pageSize: number;
}

export const myOrdersQuery = (query: OrderListQuery) =>
  queryOptions({
    queryKey: queryKeys.orderPage(query),
    queryFn: () => api().call('orderList', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** One order; while it waits for an online payment, read again every few seconds. */
export const myOrderQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: () => api().call('orderGet', { params: { id } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.data.method !== 'bank' ? 3000 : false),
  });

export const paymentMethodsQuery = () =>
  queryOptions({ queryKey: queryKeys.paymentMethods(), queryFn: () => api().call('paymentMethods', { query: {} }) });

/** After any change of an order: its page, the lists, and what the user holds. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return async (order: Order) => {
    queryClient.setQueryData(queryKeys.order(order.id), order);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
      order.status === 'paid' ? queryClient.invalidateQueries({ queryKey: queryKeys.grants() }) : undefined,
    ]);
  };
}

export function useCreateOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: (planId: number) => api().call('orderCreate', { body: { planId } }), onSuccess: changed });
}

export function useCancelOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: (id: number) => api().call('orderCancel', { params: { id } }), onSuccess: changed });
}

/** Asks the gateway about the order (the buyer came back from paying). */
export function useRefreshOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: (id: number) => api().call('orderRefresh', { params: { id } }), onSuccess: changed });
}

export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: PaymentMethod }): Promise<PayResponse> =>
      api().call('orderPay', { params: { id }, body: { method } }),
    onSuccess: async (_answer, { id }) => queryClient.invalidateQueries({ queryKey: queryKeys.order(id) }),
  });
}

export function useUploadSlip() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('orderSlip', { params: { id }, body });
    },
    onSuccess: changed,
  });
}
