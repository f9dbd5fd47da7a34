import type { AdminExcipient, AdminExcipientPage, AdminExcipientQuery, DocumentUpload, ExcipientBody } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The products desk (editors). */

export const PRODUCTS_PAGE_SIZE = 20;

export function fetchAdminProducts(query: AdminExcipientQuery): Promise<AdminExcipientPage> {
  return api().call('adminExcipientList', { query });
}

export function fetchAdminProduct(id: number): Promise<AdminExcipient> {
  return api().call('adminExcipientGet', { params: { id } });
}

export function createProduct(body: ExcipientBody): Promise<AdminExcipient> {
  return api().call('adminExcipientCreate', { body });
}

export function updateProduct(id: number, body: ExcipientBody): Promise<AdminExcipient> {
  return api().call('adminExcipientUpdate', { params: { id }, body });
}

export function publishProduct(id: number, published: boolean): Promise<AdminExcipient> {
  return api().call('adminExcipientPublish', { params: { id }, body: { published } });
}

export function uploadProductDocument(file: Blob, fileName: string): Promise<DocumentUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api().call('adminExcipientDocumentUpload', { body: form });
}

export const adminProductsQuery = (query: AdminExcipientQuery) =>
  queryOptions({
    queryKey: queryKeys.adminProductPage(query),
    queryFn: () => fetchAdminProducts(query),
    placeholderData: keepPreviousData,
  });

export const adminProductQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminProduct(id), queryFn: () => fetchAdminProduct(id), retry: false });

/**
 * A saved product: the desk shows the stored version, the desk's list is read again, and the public
 * catalogue this browser holds (lists, product pages, home) is forgotten, so it shows the change.
 */
function useProductChange<Args>(change: (args: Args) => Promise<AdminExcipient>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (product) => {
      queryClient.setQueryData(queryKeys.adminProduct(product.id), product);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminProducts() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.excipients() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
      ]);
    },
  });
}

export function useSaveProduct() {
  return useProductChange(({ id, body }: { id: number | undefined; body: ExcipientBody }) =>
    id === undefined ? createProduct(body) : updateProduct(id, body),
  );
}

export function usePublishProduct() {
  return useProductChange(({ id, published }: { id: number; published: boolean }) => publishProduct(id, published));
}

export function useUploadProductDocument() {
  return useMutation({ mutationFn: (file: File) => uploadProductDocument(file, file.name) });
}
