import type { AdminOrderDetail, AdminOrderQuery, ConfirmTransferBody, OrderStatus, PaymentMethod } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export interface AdminOrderListQuery {
  status?: OrderStatus;
  method?: PaymentMethod;
  keyword?: string;
  page: number;
}

export const adminOrdersQuery = (query: AdminOrderListQuery) => {
  const request: AdminOrderQuery = { ...query, pageSize: ADMIN_ORDERS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminOrderPage(request),
    queryFn: () => api().call('adminOrderList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminOrderQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminOrder(id), queryFn: () => api().call('adminOrderGet', { params: { id } }) });

/** The buyer's bank slip, as a file the page can show. */
export async function fetchSlip(id: number): Promise<Blob> {
  return (await api().file('adminOrderSlip', { params: { id } })).blob;
}

/** Saves the buyer's bank slip. */
export function downloadSlip(id: number, fallbackName: string): Promise<boolean> {
  return downloadFile('adminOrderSlip', { params: { id } }, fallbackName);
}

function useOrderSaved() {
  const queryClient = useQueryClient();
  return async (order: AdminOrderDetail) => {
    queryClient.setQueryData(queryKeys.adminOrder(order.id), order);
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders() });
  };
}

export function useConfirmTransfer() {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConfirmTransferBody }) =>
      api().call('adminOrderConfirmTransfer', { params: { id }, body }),
    onSuccess: saved,
  });
}

export function useRefundOrder() {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api().call('adminOrderRefund', { params: { id }, body: { reason } }),
    onSuccess: saved,
  });
}
