import { z } from 'zod';
import { IdParams } from '../common.js';
import { REGISTRATION_EXPORT_MAX_ROWS, REGISTRATION_IMPORT_MAX_BYTES, REGISTRATION_IMPORT_MAX_ROWS } from '../constants/information.js';
import { RegistrationExportQuery, RegistrationImportPreview, RegistrationImportReport } from '../registration-import.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

/** The OpenAPI tag is older than the desk's name (登记数据导入) and stays: generated clients group by it. */
const TAG = '数据导入';
const editor = { staff: ['editor'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const editorReads = deskReads('editor');

/** CDE registration records in and out: upload → preview → commit, and export to Excel (editors). */
export const registrationImportEndpoints = {
  adminRegistrationImportPreview: {
    access: editor,
    tag: TAG,
    summary: `上传原辅包登记数据（CSV UTF-8 或 Excel .xlsx，字段 file，最大 ${REGISTRATION_IMPORT_MAX_BYTES / 1024 / 1024} MB、${REGISTRATION_IMPORT_MAX_ROWS.toLocaleString('en-US')} 行）并预览：逐行校验（与命令行导入相同），列出被拒绝的行及原因、新增与更新的记录数和将被修改的字段；此时不写入`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('CSV 或 .xlsx 文件（binary）') }),
    responses: { 201: RegistrationImportPreview },
    errors: [400, 413, 415],
  },
  adminRegistrationImportCommit: {
    access: editor,
    tag: TAG,
    summary: '提交预览过的导入：有效行在一个事务中写入（被拒绝的行不写入），返回导入报告；同一次导入只能提交一次（409）',
    params: IdParams,
    responses: { 200: RegistrationImportReport },
    errors: [404, 409],
    rows: { kind: 'registrationImport', owner: false },
  },
  adminRegistrationExport: {
    access: editorReads,
    tag: TAG,
    summary: `按公开列表的筛选条件导出原辅包登记数据为 Excel（.xlsx，最多 ${REGISTRATION_EXPORT_MAX_ROWS.toLocaleString('en-US')} 条）`,
    query: RegistrationExportQuery,
    responses: { 200: z.string().describe('Excel 文件（.xlsx）') },
    responseFormat: 'binary',
    example: { query: { status: 'A' } },
  },
} as const satisfies Record<string, EndpointSpec>;
