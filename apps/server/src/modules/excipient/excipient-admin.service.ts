import type {
  AdminSafetyData,
  SafetyDataBody,
  AdminExcipient,
  AdminExcipientPage,
  AdminExcipientQuery,
  DocumentUpload,
  ExcipientBody,
  Pharmacopoeia,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { ownExcipient, type ExcipientRepositories } from './excipient.repositories.js';
import { AppError, validationError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore } from '../files/file-store.js';
import { isPdf } from '../files/pdf.js';
import type { ExcipientRepository, ExcipientValues } from './excipient.repository.js';

/** The address a product document is downloaded from (the public one; staff may download any). */
export function documentUrl(excipientId: number, documentId: number): string {
  return `/api/app/excipient/${excipientId}/document/${documentId}`;
}

function valuesOf(body: ExcipientBody): ExcipientValues {
  return {
    nameZh: body.nameZh,
    nameEn: body.nameEn,
    synonyms: body.synonyms,
    cas: body.cas || null,
    category: body.category,
    dosageForms: body.dosageForms,
    pharmacopoeias: body.pharmacopoeias,
    summary: body.summary,
    description: body.description,
    regNos: body.regNos,
    published: body.published,
    sampleAvailable: body.sampleAvailable,
    featured: body.featured,
    featuredOrder: body.featuredOrder,
    dangerousGoods: body.dangerousGoods ?? null,
  };
}

/** A product as the audit log keeps it: its fields, its specs and documents in a few words each. */
function auditView(product: AdminExcipient): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, specs, documents, ...fields } = product;
  return {
    ...fields,
    specs: specs.map((s) => `${s.grade} ${s.packSize}${s.sampleAvailable ? '' : '（暂停样品）'}`),
    documents: documents.map((d) => `${d.kind} ${d.title}（${d.access}）`),
  };
}

/**
 * The products desk: every product, published or not, written with its specs and documents in one
 * transaction and recorded in the audit log. The public pages read the same tables per request, so a
 * saved change shows at once.
 */
export class ExcipientAdminService {
  constructor(
    private readonly excipients: ExcipientRepository,
    private readonly files: FileStore,
    private readonly transactor: Transactor<ExcipientRepositories>,
  ) {}

  list(query: AdminExcipientQuery): Promise<AdminExcipientPage> {
    return this.excipients.adminList(query);
  }

