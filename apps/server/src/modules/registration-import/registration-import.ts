/**
 * Imports a CSV file of CDE registration records: reads and validates it (registration-csv.ts),
 * then writes the valid records in one transaction, batch by batch, replacing stored records with
 * the same registration number. Rejected rows are reported, never written.
 */
import type { Db } from '../../db/database.js';
import { readRegistrationCsv, type RegistrationCsv } from './registration-csv.js';
import { transactorOf } from '../../modules.js';
import { RegistrationRecords } from '../registration/registration-records.js';
import type { RegistrationRepositories } from '../registration/registration.repositories.js';

export interface RegistrationImportResult extends RegistrationCsv {
  inserted: number;
  updated: number;
}

/** Reads and writes a file's content (see readRegistrationCsv for the errors it throws). */
export async function importRegistrationCsv(db: Db, input: Buffer | Uint8Array | string, batchSize = 1_000): Promise<RegistrationImportResult> {
  return writeRegistrationCsv(db, readRegistrationCsv(input), batchSize);
}

/** Writes the valid records of a file already read. */
export async function writeRegistrationCsv(db: Db, csv: RegistrationCsv, batchSize = 1_000): Promise<RegistrationImportResult> {
  let inserted = 0;
  let updated = 0;
  const transactor = transactorOf<RegistrationRepositories>(db);
  const records = new RegistrationRecords(transactor);
  await transactor.transaction(async (tx) => {
    for (let i = 0; i < csv.records.length; i += batchSize) {
      const counts = await records.upsert(csv.records.slice(i, i + batchSize).map((r) => r.record), tx);
      inserted += counts.inserted;
      updated += counts.updated;
    }
  });
  if (updated > 0) await records.afterReplacing();
  return { ...csv, inserted, updated };
}

/** The report the import command prints. */
export function formatImportReport(result: RegistrationImportResult): string {
  const lines = [
    `读取数据行 ${result.rowCount} 行：接受 ${result.records.length} 行（新增 ${result.inserted} 条，更新 ${result.updated} 条），` +
      `拒绝 ${result.rejected.length} 行` +
      (result.superseded.length ? `，重复登记号 ${result.superseded.length} 行（以后出现的行为准）` : ''),
  ];
  if (result.ignoredColumns.length) lines.push(`未识别的列（已忽略）：${result.ignoredColumns.join('、')}`);
  if (result.rejected.length) {
    lines.push('拒绝的行：');
    for (const row of result.rejected) lines.push(`  第 ${row.line} 行${row.regNo ? `（${row.regNo}）` : ''}：${row.reasons.join('；')}`);
  }
  if (result.superseded.length) {
    lines.push('重复的登记号（未导入较早的行）：');
    for (const row of result.superseded) lines.push(`  第 ${row.line} 行：${row.regNo} 在第 ${row.byLine} 行再次出现，以第 ${row.byLine} 行为准`);
  }
  return lines.join('\n');
}
