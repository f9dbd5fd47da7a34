import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRoleName, DocumentRequestStateName } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { escapeLike } from '../../shared/grams.js';
import { users } from '../account/account.schema.js';
import { companies, companyMembers } from '../company/company.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import type { ProductTie } from '../change-notice/change-notice.audience.js';
import { confidentialityAcceptances, confidentialityAgreements, documentDownloads, documentRequests } from './document-request.schema.js';

export type AgreementRow = typeof confidentialityAgreements.$inferSelect;
export type AcceptanceRow = typeof confidentialityAcceptances.$inferSelect;
export type DocumentRequestRow = typeof documentRequests.$inferSelect;
export type DocumentRequestValues = Omit<typeof documentRequests.$inferInsert, 'id' | 'number' | 'status'>;
export type DocumentRequestChanges = Partial<Omit<DocumentRequestRow, 'id' | 'number' | 'userId' | 'companyId' | 'acceptanceId' | 'createdAt' | 'updatedAt'>>;
export type DownloadRow = typeof documentDownloads.$inferSelect;

/** A company membership as far as documents care: which company, its name, which roles. */
export interface DocumentMembership {
  companyId: number;
  companyName: string;
  roles: CompanyRoleName[];
}

/** A request with the state people see (已过期 when approved and past its access) and its company's name. */
export type DocumentRequestListRow = Omit<DocumentRequestRow, 'status'> & { status: DocumentRequestStateName; storedStatus: DocumentRequestRow['status']; companyName: string };

export interface DocumentRequestFilter {
  companyId?: number;
  status?: DocumentRequestStateName;
  keyword?: string;
}

/** The agreement's versions, the signatures, the requests and their downloads. Reads companies, members and products. */
export class DocumentRequestRepository {
  constructor(private readonly db: Db) {}

  // ——— the agreement ———

  async currentAgreement(): Promise<AgreementRow | undefined> {
    const [row] = await this.db.select().from(confidentialityAgreements).orderBy(desc(confidentialityAgreements.version)).limit(1);
    return row;
  }

  async agreements(): Promise<Array<AgreementRow & { acceptances: number }>> {
    const rows = await this.db
      .select({ agreement: confidentialityAgreements, acceptances: sql<number>`(select count(*)::int from ${confidentialityAcceptances} where ${confidentialityAcceptances.agreementId} = ${confidentialityAgreements.id})` })
      .from(confidentialityAgreements)
      .orderBy(desc(confidentialityAgreements.version));
    return rows.map((row) => ({ ...row.agreement, acceptances: Number(row.acceptances) }));
  }

  /** Publishes the next version; the caller holds the lock that keeps versions in order. */
  async publish(values: Omit<typeof confidentialityAgreements.$inferInsert, 'id' | 'version'>): Promise<AgreementRow> {
    await this.db.execute(sql`lock table ${confidentialityAgreements} in share row exclusive mode`);
    const [row] = await this.db
      .insert(confidentialityAgreements)
      .values({ ...values, version: sql`(select coalesce(max(version), 0) + 1 from ${confidentialityAgreements})` })
      .returning();
    return row!;
  }

