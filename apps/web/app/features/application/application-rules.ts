import { APPLICATION_STATUSES, applicationTransitions } from '@fuliaotong/contracts/constants';
import type { ApplicationStatus, ApplicationAction, ApplicationSummary } from '@fuliaotong/contracts';
import { idFrom } from './sample-ids';

/** The transitions `role` may make from `status` (from the contract's table). */
export function allowedActions(status: ApplicationStatus, role: 'staff' | 'member'): ApplicationAction[] {
  return (Object.keys(applicationTransitions) as ApplicationAction[]).filter((action) => {
    const transition = applicationTransitions[action];
    return transition.by === role && (transition.from as readonly ApplicationStatus[]).includes(status);
  });
}

/** A status from the query string, or undefined for "all". */
export function statusParam(value: string | null): ApplicationStatus | undefined {
  return APPLICATION_STATUSES.find((status) => status === value);
}

/** A page number from the query string (1 when missing or nonsense). */
export function pageParam(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** An id from the query string: a positive integer, else undefined. */
export function idParam(value: string | null): number | undefined {
  return idFrom(value) ?? undefined;
}

/** "微晶纤维素、乳糖 等 3 项" — the first names the list carries, and how many there are. */
export function itemsText(item: Pick<ApplicationSummary, 'itemNames' | 'itemCount'>): string {
  const names = item.itemNames.join('、');
  return item.itemCount > item.itemNames.length ? `${names} 等 ${item.itemCount} 项` : `${names}（${item.itemCount} 项）`;
}
