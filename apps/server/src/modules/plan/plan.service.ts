import type { AdminPlan, AdminPlanList, PlanBody, PlanList } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { ownPlan } from './plan.repositories.js';
import type { PlanRepositories } from './plan.repositories.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { PlanRepository, PlanRow } from './plan.repository.js';
import { readSiteContent, unlocksOf, whyNothing, type ContentReads, type SiteContent } from './plan-unlocks.js';

function toAdminPlan(row: PlanRow, content: SiteContent): AdminPlan {
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
    unlocks: unlocksOf(row, content),
  };
}


/** A plan as the audit log keeps it. */
function auditView(plan: AdminPlan): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, unlocks: _unlocks, ...fields } = plan;
  return fields;
}

/** A plan on sale must unlock something a signed-in user cannot see without it (docs/decisions/0043). */
function refuseEmpty(body: PlanBody, content: SiteContent): void {
  if (!body.onSale || unlocksOf(body, content).length > 0) return;
  throw new AppError('conflict', `该方案开通后看不到任何新内容：${whyNothing(body, content)}。请选择有会员可见内容的数据库，或先设为不在售`);
}

/**
 * Plans: membership (for one account or a company's seats) and a year of one database, with prices in
 * 分. Members read those on sale, each with what it unlocks; finance keeps them on the plan desk, each
 * change audited, and cannot put on sale a plan that unlocks nothing. A change never touches what was
 * sold before (a sale records its own price and term).
 */
export class PlanService {
  constructor(
    private readonly plans: PlanRepository,
    private readonly transactor: Transactor<PlanRepositories>,
    /** Where the databases and documents a plan unlocks are read. */
    private readonly content: ContentReads,
  ) {}

  /** A plan by id (an order is placed for it, in the order's transaction). */
  find(id: number, within?: Tx): Promise<PlanRow | undefined> {
    return (within ? ownPlan(within).plans : this.plans).find(id);
  }

  async onSale(): Promise<PlanList> {
    const [rows, content] = await Promise.all([this.plans.list(true), readSiteContent(this.content)]);
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
        unlocks: unlocksOf(row, content),
      })),
    };
  }

  async all(): Promise<AdminPlanList> {
    const [rows, content] = await Promise.all([this.plans.list(false), readSiteContent(this.content)]);
    return { items: rows.map((row) => toAdminPlan(row, content)) };
  }

  async create(actor: StaffActor, body: PlanBody): Promise<AdminPlan> {
    // Read before the change's transaction: the databases and documents are other modules' rows.
    const content = await readSiteContent(this.content);
    return this.transactor.transaction(async (within) => {
      refuseEmpty(body, content);
      const plan = toAdminPlan(await within.plans.insert(body), content);
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

  async update(actor: StaffActor, id: number, body: PlanBody): Promise<AdminPlan> {
    // Read before the change's transaction: the databases and documents are other modules' rows.
    const content = await readSiteContent(this.content);
    return this.transactor.transaction(async (within) => {
      const before = await within.plans.find(id);
      if (!before) throw new AppError('not_found', '方案不存在');
      refuseEmpty(body, content);
      const row = await within.plans.update(id, body);
      if (!row) throw new AppError('not_found', '方案不存在');
      const plan = toAdminPlan(row, content);
      await recordChange(within, actor, {
        action: 'plan.update',
        entityType: 'plan',
        entityId: id,
        summary: `修改方案“${plan.name}”`,
        before: auditView(toAdminPlan(before, content)),
        after: auditView(plan),
      });
      return plan;
    });
  }
}
