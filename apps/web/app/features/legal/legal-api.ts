import type { LegalDocument, LegalTextBody } from '@fuliaotong/contracts';
import type { ApiClient } from '@fuliaotong/client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The legal texts: the public pages read the published one, the admins' desk edits it. */
export const legalTextQuery = (doc: LegalDocument, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.legalText(doc), queryFn: () => client.call('legalText', { params: { doc } }) });

export const adminLegalTextQuery = (doc: LegalDocument) =>
  queryOptions({ queryKey: queryKeys.adminLegalText(doc), queryFn: () => api().call('adminLegalText', { params: { doc } }) });

/** Publishing a text: the desk shows the stored version and the public page this browser holds is read again. */
export function usePublishLegalText(doc: LegalDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalTextBody) => api().call('adminUpdateLegalText', { params: { doc }, body }),
    onSuccess: async (text) => {
      queryClient.setQueryData(queryKeys.adminLegalText(doc), text);
      await queryClient.invalidateQueries({ queryKey: queryKeys.legalText(doc) });
    },
  });
}
