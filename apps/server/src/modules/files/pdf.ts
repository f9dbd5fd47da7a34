/** Whether the bytes are a PDF, by their first bytes (never by the file's name or the type the client claims). */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}