  async get(id: number, within?: Tx): Promise<AdminExcipient> {
    const repository = (within ? ownExcipient(within).excipients : this.excipients);
    const row = await repository.find(id);
    if (!row) throw new AppError('not_found', '产品不存在');
    const [specs, documents] = await Promise.all([repository.specs(id), repository.documents(id)]);
    return {
      id: row.id,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      synonyms: row.synonyms,
      cas: row.cas,
      category: row.category,
      dosageForms: row.dosageForms,
      pharmacopoeias: row.pharmacopoeias as Pharmacopoeia[],
      summary: row.summary,
      description: row.description,
      regNos: row.regNos,
      published: row.published,
      sampleAvailable: row.sampleAvailable,
      featured: row.featured,
      featuredOrder: row.featuredOrder,
      dangerousGoods: row.dangerousGoods,
      specs: specs.map((s) => ({ id: s.id, grade: s.grade, packSize: s.packSize, sampleAvailable: s.sampleAvailable })),
      documents: documents.map((d) => ({
        id: d.id,
        kind: d.kind,
        title: d.title,
        access: d.access,
        hasFile: d.fileKey !== null,
        url: documentUrl(id, d.id),
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async create(actor: StaffActor, body: ExcipientBody): Promise<AdminExcipient> {
    await this.checkFiles(body);
    return this.transactor.transaction(async (within) => {
      const id = await within.excipients.insert(valuesOf(body));
      await this.writeChildren(within, id, body);
      const created = await this.get(id, within);
      await recordChange(within, actor, {
        action: 'excipient.create',
        entityType: 'excipient',
        entityId: id,
        summary: `新建产品“${created.nameZh}”`,
        before: null,
        after: auditView(created),
      });
      return created;
    });
  }

  async update(actor: StaffActor, id: number, body: ExcipientBody): Promise<AdminExcipient> {
    const before = await this.get(id);
    this.checkChildIds(before, body);
    await this.checkFiles(body);
    return this.transactor.transaction(async (within) => {
      await within.excipients.update(id, valuesOf(body));
      // A replaced or removed document's PDF stays in the file store: the audit log names the document.
      await this.writeChildren(within, id, body);
      const after = await this.get(id, within);
      await recordChange(within, actor, {
        action: 'excipient.update',
        entityType: 'excipient',
        entityId: id,
        summary: `修改产品“${after.nameZh}”`,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  }

  async publish(actor: StaffActor, id: number, published: boolean): Promise<AdminExcipient> {
    const before = await this.get(id);
    if (before.published === published) return before;
    return this.transactor.transaction(async (within) => {
      await within.excipients.update(id, { published });
      const after = await this.get(id, within);
      await recordChange(within, actor, {
        action: published ? 'excipient.publish' : 'excipient.unpublish',
        entityType: 'excipient',
        entityId: id,
        summary: `${published ? '上架' : '下架'}产品“${after.nameZh}”`,
        before: { published: before.published },
        after: { published },
      });
      return after;
    });
  }

  /** Keeps an uploaded document (a PDF, checked by its content) for a product to name; answers its key. */
  async upload(actor: StaffActor, bytes: Buffer, filename: string): Promise<DocumentUpload> {
    if (!isPdf(bytes)) throw new AppError('unsupported_media_type', '产品资料请上传 PDF 文件（按文件内容检查）');
    const file = await this.files.put({ bytes, contentType: 'application/pdf', ownerId: actor.id, extension: 'pdf', personal: false });
    return { file, filename, size: bytes.length };
  }

  private async writeChildren(within: Tx, id: number, body: ExcipientBody): Promise<void> {
    await ownExcipient(within).excipients.replaceSpecs(id, body.specs);
    await ownExcipient(within).excipients.replaceDocuments(
      id,
      body.documents.map((d) => ({ id: d.id, kind: d.kind, title: d.title, access: d.access, fileKey: d.file ?? null })),
    );
  }

  /** Spec and document ids must be this product's own. */
  private checkChildIds(before: AdminExcipient, body: ExcipientBody): void {
    const specIds = new Set(before.specs.map((s) => s.id));
    const documentIds = new Set(before.documents.map((d) => d.id));
    const issues = [
      ...body.specs.flatMap((spec, i) =>
        spec.id !== undefined && !specIds.has(spec.id) ? [{ path: `body.specs.${i}.id`, message: '该规格不属于这个产品' }] : [],
      ),
      ...body.documents.flatMap((doc, i) =>
        doc.id !== undefined && !documentIds.has(doc.id) ? [{ path: `body.documents.${i}.id`, message: '该资料不属于这个产品' }] : [],
      ),
    ];
    if (issues.length > 0) throw validationError(issues);
  }

  /** Each new file must be an uploaded PDF that no other document names yet. */
  private async checkFiles(body: ExcipientBody): Promise<void> {
    const keys = body.documents.flatMap((d) => (d.file ? [d.file] : []));
    if (keys.length === 0) return;
    const taken = new Set(await this.excipients.documentFilesIn(keys));
    const issues: Array<{ path: string; message: string }> = [];
    for (const [i, document] of body.documents.entries()) {
      if (!document.file) continue;
      const file = await this.files.get(document.file);
      if (!file || file.contentType !== 'application/pdf')
        issues.push({ path: `body.documents.${i}.file`, message: '资料文件不存在，请重新上传' });
      else if (taken.has(document.file)) issues.push({ path: `body.documents.${i}.file`, message: '该文件已用于另一份资料，请重新上传' });
    }
    if (issues.length > 0) throw validationError(issues);
  }

  /** The product's safety data sheet as the desk edits it (sheet null: not written yet). */
  async safetyData(id: number, within?: Tx): Promise<AdminSafetyData> {
    const repository = within ? ownExcipient(within).excipients : this.excipients;
    const product = await repository.find(id);
    if (!product) throw new AppError('not_found', '产品不存在');
    const row = await repository.safetyData(id);
    return {
      excipientId: id,
      nameZh: product.nameZh,
      cas: product.cas,
      dangerousGoods: product.dangerousGoods,
      sheet: row ? { revision: row.revision, revisedOn: row.revisedOn, ...row.content } : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  /**
   * Replaces the product's sheet. Its UN number must be the one of the product's transport terms (both
   * none, or the same): the sheet and the 危险化学品 flag that quotes and the product page show agree.
   */
  async saveSafetyData(actor: StaffActor, id: number, body: SafetyDataBody): Promise<AdminSafetyData> {
    const before = await this.safetyData(id);
    const productUn = before.dangerousGoods?.match(/UN\s?(\d{4})/)?.[1] ?? '';
    const sheetUn = body.transport.unNumber;
    if (sheetUn !== productUn) {
      throw validationError([
        {
          path: 'body.transport.unNumber',
          message: productUn
            ? `产品的危险化学品运输条款为 UN${productUn}，说明书的 UN 编号须一致`
            : '产品未标为危险化学品，说明书不能填写 UN 编号；如属危险货物，请先在产品信息中填写运输条款',
        },
      ]);
    }
    const { revision, revisedOn, ...content } = body;
    return this.transactor.transaction(async (within) => {
      await ownExcipient(within).excipients.saveSafetyData(id, { revision, revisedOn, content });
      const after = await this.safetyData(id, within);
      await recordChange(within, actor, {
        action: 'excipient.safety_data',
        entityType: 'excipient',
        entityId: id,
        summary: `修改产品“${after.nameZh}”的安全技术说明书（版本 ${revision}，${revisedOn}）`,
        before: before.sheet,
        after: after.sheet,
      });
      return after;
    });
  }
}
