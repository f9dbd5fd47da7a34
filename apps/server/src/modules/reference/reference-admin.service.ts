import { z } from 'zod';
import {
  PHARMACOPOEIAS,
  pharmacopoeiaLabels,
  REFERENCE_IMPORT_MAX_ROWS,
  STANDARD_COLUMNS,
  STANDARD_MAX_TEST_ITEMS,
  STANDARD_STATUSES,
  USAGE_COLUMNS,
  type AdminStandard,
  type AdminStandardPage,
  type AdminUsage,
  type AdminUsagePage,
  type DatabaseRecordQuery,
  type ReferenceCode,
  type ReferenceExportQuery,
  type ReferenceImportReport,
  type StandardBody,
  type UsageBody,
} from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import type { ReferenceRepositories } from './reference.repositories.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import { parseCsvDate, readSheet, readTableFile, TableFormatError, workbookOf, type TableRow } from '../files/table-file.js';
import { standardKey, usageKey, type ReferenceRepository, type StandardValues, type UsageValues } from './reference.repository.js';

const cell = (max: number) => z.string().trim().max(max, `最多 ${max} 个字`);
const filled = (max: number) => cell(max).min(1, '不能为空');

/** A pharmacopoeia by its code (ChP) or its name (中国药典). */
const byLabel = new Map<string, string>(PHARMACOPOEIAS.flatMap((code) => [[code.toLowerCase(), code], [pharmacopoeiaLabels[code], code]]));

const StandardRow = z.object({
  品种名称: filled(100),
  英文名称: cell(150),
  药典: z
    .string()
    .trim()
    .transform((raw) => byLabel.get(raw) ?? byLabel.get(raw.toLowerCase()) ?? raw)
    .pipe(z.enum(PHARMACOPOEIAS, { error: `应为 ${PHARMACOPOEIAS.join('、')} 或其中文名称` })),
  版本: filled(30),
  状态: z.string().trim().pipe(z.enum(STANDARD_STATUSES, { error: `应为 ${STANDARD_STATUSES.join('、')}` })),
  实施日期: z
    .string()
    .trim()
    .transform((raw, ctx) => {
      if (!raw) return null;
      const date = parseCsvDate(raw);
      if (!date) ctx.addIssue({ code: 'custom', message: '不是有效的日期（如 2025-10-01）' });
      return date;
    }),
  /** One item a line, or separated by ；/ ; in one line. */
  检验项目: z
    .string()
    .transform((raw) => raw.split(/[\r\n；;]+/).map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(100, '每项最多 100 个字')).max(STANDARD_MAX_TEST_ITEMS, `最多 ${STANDARD_MAX_TEST_ITEMS} 项`)),
  修订说明: cell(500),
});

const UsageRow = z.object({ 辅料名称: filled(100), 给药途径: filled(20), 剂型: filled(20), 单位制剂最大用量: filled(60) });

const standardValues = (r: z.infer<typeof StandardRow>): StandardValues => ({
  name: r.品种名称,
  nameEn: r.英文名称,
  pharmacopoeia: r.药典,
  edition: r.版本,
  status: r.状态,
  effectiveOn: r.实施日期,
  testItems: r.检验项目,
  revisionNote: r.修订说明,
});
const usageValues = (r: z.infer<typeof UsageRow>): UsageValues => ({
  ingredient: r.辅料名称,
  route: r.给药途径,
  dosageForm: r.剂型,
  maxAmount: r.单位制剂最大用量,
});

const labels: Record<ReferenceCode, string> = { standard: '药典标准', usage: '辅料用量' };

/**
 * The databases desk: pharmacopoeia standards and usage rows, edited row by row (each change audited in
 * its transaction) or imported from a spreadsheet — checked row by row, rows with the same natural key
 * updating the stored one, all written in one transaction — and exported with the same column names.
 * The public pages read the same tables per request.
 */
export class ReferenceAdminService {
  constructor(
    private readonly reference: ReferenceRepository,
    private readonly transactor: Transactor<ReferenceRepositories>,
  ) {}

  standards(query: DatabaseRecordQuery): Promise<AdminStandardPage> {
    return this.reference.standards(query);
  }

  usages(query: DatabaseRecordQuery): Promise<AdminUsagePage> {
    return this.reference.usages(query);
  }

  createStandard(actor: StaffActor, body: StandardBody): Promise<AdminStandard> {
    return this.transactor.transaction(async (within) => {
      const row = await within.reference.insertStandard(body);
      await recordChange(within, actor, { action: 'standard.create', entityType: 'standard', entityId: row.id, summary: `新增药典标准“${row.name}”（${row.pharmacopoeia} ${row.edition}）`, before: null, after: body });
      return row;
    });
  }

  updateStandard(actor: StaffActor, id: number, body: StandardBody): Promise<AdminStandard> {
    return this.transactor.transaction(async (within) => {
      const before = await within.reference.standard(id);
      const row = before && (await within.reference.updateStandard(id, body));
      if (!before || !row) throw new AppError('not_found', '药典标准不存在');
      const { id: _id, ...old } = before;
      await recordChange(within, actor, { action: 'standard.update', entityType: 'standard', entityId: id, summary: `修改药典标准“${row.name}”`, before: old, after: body });
      return row;
    });
  }

  deleteStandard(actor: StaffActor, id: number): Promise<void> {
    return this.transactor.transaction(async (within) => {
      const row = await within.reference.deleteStandard(id);
      if (!row) throw new AppError('not_found', '药典标准不存在');
      const { id: _id, ...old } = row;
      await recordChange(within, actor, { action: 'standard.delete', entityType: 'standard', entityId: id, summary: `删除药典标准“${row.name}”`, before: old, after: null });
    });
  }

