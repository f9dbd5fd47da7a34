import {
  REGISTRATION_CSV_COLUMNS,
  REGISTRATION_EXPORT_MAX_ROWS,
  REGISTRATION_IMPORT_MAX_ROWS,
  type RegistrationExportQuery,
  type RegistrationImportPreview,
  type RegistrationImportReport,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { RegistrationImportRepositories } from './registration-import.repositories.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore } from '../files/file-store.js';
import type { RegistrationReads } from '../registration/registration.repositories.js';
import type { RegistrationRecords } from '../registration/registration-records.js';
import type { RegistrationWatchService } from '../registration-watch/registration-watch.service.js';
import { CsvFormatError, readRegistrationCsv, type RegistrationCsv, type RegistrationRecord } from './registration-csv.js';
import type { RegistrationImportRepository, RegistrationImportRow } from './registration-import.repository.js';
import { isXlsx, readRegistrationXlsx } from './registration-xlsx.js';
import { looksLikeText, workbookOf } from '../files/table-file.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The fields of a record by their CDE column names, in the file's order (the registration number names the record). */
const FIELDS: Array<[Exclude<keyof RegistrationRecord, 'regNo'>, (typeof REGISTRATION_CSV_COLUMNS)[number]]> = [
  ['name', '品种名称'],
  ['company', '企业名称'],
  ['companyAddress', '企业地址'],
  ['province', '省份'],
  ['source', '产品来源'],
  ['spec', '规格'],
  ['packageSpec', '包装规格'],
  ['type', '类型'],
  ['reviewStatus', '与制剂共同审评审批结果'],
  ['updatedOn', '更新日期'],
  ['remark', '备注'],
];

/** What an import does to the stored records: new ones, changed ones (with what changes), unchanged ones. */
export interface ImportComparison {
  added: RegistrationRecord[];
  changed: Array<{
    record: RegistrationRecord;
    stored: RegistrationRecord;
    fields: Array<{ field: string; before: string; after: string }>;
  }>;
  unchanged: number;
}

/**
 * The imports desk: a file of CDE registration records (CSV or Excel) is read and checked by the same
 * validation as the command line, previewed against the stored records, and committed once, in one
 * transaction, with a report and an audit entry. Exports write any filtered list to Excel.
 */
export class RegistrationImportService {
  constructor(
    private readonly imports: RegistrationImportRepository,
    private readonly registrations: RegistrationReads,
    /** Where the imported records are written (the registration module's rows). */
    private readonly records: RegistrationRecords,
    private readonly files: FileStore,
    private readonly transactor: Transactor<RegistrationImportRepositories>,
    private readonly watches: RegistrationWatchService,
  ) {}

  async preview(actor: StaffActor, bytes: Buffer, filename: string): Promise<RegistrationImportPreview> {
    const format = isXlsx(bytes) ? 'xlsx' : looksLikeText(bytes) ? 'csv' : null;
    if (!format) throw new AppError('unsupported_media_type', '请上传 CSV（UTF-8）或 Excel（.xlsx）文件');
    const table = await this.read(format, bytes);
    const comparison = await this.compare(table);
    const fileKey = await this.files.put({
      bytes,
      contentType: format === 'xlsx' ? XLSX_TYPE : 'text/csv',
      ownerId: actor.id,
      extension: format,
      personal: false,
    });
    const row = await this.imports.insert({ fileKey, filename: filename.slice(0, 200), format, uploadedBy: actor.id });
    return describe(row, table, comparison);
  }

  async commit(actor: StaffActor, id: number): Promise<RegistrationImportReport> {
    const row = await this.imports.find(id);
    if (!row) throw new AppError('not_found', '导入记录不存在');
    if (row.committedAt) throw alreadyCommitted(row.committedAt);
    const file = await this.files.get(row.fileKey);
    if (!file) throw new AppError('not_found', '导入的文件不存在，请重新上传');
    const table = await this.read(row.format, file.bytes);
    const report = await this.transactor.transaction(async (within) => {
      // Compared inside the transaction: what it writes is what it reports.
      const comparison = await this.compare(table, within);
      const writes = [...comparison.added, ...comparison.changed.map((c) => c.record)];
      let inserted = 0;
      let updated = 0;
      for (let i = 0; i < writes.length; i += 1_000) {
        const counts = await this.records.upsert(writes.slice(i, i + 1_000), within);
        inserted += counts.inserted;
        updated += counts.updated;
      }
      // Watchers hear of what this import changed, in its transaction.
      await this.watches.notifyChanges(
        [
          ...comparison.added.map((after) => ({ before: null, after })),
          ...comparison.changed.map((c) => ({ before: c.stored, after: c.record })),
        ],
        within,
      );
      const committedAt = new Date();
      const report: RegistrationImportReport = {
        ...describe(row, table, comparison),
        inserted,
        updated,
        committedAt: committedAt.toISOString(),
      };
      if (
        !(await within.registrationImports.markCommitted(id, {
          inserted,
          updated,
          unchanged: comparison.unchanged,
          rejected: table.rejected.length,
        }))
      ) {
        throw alreadyCommitted(committedAt);
      }
      await recordChange(within, actor, {
        action: 'registration.import',
        entityType: 'registration_import',
        entityId: id,
        summary: `导入原辅包登记数据“${row.filename}”：新增 ${inserted} 条，更新 ${updated} 条，拒绝 ${table.rejected.length} 行`,
        before: null,
        after: { filename: row.filename, inserted, updated, unchanged: comparison.unchanged, rejected: table.rejected.length },
      });
      return report;
    });
    if (report.updated > 0) await this.records.afterReplacing();
    return report;
  }

  /** The records of a filtered list as an Excel workbook, with the CDE column names. */
  async export(query: RegistrationExportQuery): Promise<Buffer> {
    const rows = await this.registrations.exportRows(query, REGISTRATION_EXPORT_MAX_ROWS);
    return workbookOf(
      '原辅包登记信息',
      REGISTRATION_CSV_COLUMNS.map((header) => ({ header, width: header === '企业地址' || header === '企业名称' ? 36 : 16 })),
      rows.map((r) => [r.regNo, r.name, r.company, r.companyAddress, r.province, r.source, r.spec, r.packageSpec, r.type, r.reviewStatus, r.updatedOn, r.remark]),
    );
  }

  private async read(format: 'csv' | 'xlsx', bytes: Buffer): Promise<RegistrationCsv> {
    try {
      const table = format === 'xlsx' ? await readRegistrationXlsx(bytes) : readRegistrationCsv(bytes);
      if (table.rowCount > REGISTRATION_IMPORT_MAX_ROWS) {
        throw new CsvFormatError(`数据过多：一次最多导入 ${REGISTRATION_IMPORT_MAX_ROWS.toLocaleString('en-US')} 行，请分成几个文件。`);
      }
      return table;
    } catch (error) {
      if (error instanceof CsvFormatError) throw new AppError('bad_request', error.message);
      throw error;
    }
  }

  private async compare(table: RegistrationCsv, within?: Tx): Promise<ImportComparison> {
    // Stored records hold the values an import or the demo content wrote: the record's own types.
    const existing = (await this.records.existing(table.records.map((r) => r.record.regNo), within)) as RegistrationRecord[];
    const stored = new Map(existing.map((r) => [r.regNo, r]));
    const comparison: ImportComparison = { added: [], changed: [], unchanged: 0 };
    for (const { record } of table.records) {
      const before = stored.get(record.regNo);
      if (!before) {
        comparison.added.push(record);
        continue;
      }
      const fields = FIELDS.filter(([key]) => before[key] !== record[key]).map(([key, field]) => ({
        field,
        before: before[key],
        after: record[key],
      }));
      if (fields.length === 0) comparison.unchanged += 1;
      else comparison.changed.push({ record, stored: before, fields });
    }
    return comparison;
  }
}

function alreadyCommitted(at: Date): AppError {
  // Staff read Beijing time.
  const beijing = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  return new AppError('conflict', `该导入已于 ${beijing} 提交，不能重复提交`);
}

function describe(row: RegistrationImportRow, table: RegistrationCsv, comparison: ImportComparison): RegistrationImportPreview {
  return {
    id: row.id,
    filename: row.filename,
    format: row.format,
    rowCount: table.rowCount,
    counts: {
      new: comparison.added.length,
      changed: comparison.changed.length,
      unchanged: comparison.unchanged,
      rejected: table.rejected.length,
      superseded: table.superseded.length,
    },
    rejected: table.rejected.slice(0, 500),
    changes: comparison.changed.slice(0, 200).map(({ record, fields }) => ({ regNo: record.regNo, name: record.name, fields })),
    ignoredColumns: table.ignoredColumns,
    committedAt: row.committedAt ? row.committedAt.toISOString() : null,
  };
}
