import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  BATCH_IMPORT_COLUMNS,
  BATCH_IMPORT_MAX_ROWS,
  BATCH_RESULTS_MAX,
  BatchConclusion,
  BatchNumber,
  CHECK_CODE_ALPHABET,
  CHECK_CODE_LENGTH,
  COA_LOOKUPS_PER_IP,
  COA_LOOKUPS_PER_USER,
  batchStateLabels,
  type AdminBatchQuery,
  type Batch,
  type BatchCreateBody,
  type BatchImportResult,
  type BatchPage,
  type BatchResult,
  type BatchResultsBody,
  type BatchSetStateName,
  type BatchUpdateBody,
  type CoaProducts,
  type CoaSummary,
  type ValidationIssue,
  paths,
} from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { AppError, validationError } from '../../http/errors.js';
import { beijingDay, beijingDayStart } from '../../shared/beijing-time.js';
import type { UserRow } from '../account/account.repository.js';
import type { Limit, Throttle } from '../account/throttle.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import { chinesePdf, type PdfBlock } from '../files/chinese-pdf.js';
import type { FileStore } from '../files/file-store.js';
import { isPdf } from '../files/pdf.js';
import { parseCsvDate, readSheet, readTableFile, TableFormatError } from '../files/table-file.js';
import type { SiteService } from '../site/site.service.js';
import type { BatchRepositories } from './batch.repositories.js';
import type { BatchListRow, BatchRepository, BatchResultRow, BatchResultValues } from './batch.repository.js';

const NOT_FOUND = '批次不存在';
const HOUR = 60 * 60 * 1000;

/** How often the COA lookup may be tried; tests lower them. */
export interface CoaLimits {
  perUser: Limit;
  perIp: Limit;
}
export const defaultCoaLimits: CoaLimits = {
  perUser: { max: COA_LOOKUPS_PER_USER, windowMs: HOUR },
  perIp: { max: COA_LOOKUPS_PER_IP, windowMs: HOUR },
};

/** A new check code: CHECK_CODE_LENGTH characters drawn with crypto randomness from the alphabet. */
export function newCheckCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_CODE_LENGTH; i++) code += CHECK_CODE_ALPHABET[randomInt(CHECK_CODE_ALPHABET.length)];
  return code;
}

/** A standard's test item as the demo and the editors write it (“干燥失重：不得过 5.0%”): the item and its limit. */
export function resultOfStandardItem(entry: string): BatchResultValues {
  const at = entry.search(/[：:]/);
  const [item, limit] = at > 0 ? [entry.slice(0, at).trim(), entry.slice(at + 1).trim()] : [entry.trim(), ''];
  return { item: item.slice(0, 60), limit: limit.slice(0, 200), result: '', method: '', conclusion: null };
}

/** The overall conclusion: 不符合 when any item fails, 符合 when every item passes, null while untested. */
function conclusionOf(results: ReadonlyArray<Pick<BatchResult, 'conclusion'>>): BatchResult['conclusion'] {
  if (results.some((result) => result.conclusion === '不符合')) return '不符合';
  if (results.length > 0 && results.every((result) => result.conclusion === '符合')) return '符合';
  return null;
}

const resultOf = (row: BatchResultRow): BatchResult => ({ item: row.item, limit: row.limit, result: row.result, method: row.method, conclusion: row.conclusion });

/** What the audit log keeps of a batch. */
const auditState = (row: Pick<BatchListRow, 'batchNumber' | 'specId' | 'manufacturedOn' | 'expiresOn' | 'quantity' | 'testedOn' | 'coaFileKey'> & { status: string }) => ({
  batchNumber: row.batchNumber,
  specId: row.specId,
  manufacturedOn: row.manufacturedOn,
  expiresOn: row.expiresOn,
  quantity: row.quantity,
  testedOn: row.testedOn,
  status: row.status,
  signedCoa: row.coaFileKey !== null,
});

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const text = () => z.string().refine((value) => !CONTROL_CHARACTER.test(value), '不能包含控制字符');

