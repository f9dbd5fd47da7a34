import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchHit } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { news, regulations, visibleArticle } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';

export type SearchableType = SearchHit['type'];
/** The types this repository reads; registration records are searched by their own module (decision 0076). */
export type ListedType = Exclude<SearchableType, 'registration'>;

/** The raw material of a hit, before snippets and highlights. */
export interface HitRow {
  id: number;
  title: string;
  /** Parts of the snippet, joined with " · " (empty parts left out). */
  parts: string[];
  /** A longer text the snippet may be cut from (summaries). */
  body: string;
  date: string | null;
}

interface Searchable {
  table: PgTable;
  grams: PgColumn;
  text: PgColumn;
}

const searchable: Record<ListedType, Searchable> = {
  excipient: { table: excipients, grams: excipients.searchGrams, text: excipients.searchText },
  regulation: { table: regulations, grams: regulations.searchGrams, text: regulations.searchText },
  news: { table: news, grams: news.searchGrams, text: news.searchText },
};

/**
 * One keyword across the catalogue, regulations and news (registration records: RegistrationRepository.search).
 *
 * Counts stop at `cap`, and hits are ranked among the matches counted (exact names first, then
 * names starting with the keyword, then the newest): ranking needs every candidate's name, and
 * reading a hundred thousand matches of a one-character keyword for ten hits is not worth it. The
 * ranked query reads `(SELECT … WHERE match LIMIT cap) AS <table>`: a subquery with a LIMIT is not
 * flattened, so the matches come through the gram index and are sorted afterwards, and the ORDER BY
 * written for the table applies to the subquery that carries its name.
 */
export class SearchRepository {
  constructor(
    private readonly db: Db,
    private readonly cap: number,
  ) {}

  private where(type: ListedType, q: string): SQL {
    const s = searchable[type];
    const matches = containsCondition(s.grams, s.text, q);
    // Products taken off the site, drafts and articles not yet due are not found.
    if (type === 'excipient') return and(matches, eq(excipients.published, true)) as SQL;
    if (type === 'regulation') return and(matches, visibleArticle(regulations)) as SQL;
    if (type === 'news') return and(matches, visibleArticle(news)) as SQL;
    return matches;
  }

  /** How many rows of a type match `q` (normalised), counting no further than the cap. */
  async count(type: ListedType, q: string): Promise<number> {
    const capped = this.db.select({ one: sql`1` }).from(searchable[type].table).where(this.where(type, q)).limit(this.cap).as('capped');
    const [row] = await this.db.select({ n: count() }).from(capped);
    return row?.n ?? 0;
  }

  /** Ranked matches of a type. */
  async hits(type: ListedType, q: string, limit: number, offset: number): Promise<HitRow[]> {
    switch (type) {
      case 'excipient': {
        const matches = this.db
          .select({
            id: excipients.id,
            nameZh: excipients.nameZh,
            nameEn: excipients.nameEn,
            cas: excipients.cas,
            category: excipients.category,
            synonyms: excipients.synonyms,
            summary: excipients.summary,
            featured: excipients.featured,
          })
          .from(excipients)
          .where(this.where(type, q))
          .limit(this.cap)
          .as('excipients');
        const rows = await this.db
          .select()
          .from(matches)
          .orderBy(...nameRank(excipients.nameZh, q), ...nameRank(excipients.nameEn, q), desc(excipients.featured), excipients.id)
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          title: r.nameZh,
          parts: [r.nameEn, r.category, r.cas ? `CAS ${r.cas}` : '', r.synonyms.length ? `别名：${r.synonyms.join('、')}` : ''],
          body: r.summary,
          date: null,
        }));
      }
      case 'regulation': {
        const matches = this.db
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
          .where(this.where(type, q))
          .limit(this.cap)
          .as('regulations');
        const rows = await this.db
          .select()
          .from(matches)
          .orderBy(...nameRank(regulations.title, q), desc(regulations.issuedOn), desc(regulations.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({ id: r.id, title: r.title, parts: [r.issuer, r.docNumber ?? '', r.category, r.status], body: '', date: r.issuedOn }));
      }
      case 'news': {
        const matches = this.db
          .select({
            id: news.id,
            title: news.title,
            category: news.category,
            source: news.source,
            summary: news.summary,
            publishedOn: news.publishedOn,
          })
          .from(news)
          .where(this.where(type, q))
          .limit(this.cap)
          .as('news');
        const rows = await this.db
          .select()
          .from(matches)
          .orderBy(...nameRank(news.title, q), desc(news.publishedOn), desc(news.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({ id: r.id, title: r.title, parts: [r.category, r.source], body: r.summary, date: r.publishedOn }));
      }
    }
  }
}
