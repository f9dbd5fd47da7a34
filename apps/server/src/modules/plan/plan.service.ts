import type { AdminPlan, AdminPlanList, PlanBody, PlanList } from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { PlanRepository, PlanRow } from './plan.repository.js';

function toAdminPlan(row: PlanRow): AdminPlan {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    priceFen: row.priceFen,
    days: row.days,
    databaseCode: row.databaseCode,
    seats: row.seats,
    description: row.description,
    onSale: row.onSale,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}


/** A plan as the audit log keeps it. */
function auditView(plan: AdminPlan): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, ...fields } = plan;
  return fields;
}

/**
 * Plans: membership (for one account or a company's seats) and a year of one database, with prices in
 * 分. Members read those on sale; finance keeps them on the plan desk, each change audited. A change
 * never touches what was sold before (a sale records its own price and term).
 */
export class PlanService {
  constructor(
    private readonly plans: PlanRepository,
    private readonly transactor: Transactor,
  ) {}

  async onSale(): Promise<PlanList> {
    const rows = await this.plans.list(true);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.name,
        priceFen: row.priceFen,
        days: row.days,
        ...(row.databaseCode ? { databaseCode: row.databaseCode } : {}),
        ...(row.seats ? { seats: row.seats } : {}),
        description: row.description,
      })),
    };
  }

  async all(): Promise<AdminPlanList> {
    return { items: (await this.plans.list(false)).map(toAdminPlan) };
  }

  create(actor: StaffActor, body: PlanBody): Promise<AdminPlan> {
    return this.transactor.transaction(async (within) => {
      const plan = toAdminPlan(await within.plans.insert(body));
      await recordChange(within, actor, {
        action: 'plan.create',
        entityType: 'plan',
        entityId: plan.id,
        summary: `新建方案“${plan.name}”`,
        before: null,
        after: auditView(plan),
      });
      return plan;
    });
  }

  update(actor: StaffActor, id: number, body: PlanBody): Promise<AdminPlan> {
    return this.transactor.transaction(async (within) => {
      const before = await within.plans.find(id);
      const row = before && (await within.plans.update(id, body));
      if (!before || !row) throw new AppError('not_found', '方案不存在');
      const plan = toAdminPlan(row);
      await recordChange(within, actor, {
        action: 'plan.update',
        entityType: 'plan',
        entityId: id,
        summary: `修改方案“${plan.name}”`,
        before: auditView(toAdminPlan(before)),
        after: auditView(plan),
      });
      return plan;
    });
  }
}
