import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/*
 * 检验报告查询 (docs/decisions/0073-batches-and-coa-lookup.md): the products with released batches, the
 * lookup of a batch by product, batch number and check code, and its COA as a download (the session's
 * token in the Authorization header, never in a URL). Plain: the page shows no antd.
 */

export interface CoaLookup {
  excipientId: number;
  batchNumber: string;
  checkCode: string;
}

/** The products the form offers: those with released batches. */
export const coaProductsQuery = () => queryOptions({ queryKey: queryKeys.coaProducts(), queryFn: () => api().call('batchCoaProducts', {}) });

/** A lookup counts against the hourly limit, so it runs when asked (a mutation), never again by itself. */
export function useCoaLookup() {
  return useMutation({ mutationFn: (query: CoaLookup) => api().call('batchCoaLookup', { query }) });
}

export function downloadCoa(query: CoaLookup, name: string): Promise<boolean> {
  return downloadFile('batchCoaFile', { query }, name);
}
