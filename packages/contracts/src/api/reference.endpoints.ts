import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminStandard,
  AdminStandardPage,
  AdminUsage,
  AdminUsagePage,
  ReferenceCodeParams,
  ReferenceExportQuery,
  ReferenceImportQuery,
  ReferenceImportReport,
  StandardBody,
  UsageBody,
} from '../reference-admin.js';
import {
  DatabaseCode,
  DatabaseList,
  DatabaseRecordPage,
  DatabaseRecordQuery,
  StandardRecord,
  UsageRecord,
} from '../reference.js';
import {
  REFERENCE_IMPORT_MAX_BYTES,
  REFERENCE_IMPORT_MAX_ROWS,
  STANDARD_COLUMNS,
  USAGE_COLUMNS,
} from '../constants/information.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const CodeParams = z.object({ code: DatabaseCode });

const DESK_TAG = '数据库管理';
const editor = { staff: ['editor'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const editorReads = deskReads('editor');
/** Rows the desk may rewrite or delete: others than the ones the other fixtures read. */
const standardRow = { kind: 'standardRow', owner: false } as const;
const usageRow = { kind: 'usageRow', owner: false } as const;

const exampleStandard = {
  name: '微晶纤维素',
  nameEn: 'Microcrystalline Cellulose',
  pharmacopoeia: 'ChP',
  edition: '2025 年版',
  status: '现行',
  effectiveOn: '2025-10-01',
  testItems: ['性状', '鉴别', '干燥失重：不得过 7.0%', '炽灼残渣：不得过 0.1%', '微生物限度'],
  revisionNote: '与 2020 年版相比，新增电导率检查。',
} as const;
const exampleUsage = { ingredient: '微晶纤维素', route: '口服', dosageForm: '片剂', maxAmount: '850 mg' };

/**
 * The databases (数据库): the list with each one's access level, the records of pharmacopoeia standards
 * and excipient usage, and the databases desk (editors) that keeps them, row by row or as spreadsheets.
 * The registration database has modules of its own (registration, registration-import).
 */
export const referenceEndpoints = {
  databaseList: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '数据库列表（记录数、更新日期、访问级别，以及调用者能否查看）',
    responses: { 200: DatabaseList },
  },
  databaseRecords: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '一个数据库的记录（药典标准或辅料用量）',
    description:
      'standard 返回 StandardPage（关键词、药典、状态），usage 返回 UsagePage（关键词、给药途径、剂型；最大用量会员可见）；' +
      'registration 请用 /api/app/registration。无权查看时 401（未登录）或 403（需会员）',
    params: CodeParams,
    query: DatabaseRecordQuery,
    responses: { 200: DatabaseRecordPage },
    errors: [401, 403],
    example: { params: { code: 'standard' } },
  },
  databaseRecord: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '一个数据库的一条记录（standard 或 usage，权限同记录列表）',
    params: CodeParams.extend({ id: IdParams.shape.id }),
    responses: { 200: z.union([StandardRecord, UsageRecord]) },
    errors: [401, 403],
    rows: { kind: 'standard', owner: false },
    example: { params: { code: 'standard' } },
  },

  adminStandardList: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '药典标准列表（按名称搜索，按药典、状态筛选）',
    query: DatabaseRecordQuery,
    responses: { 200: AdminStandardPage },
  },
  adminStandardCreate: {
    access: editor,
    tag: DESK_TAG,
    summary: '新增一条药典标准',
    body: StandardBody,
    responses: { 201: AdminStandard },
    example: { body: exampleStandard },
  },
  adminStandardUpdate: {
    access: editor,
    tag: DESK_TAG,
    summary: '修改一条药典标准（公开页面立即更新，修改前后的值记入操作日志）',
    params: IdParams,
    body: StandardBody,
    responses: { 200: AdminStandard },
    rows: standardRow,
    example: { body: exampleStandard },
  },
  adminStandardDelete: {
    access: editor,
    tag: DESK_TAG,
    summary: '删除一条药典标准',
    params: IdParams,
    responses: { 204: z.null() },
    rows: standardRow,
  },
  adminUsageList: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '辅料用量列表（含单位制剂最大用量；按辅料名称搜索，按给药途径、剂型筛选）',
    query: DatabaseRecordQuery,
    responses: { 200: AdminUsagePage },
  },
  adminUsageCreate: {
    access: editor,
    tag: DESK_TAG,
    summary: '新增一条辅料用量',
    body: UsageBody,
    responses: { 201: AdminUsage },
    example: { body: exampleUsage },
  },
  adminUsageUpdate: {
    access: editor,
    tag: DESK_TAG,
    summary: '修改一条辅料用量（公开页面立即更新，修改前后的值记入操作日志）',
    params: IdParams,
    body: UsageBody,
    responses: { 200: AdminUsage },
    rows: usageRow,
    example: { body: exampleUsage },
  },
  adminUsageDelete: {
    access: editor,
    tag: DESK_TAG,
    summary: '删除一条辅料用量',
    params: IdParams,
    responses: { 204: z.null() },
    rows: usageRow,
  },
  adminReferenceImport: {
    access: editor,
    tag: DESK_TAG,
    summary:
      `导入药典标准或辅料用量（multipart/form-data，字段 file：CSV UTF-8 或 Excel .xlsx，最大 ${REFERENCE_IMPORT_MAX_BYTES / 1024 / 1024} MB、` +
      `${REFERENCE_IMPORT_MAX_ROWS.toLocaleString('en-US')} 行）`,
    description:
      `第一行为列名，顺序不限。药典标准：${STANDARD_COLUMNS.join(',')}（名称、药典与版本相同的行更新原有记录）；` +
      `辅料用量：${USAGE_COLUMNS.join(',')}（辅料、途径与剂型相同的行更新原有记录）。` +
      '先以 dryRun=true 检查，报告将新增、更新和被拒绝的行；再不带 dryRun 提交，有效行在一个事务中写入，被拒绝的行不写入。',
    params: ReferenceCodeParams,
    query: ReferenceImportQuery,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('CSV 或 Excel 文件（binary）') }),
    responses: { 200: ReferenceImportReport },
    errors: [413, 415],
    example: { params: { code: 'usage' }, query: { dryRun: 'true' } },
  },
  adminReferenceExport: {
    access: editorReads,
    tag: DESK_TAG,
    summary: `按筛选条件导出药典标准或辅料用量为 Excel（.xlsx，最多 ${REFERENCE_IMPORT_MAX_ROWS.toLocaleString('en-US')} 条；列名与导入相同）`,
    params: ReferenceCodeParams,
    query: ReferenceExportQuery,
    responses: { 200: z.string().describe('Excel 文件（.xlsx）') },
    responseFormat: 'binary',
    example: { params: { code: 'usage' }, query: { keyword: '乳糖' } },
  },
} as const satisfies Record<string, EndpointSpec>;
