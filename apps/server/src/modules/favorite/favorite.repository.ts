import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FavoriteTargetType } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { news, regulations, visibleArticle } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { favorites } from './favorite.schema.js';
import type { ProductTie } from '../change-notice/change-notice.audience.js';

export type FavoriteRow = typeof favorites.$inferSelect;

/** What a favorite shows of its target. */
export interface FavoriteTarget {
  id: number;
  title: string;
  subtitle: string;
}

/** Users' favorites (`favorites`); their targets' titles are read from the catalogue, registration and article tables. */
export class FavoriteRepository {
  constructor(private readonly db: Db) {}

  /** Who keeps the product among their favorites (its watchers). */
  async tiesTo(excipientId: number): Promise<ProductTie[]> {
    const rows = await this.db
      .select({ userId: favorites.userId })
      .from(favorites)
      .where(and(eq(favorites.targetType, 'excipient'), eq(favorites.targetId, excipientId)));
    return rows.map((row) => ({ userId: row.userId, companyId: null, reason: 'favorite' as const }));
  }

  /** The id of the user's favorite of a target, or null. */
  async findId(userId: number | null, targetType: FavoriteTargetType, targetId: number): Promise<number | null> {
    if (userId === null) return null;
    const [row] = await this.db
      .select({ id: favorites.id })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.targetType, targetType), eq(favorites.targetId, targetId)));
    return row?.id ?? null;
  }

  async list(userId: number, targetType: FavoriteTargetType | undefined, limit: number, offset: number) {
    const where = targetType
      ? and(eq(favorites.userId, userId), eq(favorites.targetType, targetType))
      : eq(favorites.userId, userId);
    const [rows, counts] = await Promise.all([
      this.db.select().from(favorites).where(where).orderBy(desc(favorites.createdAt), desc(favorites.id)).limit(limit).offset(offset),
      this.db
        .select({ targetType: favorites.targetType, n: count() })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .groupBy(favorites.targetType),
    ]);
    return { rows, counts };
  }

  async countOf(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
    return row?.n ?? 0;
  }

  /** The user's favorite of a target. */
  async findByTarget(userId: number, targetType: FavoriteTargetType, targetId: number): Promise<FavoriteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.targetType, targetType), eq(favorites.targetId, targetId)));
    return row;
  }

  async insert(userId: number, targetType: FavoriteTargetType, targetId: number): Promise<FavoriteRow> {
    const [row] = await this.db.insert(favorites).values({ userId, targetType, targetId }).returning();
    return row!;
  }

  async find(userId: number, id: number): Promise<FavoriteRow | undefined> {
    const [row] = await this.db.select().from(favorites).where(and(eq(favorites.id, id), eq(favorites.userId, userId)));
    return row;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(favorites)
      .where(and(eq(favorites.id, id), eq(favorites.userId, userId)))
      .returning({ id: favorites.id });
    return deleted.length > 0;
  }

  /** Title and subtitle of the targets of one type that still exist. */
  async targets(targetType: FavoriteTargetType, ids: number[]): Promise<FavoriteTarget[]> {
    if (ids.length === 0) return [];
    switch (targetType) {
      case 'excipient':
        return this.db
          .select({ id: excipients.id, title: excipients.nameZh, subtitle: sql<string>`${excipients.category} || ' · ' || ${excipients.nameEn}` })
          .from(excipients)
          .where(inArray(excipients.id, ids));
      case 'registration':
        return this.db
          .select({ id: registrations.id, title: sql<string>`${registrations.name} || '（' || ${registrations.regNo} || '）'`, subtitle: registrations.company })
          .from(registrations)
          .where(inArray(registrations.id, ids));
      case 'regulation':
        return this.db
          .select({ id: regulations.id, title: regulations.title, subtitle: regulations.issuer })
          .from(regulations)
          .where(and(inArray(regulations.id, ids), visibleArticle(regulations)));
      case 'news':
        return this.db
          .select({ id: news.id, title: news.title, subtitle: sql<string>`${news.category} || ' · ' || ${news.source}` })
          .from(news)
          .where(and(inArray(news.id, ids), visibleArticle(news)));
    }
  }

  /** Deletes every favorite of the user (deleting the account). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(favorites).where(eq(favorites.userId, userId));
  }
}
