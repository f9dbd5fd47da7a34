import { z } from 'zod';
import { IsoDate } from './access.js';
import { PageQuery } from './common.js';
import { text } from './text.js';

/*
 * The audit log (administrators): who changed what, when, with the values before and after.
 */

export const AuditQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional().describe('In the summary, the actor\'s account or the changed row\'s id'),
  entityType: text().trim().max(40).optional().describe('The kind of row changed: user, setting, excipient, article …'),
  entityId: text().trim().max(40).optional().describe('With entityType: the history of one row'),
  actorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  from: IsoDate.optional().describe('From this day (Beijing time)'),
  to: IsoDate.optional().describe('To the end of this day (Beijing time)'),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    actorId: z.number().int().nullable(),
    actorAccount: z.string().describe('The account as it was then; masked once the account is deleted'),
    action: z.string().describe('A stable slug: user.update, settings.update, excipient.create …'),
    entityType: z.string(),
    entityId: z.string().nullable(),
    summary: z.string().describe('What happened, in Chinese'),
    before: z.record(z.string(), z.unknown()).nullable().describe('The changed values before'),
    after: z.record(z.string(), z.unknown()).nullable().describe('The changed values after'),
    ip: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), totalCount: z.number().int() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;
