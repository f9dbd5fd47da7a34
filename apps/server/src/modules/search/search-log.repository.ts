import { count, desc, gte, lt, max, min } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { searchLog } from './search.schema.js';

export interface KeywordCount {
  keyword: string;
  count: number;
  /** The fewest results any of these searches found (0: visitors found nothing for it at least once). */
  fewestResults: number;
}

/** The search log (`search_log`): what was searched, for the dashboard. */
export class SearchLogRepository {
  constructor(private readonly db: Db) {}

  async record(keyword: string, resultCount: number, at: Date): Promise<void> {
    await this.db.insert(searchLog).values({ keyword, resultCount, searchedAt: at });
  }

  /** The most searched keywords since `since`, most first. */
  async top(since: Date, limit: number): Promise<KeywordCount[]> {
    const n = count();
    return this.db
      .select({ keyword: searchLog.keyword, count: n, fewestResults: min(searchLog.resultCount).mapWith(Number) })
      .from(searchLog)
      .where(gte(searchLog.searchedAt, since))
      .groupBy(searchLog.keyword)
      .orderBy(desc(n), desc(max(searchLog.searchedAt)))
      .limit(limit);
  }

  /** Forgets searches older than `before`. */
  async prune(before: Date): Promise<void> {
    await this.db.delete(searchLog).where(lt(searchLog.searchedAt, before));
  }
}
