import type { ApiRequest } from '@fuliaotong/contracts';
import { errorMessage, type ApiFile, type FileOperation } from '@fuliaotong/client';
import { toast } from '../components/toast';
import { api } from './api';

/** Hands a file (a Blob) to the browser as a download with this name. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click is handled; the URL is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Every download of the web app: the file is fetched through the one API client — the session's
 * token goes in the Authorization header, never in a URL (docs/decisions/0044) — and saved under the
 * name the server gave it (Content-Disposition), else `fallbackName`. A refusal (not signed in, 申请获取,
 * gone) is said in a toast in Chinese; answers whether the file was saved.
 */
export async function downloadFile<K extends FileOperation>(
  operation: K,
  input: ApiRequest<K>,
  fallbackName: string,
): Promise<boolean> {
  try {
    // One operation of a union: TypeScript cannot spread the request's conditional tuple type here.
    const fetchFile = api().file as (operation: FileOperation, input: unknown) => Promise<ApiFile>;
    const file = await fetchFile(operation, input);
    saveFile(file.blob, file.name ?? fallbackName);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, '下载失败，请稍后重试'));
    return false;
  }
}
