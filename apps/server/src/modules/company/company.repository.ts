import { and, asc, count, desc, eq, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRoleName, CompanyStateName } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import type { Ports } from '../../kernel/module.js';
import { escapeLike } from '../../shared/grams.js';
import { users } from '../account/account.schema.js';
import { companies, companyInvitations, companyMembers } from './company.schema.js';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Pick<CompanyRow, 'name' | 'creditCode' | 'contactName' | 'contactPhone'>;
export type MemberRow = typeof companyMembers.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
/** A member with what the company's pages and the desk show of the account. */
export type MemberView = MemberRow & { account: string; nickName: string; name: string };
/** An invitation addressed to someone, with its company. */
export type InvitationView = InvitationRow & { companyName: string; companyStatus: CompanyStateName };
export type CompanyUse = { applications: number; items: number };

/** Companies (`companies`), their members (`company_members`) and invitations (`company_invitations`). */
export class CompanyRepository {
  constructor(
    private readonly db: Db,
    private readonly ports: Pick<Ports, 'companySampleUse'>,
  ) {}

  async insert(values: typeof companies.$inferInsert): Promise<CompanyRow> {
    const [row] = await this.db.insert(companies).values(values).returning();
    return row!;
  }

  async find(id: number): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id));
    return row;
  }

  /** Locks the company's row until the transaction ends: one change of a company (or of its allowance's use) at a time. */
  async lock(id: number): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id)).for('update');
    return row;
  }

  async update(id: number, changes: Partial<Omit<CompanyRow, 'id' | 'createdAt'>>, at: Date): Promise<CompanyRow> {
    const [row] = await this.db
      .update(companies)
      .set({ ...changes, updatedAt: at })
      .where(eq(companies.id, id))
      .returning();
    return row!;
  }

  /** A page of companies for the desk: waiting for verification first, then the newest. */
  async page(filter: { status?: CompanyStateName; keyword?: string }, limit: number, offset: number): Promise<{ rows: Array<CompanyRow & { memberCount: number }>; totalCount: number }> {
    const pattern = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
    const where = and(
      filter.status ? eq(companies.status, filter.status) : undefined,
      pattern ? or(ilike(companies.name, pattern), ilike(companies.creditCode, pattern)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ company: companies, memberCount: this.memberCount() })
        .from(companies)
        .where(where)
        .orderBy(sql`case when ${companies.status} = 'pending' then 0 else 1 end`, desc(companies.createdAt), desc(companies.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(companies).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.company, memberCount: row.memberCount })), totalCount: total?.n ?? 0 };
  }

  private memberCount(): SQL<number> {
    return sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`.mapWith(Number);
  }

  /** What the company's sample applications from `since` until `until` use of its allowance. */
  async sampleUse(companyId: number, since: Date, until: Date, except?: number): Promise<CompanyUse> {
    const use = this.ports.companySampleUse(companies.id, since, until, except);
    const [row] = await this.db.select({ applications: use.applications, items: use.items }).from(companies).where(eq(companies.id, companyId));
    return row ?? { applications: 0, items: 0 };
  }

  // ——— members ———

  /** The user's membership (at most one), with the company. */
  async membershipOf(userId: number): Promise<{ member: MemberRow; company: CompanyRow } | undefined> {
    const [row] = await this.db
      .select({ member: companyMembers, company: companies })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    return row;
  }

  async member(companyId: number, userId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    return row;
  }

  async members(companyId: number): Promise<MemberView[]> {
    const rows = await this.db
      .select({ member: companyMembers, account: users.account, nickName: users.nickName, name: users.name })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.userId));
    return rows.map((row) => ({ ...row.member, account: row.account, nickName: row.nickName, name: row.name }));
  }

  async countMembers(companyId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId));
    return row?.n ?? 0;
  }

  /** The company's members holding the 管理员 role. */
  async adminIds(companyId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), sql`'admin' = any(${companyMembers.roles})`));
    return rows.map((row) => row.userId);
  }

  /**
   * The current memberships of `userIds`, and the members holding one of `roles` of the companies those
   * users belong to or `companyIds` name: each as { userId, companyId }.
   */
  async reachOf(userIds: readonly number[], companyIds: readonly number[], roles: readonly CompanyRoleName[]): Promise<Array<{ userId: number; companyId: number }>> {
    if (userIds.length === 0 && companyIds.length === 0) return [];
    const ids = (list: readonly number[]) => (list.length === 0 ? sql`(null)` : sql`(${sql.join(list.map((id) => sql`${id}`), sql`, `)})`);
    const roleList = sql`array[${sql.join(roles.map((role) => sql`${role}`), sql`, `)}]::text[]`;
    const own = this.db
      .select({ userId: companyMembers.userId, companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(sql`${companyMembers.userId} in ${ids(userIds)}`);
    const reached = await own;
    const companiesReached = [...new Set([...reached.map((row) => row.companyId), ...companyIds])];
    if (companiesReached.length === 0) return reached;
    const colleagues = await this.db
      .select({ userId: companyMembers.userId, companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(and(sql`${companyMembers.companyId} in ${ids(companiesReached)}`, sql`${companyMembers.roles}::text[] && ${roleList}`));
    return [...reached, ...colleagues];
  }

  /** Adds a member; a user already in a company fails with the database's unique violation (23505). */
  async addMember(values: typeof companyMembers.$inferInsert): Promise<MemberRow> {
    const [row] = await this.db.insert(companyMembers).values(values).returning();
    return row!;
  }

  async setRoles(companyId: number, userId: number, roles: CompanyRoleName[]): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .update(companyMembers)
      .set({ roles })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .returning();
    return row;
  }

  async removeMember(companyId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .returning({ userId: companyMembers.userId });
    return rows.length > 0;
  }

  // ——— invitations ———

  async invitations(companyId: number): Promise<InvitationRow[]> {
    return this.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId)).orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  }

  /** The company's invitation waiting for an answer from this address (expired or not). */
  async pendingTo(companyId: number, account: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.account, account), eq(companyInvitations.status, 'pending')));
    return row;
  }

  async insertInvitation(values: typeof companyInvitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await this.db.insert(companyInvitations).values(values).returning();
    return row!;
  }

  async invitation(id: number, lock = false): Promise<InvitationRow | undefined> {
    const query = this.db.select().from(companyInvitations).where(eq(companyInvitations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The invitations addressed to these accounts that wait for an answer and have not expired, with their companies. */
  async waitingFor(account: string, now: Date): Promise<InvitationView[]> {
    const rows = await this.db
      .select({ invitation: companyInvitations, companyName: companies.name, companyStatus: companies.status })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(and(eq(companyInvitations.account, account), eq(companyInvitations.status, 'pending'), sql`${companyInvitations.expiresAt} > ${now}`))
      .orderBy(desc(companyInvitations.createdAt));
    return rows.map((row) => ({ ...row.invitation, companyName: row.companyName, companyStatus: row.companyStatus }));
  }

  async answer(id: number, status: 'accepted' | 'declined', userId: number, at: Date): Promise<void> {
    await this.db.update(companyInvitations).set({ status, answeredBy: userId, answeredAt: at }).where(eq(companyInvitations.id, id));
  }

  async deleteInvitation(id: number): Promise<void> {
    await this.db.delete(companyInvitations).where(eq(companyInvitations.id, id));
  }

  /**
   * Deletes the invitations that expired unanswered and whose address no account holds: they keep the
   * contact of a person who never agreed to anything. Answers how many went.
   */
  async purgeExpiredToNobody(now: Date): Promise<number> {
    const rows = await this.db
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.status, 'pending'),
          lt(companyInvitations.expiresAt, now),
          sql`not exists (select 1 from ${users} where ${users.account} = ${companyInvitations.account} and ${users.deletedAt} is null)`,
        ),
      )
      .returning({ id: companyInvitations.id });
    return rows.length;
  }

  // ——— deleting an account ———

  /** Deletes the user's membership and the invitations addressed to their account or answered by them. */
  async forgetPerson(userId: number, account: string): Promise<void> {
    await this.db.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await this.db.delete(companyInvitations).where(or(eq(companyInvitations.account, account), eq(companyInvitations.answeredBy, userId)));
  }

  /** Empties the contact of the companies whose contact phone is this (deleted) account. */
  async clearContact(phone: string, at: Date): Promise<void> {
    await this.db
      .update(companies)
      .set({ contactName: '', contactPhone: '', updatedAt: at })
      .where(and(eq(companies.contactPhone, phone), ne(companies.contactPhone, '')));
  }
}
