import type {
  AdminSalesOrder,
  ConfirmTransferBody,
  SalesOrder,
  SalesOrderCancelBody,
  SalesOrderContractBody,
  SalesOrderInvoiceBody,
  SalesOrderShipBody,
  SalesOrderState,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/*
 * Sales orders (销售订单), docs/decisions/0064: the orders made from accepted quotes, as the buyer's side
 * sees them (receipt, cancelling, the invoice), and the desk of the sales staff and finance.
 */

/* ------------------------------------------ the member's ------------------------------------------ */

export const SALES_ORDER_PAGE_SIZE = 10;

export interface SalesOrderListQuery {
  status?: SalesOrderState;
  page: number;
}

/** The user's orders (and, for a company's 管理员, 采购, 财务 and 质量, the company's). Needs a session. */
export const mySalesOrdersQuery = (query: SalesOrderListQuery) => {
  const request = { ...query, pageSize: SALES_ORDER_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.salesOrderPage(request),
    queryFn: () => api().call('salesOrderList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

/** One order with its lines, payment, shipment, invoice and history (404 for one the user may not see). */
export const salesOrderQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.salesOrder(id), queryFn: () => api().call('salesOrderDetail', { params: { id } }), retry: false });

/** The answer replaces the cached order; the lists are read again. */
function useSalesOrderSaved() {
  const queryClient = useQueryClient();
  return async (order: SalesOrder) => {
    queryClient.setQueryData(queryKeys.salesOrder(order.id), order);
    await queryClient.invalidateQueries({ queryKey: [...queryKeys.salesOrders(), 'page'] });
  };
}

/** 确认收货 (paid, the order is complete). */
export function useReceiveSalesOrder(id: number) {
  const saved = useSalesOrderSaved();
  return useMutation({ mutationFn: () => api().call('salesOrderReceive', { params: { id } }), onSuccess: saved });
}

/** 取消订单 while the contract is not signed, with the reason. */
export function useCancelSalesOrder(id: number) {
  const saved = useSalesOrderSaved();
  return useMutation({ mutationFn: (body: SalesOrderCancelBody) => api().call('salesOrderCancel', { params: { id }, body }), onSuccess: saved });
}

/** 申请发票 with one of the user's titles; 发票管理's list shows the request too. */
export function useRequestSalesOrderInvoice(id: number) {
  const saved = useSalesOrderSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesOrderInvoiceBody) => api().call('salesOrderInvoice', { params: { id }, body }),
    onSuccess: async (order) => {
      await Promise.all([saved(order), queryClient.invalidateQueries({ queryKey: queryKeys.invoices() })]);
    },
  });
}

/* ------------------------------------------ the desk ------------------------------------------ */

export const ADMIN_SALES_ORDERS_PAGE_SIZE = 20;

export const adminSalesOrdersQuery = (query: { status?: SalesOrderState; keyword?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_SALES_ORDERS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminSalesOrderPage(request),
    queryFn: () => api().call('adminSalesOrderList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminSalesOrderQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminSalesOrder(id),
    queryFn: () => api().call('adminSalesOrderDetail', { params: { id } }),
    retry: false,
  });

/** After a step on the desk: the answer replaces the order; the list (its counts) and the audit log are read again. */
function useAdminSalesOrderChanged() {
  const queryClient = useQueryClient();
  return async (order: AdminSalesOrder) => {
    queryClient.setQueryData(queryKeys.adminSalesOrder(order.id), order);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...queryKeys.adminSalesOrders(), 'page'], refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

/** 登记合同 (sales): the contract's number and the day it was signed. */
export function useSignSalesOrder(id: number) {
  const changed = useAdminSalesOrderChanged();
  return useMutation({
    mutationFn: (body: SalesOrderContractBody) => api().call('adminSalesOrderContract', { params: { id }, body }),
    onSuccess: changed,
  });
}

/** 确认到账 (finance): the amount that arrived (the order's total) and the bank's reference. */
export function useConfirmSalesOrderTransfer(id: number) {
  const changed = useAdminSalesOrderChanged();
  return useMutation({
    mutationFn: (body: ConfirmTransferBody) => api().call('adminSalesOrderConfirmTransfer', { params: { id }, body }),
    onSuccess: changed,
  });
}

/** 发货 (sales): carrier, tracking number and each line's batch numbers. */
export function useShipSalesOrder(id: number) {
  const changed = useAdminSalesOrderChanged();
  return useMutation({
    mutationFn: (body: SalesOrderShipBody) => api().call('adminSalesOrderShip', { params: { id }, body }),
    onSuccess: changed,
  });
}

/** 代确认签收 (sales), once the buyer has confirmed by other means. */
export function useStaffReceiveSalesOrder(id: number) {
  const changed = useAdminSalesOrderChanged();
  return useMutation({ mutationFn: () => api().call('adminSalesOrderReceive', { params: { id } }), onSuccess: changed });
}

/** 取消订单 (sales), before the money has arrived. */
export function useStaffCancelSalesOrder(id: number) {
  const changed = useAdminSalesOrderChanged();
  return useMutation({
    mutationFn: (body: SalesOrderCancelBody) => api().call('adminSalesOrderCancel', { params: { id }, body }),
    onSuccess: changed,
  });
}
