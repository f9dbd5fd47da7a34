/*
 * Batches of a product grade, their test results and certificates of analysis (COA, 检验报告), and the
 * COA lookup by check code: docs/decisions/0073-batches-and-coa-lookup.md.
 */

/** A batch's states: 待检, 合格放行, 不合格, and 已过期 (a released batch past its expiry day, derived when read). */
export const BATCH_STATES = ['pending', 'released', 'rejected', 'expired'] as const;
export type BatchStateName = (typeof BATCH_STATES)[number];
/** The states the staff set (已过期 follows from the expiry date). */
export const BATCH_SET_STATES = ['pending', 'released', 'rejected'] as const;
export type BatchSetStateName = (typeof BATCH_SET_STATES)[number];
export const batchStateLabels: Record<BatchStateName, string> = {
  pending: '待检',
  released: '合格放行',
  rejected: '不合格',
  expired: '已过期',
};

/** A test item's conclusion. */
export const BATCH_CONCLUSIONS = ['符合', '不符合'] as const;
export type BatchConclusionName = (typeof BATCH_CONCLUSIONS)[number];

/** The check code printed on the COA and the label: 8 characters of an alphabet without look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const CHECK_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const CHECK_CODE_LENGTH = 8;

/** COA lookups per signed-in user, and per client address, in an hour. */
export const COA_LOOKUPS_PER_USER = 10;
export const COA_LOOKUPS_PER_IP = 30;

/** A batch's test items at most. */
export const BATCH_RESULTS_MAX = 60;
/** Rows of a batch import at most (one row per test item). */
export const BATCH_IMPORT_MAX_ROWS = 2000;
/** The signed COA original, and an import file, at most. */
export const BATCH_COA_MAX_BYTES = 10 * 1024 * 1024;
export const BATCH_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The columns of a batch import (one row per test item; rows of the same product and batch number are one batch). */
export const BATCH_IMPORT_COLUMNS = ['产品', '批号', '规格等级', '生产日期', '有效期至', '数量', '检验日期', '检验项目', '标准规定', '检验结果', '检验方法', '结论'] as const;
