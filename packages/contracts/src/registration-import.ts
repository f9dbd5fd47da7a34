import { z } from 'zod';
import { RegistrationQuery } from './registration.js';

const RejectedRow = z.object({
  line: z.number().int().describe('文件中的行号（Excel 为行号）'),
  regNo: z.string().nullable(),
  reasons: z.array(z.string()),
});

/** One field of a stored record the import would change. */
const FieldChange = z.object({ field: z.string().describe('列名（中文）'), before: z.string(), after: z.string() });

export const RegistrationImportPreview = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    format: z.enum(['csv', 'xlsx']),
    rowCount: z.number().int().describe('读取的数据行数（不含空行）'),
    counts: z.object({
      new: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int(),
      rejected: z.number().int(),
      superseded: z.number().int().describe('同一登记号在后面再次出现、以后者为准的行'),
    }),
    rejected: z.array(RejectedRow).describe('被拒绝的行（最多列出 500 行）'),
    changes: z
      .array(z.object({ regNo: z.string(), name: z.string(), fields: z.array(FieldChange) }))
      .describe('将被更新的记录及其变化（最多列出 200 条）'),
    ignoredColumns: z.array(z.string()),
    committedAt: z.string().nullable(),
  })
  .meta({ id: 'RegistrationImportPreview' });
export type RegistrationImportPreview = z.infer<typeof RegistrationImportPreview>;

export const RegistrationImportReport = RegistrationImportPreview.extend({
  inserted: z.number().int(),
  updated: z.number().int(),
  committedAt: z.string(),
}).meta({ id: 'RegistrationImportReport' });
export type RegistrationImportReport = z.infer<typeof RegistrationImportReport>;

/** The filters of the public list (no page): which records to export. */
export const RegistrationExportQuery = RegistrationQuery.omit({ page: true, pageSize: true, after: true });
export type RegistrationExportQuery = z.infer<typeof RegistrationExportQuery>;
