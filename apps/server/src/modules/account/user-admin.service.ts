import type { AdminUser, AdminUserPage, AdminUserQuery, AdminUserSummary, AdminUserUpdateBody, StaffRole } from '@fuliaotong/contracts';
import { AdminUserQuery as AdminUserQuerySchema, STAFF_ROLES } from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { SampleApplicationRepository } from '../sample-application/sample-application.repository.js';
import type { AccountRepository, AdminChanges, UserRow } from './account.repository.js';

/** The first moment of a Beijing day (`2027-12-31` → 2027-12-30T16:00Z). */
export function beijingDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The end of a Beijing day: the first moment of the next. */
export function beijingDayEnd(day: string): Date {
  return new Date(beijingDayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

const ordered = (roles: readonly StaffRole[]) => STAFF_ROLES.filter((role) => roles.includes(role));

export interface UserAdminServiceDeps {
  accounts: AccountRepository;
  applications: SampleApplicationRepository;
  transactor: Transactor;
  now?: () => Date;
}

/**
 * The users desk (admin): find users, see their applications, disable and re-enable accounts, set
 * staff roles, grant paid access by hand. Every change is recorded in the audit log in its transaction.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private summary(row: UserRow, applicationCount: number): AdminUserSummary {
    return {
      id: row.id,
      account: row.account,
      name: row.name,
      nickName: row.nickName,
      roles: ordered(row.roles),
      memberUntil: row.memberUntil?.toISOString() ?? null,
      disabled: row.disabledAt !== null,
      deleted: row.deletedAt !== null,
      createdAt: row.createdAt.toISOString(),
      applicationCount,
    };
  }

  async list(rawQuery: AdminUserQuery): Promise<AdminUserPage> {
    const query = AdminUserQuerySchema.parse(rawQuery);
    const { rows, totalCount } = await this.deps.accounts.adminPage(
      { keyword: query.keyword, filter: query.filter, now: this.now() },
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    const counts = await this.deps.applications.countsByUser(rows.map((row) => row.id));
    return { items: rows.map((row) => this.summary(row, counts.get(row.id) ?? 0)), totalCount };
  }

  async get(id: number): Promise<AdminUser> {
    const row = await this.deps.accounts.findById(id);
    if (!row) throw new AppError('not_found', '用户不存在');
    const { rows: applications, totalCount } = await this.deps.applications.page({ userId: id }, 20, 0);
    const items = await this.deps.applications.items(applications.map((a) => a.id));
    return {
      ...this.summary(row, totalCount),
      sex: row.sex,
      consentedAt: row.consentedAt?.toISOString() ?? null,
      applications: applications.map((a) => ({
        id: a.id,
        number: a.number,
        status: a.status,
        itemCount: items.filter((item) => item.applicationId === a.id).length,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  async update(actor: StaffActor, id: number, body: AdminUserUpdateBody): Promise<AdminUser> {
    await this.deps.transactor.transaction(async (repositories) => {
      await repositories.accounts.lockUser(id);
      const row = await repositories.accounts.findById(id);
      if (!row) throw new AppError('not_found', '用户不存在');
      if (row.deletedAt) throw new AppError('conflict', '该账号已注销，不能修改');
      const changes: AdminChanges = {};
      if (body.roles !== undefined) {
        const roles = ordered(body.roles);
        if (id === actor.id && row.roles.includes('admin') && !roles.includes('admin')) {
          throw new AppError('conflict', '不能取消自己的管理员角色：请让另一位管理员操作');
        }
        changes.roles = roles;
      }
      if (body.disabled !== undefined) {
        if (id === actor.id && body.disabled) throw new AppError('conflict', '不能停用自己的账号');
        if (body.disabled !== (row.disabledAt !== null)) changes.disabledAt = body.disabled ? this.now() : null;
      }
      if (body.memberUntil !== undefined) {
        changes.memberUntil = body.memberUntil === null ? null : beijingDayEnd(body.memberUntil);
      }
      const updated = await repositories.accounts.adminUpdate(id, changes);
      if (changes.disabledAt) {
        // A disabled account's sessions end at once, everywhere.
        await repositories.sessions.deleteAllOf(id);
        await repositories.accounts.bumpTokenVersion(id);
      }
      const view = (user: UserRow) => ({
        roles: ordered(user.roles),
        disabled: user.disabledAt !== null,
        memberUntil: user.memberUntil?.toISOString() ?? null,
      });
      const [was, is] = [view(row), view(updated)];
      const what = [
        String(was.roles) !== String(is.roles) ? '角色' : '',
        was.disabled !== is.disabled ? (is.disabled ? '停用' : '启用') : '',
        was.memberUntil !== is.memberUntil ? '数据库权限' : '',
      ].filter(Boolean);
      await recordChange(repositories, actor, {
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        summary: `修改用户 ${row.account}：${what.join('、')}${body.reason ? `（${body.reason}）` : ''}`,
        before: view(row),
        after: view(updated),
      });
    });
    return this.get(id);
  }
}
