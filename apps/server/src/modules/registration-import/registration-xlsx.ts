import ExcelJS from 'exceljs';
import { REGISTRATION_IMPORT_MAX_ROWS } from '@fuliaotong/contracts';
import { CsvFormatError, readRegistrationTable, type RegistrationCsv, type TableRow } from './registration-csv.js';

/** An Excel workbook is a ZIP archive: it starts with PK\x03\x04. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A cell as the text the CSV validation expects: dates as YYYY-MM-DD, rich text joined, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result);
  if ('text' in value) return String(value.text);
  return '';
}

/**
 * Reads the first worksheet of an .xlsx file into the same validation as a CSV file (the rows are
 * numbered as Excel numbers them). Throws CsvFormatError when it cannot be read.
 */
export async function readRegistrationXlsx(bytes: Buffer): Promise<RegistrationCsv> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new CsvFormatError('无法读取 Excel 文件：文件已损坏或不是 .xlsx 格式（旧版 .xls 请在 Excel 中另存为 .xlsx 或“CSV UTF-8”）。');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new CsvFormatError('Excel 文件中没有工作表。');
  if (sheet.rowCount > REGISTRATION_IMPORT_MAX_ROWS + 1) {
    throw new CsvFormatError(`数据过多：一次最多导入 ${REGISTRATION_IMPORT_MAX_ROWS.toLocaleString('en-US')} 行，请分成几个文件。`);
  }
  const width = sheet.columnCount;
  const rows: TableRow[] = [];
  for (let number = 1; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    rows.push({ line: number, fields: Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value)) });
  }
  return readRegistrationTable(rows);
}
