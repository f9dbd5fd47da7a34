import { z } from 'zod';
import {
  AdminBatchQuery,
  Batch,
  BatchCreateBody,
  BatchImportResult,
  BatchPage,
  BatchResultsBody,
  BatchStatusBody,
  BatchUpdateBody,
  CoaProducts,
  CoaQuery,
  CoaSummary,
} from '../batch.js';
import { IdParams } from '../common.js';
import { BATCH_IMPORT_COLUMNS } from '../constants/batch.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '检验报告查询';
const DESK_TAG = '批次与检验报告（工作台）';
const anyBatch = { kind: 'batchRow', owner: false } as const;
const quality = { staff: ['quality'] } as const;

/** A released batch of the demo content, as its COA and label print it. */
const demoLookup = { excipientId: 1, batchNumber: 'FL2509001', checkCode: 'K7M3QX9A' };

/** Batches and their COAs: the lookup for signed-in users, and the quality desk. */
export const batchEndpoints = {
  batchCoaProducts: {
    access: 'user',
    tag: TAG,
    summary: '有合格放行批次的产品（查询表单的产品选项）',
    responses: { 200: CoaProducts },
  },
  batchCoaLookup: {
    access: 'user',
    tag: TAG,
    summary: '按产品、批号和防伪查询码查询检验报告：答复批次摘要与检验结果',
    description:
      '防伪查询码印在检验报告和标签上（8 位，不区分大小写，空格忽略）。产品、批号、查询码任一不符，或批次未放行，一律答复 404 coa_not_found（同一提示，不透露其他批次的任何信息）。每位用户每小时最多查询 10 次，每个地址每小时最多 30 次，超出答复 429。',
    query: CoaQuery,
    responses: { 200: CoaSummary },
    errors: [404, 429],
    example: { query: demoLookup },
  },
  batchCoaFile: {
    access: 'user',
    tag: TAG,
    summary: '下载检验报告（PDF）：已上传签章原件时为原件，否则按检验结果生成（日期为检验日期）；条件与次数限制同查询',
    query: CoaQuery,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    errors: [404, 429],
    example: { query: demoLookup },
  },
  adminBatchList: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '批次（质量）：按产品、状态筛选，按批号查找；新登记的在前',
    query: AdminBatchQuery,
    responses: { 200: BatchPage },
  },
  adminBatchCreate: {
    access: quality,
    tag: DESK_TAG,
    summary: '登记批次（待检）：生成防伪查询码，按产品的现行药典标准预填检验项目；记入操作日志',
    body: BatchCreateBody,
    responses: { 201: Batch },
    errors: [404, 409],
    example: { body: { excipientId: 1, batchNumber: 'FL2512001', manufacturedOn: '2025-12-01', expiresOn: '2028-11-30', quantity: '500 kg' } },
  },
  adminBatchDetail: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '批次详情与检验结果',
    params: IdParams,
    responses: { 200: Batch },
    rows: anyBatch,
  },
  adminBatchUpdate: {
    access: quality,
    tag: DESK_TAG,
    summary: '修改批次的规格等级、批号、日期、数量或检验日期；记入操作日志',
    params: IdParams,
    body: BatchUpdateBody,
    responses: { 200: Batch },
    errors: [409],
    rows: anyBatch,
    example: { body: { quantity: '1000 kg' } },
  },
  adminBatchResults: {
    access: quality,
    tag: DESK_TAG,
    summary: '录入检验结果（整表替换，按顺序）：项目、标准规定、结果、方法、结论；记入操作日志',
    params: IdParams,
    body: BatchResultsBody,
    responses: { 200: Batch },
    errors: [409],
    rows: anyBatch,
    example: { body: { results: [{ item: '性状', limit: '白色或类白色粉末', result: '白色粉末', method: '目视', conclusion: '符合' }] } },
  },
  adminBatchStatus: {
    access: quality,
    tag: DESK_TAG,
    summary: '变更批次状态：合格放行须有检验日期且所有项目均符合；记入操作日志',
    params: IdParams,
    body: BatchStatusBody,
    responses: { 200: Batch },
    errors: [409],
    rows: anyBatch,
    example: { body: { status: 'released' } },
  },
  adminBatchCoaUpload: {
    access: quality,
    tag: DESK_TAG,
    summary: '上传签章的检验报告原件：multipart/form-data，字段 file；PDF，不超过 10 MB。此后查询下载的是原件；记入操作日志',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('检验报告（binary，PDF）') }),
    responses: { 200: Batch },
    errors: [413, 415],
    rows: anyBatch,
  },
  adminBatchCoa: {
    access: deskReads('quality'),
    tag: DESK_TAG,
    summary: '下载批次的检验报告（PDF）：上传的原件，或按检验结果生成',
    params: IdParams,
    responses: { 200: z.string().describe('PDF') },
    responseFormat: 'binary',
    rows: anyBatch,
  },
  adminBatchImport: {
    access: quality,
    tag: DESK_TAG,
    summary: '从 Excel（.xlsx）或 CSV（UTF-8）导入批次与检验结果：任一行有误则全部不写入，并逐行说明原因；记入操作日志',
    description: `每行一个检验项目，同一产品同一批号的各行为一个批次（批次信息取首行）。列名（顺序不限）：${BATCH_IMPORT_COLUMNS.join('、')}。未填检验项目的批次按产品的现行药典标准预填。`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('Excel 或 CSV 文件（binary）') }),
    responses: { 200: BatchImportResult },
    errors: [409, 413, 415],
  },
} as const satisfies Record<string, EndpointSpec>;
