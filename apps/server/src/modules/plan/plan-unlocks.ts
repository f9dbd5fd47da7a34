import {
  DATABASE_FIELDS,
  databaseLabels,
  documentKindLabels,
  type AccessLevel,
  type DatabaseCode,
  type DocumentKind,
  type PlanKind,
  type PlanUnlock,
} from '@fuliaotong/contracts';
import type { ExcipientReads } from '../excipient/excipient.repositories.js';
import type { ReferenceReads } from '../reference/reference.repositories.js';

/** What the site holds now that a plan may unlock: its databases (with their sizes) and its 会员资料. */
export interface SiteContent {
  databases: Array<{ code: DatabaseCode; name: string; access: AccessLevel; recordCount: number }>;
  memberDocuments: Array<{ kind: DocumentKind; count: number }>;
}

/** Where the databases and documents a plan unlocks are read. */
export interface ContentReads {
  reference: ReferenceReads;
  excipients: ExcipientReads;
}

export async function readSiteContent({ reference, excipients }: ContentReads): Promise<SiteContent> {
  const [rows, memberDocuments] = await Promise.all([reference.databases(), excipients.documentCounts('member')]);
  const databases = await Promise.all(
    rows.map(async (row) => ({ code: row.code, name: row.name, access: row.access, recordCount: (await reference.stats(row.code)).recordCount })),
  );
  return { databases, memberDocuments };
}

interface Scope {
  kind: PlanKind;
  databaseCode: DatabaseCode | null;
}

/**
 * What a plan's holder sees that a signed-in user without it does not: for each database it reaches
 * (membership: every one) that has records, its 会员可见 fields (DATABASE_FIELDS) — or all of it, when
 * the whole database is 会员可见 — and for membership the 会员资料 of published products. Empty when the
 * plan would sell nothing.
 */
export function unlocksOf(plan: Scope, content: SiteContent): PlanUnlock[] {
  const unlocks: PlanUnlock[] = [];
  for (const database of content.databases) {
    if (plan.kind === 'database' && database.code !== plan.databaseCode) continue;
    if (database.recordCount === 0) continue;
    const fields = DATABASE_FIELDS[database.code];
    const member: string[] = Object.values(fields.member);
    const entry = { database: database.code, name: database.name, count: database.recordCount };
    if (database.access === 'member') unlocks.push({ ...entry, signedIn: [], unlocked: [...fields.signedIn, ...member] });
    else if (member.length > 0) unlocks.push({ ...entry, signedIn: [...fields.signedIn], unlocked: member });
  }
  const documents = content.memberDocuments.reduce((sum, d) => sum + d.count, 0);
  if (plan.kind === 'membership' && documents > 0) {
    unlocks.push({
      database: null,
      name: '会员资料下载',
      count: documents,
      signedIn: ['公开资料', '登录后下载的资料'],
      unlocked: content.memberDocuments.map((d) => `${documentKindLabels[d.kind]} ${d.count} 份`),
    });
  }
  return unlocks;
}

/** Why a plan unlocks nothing, in words for the plan desk. */
export function whyNothing(plan: Scope, content: SiteContent): string {
  if (plan.kind === 'membership') return '网站上还没有会员可见的数据库字段或会员资料';
  const code = plan.databaseCode;
  const database = content.databases.find((d) => d.code === code);
  if (!code) return '没有选择数据库';
  if (!database) return `“${databaseLabels[code]}”尚未在网站上提供`;
  if (database.recordCount === 0) return `“${database.name}”还没有记录`;
  return `“${database.name}”没有会员可见的字段，登录用户已能看到全部内容`;
}
