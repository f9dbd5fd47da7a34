import type { AdminInvoice, InvoiceStatus, InvoiceTitleCreateBody, IssueInvoiceBody } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

export const INVOICE_PAGE_SIZE = 10;

export const invoiceTitlesQuery = () =>
  queryOptions({ queryKey: queryKeys.invoiceTitles(), queryFn: () => api().call('invoiceTitleList') });

export const myInvoicesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.invoicePage(page),
    queryFn: () => api().call('invoiceList', { query: { page, pageSize: INVOICE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export function useSaveInvoiceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: InvoiceTitleCreateBody }) =>
      id === undefined ? api().call('invoiceTitleCreate', { body }) : api().call('invoiceTitleUpdate', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoiceTitles() }),
  });
}

export function useDeleteInvoiceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api().call('invoiceTitleDelete', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoiceTitles() }),
  });
}

export function useRequestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { orderId: number; titleId: number }) => api().call('invoiceCreate', { body }),
    // The order list shows each order's invoice: both lists are read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invoices() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
      ]),
  });
}

/** Saves an issued invoice's file (PDF or OFD) under the name the server gives it. */
export function downloadInvoice(id: number, fallbackName: string): Promise<boolean> {
  return downloadFile('invoiceFile', { params: { id } }, fallbackName);
}

/* ------------------------------------------ the invoice desk ------------------------------------------ */

export const ADMIN_INVOICES_PAGE_SIZE = 20;

export const adminInvoicesQuery = (query: { status?: InvoiceStatus; page: number }) => {
  const request = { ...query, pageSize: ADMIN_INVOICES_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminInvoicePage(request),
    queryFn: () => api().call('adminInvoiceList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

function useInvoiceSaved() {
  const queryClient = useQueryClient();
  return (_invoice: AdminInvoice) => queryClient.invalidateQueries({ queryKey: queryKeys.adminInvoices() });
}

export function useUploadInvoiceFile() {
  const saved = useInvoiceSaved();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('adminInvoiceUpload', { params: { id }, body });
    },
    onSuccess: saved,
  });
}

export function useIssueInvoice() {
  const saved = useInvoiceSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: IssueInvoiceBody }) => api().call('adminInvoiceIssue', { params: { id }, body }),
    onSuccess: saved,
  });
}

export function useInvoiceDecision() {
  const saved = useInvoiceSaved();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'reject' | 'reverse'; reason: string }) =>
      api().call(action === 'reject' ? 'adminInvoiceReject' : 'adminInvoiceReverse', { params: { id }, body: { reason } }),
    onSuccess: saved,
  });
}
