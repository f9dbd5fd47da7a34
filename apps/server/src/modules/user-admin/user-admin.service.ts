import type { AdminUser, AdminUserPage, AdminUserQuery, AdminUserSummary, AdminUserUpdateBody, StaffRole } from '@fuliaotong/contracts';
import { AdminUserQuery as AdminUserQuerySchema, STAFF_ROLES } from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { beijingDayEnd } from '../../shared/beijing-time.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { AdminChanges, UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import type { GrantService } from '../grant/grant.service.js';
import type { GrantReads } from '../grant/grant.repositories.js';
import type { ApplicationReads } from '../sample-application/sample-application.repositories.js';

const ordered = (roles: readonly StaffRole[]) => STAFF_ROLES.filter((role) => roles.includes(role));

export interface UserAdminServiceDeps {
  users: UserDirectory;
  applications: ApplicationReads;
  grants: GrantReads;
  /** Membership given by staff (a grant of its own). */
  memberships: Pick<GrantService, 'setStaffMembership' | 'membershipUntil'>;
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

  private summary(row: UserRow, applicationCount: number, memberUntil: Date | undefined): AdminUserSummary {
    return {
      id: row.id,
      account: row.account,
      name: row.name,
      nickName: row.nickName,
      roles: ordered(row.roles),
      memberUntil: memberUntil?.toISOString() ?? null,
      disabled: row.disabledAt !== null,
      deleted: row.deletedAt !== null,
      createdAt: row.createdAt.toISOString(),
      applicationCount,
    };
  }

  async list(rawQuery: AdminUserQuery): Promise<AdminUserPage> {
    const query = AdminUserQuerySchema.parse(rawQuery);
    const { rows, totalCount } = await this.deps.users.adminPage(
      { keyword: query.keyword, filter: query.filter, now: this.now() },
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    const ids = rows.map((row) => row.id);
    const [counts, memberships] = await Promise.all([
      this.deps.applications.countsByUser(ids),
      this.deps.grants.membershipUntil(ids, this.now()),
    ]);
    return { items: rows.map((row) => this.summary(row, counts.get(row.id) ?? 0, memberships.get(row.id))), totalCount };
  }

  async get(id: number): Promise<AdminUser> {
    const row = await this.deps.users.findById(id);
    if (!row) throw new AppError('not_found', '用户不存在');
    const { rows: applications, totalCount } = await this.deps.applications.page({ userId: id }, 20, 0);
    const items = await this.deps.applications.items(applications.map((a) => a.id));
    const memberships = await this.deps.grants.membershipUntil([id], this.now());
    return {
      ...this.summary(row, totalCount, memberships.get(id)),
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
      await this.deps.users.lockUser(id, repositories);
      const row = await this.deps.users.findById(id, repositories);
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
      const now = this.now();
      const memberUntil = async () => (await this.deps.memberships.membershipUntil([id], now, repositories)).get(id)?.toISOString() ?? null;
      const memberWas = await memberUntil();
      if (body.memberUntil !== undefined) {
        // Membership by hand is a grant of its own: it replaces the one staff gave before, and leaves
        // paid ones alone (a membership paid for runs its term whatever the desk does).
        const until = body.memberUntil === null ? null : beijingDayEnd(body.memberUntil);
        await this.deps.memberships.setStaffMembership(id, until, actor.id, now, repositories);
      }
      const memberIs = await memberUntil();
      const updated = await this.deps.users.adminUpdate(id, changes, repositories);
      // A disabled account's sessions end at once, everywhere.
      if (changes.disabledAt) await this.deps.users.endSessions(id, repositories);
      const view = (user: UserRow, memberUntil: string | null) => ({
        roles: ordered(user.roles),
        disabled: user.disabledAt !== null,
        memberUntil,
      });
      const [was, is] = [view(row, memberWas), view(updated, memberIs)];
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
        before: was,
        after: is,
      });
    });
    return this.get(id);
  }
}
