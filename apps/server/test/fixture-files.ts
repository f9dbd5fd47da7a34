/* Small real files for upload tests (the API's) and journeys (the browser's). */

/** A small real PDF: a header, one empty A4 page, a trailer. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A CSV of registration records with only its header (valid, imports nothing). */
const REGISTRATION_CSV = Buffer.from('登记号,品种名称,企业名称,企业地址,省份,产品来源,规格,包装规格,类型,与制剂共同审评审批结果,更新日期,备注\n', 'utf8');

/** A CSV of usage rows with only its header (valid, imports nothing). */
const USAGE_CSV = Buffer.from('辅料名称,给药途径,剂型,单位制剂最大用量\n', 'utf8');

/** A CSV of batches with only its header (valid, imports nothing). */
const BATCH_CSV = Buffer.from('产品,批号,规格等级,生产日期,有效期至,数量,检验日期,检验项目,标准规定,检验结果,检验方法,结论\n', 'utf8');

/** The file each upload endpoint takes: a PDF for a COA, a product document or a bank slip, a CSV for an import, an image otherwise. */
export function uploadFor(operation: string): { bytes: Buffer; filename: string; type: string } {
  if (operation === 'adminRegistrationImportPreview') return { bytes: REGISTRATION_CSV, filename: 'registrations.csv', type: 'text/csv' };
  if (operation === 'adminReferenceImport') return { bytes: USAGE_CSV, filename: 'usage.csv', type: 'text/csv' };
  if (operation === 'adminBatchImport') return { bytes: BATCH_CSV, filename: 'batches.csv', type: 'text/csv' };
  return operation === 'adminApplicationCoaUpload' || operation === 'adminExcipientDocumentUpload' || operation === 'orderSlip' || operation === 'adminInvoiceUpload' || operation === 'adminDocumentRequestUpload' || operation === 'adminChangeNoticeUpload' || operation === 'adminBatchCoaUpload'
    ? { bytes: PDF, filename: 'document.pdf', type: 'application/pdf' }
    : { bytes: PNG, filename: 'a.png', type: 'image/png' };
}

/** The smallest valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
