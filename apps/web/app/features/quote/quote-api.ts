import type {
  AdminQuote,
  Quote,
  QuoteAcceptBody,
  QuoteDeclineBody,
  QuoteMessageBody,
  QuoteRequestBody,
  QuoteRevisionBody,
  QuoteState,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/*
 * Price requests (询价) and quotes (报价单), docs/decisions/0062: the member's requests, the quotes the
 * sales staff send for them and what the buyer answers; the sales staff's desk.
 */

/* ------------------------------------------ the member's ------------------------------------------ */

export const QUOTE_PAGE_SIZE = 10;

export interface QuoteListQuery {
  status?: QuoteState;
  page: number;
}

/** The user's requests (and, for a company's 管理员, 采购 and 财务, the company's). Needs a session. */
export const myQuotesQuery = (query: QuoteListQuery) => {
  const request = { ...query, pageSize: QUOTE_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.quotePage(request),
    queryFn: () => api().call('quoteList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

/** One request with every revision of its quote and its thread (404 for one that is not the user's). */
export const quoteQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.quote(id), queryFn: () => api().call('quoteDetail', { params: { id } }), retry: false });

/** The answer replaces the cached request; the lists are read again. */
function useQuoteSaved() {
  const queryClient = useQueryClient();
  return async (quote: Quote) => {
    queryClient.setQueryData(queryKeys.quote(quote.id), quote);
    await queryClient.invalidateQueries({ queryKey: [...queryKeys.quotes(), 'page'] });
  };
}

/** 提交询价: the new request is kept, and the lists are read again. */
export function useCreateQuote() {
  const saved = useQuoteSaved();
  return useMutation({ mutationFn: (body: QuoteRequestBody) => api().call('quoteCreate', { body }), onSuccess: saved });
}

/** 留言 to the sales staff. */
export function useQuoteMessage(id: number) {
  const saved = useQuoteSaved();
  return useMutation({ mutationFn: (body: QuoteMessageBody) => api().call('quoteMessage', { params: { id }, body }), onSuccess: saved });
}

/** 要求修改: what the buyer wants changed in the quote. */
export function useRequestQuoteRevision(id: number) {
  const saved = useQuoteSaved();
  return useMutation({
    mutationFn: (body: QuoteMessageBody) => api().call('quoteRevisionRequest', { params: { id }, body }),
    onSuccess: saved,
  });
}

/**
 * 接受报价: the revision the buyer read (409 when a newer one came meanwhile: the request is read again,
 * with it). The sales order made from it is in the lists of sales orders, read again.
 */
export function useAcceptQuote(id: number) {
  const saved = useQuoteSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAcceptBody) => api().call('quoteAccept', { params: { id }, body }),
    onSuccess: async (quote) => {
      await Promise.all([saved(quote), queryClient.invalidateQueries({ queryKey: queryKeys.salesOrders() })]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.quote(id) }),
  });
}

/** 拒绝报价, with a reason or none. */
export function useDeclineQuote(id: number) {
  const saved = useQuoteSaved();
  return useMutation({ mutationFn: (body: QuoteDeclineBody) => api().call('quoteDecline', { params: { id }, body }), onSuccess: saved });
}

/** 撤回询价. */
export function useCancelQuote(id: number) {
  const saved = useQuoteSaved();
  return useMutation({ mutationFn: () => api().call('quoteCancel', { params: { id } }), onSuccess: saved });
}

/** Saves one revision's PDF (fetched with the session's token, docs/decisions/0044). */
export function downloadQuotePdf(id: number, revision: { id: number; number: string }): Promise<boolean> {
  return downloadFile('quotePdf', { params: { id, revisionId: revision.id } }, `报价单-${revision.number}.pdf`);
}

/* ------------------------------------------ the sales desk ------------------------------------------ */

export const ADMIN_QUOTES_PAGE_SIZE = 20;

export const adminQuotesQuery = (query: { status?: QuoteState; keyword?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_QUOTES_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminQuotePage(request),
    queryFn: () => api().call('adminQuoteList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminQuoteQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminQuote(id), queryFn: () => api().call('adminQuoteDetail', { params: { id } }), retry: false });

/** After a change on the desk: the request and the list are read again, and so is the audit log. */
function useAdminQuoteChanged() {
  const queryClient = useQueryClient();
  return async (id: number, quote?: AdminQuote) => {
    if (quote) queryClient.setQueryData(queryKeys.adminQuote(id), quote);
    await Promise.all([
      quote ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.adminQuote(id) }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.adminQuotes(), 'page'], refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

/** 报价 / 重新报价: a new revision of the quote (the answer is the revision; the request is read again). */
export function useReviseQuote(id: number) {
  const changed = useAdminQuoteChanged();
  return useMutation({
    mutationFn: (body: QuoteRevisionBody) => api().call('adminQuoteRevise', { params: { id }, body }),
    onSuccess: () => changed(id),
  });
}

/** 留言 to the requester. */
export function useAdminQuoteMessage(id: number) {
  const changed = useAdminQuoteChanged();
  return useMutation({
    mutationFn: (body: QuoteMessageBody) => api().call('adminQuoteMessage', { params: { id }, body }),
    onSuccess: (quote) => changed(id, quote),
  });
}

/** Saves one revision's PDF from the desk. */
export function downloadAdminQuotePdf(id: number, revision: { id: number; number: string }): Promise<boolean> {
  return downloadFile('adminQuotePdf', { params: { id, revisionId: revision.id } }, `报价单-${revision.number}.pdf`);
}
