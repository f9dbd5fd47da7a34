import { z } from 'zod';
import { IsoDate } from './access.js';
import { Id, MAX_ID, PageQuery } from './common.js';
import { BATCH_CONCLUSIONS, BATCH_RESULTS_MAX, BATCH_SET_STATES, BATCH_STATES, CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH } from './constants/batch.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Batches of a product grade (批次): number, manufacture and expiry dates, quantity, state; their test
 * results against the items of the product's pharmacopoeia standard; the certificate of analysis (COA,
 * 检验报告) generated from them or uploaded as the signed original; and the lookup of a released
 * batch's COA by product, batch number and the check code printed on the COA and the label.
 * docs/decisions/0073-batches-and-coa-lookup.md.
 * ------------------------------------------------------------------------------------------- */

export const BatchState = z.enum(BATCH_STATES).describe('pending 待检 · released 合格放行 · rejected 不合格 · expired 已过期（合格放行且已过有效期，按有效期推算）');
export type BatchState = z.infer<typeof BatchState>;
export const BatchSetState = z.enum(BATCH_SET_STATES).describe('pending 待检 · released 合格放行 · rejected 不合格');
export type BatchSetState = z.infer<typeof BatchSetState>;
export const BatchConclusion = z.enum(BATCH_CONCLUSIONS).describe('符合 · 不符合');

/** A batch number as printed on the label and the COA. */
export const BatchNumber = text()
  .trim()
  .min(1, '请填写批号')
  .max(40, '批号不能超过 40 个字')
  .regex(/^[0-9A-Za-z][0-9A-Za-z\-_/.]*$/, '批号只能包含字母、数字和 - _ / .');

/** How a check code is typed: case and spaces do not matter. */
export const normaliseCheckCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
const CHECK_CODE = new RegExp(`^[${CHECK_CODE_ALPHABET}]{${CHECK_CODE_LENGTH}}$`);

/** An id in a query string: decimal digits. */
const QueryId = z.preprocess((value) => (typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : value), z.number({ message: '请选择产品' }).int().min(1, '请选择产品').max(MAX_ID, '请选择产品'));

const field = (label: string, max: number) => text().trim().max(max, `${label}不能超过 ${max} 个字`);

/** One test item of a batch: as the standard states it, and what the batch gave. */
export const BatchResult = z
  .object({
    item: z.string().describe('检验项目'),
    limit: z.string().describe('标准规定'),
    result: z.string().describe('检验结果（未检时为空）'),
    method: z.string().describe('检验方法'),
    conclusion: BatchConclusion.nullable().describe('结论；未检时为 null'),
  })
  .meta({ id: 'BatchResult' });
export type BatchResult = z.infer<typeof BatchResult>;

export const BatchResultInput = z.object({
  item: field('检验项目', 60).min(1, '请填写检验项目'),
  limit: field('标准规定', 200).default(''),
  result: field('检验结果', 200).default(''),
  method: field('检验方法', 100).default(''),
  conclusion: BatchConclusion.nullable().default(null),
});
export type BatchResultInput = z.input<typeof BatchResultInput>;

export const BatchResultsBody = z
  .object({ results: z.array(BatchResultInput).max(BATCH_RESULTS_MAX, `检验项目不能超过 ${BATCH_RESULTS_MAX} 项`).describe('检验项目，按顺序') })
  .meta({ id: 'BatchResultsBody' });
export type BatchResultsBody = z.infer<typeof BatchResultsBody>;

