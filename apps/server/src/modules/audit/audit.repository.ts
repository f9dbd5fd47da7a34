import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { auditLog } from './audit.schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  keyword?: string;
  entityType?: string;
  entityId?: string;
  actorId?: number;
  from?: Date;
  /** Before this moment. */
  until?: Date;
}

/** The audit log (`audit_log`): append and read; the only change allowed is redaction. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  async page(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; totalCount: number }> {
    const conditions: SQL[] = [];
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(ilike(auditLog.summary, like), ilike(auditLog.actorAccount, like), eq(auditLog.entityId, filter.keyword))!);
    }
    if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
    if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
    if (filter.from) conditions.push(gte(auditLog.at, filter.from));
    if (filter.until) conditions.push(lt(auditLog.at, filter.until));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  /**
   * Redacts a deleted account's personal values: its account where it acted or was named, and the
   * values of `personalKeys` in the before/after of entries about it. The trigger that keeps the log
   * append-only lets these updates through only while this transaction has turned its switch on.
   */
  async redactUser(userId: number, account: string, placeholder: string, personalKeys: readonly string[]): Promise<void> {
    const masked = (column: typeof auditLog.before | typeof auditLog.after) => sql`case when ${column} is null then null else (
      select coalesce(jsonb_object_agg(e.key, case
        when e.key = any(${sql.raw(`array[${personalKeys.map((k) => `'${k.replace(/'/g, "''")}'`).join(',') || "''"}]`)}::text[])
          or e.value = to_jsonb(${account}::text) then to_jsonb(${placeholder}::text)
        else e.value end), '{}'::jsonb)
      from jsonb_each(${column}) as e) end`;
    await this.db.execute(sql`select set_config('fuliaotong.audit_redaction', 'on', true)`);
    await this.db.update(auditLog).set({ actorAccount: placeholder }).where(eq(auditLog.actorId, userId));
    await this.db
      .update(auditLog)
      .set({ before: masked(auditLog.before), after: masked(auditLog.after), summary: sql`replace(${auditLog.summary}, ${account}, ${placeholder})` })
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId))));
    await this.db.execute(sql`select set_config('fuliaotong.audit_redaction', 'off', true)`);
  }
}
