import {
  ARTICLE_IMAGE_PATH,
  type AdminArticlePage,
  type AdminArticleQuery,
  type AdminNews,
  type AdminRegulation,
  type ArticleImageUpload,
  type ArticleState,
  type NewsBody,
  type RegulationBody,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { ownArticle, type ArticleRepositories } from './article.repositories.js';
import { AppError, validationError } from '../../http/errors.js';
import { extensionOf, sniffImageType } from '../../shared/image-type.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import { cleanRichText } from '../content/rich-text.js';
import type { FileStore, StoredFile } from '../files/file-store.js';
import type { ArticleRepository, NewsRow, RegulationRow } from './article.repository.js';

type Publication = { draft: boolean; publishAt: Date | null };

/** Where an article is in its publication, at `now`. */
export function stateOf(row: Publication, now: Date): ArticleState {
  if (row.draft) return 'draft';
  return row.publishAt && row.publishAt > now ? 'scheduled' : 'published';
}

const stateLabels: Record<ArticleState, string> = { draft: '存为草稿', scheduled: '定时发布', published: '发布' };

/**
 * The articles desk: news and regulations in every state, written with their text cleaned by the
 * shared allow-list, recorded in the audit log in the same transaction. The public pages read the same
 * tables per request (drafts never, scheduled ones from their time on), so a saved change shows at once.
 */
export class ArticleAdminService {
  constructor(
    private readonly articles: ArticleRepository,
    private readonly files: FileStore,
    private readonly transactor: Transactor<ArticleRepositories>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(kind: 'news' | 'regulation', query: AdminArticleQuery): Promise<AdminArticlePage> {
    const { rows, totalCount } = await this.articles.adminList(kind, query);
    const now = this.now();
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        category: row.category,
        date: row.date,
        state: stateOf(row, now),
        publishAt: row.publishAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
      totalCount,
    };
  }

  async news(id: number, within?: Tx): Promise<AdminNews> {
    const row = await ((within ? ownArticle(within).articles : this.articles)).newsItem(id, true);
    if (!row) throw new AppError('not_found', '资讯不存在');
    return toAdminNews(row, this.now());
  }

  async regulation(id: number, within?: Tx): Promise<AdminRegulation> {
    const row = await ((within ? ownArticle(within).articles : this.articles)).regulation(id, true);
    if (!row) throw new AppError('not_found', '法规不存在');
    return toAdminRegulation(row, this.now());
  }

  async createNews(actor: StaffActor, body: NewsBody): Promise<AdminNews> {
    const values = { ...newsFields(body), ...this.publication(body), content: this.clean(body.content) };
    return this.transactor.transaction(async (within) => {
      const id = await within.articles.insertNews({ ...values, cover: null });
      const created = await this.news(id, within);
      await record(within, actor, 'news', id, `${stateLabels[created.state]}资讯“${created.title}”`, null, created);
      return created;
    });
  }

  async updateNews(actor: StaffActor, id: number, body: NewsBody): Promise<AdminNews> {
    const before = await this.news(id);
    const values = { ...newsFields(body), ...this.publication(body), content: this.clean(body.content) };
    return this.transactor.transaction(async (within) => {
      const current = await within.articles.newsItem(id, true);
      await within.articles.updateNews(id, { ...values, cover: current?.cover ?? null });
      const after = await this.news(id, within);
      await record(within, actor, 'news', id, `修改资讯“${after.title}”（${stateLabels[after.state]}）`, before, after);
      return after;
    });
  }

  async createRegulation(actor: StaffActor, body: RegulationBody): Promise<AdminRegulation> {
    const values = { ...regulationFields(body), ...this.publication(body), content: this.clean(body.content) };
    return this.transactor.transaction(async (within) => {
      const id = await within.articles.insertRegulation(values);
      const created = await this.regulation(id, within);
      await record(within, actor, 'regulation', id, `${stateLabels[created.state]}法规“${created.title}”`, null, created);
      return created;
    });
  }

  async updateRegulation(actor: StaffActor, id: number, body: RegulationBody): Promise<AdminRegulation> {
    const before = await this.regulation(id);
    const values = { ...regulationFields(body), ...this.publication(body), content: this.clean(body.content) };
    return this.transactor.transaction(async (within) => {
      await within.articles.updateRegulation(id, values);
      const after = await this.regulation(id, within);
      await record(within, actor, 'regulation', id, `修改法规“${after.title}”（${stateLabels[after.state]}）`, before, after);
      return after;
    });
  }

  /** Keeps an image for an article's text (PNG, JPEG or WebP by its content); answers its address. */
  async uploadImage(actor: StaffActor, bytes: Buffer): Promise<ArticleImageUpload> {
    const type = sniffImageType(bytes);
    if (!type) throw new AppError('unsupported_media_type', '正文图片请上传 PNG、JPEG 或 WebP 图片（按文件内容检查）');
    const key = await this.files.put({ bytes, contentType: type, ownerId: actor.id, extension: extensionOf(type), personal: false });
    return { url: `${ARTICLE_IMAGE_PATH}${key}` };
  }

  /** An image of an article's text (nothing but images is served here). */
  async image(name: string): Promise<StoredFile | undefined> {
    const file = await this.files.get(name);
    return file && sniffImageType(file.bytes) === file.contentType ? file : undefined;
  }

  private publication(body: { state: ArticleState; publishAt: string | null }): Publication {
    if (body.state === 'draft') return { draft: true, publishAt: body.publishAt ? new Date(body.publishAt) : null };
    if (body.state === 'published') return { draft: false, publishAt: null };
    const at = new Date(body.publishAt!);
    if (at <= this.now()) throw validationError([{ path: 'body.publishAt', message: '定时发布的时间应晚于现在' }]);
    return { draft: false, publishAt: at };
  }

  /** The text by the shared allow-list; an image from another site is refused with what to do instead. */
  private clean(content: string): string {
    const { html, foreignImages } = cleanRichText(content);
    if (foreignImages.length > 0) {
      throw validationError([
        {
          path: 'body.content',
          message: `正文中有 ${foreignImages.length} 张来自其他网站的图片：本站不下载外部图片，请先把图片保存到电脑，再用“插入图片”上传`,
        },
      ]);
    }
    return html;
  }
}

function newsFields(body: NewsBody) {
  return { title: body.title, category: body.category, source: body.source, publishedOn: body.publishedOn, summary: body.summary };
}

function regulationFields(body: RegulationBody) {
  return {
    title: body.title,
    issuer: body.issuer,
    docNumber: body.docNumber || null,
    category: body.category,
    issuedOn: body.issuedOn,
    effectiveOn: body.effectiveOn,
    status: body.status,
  };
}

function toAdminNews(row: NewsRow, now: Date): AdminNews {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    source: row.source,
    publishedOn: row.publishedOn,
    summary: row.summary,
    content: row.content,
    state: stateOf(row, now),
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminRegulation(row: RegulationRow, now: Date): AdminRegulation {
  return {
    id: row.id,
    title: row.title,
    issuer: row.issuer,
    docNumber: row.docNumber,
    category: row.category,
    issuedOn: row.issuedOn,
    effectiveOn: row.effectiveOn,
    status: row.status,
    content: row.content,
    state: stateOf(row, now),
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An article as the audit log keeps it: its fields, without the times of the change itself. */
function record(
  within: Tx,
  actor: StaffActor,
  kind: 'news' | 'regulation',
  id: number,
  summary: string,
  before: AdminNews | AdminRegulation | null,
  after: AdminNews | AdminRegulation,
): Promise<void> {
  const view = (article: AdminNews | AdminRegulation) => {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = article;
    return fields;
  };
  return recordChange(within, actor, {
    action: `${kind}.${before ? 'update' : 'create'}`,
    entityType: kind,
    entityId: id,
    summary,
    before: before ? view(before) : null,
    after: view(after),
  });
}
