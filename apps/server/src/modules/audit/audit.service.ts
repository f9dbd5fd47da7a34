import { AuditQuery as AuditQuerySchema, type AuditPage, type AuditQuery } from '@fuliaotong/contracts';
import { beijingDayEnd, beijingDayStart } from '../../shared/beijing-time.js';
import type { AuditRepository } from './audit.repository.js';

/** Reading the audit log (admin). Entries are written by `recordChange` in each change's transaction. */
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async list(rawQuery: AuditQuery): Promise<AuditPage> {
    const query = AuditQuerySchema.parse(rawQuery);
    const { rows, totalCount } = await this.audit.page(
      {
        keyword: query.keyword,
        entityType: query.entityType,
        entityId: query.entityId,
        actorId: query.actorId,
        from: query.from ? beijingDayStart(query.from) : undefined,
        until: query.to ? beijingDayEnd(query.to) : undefined,
      },
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actorId: row.actorId,
        actorAccount: row.actorAccount,
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        summary: row.summary,
        before: row.before,
        after: row.after,
        ip: row.ip,
      })),
      totalCount,
    };
  }
}