/** A row of a batch import, as read. */
const ImportRow = z.object({
  产品: text().trim().min(1, '请填写产品名称'),
  批号: BatchNumber,
  规格等级: text().trim().max(60, '不能超过 60 个字'),
  生产日期: z.string().trim().min(1, '请填写生产日期').refine((value) => parseCsvDate(value) !== null, '不是有效的日期（如 2025-09-01）').transform((value) => parseCsvDate(value)!),
  有效期至: z.string().trim().min(1, '请填写有效期').refine((value) => parseCsvDate(value) !== null, '不是有效的日期（如 2028-08-31）').transform((value) => parseCsvDate(value)!),
  数量: text().trim().min(1, '请填写数量').max(40, '不能超过 40 个字'),
  检验日期: z.string().trim().refine((value) => value === '' || parseCsvDate(value) !== null, '不是有效的日期（如 2025-09-05）').transform((value) => (value === '' ? null : parseCsvDate(value)!)),
  检验项目: text().trim().max(60, '不能超过 60 个字'),
  标准规定: text().trim().max(200, '不能超过 200 个字'),
  检验结果: text().trim().max(200, '不能超过 200 个字'),
  检验方法: text().trim().max(100, '不能超过 100 个字'),
  结论: z
    .string()
    .trim()
    .refine((value) => value === '' || (BatchConclusion.options as readonly string[]).includes(value), '应为“符合”或“不符合”（未检时留空）')
    .transform((value) => (value === '' ? null : (value as BatchResult['conclusion']))),
});
type ImportRow = z.infer<typeof ImportRow>;

/** The batch-lookup port's answer for one shipped item or line. */
export interface BatchLink {
  excipientId: number;
  batchNumber: string;
}

export interface BatchServiceDeps {
  batches: BatchRepository;
  transactor: Transactor<BatchRepositories>;
  files: FileStore;
  site: Pick<SiteService, 'profile'>;
  throttle: Pick<Throttle, 'admit'>;
  limits: CoaLimits;
  siteUrl: string;
  now: () => Date;
}

/**
 * Batches of a product grade, their test results and their COAs (docs/decisions/0073-batches-and-coa-
 * lookup.md). The quality staff record batches (by hand or from a sheet) with the items of the product's
 * standard prefilled, enter the results and release or reject them; the COA is generated from the
 * results and dated with the test day, or the signed original is uploaded. Signed-in users find a
 * released batch's COA by product, batch number and the check code printed on the COA and the label.
 */
export class BatchService {
  constructor(private readonly deps: BatchServiceDeps) {}

  private get repo() {
    return this.deps.batches;
  }

  private today(): string {
    return beijingDay(this.deps.now());
  }

  // ——— the desk ———

