import { MAX_REGISTRATION_WATCHES, WATCH_NOTICES_PER_IMPORT, type RegistrationWatch, type RegistrationWatchBody, type RegistrationWatchList, type RegistrationWatchState, type WATCHED_REGISTRATION_FIELDS, paths, withQuery } from '@fuliaotong/contracts';
import type { UserDirectory } from '../account/user-directory.js';
import { ownRegistrationWatch } from './registration-watch.repositories.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { RegistrationWatchRepositories } from './registration-watch.repositories.js';
import { AppError } from '../../http/errors.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { RegistrationReads } from '../registration/registration.repositories.js';
import { detailUrl } from '../seo/site-urls.js';
import type { RegistrationWatchListRow, RegistrationWatchRepository } from './registration-watch.repository.js';

/** The fields of a record a watch follows (and what names it). */
export interface WatchedRecord {
  regNo: string;
  name: string;
  company: string;
  reviewStatus: string;
  updatedOn: string;
}

/** A record an import or an edit wrote: `before` is null for a new record. */
export interface RegistrationChange {
  before: WatchedRecord | null;
  after: WatchedRecord;
}

type FieldChange = { field: (typeof WATCHED_REGISTRATION_FIELDS)[number]; before: string; after: string };

/** What changed in the fields a watch follows, by the fields' own names. */
export function watchedChanges(before: WatchedRecord, after: WatchedRecord): FieldChange[] {
  const fields: Array<[keyof WatchedRecord, FieldChange['field']]> = [
    ['reviewStatus', '与制剂共同审评审批结果'],
    ['updatedOn', '更新日期'],
    ['company', '企业名称'],
  ];
  return fields.filter(([key]) => before[key] !== after[key]).map(([key, field]) => ({ field, before: before[key], after: after[key] }));
}

/** Where a user's watches are listed. */
export const WATCH_LIST_PATH = withQuery(paths.favorites, { type: 'watch' });

