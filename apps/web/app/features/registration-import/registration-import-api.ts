import type { RegistrationExportQuery, RegistrationImportPreview, RegistrationImportReport } from '@fuliaotong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/* The imports desk (editors): CDE registration records in (preview → commit) and out (Excel). */

export function previewRegistrationImport(file: Blob, fileName: string): Promise<RegistrationImportPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api().call('adminRegistrationImportPreview', { body: form });
}

export function commitRegistrationImport(id: number): Promise<RegistrationImportReport> {
  return api().call('adminRegistrationImportCommit', { params: { id } });
}

/** Saves the export (a refusal is said in a toast). */
export function exportRegistrations(query: RegistrationExportQuery): Promise<boolean> {
  return downloadFile('adminRegistrationExport', { query }, `原辅包登记信息-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

export function usePreviewRegistrationImport() {
  return useMutation({ mutationFn: (file: File) => previewRegistrationImport(file, file.name) });
}

/** Committing changes the public registration lists: this browser forgets the ones it holds. */
export function useCommitRegistrationImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitRegistrationImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.registrations() }),
  });
}

export function useExportRegistrations() {
  return useMutation({ mutationFn: exportRegistrations });
}
