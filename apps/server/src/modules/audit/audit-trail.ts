import type { AuditAction, AuditEntityType } from '@fuliaotong/contracts';
import { CONTENT_CHANGED } from '../../db/signals.js';
import type { Tx } from '../../db/transactor.js';
import { ownAudit } from './audit.repositories.js';

/** Who made a change: a signed-in member of the staff, from an address. */
export interface StaffActor {
  id: number;
  account: string;
  ip: string;
}

/** The site itself as the actor of a change a periodic job makes. */
export const SYSTEM_ACTOR = { id: null, account: '系统', ip: '' } as const;

/**
 * Who made a change the log records: a member of the staff, a buyer acting on what the staff handle
 * with them (a price request, docs/decisions/0062), or the site itself (`SYSTEM_ACTOR`, a periodic job).
 */
export type AuditActor = StaffActor | typeof SYSTEM_ACTOR;

export interface Change {
  /** A stable slug: `user.update`, `settings.update`, `excipient.create` … (each has a Chinese name). */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  /** What happened, in Chinese, for people reading the log. */
  summary: string;
  /** The row's values before (null: it did not exist) and after (null: it is gone). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Values as JSON stores them (dates as ISO strings), so that equal values compare equal. */
function plain(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * Of two versions of a row, the fields that differ (both sides); all fields when one side is null.
 * Returns null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | null {
  if (!before || !after) {
    return { before: before ? (plain(before) as Record<string, unknown>) : null, after: after ? (plain(after) as Record<string, unknown>) : null };
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of keys) {
    const a = plain(before[key]);
    const b = plain(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[key] = a;
      is[key] = b;
    }
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : null;
}

/**
 * The rows no page or answer shared between visitors shows: a person's or a company's own business with
 * the supplier (their applications, orders, invoices, price requests, sales orders, document requests,
 * the agreement they sign in the account area), what only signed-in people look up (change notices, batches
 * and their COAs) and the accounts themselves. A change to one of them
 * leaves the shared caches as they are: a busy day of orders must not make every visitor's next page a
 * render (docs/decisions/0030). Everything else — products, articles, the databases, settings, plans —
 * is on shared pages.
 */
const PRIVATE_ROWS: ReadonlySet<AuditEntityType> = new Set<AuditEntityType>([
  'user',
  'application',
  'order',
  'invoice',
  'company',
  'quote',
  'sales_order',
  'document_request',
  'confidentiality_agreement',
  'change_notice',
  'batch',
]);

/** True when a change to rows of this kind may change a shared page or answer. */
export function showsOnSharedPages(entityType: AuditEntityType): boolean {
  return !PRIVATE_ROWS.has(entityType);
}

/**
 * Records a staff change (or a buyer's or a job's step the staff work with) in the audit log, in the
 * caller's transaction (`within`): the entry exists exactly when the change does (docs/decisions/0024).
 * Only the fields that changed are kept; a change that changed nothing is not recorded.
 *
 * Every change the staff make passes here, so this is also where it is announced: once the
 * transaction has committed, every server process on the database hears that content changed and
 * drops the pages it cached (docs/decisions/0030) — unless no shared page shows rows of its kind
 * (`showsOnSharedPages`). Announced even when the audit view shows no difference: a service's audit
 * view may leave out a field a page shows.
 */
export async function recordChange(within: Tx, actor: AuditActor, change: Change): Promise<void> {
  if (showsOnSharedPages(change.entityType)) {
    within.afterCommit(() => void within.signals.publish(CONTENT_CHANGED, `${change.action} ${change.entityId ?? ''}`.trim()));
  }
  const fields = changedFields(change.before, change.after);
  if (!fields) return;
  await ownAudit(within).audit.insert({
    actorId: actor.id,
    actorAccount: actor.account,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === null ? null : String(change.entityId),
    summary: change.summary,
    before: fields.before,
    after: fields.after,
    ip: actor.ip,
  });
}
