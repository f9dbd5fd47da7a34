import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@fuliaotong/contracts';
import type { Db } from '../db/database.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { users } from '../modules/account/account.schema.js';

/** Who made a change from the command line, as the audit log names it. */
export const COMMAND_LINE_ACTOR = '命令行 create-staff';

/** Staff roles given from the command line (`create-staff`), each recorded in the audit log. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  async findByAccount(account: string): Promise<{ id: number; roles: StaffRole[] } | undefined> {
    const [row] = await this.db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.account, account));
    return row;
  }

  /** Whether an account that is not disabled holds the administrator's role. */
  async hasAdministrator(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = ANY(${users.roles})`, isNull(users.disabledAt)))
      .limit(1);
    return row !== undefined;
  }

  /** Adds `roles` to the account's roles. */
  async addRoles(id: number, account: string, before: StaffRole[], roles: StaffRole[]): Promise<StaffRole[]> {
    const after = [...new Set([...before, ...roles])];
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ roles: after, updatedAt: new Date() }).where(eq(users.id, id));
      await new AuditRepository(tx).insert({
        actorAccount: COMMAND_LINE_ACTOR,
        action: 'user.roles',
        entityType: 'user',
        entityId: String(id),
        summary: `设置用户 ${account} 的工作人员角色`,
        before: { roles: before },
        after: { roles: after },
      });
    });
    return after;
  }

  async createStaff(account: string, passwordHash: string, roles: StaffRole[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ account, passwordHash, roles: sql`${`{${roles.join(',')}}`}::staff_role[]` })
        .returning({ id: users.id });
      await new AuditRepository(tx).insert({
        actorAccount: COMMAND_LINE_ACTOR,
        action: 'user.create',
        entityType: 'user',
        entityId: String(row!.id),
        summary: `创建工作人员账号 ${account}`,
        before: null,
        after: { roles },
      });
      return row!.id;
    });
  }
}
