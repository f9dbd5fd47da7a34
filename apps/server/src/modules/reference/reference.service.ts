import {
  lockedMessages,
  memberFieldsOf,
  type DatabaseCode,
  type DatabaseInfo,
  type DatabaseList,
  type DatabaseRecordQuery,
  type StandardRecord,
  type UsageRecord,
} from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import { unlocks, type Viewer } from '../account/auth.guard.js';
import type { SessionCache } from '../account/session-cache.js';
import type { DatabaseRow, OpenStandardRow, ReferenceRepository, StandardRow, UsageRow } from './reference.repository.js';

/** Why the caller may not list a database's records, or null when it may. */
function lockOf(database: DatabaseRow, viewer: Viewer): { status: 'unauthorized' | 'forbidden'; message: string } | null {
  if (database.access === 'public') return null;
  if (viewer.userId === null) return { status: 'unauthorized', message: lockedMessages[database.access] };
  if (database.access === 'member' && !unlocks(viewer, database.code)) return { status: 'forbidden', message: lockedMessages.member };
  return null;
}

function toUsage(row: UsageRow, viewer: Viewer): UsageRecord {
  const record: UsageRecord = { id: row.id, ingredient: row.ingredient, route: row.route, dosageForm: row.dosageForm, locked: [] };
  if (unlocks(viewer, 'usage')) record.maxAmount = row.maxAmount;
  else record.locked.push({ level: 'member', message: lockedMessages.member, fields: memberFieldsOf('usage'), database: 'usage' });
  return record;
}

/** A standard: its 检验项目 and 修订说明 for holders of the standards database (or a membership). */
function toStandard(row: StandardRow | OpenStandardRow, viewer: Viewer): StandardRecord {
  if ('testItems' in row && unlocks(viewer, 'standard')) return { ...row, locked: [] };
  const { id, name, nameEn, pharmacopoeia, edition, status, effectiveOn } = row;
  const locked = [{ level: 'member' as const, message: lockedMessages.member, fields: memberFieldsOf('standard'), database: 'standard' as const }];
  return { id, name, nameEn, pharmacopoeia, edition, status, effectiveOn, locked };
}

/** An entry of the access cache lasts its time to live, whatever this says. */
const NEVER = new Date(8.64e15);

/** The databases (/database): registration records, pharmacopoeia standards and usage data. */
export class ReferenceService {
  constructor(
    private readonly reference: ReferenceRepository,
    /** The databases' rows as their records' requests read them, reused for a second (reference.module.ts). */
    private readonly access?: SessionCache<DatabaseRow | undefined>,
  ) {}

  async list(viewer: Viewer): Promise<DatabaseList> {
    const rows = await this.reference.databases();
    const items = await Promise.all(rows.map((row) => this.info(row, viewer)));
    return { items, totalCount: items.length };
  }

  async info(row: DatabaseRow, viewer: Viewer): Promise<DatabaseInfo> {
    const { recordCount, updatedOn } = await this.reference.stats(row.code);
    const lock = lockOf(row, viewer);
    return {
      code: row.code,
      name: row.name,
      description: row.description,
      access: row.access,
      recordCount,
      updatedOn,
      accessible: lock === null,
      lockedMessage: lock?.message ?? null,
    };
  }

  async records(code: DatabaseCode, query: DatabaseRecordQuery, viewer: Viewer) {
    await this.authorize(code, viewer);
    if (code === 'standard') {
      // The member fields are read only for a reader they are shown to.
      const { items, totalCount } = await this.reference.standards(query, unlocks(viewer, 'standard') ? 'all' : 'open');
      return { items: items.map((row) => toStandard(row, viewer)), totalCount };
    }
    const { items, totalCount } = await this.reference.usages(query);
    return { items: items.map((row) => toUsage(row, viewer)), totalCount };
  }

  async record(code: DatabaseCode, id: number, viewer: Viewer): Promise<StandardRecord | UsageRecord> {
    await this.authorize(code, viewer);
    const record = code === 'standard' ? await this.reference.standard(id) : await this.reference.usage(id);
    if (!record) throw new AppError('not_found', '记录不存在');
    return 'ingredient' in record ? toUsage(record, viewer) : toStandard(record, viewer);
  }

  /** Registration records have their own API; the others need the database's access level. */
  private async authorize(code: DatabaseCode, viewer: Viewer): Promise<void> {
    if (code === 'registration') {
      throw new AppError('bad_request', '原辅包登记信息请通过 /api/app/registration 查询');
    }
    const database = this.access
      ? await this.access.lookup(code, async () => ({ value: await this.reference.database(code), keepUntil: NEVER }))
      : await this.reference.database(code);
    if (!database) throw new AppError('not_found', '数据库不存在');
    const lock = lockOf(database, viewer);
    if (lock?.status === 'unauthorized') {
      throw new AppError('unauthorized', database.access === 'member' ? '该数据库会员可见，请先登录' : '该数据库登录后可查看，请先登录');
    }
    if (lock) throw new AppError('forbidden', '会员可见，请升级会员');
  }
}