  async acceptanceOf(agreementId: number, userId: number): Promise<AcceptanceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(confidentialityAcceptances)
      .where(and(eq(confidentialityAcceptances.agreementId, agreementId), eq(confidentialityAcceptances.userId, userId)));
    return row;
  }

  async acceptance(id: number): Promise<AcceptanceRow | undefined> {
    const [row] = await this.db.select().from(confidentialityAcceptances).where(eq(confidentialityAcceptances.id, id));
    return row;
  }

  /** Records a signature; a second one of the same version by the same person changes nothing and answers the first. */
  async accept(values: Omit<AcceptanceRow, 'id'>): Promise<AcceptanceRow> {
    const [row] = await this.db.insert(confidentialityAcceptances).values(values).onConflictDoNothing().returning();
    return row ?? (await this.acceptanceOf(values.agreementId, values.userId))!;
  }

  async companyAcceptances(companyId: number): Promise<AcceptanceRow[]> {
    return this.db.select().from(confidentialityAcceptances).where(eq(confidentialityAcceptances.companyId, companyId)).orderBy(desc(confidentialityAcceptances.acceptedAt), desc(confidentialityAcceptances.id));
  }

  // ——— who is asking, and about what ———

  async membershipOf(userId: number): Promise<DocumentMembership | undefined> {
    const [row] = await this.db
      .select({ companyId: companyMembers.companyId, companyName: companies.name, roles: companyMembers.roles })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    return row;
  }

  async companyMemberIds(companyId: number, roles: readonly CompanyRoleName[]): Promise<number[]> {
    const rows = await this.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), or(...roles.map((role) => sql`${role} = any(${companyMembers.roles})`))));
    return rows.map((row) => row.userId);
  }

  /** A product on the site: its Chinese name and its CDE registration numbers. */
  async product(id: number): Promise<{ id: number; name: string; regNos: string[] } | undefined> {
    const [row] = await this.db
      .select({ id: excipients.id, name: excipients.nameZh, regNos: excipients.regNos })
      .from(excipients)
      .where(and(eq(excipients.id, id), eq(excipients.published, true)));
    return row;
  }

  async regNosOf(excipientId: number | null): Promise<string[]> {
    if (excipientId === null) return [];
    const [row] = await this.db.select({ regNos: excipients.regNos }).from(excipients).where(eq(excipients.id, excipientId));
    return row?.regNos ?? [];
  }

  /** The members of companies holding an approved, unexpired 授权使用书 for the product (the requester, for their company). */
  async holdersOf(excipientId: number, now: Date): Promise<ProductTie[]> {
    const rows = await this.db
      .selectDistinct({ userId: documentRequests.userId, companyId: documentRequests.companyId })
      .from(documentRequests)
      .where(
        and(
          eq(documentRequests.excipientId, excipientId),
          eq(documentRequests.kind, 'authorization'),
          eq(documentRequests.status, 'approved'),
          sql`(${documentRequests.expiresAt} is null or ${documentRequests.expiresAt} > ${now.toISOString()}::timestamptz)`,
        ),
      );
    return rows.map((row) => ({ ...row, reason: 'document_holder' as const }));
  }

  // ——— requests ———

  async nextId(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(this.db, sql`select nextval(pg_get_serial_sequence('document_requests', 'id'))::int as id`);
    return row!.id;
  }

  async insert(id: number, number: string, values: DocumentRequestValues): Promise<void> {
    await this.db.insert(documentRequests).values({ ...values, id, number, status: 'pending' });
  }

  private static shown(now: Date): SQL<DocumentRequestStateName> {
    return sql<DocumentRequestStateName>`case when ${documentRequests.status} = 'approved' and ${documentRequests.expiresAt} is not null and ${documentRequests.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else ${documentRequests.status} end`;
  }

  private listed(now: Date) {
    return this.db
      .select({ request: documentRequests, shown: DocumentRequestRepository.shown(now), companyName: companies.name })
      .from(documentRequests)
      .innerJoin(companies, eq(companies.id, documentRequests.companyId));
  }

  private static row(row: { request: DocumentRequestRow; shown: DocumentRequestStateName; companyName: string }): DocumentRequestListRow {
    return { ...row.request, status: row.shown, storedStatus: row.request.status, companyName: row.companyName };
  }

  /** A request with its names; `lock` holds it until the transaction ends (one step at a time). */
  async find(id: number, now: Date, lock = false): Promise<DocumentRequestListRow | undefined> {
    if (lock) await this.db.select({ id: documentRequests.id }).from(documentRequests).where(eq(documentRequests.id, id)).for('update');
    const [row] = await this.listed(now).where(eq(documentRequests.id, id));
    return row && DocumentRequestRepository.row(row);
  }

  async update(id: number, changes: DocumentRequestChanges, at: Date): Promise<void> {
    await this.db
      .update(documentRequests)
      .set({ ...changes, updatedAt: at })
      .where(eq(documentRequests.id, id));
  }

  /** A page of requests (pending first on the desk, newest first for a company) with the count per shown state. */
  async page(filter: DocumentRequestFilter, now: Date, order: 'newest' | 'pending first', limit: number, offset: number) {
    const base: SQL[] = [];
    if (filter.companyId !== undefined) base.push(eq(documentRequests.companyId, filter.companyId));
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      base.push(or(ilike(documentRequests.number, pattern), ilike(companies.name, pattern), ilike(documentRequests.productName, pattern))!);
    }
    const shown = DocumentRequestRepository.shown(now);
    const where = and(...base, ...(filter.status ? [sql`${shown} = ${filter.status}`] : []));
    const ordering =
      order === 'pending first'
        ? [sql`case when ${documentRequests.status} = 'pending' then 0 else 1 end`, desc(documentRequests.updatedAt), desc(documentRequests.id)]
        : [desc(documentRequests.createdAt), desc(documentRequests.id)];
    const [rows, [total], counts] = await Promise.all([
      this.listed(now).where(where).orderBy(...ordering).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(documentRequests).innerJoin(companies, eq(companies.id, documentRequests.companyId)).where(where),
      this.db
        .select({ status: shown, n: count() })
        .from(documentRequests)
        .innerJoin(companies, eq(companies.id, documentRequests.companyId))
        .where(and(...base))
        .groupBy(sql`1`),
    ]);
    return { rows: rows.map((row) => DocumentRequestRepository.row(row)), totalCount: total?.n ?? 0, counts };
  }

  // ——— downloads ———

  async logDownload(values: Omit<DownloadRow, 'id'>): Promise<void> {
    await this.db.insert(documentDownloads).values(values);
  }

  async downloads(requestId: number): Promise<Array<DownloadRow & { account: string }>> {
    const rows = await this.db
      .select({ download: documentDownloads, account: users.account })
      .from(documentDownloads)
      .innerJoin(users, eq(users.id, documentDownloads.userId))
      .where(eq(documentDownloads.requestId, requestId))
      .orderBy(desc(documentDownloads.at), desc(documentDownloads.id));
    return rows.map((row) => ({ ...row.download, account: row.account }));
  }

  // ——— deleting an account ———

  async renameDownloader(userId: number, name: string): Promise<void> {
    await this.db.update(documentDownloads).set({ name }).where(eq(documentDownloads.userId, userId));
  }

  /** Pending requests of the user's (withdrawn when their account goes). */
  async pendingOf(userId: number): Promise<Array<{ id: number; number: string }>> {
    return this.db
      .select({ id: documentRequests.id, number: documentRequests.number })
      .from(documentRequests)
      .where(and(eq(documentRequests.userId, userId), eq(documentRequests.status, 'pending')))
      .orderBy(asc(documentRequests.id));
  }
}