  createUsage(actor: StaffActor, body: UsageBody): Promise<AdminUsage> {
    return this.transactor.transaction(async (within) => {
      const row = await within.reference.insertUsage(body);
      await recordChange(within, actor, { action: 'usage.create', entityType: 'usage', entityId: row.id, summary: `新增辅料用量“${row.ingredient} ${row.route} ${row.dosageForm}”`, before: null, after: body });
      return row;
    });
  }

  updateUsage(actor: StaffActor, id: number, body: UsageBody): Promise<AdminUsage> {
    return this.transactor.transaction(async (within) => {
      const before = await within.reference.usage(id);
      const row = before && (await within.reference.updateUsage(id, body));
      if (!before || !row) throw new AppError('not_found', '辅料用量记录不存在');
      const { id: _id, ...old } = before;
      await recordChange(within, actor, { action: 'usage.update', entityType: 'usage', entityId: id, summary: `修改辅料用量“${row.ingredient} ${row.route} ${row.dosageForm}”`, before: old, after: body });
      return row;
    });
  }

  deleteUsage(actor: StaffActor, id: number): Promise<void> {
    return this.transactor.transaction(async (within) => {
      const row = await within.reference.deleteUsage(id);
      if (!row) throw new AppError('not_found', '辅料用量记录不存在');
      const { id: _id, ...old } = row;
      await recordChange(within, actor, { action: 'usage.delete', entityType: 'usage', entityId: id, summary: `删除辅料用量“${row.ingredient} ${row.route} ${row.dosageForm}”`, before: old, after: null });
    });
  }

  /** Checks a spreadsheet of rows and, unless `dryRun`, writes its valid rows in one transaction. */
  async import(actor: StaffActor, code: ReferenceCode, bytes: Buffer, filename: string, dryRun: boolean): Promise<ReferenceImportReport> {
    let format: 'csv' | 'xlsx';
    let rows: TableRow[];
    try {
      ({ format, rows } = await readTableFile(bytes, REFERENCE_IMPORT_MAX_ROWS));
    } catch (error) {
      if (error instanceof TableFormatError) throw new AppError(error.unsupported ? 'unsupported_media_type' : 'bad_request', error.message);
      throw error;
    }
    const read = (() => {
      try {
        if (code === 'standard') {
          const sheet = readSheet(rows, STANDARD_COLUMNS, StandardRow);
          return { ...sheet, values: sheet.records.map((r) => standardValues(r.value)) };
        }
        const sheet = readSheet(rows, USAGE_COLUMNS, UsageRow);
        return { ...sheet, values: sheet.records.map((r) => usageValues(r.value)) };
      } catch (error) {
        if (error instanceof TableFormatError) throw new AppError('bad_request', error.message);
        throw error;
      }
    })();
    const report = (inserted: number, updated: number, committed: boolean): ReferenceImportReport => ({
      format,
      rowCount: read.rowCount,
      inserted,
      updated,
      rejected: read.rejected.slice(0, 500),
      rejectedCount: read.rejected.length,
      ignoredColumns: read.ignoredColumns,
      committed,
    });
    return this.transactor.transaction(async (within) => {
      // Within the file, a later row with the same key replaces an earlier one.
      const keyOf = (v: StandardValues | UsageValues) => ('pharmacopoeia' in v ? standardKey(v) : usageKey(v));
      const latest = new Map(read.values.map((v) => [keyOf(v), v]));
      const stored = code === 'standard' ? await within.reference.standardKeys() : await within.reference.usageKeys();
      const updates = [...latest].filter(([key]) => stored.has(key));
      const inserts = [...latest].filter(([key]) => !stored.has(key));
      if (dryRun) return report(inserts.length, updates.length, false);
      for (const [key, values] of updates) {
        if ('pharmacopoeia' in values) await within.reference.updateStandard(stored.get(key)!, values);
        else await within.reference.updateUsage(stored.get(key)!, values);
      }
      for (const [, values] of inserts) {
        if ('pharmacopoeia' in values) await within.reference.insertStandard(values);
        else await within.reference.insertUsage(values);
      }
      await recordChange(within, actor, {
        action: `${code}.import`,
        entityType: code,
        entityId: null,
        summary: `导入${labels[code]}“${filename.slice(0, 100)}”：新增 ${inserts.length} 条，更新 ${updates.length} 条，拒绝 ${read.rejected.length} 行`,
        before: null,
        after: { filename: filename.slice(0, 200), inserted: inserts.length, updated: updates.length, rejected: read.rejected.length },
      });
      return report(inserts.length, updates.length, true);
    });
  }

  /** A filtered list as an Excel workbook with the import's column names (so that it can be edited and imported back). */
  async export(code: ReferenceCode, query: ReferenceExportQuery): Promise<Buffer> {
    const all = { ...query, page: 1, pageSize: REFERENCE_IMPORT_MAX_ROWS };
    if (code === 'standard') {
      const { items } = await this.reference.standards(all);
      return workbookOf(
        labels.standard,
        STANDARD_COLUMNS.map((header) => ({ header, width: header === '英文名称' || header === '检验项目' || header === '修订说明' ? 32 : 16 })),
        items.map((r) => [r.name, r.nameEn, r.pharmacopoeia, r.edition, r.status, r.effectiveOn, r.testItems.join('；'), r.revisionNote]),
      );
    }
    const { items } = await this.reference.usages(all);
    return workbookOf(
      labels.usage,
      USAGE_COLUMNS.map((header) => ({ header, width: 20 })),
      items.map((r) => [r.ingredient, r.route, r.dosageForm, r.maxAmount]),
    );
  }
}
