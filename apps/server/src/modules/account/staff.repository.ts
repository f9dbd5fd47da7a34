import { eq } from 'drizzle-orm';
import type { Role } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { users } from './account.schema.js';

/** Who is staff (工作人员): used by the `create-staff` command. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  async findByAccount(account: string): Promise<{ id: number; role: Role } | undefined> {
    const [row] = await this.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.account, account));
    return row;
  }

  async makeStaff(id: number): Promise<void> {
    await this.db.update(users).set({ role: 'staff', updatedAt: new Date() }).where(eq(users.id, id));
  }

  async createStaff(account: string, passwordHash: string): Promise<number> {
    const [row] = await this.db.insert(users).values({ account, passwordHash, role: 'staff' }).returning({ id: users.id });
    return row!.id;
  }
}
