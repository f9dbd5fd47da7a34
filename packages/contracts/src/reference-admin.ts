import { z } from 'zod';
import { IsoDate } from './access.js';
import { pageOf } from './common.js';
import { STANDARD_MAX_TEST_ITEMS, STANDARD_STATUSES } from './constants/information.js';
import { Pharmacopoeia } from './excipient.js';
import { DatabaseRecordQuery } from './reference.js';
import { text } from './text.js';

const line = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
const required = (label: string, max: number) => line(label, max).min(1, `请填写${label}`);

/** The databases the desk edits row by row (registration records have the imports desk). */
export const ReferenceCode = z.enum(['standard', 'usage']);
export type ReferenceCode = z.infer<typeof ReferenceCode>;
export const ReferenceCodeParams = z.object({ code: ReferenceCode });

export const StandardBody = z
  .object({
    name: required('品种名称', 100),
    nameEn: line('英文名称', 150),
    pharmacopoeia: Pharmacopoeia,
    edition: required('版本', 30).describe('如 2025 年版'),
    status: z.enum(STANDARD_STATUSES, { error: '请选择状态' }),
    effectiveOn: IsoDate.nullable().describe('实施日期'),
    testItems: z
      .array(required('检验项目', 100))
      .max(STANDARD_MAX_TEST_ITEMS, `检验项目不能超过 ${STANDARD_MAX_TEST_ITEMS} 项`)
      .describe('检验项目，每项一条（会员可见）'),
    revisionNote: line('修订说明', 500).describe('修订说明：与上一版相比改了什么（会员可见）'),
  })
  .meta({ id: 'StandardBody' });
export type StandardBody = z.infer<typeof StandardBody>;

/** A standard on the desk: every field, the 会员可见 ones included. */
export const AdminStandard = StandardBody.extend({ id: z.number().int() }).meta({ id: 'AdminStandard' });
export type AdminStandard = z.infer<typeof AdminStandard>;

export const UsageBody = z
  .object({
    ingredient: required('辅料名称', 100),
    route: required('给药途径', 20),
    dosageForm: required('剂型', 20),
    maxAmount: required('单位制剂最大用量', 60).describe('如 120 mg'),
  })
  .meta({ id: 'UsageBody' });
export type UsageBody = z.infer<typeof UsageBody>;

export const AdminUsage = UsageBody.extend({ id: z.number().int() }).meta({ id: 'AdminUsage' });
export type AdminUsage = z.infer<typeof AdminUsage>;
export const AdminStandardPage = pageOf(AdminStandard).meta({ id: 'AdminStandardPage' });
export type AdminStandardPage = z.infer<typeof AdminStandardPage>;
export const AdminUsagePage = pageOf(AdminUsage).meta({ id: 'AdminUsagePage' });
export type AdminUsagePage = z.infer<typeof AdminUsagePage>;

export const ReferenceExportQuery = DatabaseRecordQuery.omit({ page: true, pageSize: true });
export type ReferenceExportQuery = z.infer<typeof ReferenceExportQuery>;

export const ReferenceImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('false').describe('true：只检查并报告将新增和更新的行，不写入'),
});

export const ReferenceImportReport = z
  .object({
    format: z.enum(['csv', 'xlsx']),
    rowCount: z.number().int().describe('读取的数据行数（不含空行）'),
    inserted: z.number().int().describe('新增的行（dryRun 时为将新增的行）'),
    updated: z.number().int().describe('按名称、药典与版本（用量：辅料、途径与剂型）找到并更新的行'),
    rejected: z.array(z.object({ line: z.number().int(), reasons: z.array(z.string()) })).describe('被拒绝的行（最多列出 500 行）'),
    rejectedCount: z.number().int(),
    ignoredColumns: z.array(z.string()),
    committed: z.boolean().describe('false：dryRun，未写入'),
  })
  .meta({ id: 'ReferenceImportReport' });
export type ReferenceImportReport = z.infer<typeof ReferenceImportReport>;