/** A batch as the quality desk sees it. */
export const Batch = z
  .object({
    id: z.number().int(),
    excipient: z.object({ id: z.number().int(), name: z.string() }),
    spec: z.object({ id: z.number().int(), grade: z.string(), packSize: z.string() }).nullable().describe('规格等级；未指定时为 null'),
    batchNumber: z.string(),
    manufacturedOn: z.string().describe('生产日期（YYYY-MM-DD）'),
    expiresOn: z.string().describe('有效期至（YYYY-MM-DD）'),
    quantity: z.string().describe('数量（含单位，如 500 kg）'),
    status: BatchState,
    checkCode: z.string().describe('防伪查询码（印在检验报告和标签上）'),
    testedOn: z.string().nullable().describe('检验日期（检验报告的日期）'),
    signedCoa: z.boolean().describe('已上传签章的检验报告原件（查询时提供原件）'),
    conclusion: BatchConclusion.nullable().describe('总结论：所有项目符合为“符合”，任一项不符合为“不符合”，未检完为 null'),
    results: z.array(BatchResult),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Batch' });
export type Batch = z.infer<typeof Batch>;

export const BatchPage = z.object({ items: z.array(Batch), totalCount: z.number().int().min(0) }).meta({ id: 'BatchPage' });
export type BatchPage = z.infer<typeof BatchPage>;

export const AdminBatchQuery = PageQuery.extend({
  excipientId: QueryId.optional().describe('产品 id'),
  status: BatchState.optional(),
  batchNumber: text().trim().max(40).optional().describe('批号的一部分'),
});
export type AdminBatchQuery = z.infer<typeof AdminBatchQuery>;

const batchFields = {
  specId: Id.nullable().optional().describe('规格等级（产品的规格 id）'),
  batchNumber: BatchNumber,
  manufacturedOn: IsoDate.describe('生产日期'),
  expiresOn: IsoDate.describe('有效期至'),
  quantity: field('数量', 40).min(1, '请填写数量'),
  testedOn: IsoDate.nullable().optional().describe('检验日期'),
};

export const BatchCreateBody = z
  .object({ excipientId: Id.describe('产品 id'), ...batchFields })
  .meta({ id: 'BatchCreateBody' });
export type BatchCreateBody = z.infer<typeof BatchCreateBody>;

export const BatchUpdateBody = z.object(batchFields).partial().meta({ id: 'BatchUpdateBody' });
export type BatchUpdateBody = z.infer<typeof BatchUpdateBody>;

export const BatchStatusBody = z.object({ status: BatchSetState }).meta({ id: 'BatchStatusBody' });
export type BatchStatusBody = z.infer<typeof BatchStatusBody>;

export const BatchImportResult = z
  .object({ batches: z.number().int().describe('登记的批次数'), results: z.number().int().describe('写入的检验项目数') })
  .meta({ id: 'BatchImportResult' });
export type BatchImportResult = z.infer<typeof BatchImportResult>;

// ——— the lookup ———

export const CoaQuery = z.object({
  excipientId: QueryId.describe('产品 id'),
  batchNumber: text().trim().min(1, '请填写批号').max(40, '批号不能超过 40 个字'),
  checkCode: text()
    .max(40, '防伪查询码为 8 位字母或数字')
    .transform(normaliseCheckCode)
    .pipe(z.string().min(1, '请填写防伪查询码').regex(CHECK_CODE, `防伪查询码为 ${CHECK_CODE_LENGTH} 位字母或数字（不含 0、1、2、5、8 及易混淆字母）`))
    .describe('防伪查询码（检验报告和标签上的 8 位码；不区分大小写，空格忽略）'),
});
export type CoaQuery = z.input<typeof CoaQuery>;

/** What a lookup answers: the batch's summary and results. */
export const CoaSummary = z
  .object({
    excipient: z.object({ id: z.number().int(), name: z.string() }),
    grade: z.string().nullable(),
    packSize: z.string().nullable(),
    batchNumber: z.string(),
    manufacturedOn: z.string(),
    expiresOn: z.string(),
    testedOn: z.string().nullable(),
    status: BatchState,
    conclusion: BatchConclusion.nullable(),
    results: z.array(BatchResult),
    signedOriginal: z.boolean().describe('下载的是签章原件（否则为按检验结果生成的报告）'),
  })
  .meta({ id: 'CoaSummary' });
export type CoaSummary = z.infer<typeof CoaSummary>;

export const CoaProducts = z
  .object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: 'CoaProducts' });
export type CoaProducts = z.infer<typeof CoaProducts>;
