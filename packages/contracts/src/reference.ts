import { z } from 'zod';
import { text } from './text.js';
import { DATABASE_CODES, STANDARD_STATUSES } from './constants/information.js';
import { AccessLevel, IsoDate, Locked } from './access.js';
import { PageQuery, pageOf } from './common.js';
import { Pharmacopoeia } from './excipient.js';

/** The databases of /database: registration records, pharmacopoeia standards and usage data. */
export const DatabaseCode = z.enum(DATABASE_CODES);
export type DatabaseCode = z.infer<typeof DatabaseCode>;

export const DatabaseInfo = z
  .object({
    code: DatabaseCode,
    name: z.string(),
    description: z.string(),
    access: AccessLevel,
    recordCount: z.number().int(),
    updatedOn: IsoDate.nullable(),
    /** False when the caller may not list its records (then `lockedMessage` says why). */
    accessible: z.boolean(),
    lockedMessage: z.string().nullable(),
  })
  .meta({ id: 'DatabaseInfo' });
export type DatabaseInfo = z.infer<typeof DatabaseInfo>;
export const DatabaseList = z.object({ items: z.array(DatabaseInfo), totalCount: z.number().int() }).meta({ id: 'DatabaseList' });
export type DatabaseList = z.infer<typeof DatabaseList>;

export const StandardRecord = z
  .object({
    id: z.number().int(),
    name: z.string().describe('品种（专论）名称'),
    nameEn: z.string(),
    pharmacopoeia: Pharmacopoeia,
    edition: z.string().describe('版本，如 2025 年版'),
    status: z.enum(STANDARD_STATUSES),
    effectiveOn: IsoDate.nullable(),
    testItems: z.array(z.string()).optional().describe('检验项目，如“干燥失重：不得过 5.0%”（会员可见）'),
    revisionNote: z.string().optional().describe('修订说明：与上一版相比改了什么（会员可见）'),
    locked: z.array(Locked),
  })
  .meta({ id: 'StandardRecord' });
export type StandardRecord = z.infer<typeof StandardRecord>;

export const UsageRecord = z
  .object({
    id: z.number().int(),
    ingredient: z.string().describe('辅料名称'),
    route: z.string().describe('给药途径'),
    dosageForm: z.string(),
    maxAmount: z.string().optional().describe('单位制剂最大用量（会员可见）'),
    locked: z.array(Locked),
  })
  .meta({ id: 'UsageRecord' });
export type UsageRecord = z.infer<typeof UsageRecord>;

/** `/api/app/database/{code}/records`: one query shape for all; each database reads the filters it has. */
export const DatabaseRecordQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional(),
  /** standard */
  pharmacopoeia: Pharmacopoeia.optional(),
  status: z.enum(STANDARD_STATUSES).optional(),
  /** usage */
  route: text().trim().max(20).optional(),
  dosageForm: text().trim().max(20).optional(),
});
export type DatabaseRecordQuery = z.infer<typeof DatabaseRecordQuery>;

export const StandardPage = pageOf(StandardRecord).meta({ id: 'StandardPage' });
export const UsagePage = pageOf(UsageRecord).meta({ id: 'UsagePage' });
/** Registration records come through /api/app/registration; the others through this union. */
export const DatabaseRecordPage = z.union([StandardPage, UsagePage]).meta({ id: 'DatabaseRecordPage' });
export type DatabaseRecordPage = z.infer<typeof DatabaseRecordPage>;
