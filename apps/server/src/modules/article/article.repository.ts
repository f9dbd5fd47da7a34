import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminArticleQuery, ArticleState, NewsQuery, NewsSummary, RegulationQuery, RegulationSummary } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { news, regulations, visibleArticle } from './article.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../../shared/grams.js';

export type RegulationRow = Omit<typeof regulations.$inferSelect, 'searchText' | 'searchGrams'>;
export type NewsRow = Omit<typeof news.$inferSelect, 'searchText' | 'searchGrams'>;
export type RegulationValues = Omit<RegulationRow, 'id' | 'createdAt' | 'updatedAt'>;
export type NewsValues = Omit<NewsRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Where an article is in its publication, at the database's clock. */
function stateCondition(table: typeof news | typeof regulations, state: ArticleState): SQL {
  if (state === 'draft') return eq(table.draft, true);
  const due = or(isNull(table.publishAt), lte(table.publishAt, sql`now()`))!;
  return and(eq(table.draft, false), state === 'published' ? due : and(isNotNull(table.publishAt), gt(table.publishAt, sql`now()`)))!;
}

const publicationColumns = (table: typeof news | typeof regulations) => ({
  draft: table.draft,
  publishAt: table.publishAt,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
});

export const regulationSummaryColumns = {
  id: regulations.id,
  title: regulations.title,
  issuer: regulations.issuer,
  docNumber: regulations.docNumber,
  category: regulations.category,
  issuedOn: regulations.issuedOn,
  effectiveOn: regulations.effectiveOn,
  status: regulations.status,
};

export const newsSummaryColumns = {
  id: news.id,
  title: news.title,
  category: news.category,
  source: news.source,
  publishedOn: news.publishedOn,
  cover: news.cover,
  summary: news.summary,
};

/** Regulations (法规) and news (资讯): stored sanitised by whoever writes them. */
export class ArticleRepository {
  constructor(private readonly db: Db) {}

  async regulations(query: RegulationQuery): Promise<{ items: RegulationSummary[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [visibleArticle(regulations)];
    if (keyword) conditions.push(containsCondition(regulations.searchGrams, regulations.searchText, keyword));
    if (query.category) conditions.push(eq(regulations.category, query.category));
    if (query.status) conditions.push(eq(regulations.status, query.status));
    if (query.issuedFrom) conditions.push(gte(regulations.issuedOn, query.issuedFrom));
    if (query.issuedTo) conditions.push(lte(regulations.issuedOn, query.issuedTo));
    const where = and(...conditions);
    const order = [...(keyword ? nameRank(regulations.title, keyword) : []), desc(regulations.issuedOn), desc(regulations.id)];
    const [items, [total]] = await Promise.all([
      this.db
        .select(regulationSummaryColumns)
        .from(regulations)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(regulations).where(where),
    ]);
    return { items, totalCount: total?.n ?? 0 };
  }

  /** A regulation the public sees; with `evenHidden`, drafts and scheduled ones too (editors' preview, the desk). */
  async regulation(id: number, evenHidden = false): Promise<RegulationRow | undefined> {
    const [row] = await this.db
      .select({ ...regulationSummaryColumns, content: regulations.content, ...publicationColumns(regulations) })
      .from(regulations)
      .where(evenHidden ? eq(regulations.id, id) : and(eq(regulations.id, id), visibleArticle(regulations)));
    return row;
  }

  async latestRegulations(limit: number): Promise<RegulationSummary[]> {
    return this.db
      .select(regulationSummaryColumns)
      .from(regulations)
      .where(visibleArticle(regulations))
      .orderBy(desc(regulations.issuedOn), desc(regulations.id))
      .limit(limit);
  }

  async news(query: NewsQuery): Promise<{ items: NewsSummary[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [visibleArticle(news)];
    if (keyword) conditions.push(containsCondition(news.searchGrams, news.searchText, keyword));
    if (query.category) conditions.push(eq(news.category, query.category));
    const where = and(...conditions);
    const order = [...(keyword ? nameRank(news.title, keyword) : []), desc(news.publishedOn), desc(news.id)];
    const [items, [total]] = await Promise.all([
      this.db
        .select(newsSummaryColumns)
        .from(news)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(news).where(where),
    ]);
    return { items, totalCount: total?.n ?? 0 };
  }

  /** A news item the public sees; with `evenHidden`, drafts and scheduled ones too (editors' preview, the desk). */
  async newsItem(id: number, evenHidden = false): Promise<NewsRow | undefined> {
    const [row] = await this.db
      .select({ ...newsSummaryColumns, content: news.content, ...publicationColumns(news) })
      .from(news)
      .where(evenHidden ? eq(news.id, id) : and(eq(news.id, id), visibleArticle(news)));
    return row;
  }

  async latestNews(limit: number): Promise<NewsSummary[]> {
    return this.db.select(newsSummaryColumns).from(news).where(visibleArticle(news)).orderBy(desc(news.publishedOn), desc(news.id)).limit(limit);
  }

  /** Ids of every regulation and news item (for the sitemap), newest first. */
  async allIds(): Promise<{ regulations: number[]; news: number[] }> {
    const [r, n] = await Promise.all([
      this.db.select({ id: regulations.id }).from(regulations).where(visibleArticle(regulations)).orderBy(asc(regulations.id)),
      this.db.select({ id: news.id }).from(news).where(visibleArticle(news)).orderBy(asc(news.id)),
    ]);
    return { regulations: r.map((x) => x.id), news: n.map((x) => x.id) };
  }

  /** The articles desk's list of one kind: every state, most recently changed first. */
  async adminList(kind: 'news' | 'regulation', query: AdminArticleQuery) {
    const table = kind === 'news' ? news : regulations;
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(table.searchGrams, table.searchText, keyword));
    if (query.state) conditions.push(stateCondition(table, query.state));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: table.id,
          title: table.title,
          category: table.category,
          date: kind === 'news' ? news.publishedOn : regulations.issuedOn,
          ...publicationColumns(table),
        })
        .from(table)
        .where(where)
        .orderBy(desc(table.updatedAt), desc(table.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(table).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  async insertNews(values: NewsValues): Promise<number> {
    const [row] = await this.db.insert(news).values(values).returning({ id: news.id });
    return row!.id;
  }

  async updateNews(id: number, values: NewsValues): Promise<void> {
    await this.db.update(news).set({ ...values, updatedAt: new Date() }).where(eq(news.id, id));
  }

  async insertRegulation(values: RegulationValues): Promise<number> {
    const [row] = await this.db.insert(regulations).values(values).returning({ id: regulations.id });
    return row!.id;
  }

  async updateRegulation(id: number, values: RegulationValues): Promise<void> {
    await this.db.update(regulations).set({ ...values, updatedAt: new Date() }).where(eq(regulations.id, id));
  }
}
