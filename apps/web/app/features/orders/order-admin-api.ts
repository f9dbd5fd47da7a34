import type { AdminOrderDetail, AdminOrderQuery, ConfirmTransferBody, OrderStatus, PaymentMethod } from '@fuliaotong/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export interface AdminOrderListQuery {
  status?: OrderStatus;
  method?: PaymentMethod;
  keyword?: string;
  page: number;
}

export function useAdminOrders(query: AdminOrderListQuery) {
  const request: AdminOrderQuery = { ...query, pageSize: ADMIN_ORDERS_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.adminOrderPage(request),
    queryFn: () => api().call('adminOrderList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.adminOrder(id ?? 0),
    queryFn: () => api().call('adminOrderGet', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** The buyer's bank slip, as a file the page can show or open. */
export async function fetchSlip(id: number): Promise<Blob> {
  return (await api().call('adminOrderSlip', { params: { id } })) as unknown as Blob;
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
