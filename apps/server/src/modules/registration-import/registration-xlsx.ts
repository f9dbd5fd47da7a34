import { REGISTRATION_IMPORT_MAX_ROWS } from '@fuliaotong/contracts';
import { xlsxRows } from '../files/table-file.js';
import { readRegistrationTable, type RegistrationCsv } from './registration-csv.js';

export { isXlsx } from '../files/table-file.js';

/**
 * Reads the first worksheet of an .xlsx file into the same validation as a CSV file (the rows are
 * numbered as Excel numbers them). Throws CsvFormatError when it cannot be read.
 */
export async function readRegistrationXlsx(bytes: Buffer): Promise<RegistrationCsv> {
  return readRegistrationTable(await xlsxRows(bytes, REGISTRATION_IMPORT_MAX_ROWS));
}
