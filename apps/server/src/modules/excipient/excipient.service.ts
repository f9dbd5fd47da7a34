import {
  documentKindLabels,
  DOSAGE_FORMS,
  EXCIPIENT_CATEGORIES,
  pharmacopoeiaLabels,
  type ExcipientDetail,
  type ExcipientFacets,
  type ExcipientPage,
  type ExcipientQuery,
  type Pharmacopoeia,
  type SiteSettings,
} from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { Viewer } from '../account/auth.guard.js';
import { chinesePdf, type PdfBlock } from '../files/chinese-pdf.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { FileStore } from '../files/file-store.js';
import type { RegistrationReads } from '../registration/registration.repositories.js';
import type { ExcipientDocumentRow, ExcipientRepository } from './excipient.repository.js';
import { safetyDataPdf } from './safety-data-pdf.js';

/** The supplier's details a safety data sheet prints in section 1 (the site's settings). */
export interface SupplierDetails {
  current(): Promise<Pick<SiteSettings, 'company' | 'address' | 'phone' | 'email' | 'emergencyPhone'>>;
}

/** Facet values in the order of the contract's lists, then any others by count. */
function ordered(values: Array<{ value: string; count: number }>, known: readonly string[]) {
  const rank = (v: string) => {
    const i = known.indexOf(v);
    return i === -1 ? known.length : i;
  };
  return [...values].sort((a, b) => rank(a.value) - rank(b.value) || b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * Who may download a document. A safety data sheet is safety information for everyone who handles the
 * product: whatever its row says, it is never 会员资料 nor sent on request, only public or for the
 * signed-in (docs/decisions/0070-safety-data-sheets.md).
 */
function effectiveAccess(document: ExcipientDocumentRow): ExcipientDocumentRow['access'] {
  return document.kind === 'SDS' && document.access !== 'public' ? 'login' : document.access;
}

/**
 * A document the caller may not download: why, as the error to answer. Editors may download every one;
 * 会员资料 need a membership held now (a database subscription does not reach documents).
 */
function documentDenial(document: ExcipientDocumentRow, viewer: Viewer): AppError | null {
  if (viewer.editor) return null;
  switch (effectiveAccess(document)) {
    case 'public':
      return null;
    case 'login':
      return viewer.userId === null ? new AppError('unauthorized', '登录后可下载该资料') : null;
    case 'member':
      if (viewer.userId === null) return new AppError('unauthorized', '该资料为会员资料，登录后可下载');
      return viewer.member ? null : new AppError('forbidden', '该资料为会员资料，开通会员后可下载，请前往“会员升级”');
    case 'request':
      return new AppError('forbidden', '该资料需申请获取，请联系我们的销售或技术支持');
  }
}

/** The excipient catalogue: lists, filters, product pages and their documents. */
export class ExcipientService {
  constructor(
    private readonly excipients: ExcipientRepository,
    private readonly registrations: RegistrationReads,
    private readonly favorites: FavoriteService,
    private readonly files: FileStore,
    private readonly supplier: SupplierDetails,
  ) {}

  list(query: ExcipientQuery): Promise<ExcipientPage> {
    return this.excipients.list(query);
  }

  async facets(): Promise<ExcipientFacets> {
    const { categories, dosageForms } = await this.excipients.facets();
    return { categories: ordered(categories, EXCIPIENT_CATEGORIES), dosageForms: ordered(dosageForms, DOSAGE_FORMS) };
  }

  /** A product the viewer may see: a published one, or any for an editor (to check it before publishing). */
  private async visible(id: number, viewer: Viewer) {
    const row = await this.excipients.find(id);
    return row && (row.published || viewer.editor) ? row : undefined;
  }

  async detail(id: number, viewer: Viewer): Promise<ExcipientDetail> {
    const row = await this.visible(id, viewer);
    if (!row) throw new AppError('not_found', '辅料产品不存在');
    const [specs, documents, records, favoriteId] = await Promise.all([
      this.excipients.specs(id),
      this.excipients.documents(id),
      this.registrations.byRegNos(row.regNos),
      this.favorites.favoriteIdOf(viewer.userId, 'excipient', id),
    ]);
    const byRegNo = new Map(records.map((r) => [r.regNo, r]));
    return {
      id: row.id,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      cas: row.cas,
      category: row.category,
      dosageForms: row.dosageForms,
      pharmacopoeias: row.pharmacopoeias as Pharmacopoeia[],
      sampleAvailable: row.sampleAvailable,
      summary: row.summary,
      synonyms: row.synonyms,
      dangerousGoods: row.dangerousGoods,
      description: row.description,
      specs: specs.map((s) => ({ id: s.id, grade: s.grade, packSize: s.packSize, sampleAvailable: s.sampleAvailable })),
      registrations: row.regNos.map((regNo) => {
        const record = byRegNo.get(regNo);
        // A number not (yet) in the registration database is shown without a link and not as approved.
        return { regNo, registrationId: record?.id ?? null, status: record?.reviewStatus ?? 'I' };
      }),
      documents: documents.map((d) => ({
        id: d.id,
        kind: d.kind,
        title: d.title,
        access: effectiveAccess(d),
        url: documentDenial(d, viewer) ? null : d.url || `/api/app/excipient/${id}/document/${d.id}`,
      })),
      favoriteId,
    };
  }

  /**
   * A technical document: the PDF the staff uploaded, or else the product's data sheet written from the
   * catalogue as a PDF, or for a safety data sheet, the sheet the staff keep (404 while there is none).
   * Answers 401 for log-in documents and 会员资料 without a session, 403 for 会员资料 without a membership
   * and for documents sent on request; a safety data sheet only ever needs a session.
   */
  async document(
    id: number,
    documentId: number,
    viewer: Viewer,
  ): Promise<{ filename: string; bytes: Buffer }> {
    const row = await this.visible(id, viewer);
    const documents = row ? await this.excipients.documents(id) : [];
    const document = documents.find((d) => d.id === documentId);
    if (!row || !document) throw new AppError('not_found', '资料不存在');
    const denial = documentDenial(document, viewer);
    if (denial) throw denial;
    if (document.fileKey) {
      const file = await this.files.get(document.fileKey);
      if (!file) throw new AppError('not_found', '资料文件不存在');
      return { filename: `${row.nameZh}-${document.title}.pdf`, bytes: file.bytes };
    }
    if (document.kind === 'SDS') {
      // Written from the sheet the staff keep; none yet: no sheet rather than a made-up one.
      const sheet = await this.excipients.safetyData(id);
      if (!sheet) throw new AppError('sds_not_published', '该产品的安全技术说明书资料尚未发布，请联系我们的技术支持');
      const bytes = await safetyDataPdf({ revision: sheet.revision, revisedOn: sheet.revisedOn, ...sheet.content }, row, await this.supplier.current());
      return { filename: `${row.nameZh}-${document.title}.pdf`, bytes };
    }
    const [specs, records] = await Promise.all([this.excipients.specs(id), this.registrations.byRegNos(row.regNos)]);
    const status = new Map(records.map((r) => [r.regNo, r.reviewStatus]));
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const blocks: PdfBlock[] = [
      { text: document.title, style: 'title' },
      { text: `资料类型：${documentKindLabels[document.kind]}    日期：${today}`, style: 'small' },
      { text: '产品信息', style: 'heading' },
      { text: `产品名称：${row.nameZh}` },
      { text: `英文名称：${row.nameEn}` },
      ...(row.synonyms.length ? [{ text: `别名：${row.synonyms.join('、')}` }] : []),
      { text: `CAS 号：${row.cas ?? '—'}` },
      { text: `功能类别：${row.category}` },
      ...(row.dangerousGoods ? [{ text: `危险化学品运输条款：${row.dangerousGoods}` }] : []),
      { text: `适用剂型：${row.dosageForms.join('、') || '—'}` },
      { text: `符合药典：${row.pharmacopoeias.map((p) => pharmacopoeiaLabels[p as Pharmacopoeia] ?? p).join('、') || '—'}` },
      { text: `CDE 登记号：${row.regNos.map((n) => `${n}（${status.get(n) ?? '未收录'}）`).join('、') || '—'}` },
      { text: '规格与包装', style: 'heading' },
      ...(specs.length ? specs.map((s) => ({ text: `• ${s.grade}，${s.packSize}${s.sampleAvailable ? '（可申请样品）' : ''}` })) : [{ text: '—' }]),
      { text: '产品说明', style: 'heading' },
      ...(row.description || row.summary).split(/\n\s*\n/).map((text) => ({ text: text.trim() })),
      { text: '本资料根据辅料通产品目录生成，仅供研发选型参考；质量标准以随货检验报告（COA）为准。', style: 'small' },
    ];
    return { filename: `${row.nameZh}-${document.title}.pdf`, bytes: await chinesePdf(document.title, blocks, `辅料通 · ${row.nameZh}`) };
  }
}
