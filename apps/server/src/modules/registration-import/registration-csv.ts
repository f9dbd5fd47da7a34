/**
 * Reads a CSV file of CDE registration records (原辅包登记信息) with the CDE column names
 * (REGISTRATION_CSV_COLUMNS): UTF-8 with or without BOM, a header row, columns in any order, extra
 * columns ignored. Every data row is validated; the answer lists the valid records and, by line
 * number, the rejected rows with their reasons in Chinese.
 *
 * A registration number (登记号) that occurs more than once: the last valid row wins (a later row
 * is a later state of the record, as when exports are appended); the earlier rows are reported as
 * superseded, not written.
 */
import { z } from 'zod';
import { csvRows, parseCsvDate, TableFormatError, type TableRow } from '../files/table-file.js';
import { REGISTRATION_CSV_COLUMNS, REGISTRATION_SOURCES, REGISTRATION_TYPES, REG_NO_PATTERN } from '@fuliaotong/contracts';

export type CsvColumn = (typeof REGISTRATION_CSV_COLUMNS)[number];

/** The file cannot be read as a registration CSV at all (encoding, quoting, header). */
export { TableFormatError as CsvFormatError, type TableRow };

const TYPE_LETTERS = { 辅料: 'F', 药包材: 'B', 原料药: 'Y' } as const;

