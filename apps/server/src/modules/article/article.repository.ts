import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { NewsQuery, NewsSummary, RegulationQuery, RegulationSummary } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { news, regulations } from './article.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../search/grams.js';

export type RegulationRow = Omit<typeof regulations.$inferSelect, 'searchText' | 'searchGrams'>;
export type NewsRow = Omit<typeof news.$inferSelect, 'searchText' | 'searchGrams'>;

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
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(regulations.searchGrams, regulations.searchText, keyword));
    if (query.category) conditions.push(eq(regulations.category, query.category));
    if (query.status) conditions.push(eq(regulations.status, query.status));
    if (query.issuedFrom) conditions.push(gte(regulations.issuedOn, query.issuedFrom));
    if (query.issuedTo) conditions.push(lte(regulations.issuedOn, query.issuedTo));
    const where = conditions.length ? and(...conditions) : undefined;
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

  async regulation(id: number): Promise<RegulationRow | undefined> {
    const [row] = await this.db
      .select({ ...regulationSummaryColumns, content: regulations.content })
      .from(regulations)
      .where(eq(regulations.id, id));
    return row;
  }

  async latestRegulations(limit: number): Promise<RegulationSummary[]> {
    return this.db.select(regulationSummaryColumns).from(regulations).orderBy(desc(regulations.issuedOn), desc(regulations.id)).limit(limit);
  }

  async news(query: NewsQuery): Promise<{ items: NewsSummary[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(news.searchGrams, news.searchText, keyword));
    if (query.category) conditions.push(eq(news.category, query.category));
    const where = conditions.length ? and(...conditions) : undefined;
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

  async newsItem(id: number): Promise<NewsRow | undefined> {
    const [row] = await this.db.select({ ...newsSummaryColumns, content: news.content }).from(news).where(eq(news.id, id));
    return row;
  }

  async latestNews(limit: number): Promise<NewsSummary[]> {
    return this.db.select(newsSummaryColumns).from(news).orderBy(desc(news.publishedOn), desc(news.id)).limit(limit);
  }

  /** Ids of every regulation and news item (for the sitemap), newest first. */
  async allIds(): Promise<{ regulations: number[]; news: number[] }> {
    const [r, n] = await Promise.all([
      this.db.select({ id: regulations.id }).from(regulations).orderBy(asc(regulations.id)),
      this.db.select({ id: news.id }).from(news).orderBy(asc(news.id)),
    ]);
    return { regulations: r.map((x) => x.id), news: n.map((x) => x.id) };
  }
}
