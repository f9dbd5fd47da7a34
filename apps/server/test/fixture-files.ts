/* Small real files for upload tests (the API's) and journeys (the browser's). */

/** A small real PDF: a header, one empty A4 page, a trailer. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The file each upload endpoint takes: a PDF for a COA or a product document, an image otherwise. */
export function uploadFor(operation: string): { bytes: Buffer; filename: string; type: string } {
  return operation === 'adminApplicationCoaUpload' || operation === 'adminExcipientDocumentUpload'
    ? { bytes: PDF, filename: 'document.pdf', type: 'application/pdf' }
    : { bytes: PNG, filename: 'a.png', type: 'image/png' };
}

/** The smallest valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
