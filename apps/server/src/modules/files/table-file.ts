/**
 * Spreadsheets in and out (imports and exports of the staff desks): a CSV (UTF-8) or Excel (.xlsx)
 * file read into rows of text, a table of rows checked by its header names and a schema per row, and
 * rows written to an Excel workbook.
 */
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { z } from 'zod';

/**
 * exceljs, loaded by the first Excel file read or written: with its dependencies it is about 28 MB of a
 * server process's memory, which only the staff's imports and exports use (docs/decisions/0077).
 */
async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** The file cannot be read as a table at all (encoding, quoting, a missing column): the whole import stops. */
export class TableFormatError extends Error {
  constructor(
    message: string,
    /** true when the file is no table at all (an image, a PDF): the answer is 415, not 400. */
    readonly unsupported = false,
  ) {
    super(message);
    this.name = 'TableFormatError';
  }
}

/** One row of a sheet: its line (CSV) or row number (Excel), and its cells as text. */
export interface TableRow {
  line: number;
  fields: string[];
}

/** An Excel workbook is a ZIP archive: it starts with PK\x03\x04. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Parses the usual ways a date is written in exported sheets into YYYY-MM-DD; null if it is not a real day. */
export function parseCsvDate(raw: string): string | null {
  const match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(raw) ??
    /^(\d{4})年(\d{1,2})月(\d{1,2})日$/.exec(raw) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!match) return null;
  const [, y, m, d] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** A file of text (a CSV), not a binary one: no NUL byte at its start. */
export function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 4096).includes(0);
}

/** The rows of a CSV file (UTF-8, with or without BOM); a row's number is the file line it starts on. */
export function csvRows(input: Buffer | Uint8Array | string): TableRow[] {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      throw new TableFormatError('文件不是 UTF-8 编码（可能是 GBK）。请在 Excel 中“另存为 CSV UTF-8（逗号分隔）”后再导入。');
    }
  }
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof parsed;
  } catch (error) {
    const e = error as Error & { code?: string; lines?: number };
    const where = e.lines ? `第 ${e.lines} 行附近` : '';
    throw new TableFormatError(
      e.code === 'CSV_QUOTE_NOT_CLOSED' ? `CSV 格式错误：${where}有未闭合的引号。` : `CSV 格式错误${where ? `（${where}）` : ''}：${e.message}`,
    );
  }
  // A quoted field may span lines.
  const rows: TableRow[] = [];
  let previousEnd = 0;
  for (const { record, info } of parsed) {
    rows.push({ line: previousEnd + 1, fields: record });
    previousEnd = info.lines;
  }
  return rows;
}

/** A cell as text: dates as YYYY-MM-DD, rich text joined, formulas by their result. */
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

/** The rows of the first worksheet of an .xlsx file, numbered as Excel numbers them. */
export async function xlsxRows(bytes: Buffer, maxRows: number): Promise<TableRow[]> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new TableFormatError('无法读取 Excel 文件：文件已损坏或不是 .xlsx 格式（旧版 .xls 请在 Excel 中另存为 .xlsx 或“CSV UTF-8”）。');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new TableFormatError('Excel 文件中没有工作表。');
  if (sheet.rowCount > maxRows + 1) tooMany(maxRows);
  const width = sheet.columnCount;
  const rows: TableRow[] = [];
  for (let number = 1; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    rows.push({ line: number, fields: Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value)) });
  }
  return rows;
}

function tooMany(maxRows: number): never {
  throw new TableFormatError(`数据过多：一次最多导入 ${maxRows.toLocaleString('en-US')} 行，请分成几个文件。`);
}

/** The rows of a CSV or Excel file, by its content. */
export async function readTableFile(bytes: Buffer, maxRows: number): Promise<{ format: 'csv' | 'xlsx'; rows: TableRow[] }> {
  if (isXlsx(bytes)) return { format: 'xlsx', rows: await xlsxRows(bytes, maxRows) };
  if (!looksLikeText(bytes)) throw new TableFormatError('请上传 CSV（UTF-8）或 Excel（.xlsx）文件', true);
  const rows = csvRows(bytes);
  if (rows.length > maxRows + 1) tooMany(maxRows);
  return { format: 'csv', rows };
}

export interface SheetRead<T> {
  /** Valid rows, with their line. */
  records: Array<{ line: number; value: T }>;
  /** Invalid rows, with their line and reasons (“列名“值”：原因”). */
  rejected: Array<{ line: number; reasons: string[] }>;
  /** Data rows read (blank ones not counted). */
  rowCount: number;
  /** Header names that are none of the columns (their values are not read). */
  ignoredColumns: string[];
}

/**
 * Checks a table by its header (the first non-blank row: the column names, in any order) and each
 * data row with `schema`, an object schema keyed by the column names.
 */
export function readSheet<T>(rows: readonly TableRow[], columns: readonly string[], schema: z.ZodType<T>): SheetRead<T> {
  const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');
  const headerIndex = rows.findIndex((r) => !isBlank(r.fields));
  if (headerIndex < 0) throw new TableFormatError(`文件是空的：第一行应为列名（${columns.join(',')}）。`);
  const header = rows[headerIndex]!.fields.map((h) => h.trim());
  const position = new Map<string, number>();
  header.forEach((name, i) => {
    if (!position.has(name)) position.set(name, i);
  });
  const missing = columns.filter((c) => !position.has(c));
  if (missing.length) {
    throw new TableFormatError(
      `缺少列：${missing.join('、')}。第一行应为列名（顺序不限）：${columns.join(',')}。读到的列名：${header.filter(Boolean).join(',') || '（无）'}`,
    );
  }
  const known = new Set(columns);
  const result: SheetRead<T> = { records: [], rejected: [], rowCount: 0, ignoredColumns: header.filter((h) => h && !known.has(h)) };
  for (const { line, fields } of rows.slice(headerIndex + 1)) {
    if (isBlank(fields)) continue;
    result.rowCount++;
    const raw = Object.fromEntries(columns.map((c) => [c, fields[position.get(c)!] ?? '']));
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      result.records.push({ line, value: parsed.data });
      continue;
    }
    result.rejected.push({
      line,
      reasons: parsed.error.issues.map((issue) => {
        const column = String(issue.path[0] ?? '');
        const value = (raw[column] ?? '').trim();
        return `${column}${value ? `“${value.length > 30 ? `${value.slice(0, 30)}…` : value}”` : ''}：${issue.message}`;
      }),
    });
  }
  return result;
}

/** Rows as an Excel workbook of one sheet, with a bold header. */
export async function workbookOf(
  sheetName: string,
  columns: ReadonlyArray<{ header: string; width?: number }>,
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ header, width }) => ({ header, key: header, width: width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