function toWatch(row: RegistrationWatchListRow): RegistrationWatch {
  const record = row.scope === 'registration' ? row.record : null;
  return {
    id: row.id,
    scope: row.scope,
    name: row.scope === 'product' ? row.key : (record?.name ?? '该登记信息已不在库中'),
    regNo: row.scope === 'registration' ? row.key : null,
    company: record?.company ?? null,
    registrationId: record?.id ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Registration watch (登记关注): a user watches one CDE record or every record of a product; when an
 * import or an edit changes a watched record's 与制剂共同审评审批结果, 更新日期 or 企业名称 — or adds a
 * record of a watched product — the user gets a notice naming what changed, from what to what, in the
 * transaction that made the change.
 */
export class RegistrationWatchService {
  constructor(
    private readonly watches: RegistrationWatchRepository,
    private readonly registrations: RegistrationReads,
    private readonly notices: NoticeService,
    private readonly transactor: Transactor<RegistrationWatchRepositories>,
    private readonly users: UserDirectory,
  ) {}

  async list(userId: number): Promise<RegistrationWatchList> {
    const rows = await this.watches.list(userId);
    return { items: rows.map(toWatch), totalCount: rows.length };
  }

  /** The caller's watches of a record and its product (none for anonymous callers). */
  async stateOf(userId: number | null, record: { regNo: string; name: string }): Promise<RegistrationWatchState> {
    if (userId === null) return { registration: null, product: null };
    return this.watches.stateOf(userId, record.regNo, record.name);
  }

  /** Adds a watch; adding one the user has already answers that one (`created: false`). */
  async add(userId: number, body: RegistrationWatchBody): Promise<{ watch: RegistrationWatch; created: boolean }> {
    let key: string;
    if (body.scope === 'registration') {
      const record = await this.registrations.find(body.registrationId);
      if (!record) throw new AppError('not_found', '登记信息不存在');
      key = record.regNo;
    } else {
      if (!(await this.registrations.hasProduct(body.name))) throw new AppError('not_found', `没有品种名称为“${body.name}”的登记信息`);
      key = body.name;
    }
    // The user's row is locked meanwhile, so parallel additions cannot pass the limit.
    const { created } = await this.transactor.transaction(async (within) => {
      const { registrationWatches } = within;
      await this.users.lockUser(userId, within);
      if (await registrationWatches.find(userId, body.scope, key)) return { created: false };
      if ((await registrationWatches.countOf(userId)) >= MAX_REGISTRATION_WATCHES) {
        throw new AppError('conflict', `最多关注 ${MAX_REGISTRATION_WATCHES} 条，请先取消一些关注`);
      }
      await registrationWatches.insert(userId, body.scope, key);
      return { created: true };
    });
    const watch = (await this.watches.list(userId)).find((row) => row.scope === body.scope && row.key === key);
    return { watch: toWatch(watch!), created };
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.watches.delete(userId, id))) throw new AppError('not_found', '关注不存在');
  }

  /**
   * Tells the watchers of the records an import or an edit wrote what changed: one notice per record
   * and user, up to WATCH_NOTICES_PER_IMPORT, then one notice that sums up the rest. Runs in the
   * caller's transaction, so the notices say exactly what was committed.
   */
  async notifyChanges(changes: readonly RegistrationChange[], within: Tx): Promise<number> {
    const relevant = changes
      .map((change) => ({ ...change, fields: change.before ? watchedChanges(change.before, change.after) : [] }))
      .filter((change) => change.before === null || change.fields.length > 0);
    if (relevant.length === 0) return 0;
    const watches = await ownRegistrationWatch(within).registrationWatches.watching(
      relevant.filter((c) => c.before !== null).map((c) => c.after.regNo),
      relevant.flatMap((c) => (c.before && c.before.name !== c.after.name ? [c.before.name, c.after.name] : [c.after.name])),
    );
    if (watches.length === 0) return 0;
    const byRecord = new Map(relevant.map((c) => [c.after.regNo, c]));
    const byName = new Map<string, typeof relevant>();
    for (const change of relevant) {
      for (const name of new Set([change.after.name, change.before?.name ?? change.after.name])) {
        byName.set(name, [...(byName.get(name) ?? []), change]);
      }
    }
    // Each user's changed records, once each however many of the user's watches cover them.
    type Relevant = (typeof relevant)[number];
    const perUser = new Map<number, Map<string, Relevant>>();
    for (const watch of watches) {
      const record = byRecord.get(watch.key);
      // A record's watch follows its changes; a product's, its new records too.
      const covered = watch.scope === 'registration' ? (record?.before ? [record] : []) : (byName.get(watch.key) ?? []);
      const mine = perUser.get(watch.userId) ?? new Map<string, Relevant>();
      for (const change of covered) mine.set(change.after.regNo, change);
      perUser.set(watch.userId, mine);
    }
    const ids = await ownRegistrationWatch(within).registrationWatches.recordIds([...new Set([...perUser.values()].flatMap((m) => [...m.keys()]))]);
    let sent = 0;
    for (const [userId, mine] of perUser) {
      // Changes to records first, then new records of watched products.
      const list = [...mine.values()].sort((a, b) => Number(a.before === null) - Number(b.before === null));
      for (const change of list.slice(0, WATCH_NOTICES_PER_IMPORT)) {
        const { after } = change;
        const id = ids.get(after.regNo);
        const notice = change.before
          ? {
              title: `关注的登记信息有变更：${after.name}（${after.regNo}）`,
              body: `${after.company}：${change.fields.map((f) => `${f.field}由“${f.before}”变为“${f.after}”`).join('；')}。`,
            }
          : {
              title: `关注的品种有新登记：${after.name}（${after.regNo}）`,
              body: `${after.company}新增登记，与制剂共同审评审批结果为“${after.reviewStatus}”，更新日期 ${after.updatedOn}。`,
            };
        await this.notices.notify(userId, { kind: 'watch', ...notice, link: id ? detailUrl.registration(id) : WATCH_LIST_PATH }, within);
        sent += 1;
      }
      const rest = list.length - WATCH_NOTICES_PER_IMPORT;
      if (rest > 0) {
        await this.notices.notify(
          userId,
          {
            kind: 'watch',
            title: `另有 ${rest} 条关注的登记信息有变更`,
            body: `本次数据更新中，您关注的登记信息共有 ${list.length} 条发生变化，以上仅列出前 ${WATCH_NOTICES_PER_IMPORT} 条。`,
            link: WATCH_LIST_PATH,
          },
          within,
        );
        sent += 1;
      }
    }
    return sent;
  }
}
