import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchHit } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { excipients, news, registrations, regulations } from '../../db/schema.js';
import { containsCondition, nameRank } from './grams.js';

export type SearchableType = SearchHit['type'];

/** The raw material of a hit, before snippets and highlights. */
export interface HitRow {
  id: number;
  title: string;
  /** Parts of the snippet, joined with " · " (empty parts left out). */
  parts: string[];
  /** A longer text the snippet may be cut from (news summaries). */
  body: string;
  date: string | null;
}

interface Searchable {
  table: PgTable;
  grams: PgColumn;
  text: PgColumn;
  /** Ranked on: exact, then prefix matches of this column come first. */
  name: PgColumn;
  newest: SQL[];
  select(q: string, limit: number, offset: number): Promise<HitRow[]>;
}

/** One keyword across the catalogue, registration records, regulations and news. */
export class SearchRepository {
  private readonly types: Record<SearchableType, Searchable>;

  constructor(private readonly db: Db) {
    const where = (s: Pick<Searchable, 'grams' | 'text'>, q: string) => containsCondition(s.grams, s.text, q);
    const order = (s: Pick<Searchable, 'name' | 'newest'>, q: string) => [...nameRank(s.name, q), ...s.newest];
    const excipient: Searchable = {
      table: excipients,
      grams: excipients.searchGrams,
      text: excipients.searchText,
      name: excipients.nameZh,
      newest: [sql`${excipients.featured} DESC`, sql`${excipients.id} ASC`],
      select: async (q, limit, offset) => {
        const rows = await db
          .select({
            id: excipients.id,
            nameZh: excipients.nameZh,
            nameEn: excipients.nameEn,
            cas: excipients.cas,
            category: excipients.category,
            synonyms: excipients.synonyms,
            summary: excipients.summary,
          })
          .from(excipients)
          .where(where(excipient, q))
          .orderBy(...nameRank(excipients.nameZh, q), ...nameRank(excipients.nameEn, q), ...excipient.newest)
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          title: r.nameZh,
          parts: [r.nameEn, r.category, r.cas ? `CAS ${r.cas}` : '', r.synonyms.length ? `别名：${r.synonyms.join('、')}` : ''],
          body: r.summary,
          date: null,
        }));
      },
    };
    const registration: Searchable = {
      table: registrations,
      grams: registrations.searchGrams,
      text: registrations.searchText,
      name: registrations.name,
      newest: [desc(registrations.updatedOn), desc(registrations.id)],
      select: async (q, limit, offset) => {
        const rows = await db
          .select({
            id: registrations.id,
            regNo: registrations.regNo,
            name: registrations.name,
            company: registrations.company,
            province: registrations.province,
            type: registrations.type,
            updatedOn: registrations.updatedOn,
          })
          .from(registrations)
          .where(where(registration, q))
          .orderBy(...order(registration, q))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          title: r.name,
          parts: [r.regNo, r.company, r.province, r.type],
          body: '',
          date: r.updatedOn,
        }));
      },
    };
    const regulation: Searchable = {
      table: regulations,
      grams: regulations.searchGrams,
      text: regulations.searchText,
      name: regulations.title,
      newest: [desc(regulations.issuedOn), desc(regulations.id)],
      select: async (q, limit, offset) => {
        const rows = await db
          .select({
            id: regulations.id,
            title: regulations.title,
            issuer: regulations.issuer,
            docNumber: regulations.docNumber,
            category: regulations.category,
            status: regulations.status,
            issuedOn: regulations.issuedOn,
          })
          .from(regulations)
          .where(where(regulation, q))
          .orderBy(...order(regulation, q))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          title: r.title,
          parts: [r.issuer, r.docNumber ?? '', r.category, r.status],
          body: '',
          date: r.issuedOn,
        }));
      },
    };
    const newsItem: Searchable = {
      table: news,
      grams: news.searchGrams,
      text: news.searchText,
      name: news.title,
      newest: [desc(news.publishedOn), desc(news.id)],
      select: async (q, limit, offset) => {
        const rows = await db
          .select({ id: news.id, title: news.title, category: news.category, source: news.source, summary: news.summary, publishedOn: news.publishedOn })
          .from(news)
          .where(where(newsItem, q))
          .orderBy(...order(newsItem, q))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({ id: r.id, title: r.title, parts: [r.category, r.source], body: r.summary, date: r.publishedOn }));
      },
    };
    this.types = { excipient, registration, regulation, news: newsItem };
  }

  /** How many rows of a type match `q` (normalised), counting no further than `cap`. */
  async count(type: SearchableType, q: string, cap: number): Promise<number> {
    const s = this.types[type];
    const capped = this.db.select({ one: sql`1` }).from(s.table).where(containsCondition(s.grams, s.text, q)).limit(cap).as('capped');
    const [row] = await this.db.select({ n: count() }).from(capped);
    return row?.n ?? 0;
  }

  /** Matches of a type, exact names first, then names starting with `q`, then the newest. */
  hits(type: SearchableType, q: string, limit: number, offset: number): Promise<HitRow[]> {
    return this.types[type].select(q, limit, offset);
  }
}