const optionalText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字`);
const requiredText = (max: number) => optionalText(max).min(1, '不能为空');

export { parseCsvDate };

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export const RegistrationCsvRow = z
  .object({
    登记号: z.string().trim().toUpperCase().regex(REG_NO_PATTERN, '格式应为 F/B/Y + 4 位年份 + 7 位数字，如 F20190000123'),
    品种名称: requiredText(200),
    企业名称: requiredText(200),
    企业地址: optionalText(300),
    省份: requiredText(20),
    产品来源: z.string().trim().pipe(z.enum(REGISTRATION_SOURCES, '应为“国产”或“进口”')),
    规格: optionalText(300),
    包装规格: optionalText(300),
    类型: z.string().trim().pipe(z.enum(REGISTRATION_TYPES, '应为“辅料”“药包材”或“原料药”')),
    与制剂共同审评审批结果: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(['A', 'I'], '应为 A 或 I')),
    更新日期: z
      .string()
      .trim()
      .transform((raw, ctx) => {
        const iso = parseCsvDate(raw);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: raw ? '不是有效日期，应写作 YYYY-MM-DD' : '不能为空' });
          return z.NEVER;
        }
        if (iso > today()) {
          ctx.addIssue({ code: 'custom', message: '不能晚于今天' });
          return z.NEVER;
        }
        return iso;
      }),
    备注: optionalText(1000),
  })
  .superRefine((row, ctx) => {
    const expected = TYPE_LETTERS[row.类型];
    if (row.登记号[0] !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['登记号'],
        message: `首字母 ${row.登记号[0]} 与类型“${row.类型}”不符（${row.类型}的登记号以 ${expected} 开头）`,
      });
    }
  });

/** A valid record, in the shape the database stores. */
export interface RegistrationRecord {
  regNo: string;
  name: string;
  company: string;
  companyAddress: string;
  province: string;
  source: (typeof REGISTRATION_SOURCES)[number];
  spec: string;
  packageSpec: string;
  type: (typeof REGISTRATION_TYPES)[number];
  reviewStatus: 'A' | 'I';
  updatedOn: string;
  remark: string;
}

export interface RejectedRow {
  line: number;
  regNo: string | null;
  reasons: string[];
}

export interface SupersededRow {
  line: number;
  regNo: string;
  byLine: number;
}

export interface RegistrationCsv {
  /** Valid records, one per registration number (the last valid row of each). */
  records: { line: number; record: RegistrationRecord }[];
  rejected: RejectedRow[];
  superseded: SupersededRow[];
  /** Data rows read (blank lines not counted). */
  rowCount: number;
  /** Header names that are not CDE columns (their values are not read). */
  ignoredColumns: string[];
}

function shown(value: string): string {
  const v = value.trim();
  return v.length > 30 ? `${v.slice(0, 30)}…` : v;
}

/** Reads the whole file. Throws CsvFormatError when the file cannot be read as such a CSV. */
export function readRegistrationCsv(input: Buffer | Uint8Array | string): RegistrationCsv {
  return readRegistrationTable(csvRows(input));
}

/**
 * Validates a table of CDE registration records, whatever file it came from (CSV or Excel): the first
 * non-blank row is the header. Throws CsvFormatError when the header is not usable.
 */
export function readRegistrationTable(parsed: readonly TableRow[]): RegistrationCsv {
  const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');
  const headerIndex = parsed.findIndex((r) => !isBlank(r.fields));
  if (headerIndex < 0) throw new TableFormatError(`文件是空的：第一行应为列名（${REGISTRATION_CSV_COLUMNS.join(',')}）。`);
  const header = parsed[headerIndex]!.fields.map((h) => h.trim());

  const position = new Map<string, number>();
  const duplicates = new Set<string>();
  header.forEach((name, i) => {
    if (position.has(name)) duplicates.add(name);
    else position.set(name, i);
  });
  const missing = REGISTRATION_CSV_COLUMNS.filter((c) => !position.has(c));
  if (missing.length) {
    throw new TableFormatError(
      `缺少列：${missing.join('、')}。第一行应为列名（顺序不限）：${REGISTRATION_CSV_COLUMNS.join(',')}。` +
        `读到的列名：${header.filter(Boolean).join(',') || '（无）'}`,
    );
  }
  const repeated = REGISTRATION_CSV_COLUMNS.filter((c) => duplicates.has(c));
  if (repeated.length) throw new TableFormatError(`列名重复：${repeated.join('、')}。每一列只能出现一次。`);
  const known = new Set<string>(REGISTRATION_CSV_COLUMNS);
  const ignoredColumns = header.filter((h) => h && !known.has(h));

  const byRegNo = new Map<string, { line: number; record: RegistrationRecord }>();
  const rejected: RejectedRow[] = [];
  const superseded: SupersededRow[] = [];
  let rowCount = 0;
  for (const { line, fields } of parsed.slice(headerIndex + 1)) {
    if (isBlank(fields)) continue;
    rowCount++;
    const raw = Object.fromEntries(REGISTRATION_CSV_COLUMNS.map((c) => [c, fields[position.get(c)!] ?? ''])) as Record<CsvColumn, string>;
    const regNoShown = raw.登记号.trim().toUpperCase() || null;
    if (fields.length !== header.length) {
      rejected.push({
        line,
        regNo: regNoShown,
        reasons: [`该行有 ${fields.length} 个字段，表头有 ${header.length} 列（检查是否有未加引号的逗号）`],
      });
      continue;
    }
    const result = RegistrationCsvRow.safeParse(raw);
    if (!result.success) {
      const reasons = result.error.issues.map((issue) => {
        const column = String(issue.path[0] ?? '');
        const value = column in raw ? shown(raw[column as CsvColumn]) : '';
        return `${column}${value ? `“${value}”` : ''}：${issue.message}`;
      });
      rejected.push({ line, regNo: regNoShown, reasons });
      continue;
    }
    const row = result.data;
    const record: RegistrationRecord = {
      regNo: row.登记号,
      name: row.品种名称,
      company: row.企业名称,
      companyAddress: row.企业地址,
      province: row.省份,
      source: row.产品来源,
      spec: row.规格,
      packageSpec: row.包装规格,
      type: row.类型,
      reviewStatus: row.与制剂共同审评审批结果,
      updatedOn: row.更新日期,
      remark: row.备注,
    };
    const earlier = byRegNo.get(record.regNo);
    if (earlier) {
      superseded.push({ line: earlier.line, regNo: record.regNo, byLine: line });
      byRegNo.delete(record.regNo);
    }
    byRegNo.set(record.regNo, { line, record });
  }
  return {
    records: [...byRegNo.values()].sort((a, b) => a.line - b.line),
    rejected,
    superseded: superseded.sort((a, b) => a.line - b.line),
    rowCount,
    ignoredColumns,
  };
}