  async list(query: AdminBatchQuery): Promise<BatchPage> {
    const { rows, totalCount } = await this.repo.page(
      { excipientId: query.excipientId, status: query.status, batchNumber: query.batchNumber || undefined },
      this.today(),
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return { items: await this.views(rows), totalCount };
  }

  async detail(id: number): Promise<Batch> {
    const row = await this.repo.find(id, this.today());
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return (await this.views([row]))[0]!;
  }

  /** A unique check code (a clash among 25⁸ codes is unlikely; drawn again if it happens). */
  private async uniqueCheckCode(repo: BatchRepository, taken: Set<string> = new Set()): Promise<string> {
    for (;;) {
      const code = newCheckCode();
      if (!taken.has(code) && !(await repo.checkCodeTaken(code))) return code;
    }
  }

  /** The product's specs, checked: the spec must be one of the product's. */
  private async checkSpec(repo: BatchRepository, excipientId: number, specId: number | null | undefined, path: string): Promise<void> {
    if (specId === null || specId === undefined) return;
    const specs = await repo.specsOf([excipientId]);
    if (!specs.some((spec) => spec.id === specId)) throw validationError([{ path, message: '该规格等级不属于此产品' }]);
  }

  private static checkDates(values: { manufacturedOn: string; expiresOn: string; testedOn?: string | null }, prefix = 'body'): void {
    const issues: ValidationIssue[] = [];
    if (values.expiresOn <= values.manufacturedOn) issues.push({ path: `${prefix}.expiresOn`, message: '有效期应晚于生产日期' });
    if (values.testedOn && values.testedOn < values.manufacturedOn) issues.push({ path: `${prefix}.testedOn`, message: '检验日期不能早于生产日期' });
    if (issues.length > 0) throw validationError(issues);
  }

  async create(actor: StaffActor, body: BatchCreateBody): Promise<Batch> {
    BatchService.checkDates(body);
    const id = await this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const product = await repo.product(body.excipientId);
      if (!product) throw new AppError('not_found', '产品不存在');
      await this.checkSpec(repo, product.id, body.specId, 'body.specId');
      if (await repo.numberTaken(product.id, body.batchNumber)) throw taken(product.name, body.batchNumber);
      const now = this.deps.now();
      const row = await repo.insert(
        {
          excipientId: product.id,
          specId: body.specId ?? null,
          batchNumber: body.batchNumber,
          manufacturedOn: body.manufacturedOn,
          expiresOn: body.expiresOn,
          quantity: body.quantity,
          testedOn: body.testedOn ?? null,
          status: 'pending',
          checkCode: await this.uniqueCheckCode(repo),
        },
        now,
      );
      await repo.replaceResults(row.id, (await repo.standardItems(product.name)).slice(0, BATCH_RESULTS_MAX).map(resultOfStandardItem));
      await recordChange(within, actor, {
        action: 'batch.create',
        entityType: 'batch',
        entityId: row.id,
        summary: `登记批次 ${product.name} ${row.batchNumber}（${row.quantity}）`,
        before: null,
        after: auditState({ ...row, status: row.status }),
      });
      return row.id;
    });
    return this.detail(id);
  }

  async update(actor: StaffActor, id: number, body: BatchUpdateBody): Promise<Batch> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const row = await repo.find(id, this.today(), true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      const next = {
        specId: body.specId === undefined ? row.specId : body.specId,
        batchNumber: body.batchNumber ?? row.batchNumber,
        manufacturedOn: body.manufacturedOn ?? row.manufacturedOn,
        expiresOn: body.expiresOn ?? row.expiresOn,
        quantity: body.quantity ?? row.quantity,
        testedOn: body.testedOn === undefined ? row.testedOn : body.testedOn,
      };
      BatchService.checkDates(next);
      await this.checkSpec(repo, row.excipientId, body.specId, 'body.specId');
      if (next.batchNumber !== row.batchNumber && (await repo.numberTaken(row.excipientId, next.batchNumber, row.id))) throw taken(row.productName, next.batchNumber);
      if (row.storedStatus === 'released' && !next.testedOn) throw validationError([{ path: 'body.testedOn', message: '已放行的批次须有检验日期' }]);
      await repo.update(row.id, next, this.deps.now());
      await recordChange(within, actor, {
        action: 'batch.update',
        entityType: 'batch',
        entityId: row.id,
        summary: `修改批次 ${row.productName} ${row.batchNumber}${next.batchNumber !== row.batchNumber ? ` → ${next.batchNumber}` : ''}`,
        before: auditState({ ...row, status: row.storedStatus }),
        after: auditState({ ...row, ...next, status: row.storedStatus }),
      });
    });
    return this.detail(id);
  }

  /** Replaces the results; a released batch must keep passing results (reject it, or set it back to 待检, first). */
  async putResults(actor: StaffActor, id: number, body: BatchResultsBody): Promise<Batch> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const row = await repo.find(id, this.today(), true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (row.storedStatus === 'released' && conclusionOf(body.results) !== '符合') {
        throw new AppError('batch_state', `批次 ${row.batchNumber} 已放行：检验结果须全部符合。如需更正，请先将批次改为待检`);
      }
      const before = await repo.results([row.id]);
      await repo.replaceResults(row.id, body.results);
      await repo.update(row.id, {}, this.deps.now());
      await recordChange(within, actor, {
        action: 'batch.results',
        entityType: 'batch',
        entityId: row.id,
        summary: `录入批次 ${row.productName} ${row.batchNumber} 的检验结果（${body.results.length} 项，结论：${conclusionOf(body.results) ?? '未检完'}）`,
        before: { results: before.map(resultOf) },
        after: { results: body.results },
      });
    });
    return this.detail(id);
  }

  /** 合格放行 needs the test day and every item passed; 不合格 and 待检 may be set at any time. */
  async setStatus(actor: StaffActor, id: number, status: BatchSetStateName): Promise<Batch> {
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const row = await repo.find(id, this.today(), true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      if (row.storedStatus === status) return;
      if (status === 'released') {
        const results = await repo.results([row.id]);
        if (!row.testedOn) throw new AppError('batch_state', `批次 ${row.batchNumber} 还没有检验日期，不能放行`);
        if (results.length === 0) throw new AppError('batch_state', `批次 ${row.batchNumber} 还没有检验结果，不能放行`);
        const open = results.filter((result) => result.conclusion !== '符合');
        if (open.length > 0) {
          const what = open.map((result) => `${result.item}（${result.conclusion ?? '未检'}）`).join('、');
          throw new AppError('batch_state', `批次 ${row.batchNumber} 有未检或不符合的项目，不能放行：${what}`);
        }
      }
      await repo.update(row.id, { status }, this.deps.now());
      await recordChange(within, actor, {
        action: 'batch.status',
        entityType: 'batch',
        entityId: row.id,
        summary: `批次 ${row.productName} ${row.batchNumber}：${batchStateLabels[row.storedStatus]} → ${batchStateLabels[status]}`,
        before: { status: row.storedStatus },
        after: { status },
      });
    });
    return this.detail(id);
  }

  /** The signed original (a PDF, checked by its bytes): from now on the lookup delivers it. */
  async uploadCoa(staff: UserRow, actor: StaffActor, id: number, bytes: Buffer): Promise<Batch> {
    if (!isPdf(bytes)) throw new AppError('unsupported_media_type', '检验报告请上传 PDF 文件');
    await this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const row = await repo.find(id, this.today(), true);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      const key = await this.deps.files.put({ ownerId: staff.id, contentType: 'application/pdf', extension: 'pdf', bytes, personal: false }, within);
      await repo.update(row.id, { coaFileKey: key }, this.deps.now());
      await recordChange(within, actor, {
        action: 'batch.upload',
        entityType: 'batch',
        entityId: row.id,
        summary: `上传批次 ${row.productName} ${row.batchNumber} 的签章检验报告（${Math.ceil(bytes.length / 1024)} KB）`,
        before: { coaFileKey: row.coaFileKey },
        after: { coaFileKey: key },
      });
    });
    return this.detail(id);
  }

  async adminCoa(id: number): Promise<{ bytes: Buffer; name: string }> {
    const row = await this.repo.find(id, this.today());
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return this.coaOf(row);
  }

  // ——— the import ———

  /**
   * Batches with their results from a sheet (one row per test item; the rows of one product and batch
   * number are one batch, its fields taken from its first row). Nothing is written unless every row is right.
   */
  async importSheet(actor: StaffActor, bytes: Buffer, filename: string): Promise<BatchImportResult> {
    let read: ReturnType<typeof readSheet<ImportRow>>;
    try {
      const { rows } = await readTableFile(bytes, BATCH_IMPORT_MAX_ROWS);
      read = readSheet(rows, BATCH_IMPORT_COLUMNS, ImportRow);
    } catch (error) {
      if (error instanceof TableFormatError) throw new AppError(error.unsupported ? 'unsupported_media_type' : 'bad_request', error.message);
      throw error;
    }
    const problems = new Map<number, string[]>();
    const complain = (line: number, reason: string) => problems.set(line, [...(problems.get(line) ?? []), reason]);
    for (const { line, reasons } of read.rejected) for (const reason of reasons) complain(line, reason);

    const products = new Map((await this.repo.productsNamed([...new Set(read.records.map(({ value }) => value.产品))])).map((product) => [product.name, product]));
    const specs = await this.repo.specsOf([...products.values()].map((product) => product.id));
    interface Planned {
      line: number;
      excipientId: number;
      productName: string;
      head: ImportRow;
      specId: number | null;
      results: BatchResultValues[];
    }
    const planned = new Map<string, Planned>();
    for (const { line, value } of read.records) {
      const product = products.get(value.产品);
      if (!product) {
        complain(line, `产品“${value.产品}”不在产品目录中（请按产品的中文名称填写）`);
        continue;
      }
      const key = `${product.id}\u0000${value.批号}`;
      let batch = planned.get(key);
      if (!batch) {
        let specId: number | null = null;
        if (value.规格等级) {
          const spec = specs.find((s) => s.excipientId === product.id && (s.grade === value.规格等级 || `${s.grade}（${s.packSize}）` === value.规格等级 || `${s.grade} ${s.packSize}` === value.规格等级));
          if (!spec) complain(line, `规格等级“${value.规格等级}”不是${product.name}的规格（可填：${[...new Set(specs.filter((s) => s.excipientId === product.id).map((s) => s.grade))].join('、') || '无'}）`);
          else specId = spec.id;
        }
        if (value.有效期至 <= value.生产日期) complain(line, '有效期至应晚于生产日期');
        if (value.检验日期 && value.检验日期 < value.生产日期) complain(line, '检验日期不能早于生产日期');
        if (await this.repo.numberTaken(product.id, value.批号)) complain(line, `${product.name} 的批号 ${value.批号} 已登记`);
        batch = { line, excipientId: product.id, productName: product.name, head: value, specId, results: [] };
        planned.set(key, batch);
      }
      if (value.检验项目) {
        if (batch.results.length >= BATCH_RESULTS_MAX) complain(line, `每个批次最多 ${BATCH_RESULTS_MAX} 个检验项目`);
        batch.results.push({ item: value.检验项目, limit: value.标准规定, result: value.检验结果, method: value.检验方法, conclusion: value.结论 });
      } else if (value.检验结果 || value.结论) complain(line, '填写了检验结果或结论，但没有检验项目');
    }
    if (problems.size > 0) {
      const issues = [...problems.entries()].sort(([a], [b]) => a - b).map(([line, reasons]) => ({ path: `file.line${line}`, message: `第 ${line} 行：${reasons.join('；')}` }));
      throw new AppError('validation_failed', `导入的文件有 ${issues.length} 行有误，未写入任何数据。${issues[0]!.message}`, issues.slice(0, 200));
    }
    return this.deps.transactor.transaction(async (within) => {
      const repo = within.batches;
      const now = this.deps.now();
      const codes = new Set<string>();
      let results = 0;
      for (const batch of planned.values()) {
        const code = await this.uniqueCheckCode(repo, codes);
        codes.add(code);
        const row = await repo.insert(
          {
            excipientId: batch.excipientId,
            specId: batch.specId,
            batchNumber: batch.head.批号,
            manufacturedOn: batch.head.生产日期,
            expiresOn: batch.head.有效期至,
            quantity: batch.head.数量,
            testedOn: batch.head.检验日期,
            status: 'pending',
            checkCode: code,
          },
          now,
        );
        const lines = batch.results.length > 0 ? batch.results : (await repo.standardItems(batch.productName)).slice(0, BATCH_RESULTS_MAX).map(resultOfStandardItem);
        await repo.replaceResults(row.id, lines);
        results += lines.length;
      }
      await recordChange(within, actor, {
        action: 'batch.import',
        entityType: 'batch',
        entityId: null,
        summary: `导入批次“${filename.slice(0, 100)}”：${planned.size} 个批次，${results} 个检验项目`,
        before: null,
        after: { filename: filename.slice(0, 200), batches: [...planned.values()].map((batch) => `${batch.productName} ${batch.head.批号}`) },
      });
      return { batches: planned.size, results };
    });
  }

  // ——— the lookup ———

  async coaProducts(): Promise<CoaProducts> {
    return { items: await this.repo.productsWithReleased() };
  }

  /**
   * The released (or since expired) batch the three answer, after the caller's and the address's
   * attempts are counted; one uniform 404 for anything else.
   */
  private async lookedUp(user: UserRow, ip: string, query: { excipientId: number; batchNumber: string; checkCode: string }): Promise<BatchListRow> {
    const message = '检验报告查询过于频繁';
    // The user's limit first: a lookup it refuses is not counted against the address.
    await this.deps.throttle.admit('coa_lookup', { account: `user:${user.id}`, ip }, 'account', this.deps.limits.perUser, message);
    await this.deps.throttle.admit('coa_lookup_ip', { ip }, 'ip', this.deps.limits.perIp, message);
    const row = await this.repo.findByNumber(query.excipientId, query.batchNumber, this.today());
    if (!row || row.checkCode !== query.checkCode || (row.status !== 'released' && row.status !== 'expired')) throw new AppError('coa_not_found');
    return row;
  }

  async lookup(user: UserRow, ip: string, query: { excipientId: number; batchNumber: string; checkCode: string }): Promise<CoaSummary> {
    const row = await this.lookedUp(user, ip, query);
    const results = (await this.repo.results([row.id])).map(resultOf);
    return {
      excipient: { id: row.excipientId, name: row.productName },
      grade: row.grade,
      packSize: row.packSize,
      batchNumber: row.batchNumber,
      manufacturedOn: row.manufacturedOn,
      expiresOn: row.expiresOn,
      testedOn: row.testedOn,
      status: row.status,
      conclusion: conclusionOf(results),
      results,
      signedOriginal: row.coaFileKey !== null,
    };
  }

  async lookupFile(user: UserRow, ip: string, query: { excipientId: number; batchNumber: string; checkCode: string }): Promise<{ bytes: Buffer; name: string }> {
    return this.coaOf(await this.lookedUp(user, ip, query));
  }

  /** The batch's COA: the signed original when uploaded, else generated from the results. */
  private async coaOf(row: BatchListRow): Promise<{ bytes: Buffer; name: string }> {
    const name = `检验报告-${row.productName}-${row.batchNumber}.pdf`;
    if (row.coaFileKey) {
      const file = await this.deps.files.get(row.coaFileKey);
      if (file) return { bytes: file.bytes, name };
    }
    const supplier = (await this.deps.site.profile()).company;
    const results = (await this.repo.results([row.id])).map(resultOf);
    return { bytes: await this.generated(row, results, supplier), name };
  }

  /** The COA written from the batch: dated with its test day (the day of its creation while untested), never the day it is downloaded. */
  private async generated(row: BatchListRow, results: BatchResult[], supplier: string): Promise<Buffer> {
    const day = row.testedOn ?? beijingDay(row.createdAt);
    const conclusion = conclusionOf(results);
    const grade = row.grade ? `${row.grade}${row.packSize ? `（${row.packSize}）` : ''}` : '—';
    const blocks: PdfBlock[] = [
      { text: '检验报告书（COA）', style: 'title' },
      { text: supplier, style: 'heading' },
      { text: `产品名称：${row.productName}` },
      { text: `规格等级：${grade}` },
      { text: `批号：${row.batchNumber}` },
      { text: `生产日期：${row.manufacturedOn}    有效期至：${row.expiresOn}` },
      { text: `数量：${row.quantity}` },
      { text: `检验日期：${row.testedOn ?? '未检'}` },
      { text: '检验结果', style: 'heading' },
      {
        table: {
          columns: [
            { heading: '序号', share: 0.07 },
            { heading: '检验项目', share: 0.2 },
            { heading: '标准规定', share: 0.27 },
            { heading: '检验结果', share: 0.2 },
            { heading: '检验方法', share: 0.15 },
            { heading: '结论', share: 0.11 },
          ],
          rows: results.map((result, i) => [String(i + 1), result.item, result.limit || '—', result.result || '—', result.method || '—', result.conclusion ?? '未检']),
        },
      },
      { text: '结论', style: 'heading' },
      {
        text:
          conclusion === '符合'
            ? '本批产品按上述标准检验，结果符合规定。'
            : conclusion === '不符合'
              ? '本批产品按上述标准检验，结果不符合规定。'
              : '本批产品的检验尚未完成。',
      },
      { text: `防伪查询码：${row.checkCode}` },
      { text: `凭产品、批号和防伪查询码，可在 ${this.deps.siteUrl.replace(/\/$/, '')}${paths.coa} 核验本报告。`, style: 'small' },
      { text: `签发日期：${day}` },
    ];
    return chinesePdf(`检验报告 ${row.productName} ${row.batchNumber}`, blocks, `${supplier} · 检验报告 ${row.batchNumber}`, { date: beijingDayStart(day) });
  }

  // ——— what shipments ask ———

  /**
   * The batches shipped items and order lines name, found by product and number. A product with
   * batches on record must name one of them (the issues say which do not); a product without any is
   * not yet under batch management and takes any number, linked to nothing.
   */
  async shipped(links: readonly BatchLink[]): Promise<{ ids: Array<number | null>; unknown: number[] }> {
    const found = await this.repo.byNumbers(links);
    const managed = new Set(await this.repo.productsWithBatches([...new Set(links.map((link) => link.excipientId))]));
    const ids: Array<number | null> = [];
    const unknown: number[] = [];
    links.forEach((link, i) => {
      const batch = found.find((row) => row.excipientId === link.excipientId && row.batchNumber === link.batchNumber);
      ids.push(batch?.id ?? null);
      if (!batch && managed.has(link.excipientId)) unknown.push(i);
    });
    return { ids, unknown };
  }

  /** A shipped batch's COA for the one it was shipped to (the shipment's module checked who asks). */
  async coaOfBatch(batchId: number): Promise<{ bytes: Buffer; name: string } | undefined> {
    const row = await this.repo.find(batchId, this.today());
    if (!row || (row.status !== 'released' && row.status !== 'expired')) return undefined;
    return this.coaOf(row);
  }

  // ——— views ———

  private async views(rows: BatchListRow[]): Promise<Batch[]> {
    const results = await this.repo.results(rows.map((row) => row.id));
    return rows.map((row) => {
      const own = results.filter((result) => result.batchId === row.id).map(resultOf);
      return {
        id: row.id,
        excipient: { id: row.excipientId, name: row.productName },
        spec: row.specId !== null && row.grade !== null ? { id: row.specId, grade: row.grade, packSize: row.packSize ?? '' } : null,
        batchNumber: row.batchNumber,
        manufacturedOn: row.manufacturedOn,
        expiresOn: row.expiresOn,
        quantity: row.quantity,
        status: row.status,
        checkCode: row.checkCode,
        testedOn: row.testedOn,
        signedCoa: row.coaFileKey !== null,
        conclusion: conclusionOf(own),
        results: own,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}

function taken(productName: string, batchNumber: string): AppError {
  return new AppError('conflict', `${productName} 的批号 ${batchNumber} 已登记`);
}
