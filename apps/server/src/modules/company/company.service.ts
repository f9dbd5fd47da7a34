import {
  COMPANY_INVITATION_DAYS,
  COMPANY_SEAT_ROLE,
  companyRoleLabels,
  companyStateLabels,
  paths,
  withQuery,
  type AdminCompany,
  type AdminCompanyPage,
  type AdminCompanySummary,
  type Company,
  type CompanyAllowanceBody,
  type CompanyBody,
  type CompanyInvitation,
  type CompanyInvitationBody,
  type CompanyInvitationList,
  type CompanyMember,
  type CompanyMemberList,
  type CompanyRoleName,
  type CompanyStateName,
  type MyCompany,
  type SampleAllowance,
  type SampleLimits,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import { AppError } from '../../http/errors.js';
import { beijingYear } from '../../shared/beijing-time.js';
import { extensionOf, sniffImageType } from '../../shared/image-type.js';
import { maskAccount, normalizeAccount } from '../../shared/masking.js';
import type { UserRow } from '../account/account.repository.js';
import type { UserDirectory } from '../account/user-directory.js';
import { recordChange, type StaffActor } from '../audit/audit-trail.js';
import type { FileStore, StoredFile } from '../files/file-store.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { StaffAlerts } from '../notice/staff-alerts.js';
import type { SampleLimitsService } from '../sample-application/sample-limits.service.js';
import { ownCompany, type CompanyRepositories } from './company.repositories.js';
import type { CompanyRepository, CompanyRow, CompanyUse, InvitationRow, MemberRow, MemberView } from './company.repository.js';

const NOT_FOUND = '企业不存在';
const DAY_MS = 24 * 60 * 60 * 1000;
const DELETED = '已注销用户';
const rolesText = (roles: readonly CompanyRoleName[]) => roles.map((role) => companyRoleLabels[role]).join('、');
const isAdmin = (member: { roles: readonly string[] }) => member.roles.includes('admin');
/** A member as other members see them: the nickname (or name), else the masked account. */
const shownName = (user: { nickName: string; name: string; account: string }) => user.nickName || user.name || maskAccount(user.account);

/** What the audit log keeps of a company. */
const auditView = (row: CompanyRow) => ({
  status: row.status,
  name: row.name,
  creditCode: row.creditCode,
  rejectReason: row.rejectReason,
  yearlyApplications: row.yearlyApplications,
  yearlyItems: row.yearlyItems,
});

function summaryOf(row: CompanyRow, memberCount: number): AdminCompanySummary {
  return {
    id: row.id,
    name: row.name,
    creditCode: row.creditCode,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    status: row.status,
    rejectReason: row.rejectReason,
    hasLicense: row.licenseKey !== null,
    memberCount,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

function memberOf(row: MemberView, account: string): CompanyMember {
  return { userId: row.userId, name: shownName(row), account, roles: row.roles, joinedAt: row.joinedAt.toISOString() };
}

/** A user's company and their roles in it. */
export interface Membership {
  companyId: number;
  companyName: string;
  roles: readonly CompanyRoleName[];
}

export interface CompanyServiceDeps {
  companies: CompanyRepository;
  transactor: Transactor<CompanyRepositories>;
  files: FileStore;
  notices: NoticeService;
  staffAlerts: StaffAlerts;
  users: Pick<UserDirectory, 'lockUser' | 'findByAccount' | 'names'>;
  /** The sample settings: the default yearly allowance of a company. */
  sampleLimits: Pick<SampleLimitsService, 'current'>;
  now: () => Date;
}

/**
 * Companies (企业, docs/decisions/0061): a user creates one and becomes its 管理员; the 管理员 corrects
 * it until the staff verify it, uploads the business licence, invites people by a mobile number or
 * e-mail address with their roles, sets roles and removes members; any member may leave, but a company
 * with members always keeps a 管理员. A user belongs to one company at most. The sales staff verify or
 * reject companies and set a company's own yearly sample allowance, which the sample applications of
 * all its members count against. To anyone but its members a company is not found.
 */
export class CompanyService {
  constructor(private readonly deps: CompanyServiceDeps) {}

  private get companies() {
    return this.deps.companies;
  }

  private now(): Date {
    return this.deps.now();
  }

  // ——— the member's pages ———

  async mine(user: UserRow): Promise<MyCompany> {
    const membership = await this.companies.membershipOf(user.id);
    const company = membership ? await this.toCompany(membership.company, membership.member) : null;
    // Only an account that proved it holds the address (a code sent to it was entered) sees what is addressed to it.
    const waiting = user.accountVerifiedAt && !user.deletedAt ? await this.companies.waitingFor(user.account, this.now()) : [];
    const inviters = new Map((await this.deps.users.names(waiting.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])))).map((row) => [row.id, row]));
    return {
      company,
      invitations: waiting.map((row) => {
        const inviter = row.invitedBy ? inviters.get(row.invitedBy) : undefined;
        return {
          id: row.id,
          companyId: row.companyId,
          companyName: row.companyName,
          companyStatus: row.companyStatus,
          roles: row.roles,
          invitedBy: !inviter || inviter.deletedAt ? DELETED : shownName(inviter),
          expiresAt: row.expiresAt.toISOString(),
        };
      }),
    };
  }

  private async toCompany(row: CompanyRow, member: MemberRow, within?: Tx): Promise<Company> {
    const companies = within ? ownCompany(within).companies : this.companies;
    return { ...summaryOf(row, await companies.countMembers(row.id)), myRoles: member.roles };
  }

  /** Creates a company: the user becomes its 管理员, the company waits for verification, the sales staff hear of it. */
  async create(user: UserRow, body: CompanyBody): Promise<Company> {
    return this.deps.transactor.transaction(async (within) => {
      await this.deps.users.lockUser(user.id, within);
      await this.refuseSecondCompany(user.id, within);
      const now = this.now();
      const company = await within.companies.insert({
        name: body.name,
        creditCode: body.creditCode,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        status: 'pending',
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      const member = await within.companies.addMember({ companyId: company.id, userId: user.id, roles: ['admin'], joinedAt: now });
      await this.alertSales(company, '新的企业认证申请', within);
      return this.toCompany(company, member, within);
    });
  }

  /** Refuses when the user already belongs to a company (one company per user), naming it. */
  private async refuseSecondCompany(userId: number, within: Tx): Promise<void> {
    const membership = await ownCompany(within).companies.membershipOf(userId);
    if (membership) throw new AppError('company_membership', `您已是企业“${membership.company.name}”的成员，不能再创建或加入其他企业`);
  }

  private async alertSales(company: CompanyRow, title: string, within: Tx): Promise<void> {
    await this.deps.staffAlerts.tell(
      ['sales'],
      {
        kind: '企业认证',
        number: company.creditCode,
        title: `${title}：${company.name}`,
        body: `${company.name}（统一社会信用代码 ${company.creditCode}）等待认证，请核对营业执照。`,
        link: withQuery(paths.adminCompanies, { id: company.id }),
      },
      within,
    );
  }

  /**
   * The company locked for a change by one of its members, and the caller's membership: 404 to anyone
   * who is not a member, 403 to a member without the 管理员 role when `admin` is asked for.
   */
  private async locked(within: Tx, companyId: number, userId: number, admin: string | false): Promise<{ company: CompanyRow; member: MemberRow }> {
    const { companies } = ownCompany(within);
    const company = await companies.lock(companyId);
    const member = company && (await companies.member(companyId, userId));
    if (!company || !member) throw new AppError('not_found', NOT_FOUND);
    if (admin !== false && !isAdmin(member)) throw new AppError('forbidden', `只有企业管理员可以${admin}`);
    return { company, member };
  }

  /** The company and the caller's membership, for reading: 404 to anyone who is not a member. */
  private async membership(companyId: number, userId: number): Promise<{ company: CompanyRow; member: MemberRow }> {
    const [company, member] = await Promise.all([this.companies.find(companyId), this.companies.member(companyId, userId)]);
    if (!company || !member) throw new AppError('not_found', NOT_FOUND);
    return { company, member };
  }

  /** A change to what the staff verify: refused once verified; a rejected company waits for verification again. */
  private async corrected(within: Tx, company: CompanyRow, changes: Partial<CompanyRow>, what: string): Promise<CompanyRow> {
    if (company.status === 'verified') throw new AppError('conflict', `企业已认证，${what}不能再修改；如需变更请联系客服`);
    const resubmitted = company.status === 'rejected';
    const row = await ownCompany(within).companies.update(company.id, { ...changes, ...(resubmitted ? { status: 'pending', rejectReason: null } : {}) }, this.now());
    if (resubmitted) await this.alertSales(row, '企业重新提交认证', within);
    return row;
  }

  async update(user: UserRow, companyId: number, body: CompanyBody): Promise<Company> {
    return this.deps.transactor.transaction(async (within) => {
      const { company, member } = await this.locked(within, companyId, user.id, '修改企业信息');
      const row = await this.corrected(
        within,
        company,
        { name: body.name, creditCode: body.creditCode, contactName: body.contactName, contactPhone: body.contactPhone },
        '企业信息',
      );
      return this.toCompany(row, member, within);
    });
  }

  /** Stores the business licence image (JPEG, PNG or WebP, checked by its bytes); the one it replaces is deleted. */
  async uploadLicense(user: UserRow, companyId: number, bytes: Buffer): Promise<Company> {
    const type = sniffImageType(bytes);
    return this.deps.transactor.transaction(async (within) => {
      const { company, member } = await this.locked(within, companyId, user.id, '上传营业执照');
      if (!type) throw new AppError('unsupported_media_type', '营业执照请上传 JPEG、PNG 或 WebP 格式的图片');
      // The company's record, not the uploader's: it stays when their account is deleted.
      const key = await this.deps.files.put({ bytes, contentType: type, ownerId: user.id, extension: extensionOf(type), personal: false }, within);
      const row = await this.corrected(within, company, { licenseKey: key }, '营业执照');
      if (company.licenseKey) await this.deps.files.deleteRecord(company.licenseKey, within);
      return this.toCompany(row, member, within);
    });
  }

  async license(user: UserRow, companyId: number): Promise<{ file: StoredFile; name: string }> {
    const { company } = await this.membership(companyId, user.id);
    return this.licenseOf(company);
  }

  private async licenseOf(company: CompanyRow): Promise<{ file: StoredFile; name: string }> {
    const file = company.licenseKey ? await this.deps.files.get(company.licenseKey) : undefined;
    if (!company.licenseKey || !file) throw new AppError('not_found', '尚未上传营业执照');
    return { file, name: `营业执照-${company.name}.${company.licenseKey.split('.').pop() ?? 'png'}` };
  }

  async members(user: UserRow, companyId: number): Promise<CompanyMemberList> {
    await this.membership(companyId, user.id);
    return { items: (await this.companies.members(companyId)).map((row) => memberOf(row, maskAccount(row.account))) };
  }

  /** Refuses a change that would leave a company with members but without a 管理员. */
  private async keepAnAdmin(within: Tx, company: CompanyRow, userId: number, message: string): Promise<void> {
    const { companies } = ownCompany(within);
    const admins = await companies.adminIds(company.id);
    if (admins.length === 1 && admins[0] === userId && (await companies.countMembers(company.id)) > 1) {
      throw new AppError('conflict', `您是企业“${company.name}”唯一的管理员，${message}`);
    }
  }

  async setRoles(user: UserRow, companyId: number, userId: number, roles: CompanyRoleName[]): Promise<CompanyMember> {
    return this.deps.transactor.transaction(async (within) => {
      const { company } = await this.locked(within, companyId, user.id, '设置成员角色');
      const target = await within.companies.member(companyId, userId);
      if (!target) throw new AppError('not_found', '该成员不存在');
      if (isAdmin(target) && !roles.includes('admin')) {
        const admins = await within.companies.adminIds(companyId);
        if (admins.length === 1) {
          throw new AppError('conflict', `企业“${company.name}”须至少有一位管理员，请先将其他成员设为管理员`);
        }
      }
      await within.companies.setRoles(companyId, userId, roles);
      if (userId !== user.id) {
        await this.deps.notices.notify(
          userId,
          { kind: 'account', title: '您在企业中的角色已变更', body: `您在企业“${company.name}”的角色已变更为：${rolesText(roles)}。`, link: paths.company },
          within,
        );
      }
      const view = (await within.companies.members(companyId)).find((row) => row.userId === userId)!;
      return memberOf(view, maskAccount(view.account));
    });
  }

  /** The 管理员 removes a member, or a member leaves (their own row). */
  async removeMember(user: UserRow, companyId: number, userId: number): Promise<void> {
    await this.deps.transactor.transaction(async (within) => {
      const leaving = userId === user.id;
      const { company } = await this.locked(within, companyId, user.id, leaving ? false : '移除成员');
      if (leaving) {
        await this.keepAnAdmin(within, company, user.id, '有其他成员时不能退出企业，请先将其他成员设为管理员');
        await within.companies.removeMember(companyId, userId);
        return;
      }
      if (!(await within.companies.removeMember(companyId, userId))) throw new AppError('not_found', '该成员不存在');
      await this.deps.notices.notify(
        userId,
        { kind: 'account', title: '您已被移出企业', body: `企业“${company.name}”的管理员已将您移出企业。`, link: paths.company },
        within,
      );
    });
  }

  private invitationOf(row: InvitationRow, now: Date): CompanyInvitation {
    const expired = row.status === 'pending' && row.expiresAt <= now;
    return {
      id: row.id,
      account: row.account,
      roles: row.roles,
      status: expired ? 'expired' : row.status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async invitations(user: UserRow, companyId: number): Promise<CompanyInvitationList> {
    const { member } = await this.membership(companyId, user.id);
    if (!isAdmin(member)) throw new AppError('forbidden', '只有企业管理员可以查看邀请');
    const now = this.now();
    return { items: (await this.companies.invitations(companyId)).map((row) => this.invitationOf(row, now)) };
  }

  /**
   * Invites a mobile number or e-mail address for 7 days. An account that holds the address (it proved
   * so with a code) is told at once; anyone else sees the invitation after registering with it.
   */
  async invite(user: UserRow, companyId: number, body: CompanyInvitationBody): Promise<CompanyInvitation> {
    const account = normalizeAccount(body.account);
    return this.deps.transactor.transaction(async (within) => {
      const { company } = await this.locked(within, companyId, user.id, '邀请成员');
      const invitee = await this.deps.users.findByAccount(account, within);
      if (invitee && !invitee.deletedAt && (await within.companies.member(companyId, invitee.id))) {
        throw new AppError('conflict', '该账号已是本企业的成员');
      }
      const now = this.now();
      const waiting = await within.companies.pendingTo(companyId, account);
      if (waiting && waiting.expiresAt > now) throw new AppError('conflict', '已邀请过该账号，邀请尚未过期；如需更改角色，请先撤回邀请');
      // An expired invitation to the same address gives way to the new one.
      if (waiting) await within.companies.deleteInvitation(waiting.id);
      const row = await within.companies.insertInvitation({
        companyId,
        account,
        roles: body.roles,
        invitedBy: user.id,
        status: 'pending',
        createdAt: now,
        expiresAt: new Date(now.getTime() + COMPANY_INVITATION_DAYS * DAY_MS),
      });
      if (invitee && !invitee.deletedAt && invitee.accountVerifiedAt) {
        await this.deps.notices.notify(
          invitee.id,
          {
            kind: 'account',
            title: '企业邀请您加入',
            body: `${company.name}邀请您加入企业，角色：${rolesText(body.roles)}。请在 ${COMPANY_INVITATION_DAYS} 天内到“我的企业”接受或拒绝。`,
            link: paths.company,
          },
          within,
        );
      }
      return this.invitationOf(row, now);
    });
  }

  async revokeInvitation(user: UserRow, companyId: number, invitationId: number): Promise<void> {
    await this.deps.transactor.transaction(async (within) => {
      await this.locked(within, companyId, user.id, '撤回邀请');
      const row = await within.companies.invitation(invitationId, true);
      if (!row || row.companyId !== companyId) throw new AppError('not_found', '邀请不存在');
      if (row.status !== 'pending') throw new AppError('conflict', row.status === 'accepted' ? '对方已接受邀请，不能撤回；如需移出请在成员中移除' : '对方已拒绝邀请');
      await within.companies.deleteInvitation(invitationId);
    });
  }

  /** An invitation addressed to the user (to the address they proved to hold), locked; 404 for any other. */
  private async invitationToMe(within: Tx, user: UserRow, invitationId: number): Promise<InvitationRow> {
    const row = await ownCompany(within).companies.invitation(invitationId, true);
    if (!row || !user.accountVerifiedAt || user.deletedAt || row.account !== user.account) throw new AppError('not_found', '邀请不存在');
    if (row.status !== 'pending') throw new AppError('conflict', row.status === 'accepted' ? '您已接受过这份邀请' : '您已拒绝过这份邀请');
    if (row.expiresAt <= this.now()) throw new AppError('conflict', '邀请已过期，请联系企业管理员重新邀请');
    return row;
  }

  async accept(user: UserRow, invitationId: number): Promise<Company> {
    return this.deps.transactor.transaction(async (within) => {
      await this.deps.users.lockUser(user.id, within);
      const invitation = await this.invitationToMe(within, user, invitationId);
      await this.refuseSecondCompany(user.id, within);
      const company = (await within.companies.lock(invitation.companyId))!;
      const now = this.now();
      const member = await within.companies.addMember({ companyId: company.id, userId: user.id, roles: invitation.roles, joinedAt: now });
      await within.companies.answer(invitation.id, 'accepted', user.id, now);
      await this.tellAdmins(within, company, { title: '新成员已加入企业', body: `${shownName(user)} 接受邀请，加入了企业“${company.name}”（${rolesText(invitation.roles)}）。` });
      return this.toCompany(company, member, within);
    });
  }

  async decline(user: UserRow, invitationId: number): Promise<void> {
    await this.deps.transactor.transaction(async (within) => {
      const invitation = await this.invitationToMe(within, user, invitationId);
      await within.companies.answer(invitation.id, 'declined', user.id, this.now());
    });
  }

  private async tellAdmins(within: Tx, company: CompanyRow, notice: { title: string; body: string }): Promise<void> {
    for (const userId of await ownCompany(within).companies.adminIds(company.id)) {
      await this.deps.notices.notify(userId, { kind: 'account', ...notice, link: paths.company }, within);
    }
  }

  // ——— what other modules ask of a membership ———

  /**
   * The company the user belongs to now and their roles in it, or null; with `within`, read in that
   * transaction and, with `lock`, the company's row locked until it ends (changes to what the company
   * shares are made one after the other).
   */
  async membershipFor(userId: number, within?: Tx, lock = false): Promise<Membership | null> {
    const companies = within ? ownCompany(within).companies : this.companies;
    const found = await companies.membershipOf(userId);
    if (!found) return null;
    if (lock) await companies.lock(found.company.id);
    return { companyId: found.company.id, companyName: found.company.name, roles: found.member.roles };
  }

  /**
   * The company whose members' sample applications and orders the user may read (`scope=company` of
   * those lists): their own, if they are its 管理员. 404 without a company, 403 for other roles.
   */
  async companyReadBy(userId: number): Promise<number> {
    const membership = await this.membershipFor(userId);
    if (!membership) throw new AppError('not_found', '您还不是企业成员');
    if (!membership.roles.includes('admin')) throw new AppError('forbidden', '只有企业管理员可以查看成员的申请和订单');
    return membership.companyId;
  }

  /**
   * Who hears of something about a product with the people tied to it (a change notice): each person's
   * current company, and the members holding one of `roles` of those companies and of the companies the
   * ties were made for. Answers { userId, companyId } pairs (a person may appear more than once).
   */
  async reachOf(userIds: readonly number[], companyIds: readonly number[], roles: readonly CompanyRoleName[]): Promise<Array<{ userId: number; companyId: number }>> {
    return this.companies.reachOf([...new Set(userIds)], [...new Set(companyIds)], roles);
  }

  /** How members are shown to their company (nickname or name, else the masked account), by user id. */
  async memberNames(userIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.deps.users.names([...new Set(userIds)]);
    return new Map(rows.map((row) => [row.id, row.deletedAt ? DELETED : shownName(row)]));
  }

  /** The names of companies, by id (for rows that name a company the caller belongs to). */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    const rows = await Promise.all([...new Set(ids)].map((id) => this.companies.find(id)));
    return new Map(rows.flatMap((row) => (row ? [[row.id, row.name] as const] : [])));
  }

  /**
   * Invites, in the caller's transaction, the holders of the seats of a 企业会员 plan bought by a member
   * of a company (`buyerId`) to that company with the role 研发, as its 管理员 would: a holder already in
   * a company, or with an invitation of this one waiting, is left as is. Nothing happens for a buyer without
   * a company. Answers how many were invited.
   */
  async inviteSeatHolders(buyerId: number, holders: ReadonlyArray<{ account: string }>, within: Tx): Promise<number> {
    const membership = await this.membershipFor(buyerId, within, true);
    if (!membership) return 0;
    const { companies } = ownCompany(within);
    const company = (await companies.find(membership.companyId))!;
    const now = this.now();
    let invited = 0;
    for (const holder of holders) {
      const account = normalizeAccount(holder.account);
      const invitee = await this.deps.users.findByAccount(account, within);
      // A member of this company keeps their roles; a member of another could not accept (one company per user).
      if (invitee && !invitee.deletedAt && (await companies.membershipOf(invitee.id))) continue;
      const waiting = await companies.pendingTo(company.id, account);
      if (waiting && waiting.expiresAt > now) continue;
      if (waiting) await companies.deleteInvitation(waiting.id);
      await companies.insertInvitation({
        companyId: company.id,
        account,
        roles: [COMPANY_SEAT_ROLE],
        invitedBy: buyerId,
        status: 'pending',
        createdAt: now,
        expiresAt: new Date(now.getTime() + COMPANY_INVITATION_DAYS * DAY_MS),
      });
      invited += 1;
      if (invitee && !invitee.deletedAt && invitee.accountVerifiedAt) {
        await this.deps.notices.notify(
          invitee.id,
          {
            kind: 'account',
            title: '企业邀请您加入',
            body: `${company.name}为您开通了企业会员席位，并邀请您加入企业，角色：${rolesText([COMPANY_SEAT_ROLE])}。请在 ${COMPANY_INVITATION_DAYS} 天内到“我的企业”接受或拒绝。`,
            link: paths.company,
          },
          within,
        );
      }
    }
    return invited;
  }

  // ——— the yearly sample allowance ———

  private async allowanceOf(company: CompanyRow, limits: SampleLimits, use: CompanyUse, year: number): Promise<SampleAllowance> {
    const applications = company.yearlyApplications ?? limits.companyYearlyApplications;
    const items = company.yearlyItems ?? limits.companyYearlyItems;
    return {
      year,
      applications: { limit: applications, used: use.applications, left: Math.max(0, applications - use.applications) },
      items: { limit: items, used: use.items, left: Math.max(0, items - use.items) },
      custom: company.yearlyApplications !== null || company.yearlyItems !== null,
    };
  }

  private async currentAllowance(company: CompanyRow): Promise<SampleAllowance> {
    const { year, since, until } = beijingYear(this.now());
    const [limits, use] = await Promise.all([this.deps.sampleLimits.current(), this.companies.sampleUse(company.id, since, until)]);
    return this.allowanceOf(company, limits, use, year);
  }

  async sampleAllowance(user: UserRow, companyId: number): Promise<SampleAllowance> {
    const { company } = await this.membership(companyId, user.id);
    return this.currentAllowance(company);
  }

  /**
   * Checks, in a sample application's transaction, that the applicant's company has allowance left for
   * it (one more application, unless `editing` one already counted, and its `items`): the company's
   * row is locked until the transaction ends, so that members applying at the same time are counted
   * one after the other. Answers the company the application counts for; null for a user without one
   * (their own limits apply).
   */
  async reserveSampleAllowance(userId: number, items: number, limits: SampleLimits, within: Tx, editing?: number): Promise<number | null> {
    const { companies } = ownCompany(within);
    const membership = await companies.membershipOf(userId);
    if (!membership) return null;
    const company = (await companies.lock(membership.company.id))!;
    const { year, since, until } = beijingYear(this.now());
    const use = await companies.sampleUse(company.id, since, until, editing);
    const allowance = await this.allowanceOf(company, limits, use, year);
    const adding = editing === undefined ? 1 : 0;
    if (use.applications + adding > allowance.applications.limit || use.items + items > allowance.items.limit) {
      throw new AppError(
        'sample_allowance_exceeded',
        `本企业 ${year} 年的样品额度还剩 ${allowance.applications.left} 份申请、${allowance.items.left} 种样品，本次申请 ${items} 种样品`,
      );
    }
    return company.id;
  }

  // ——— the desk (sales) ———

  async adminList(query: { status?: CompanyStateName; keyword?: string; page: number; pageSize: number }): Promise<AdminCompanyPage> {
    const { rows, totalCount } = await this.companies.page({ status: query.status, keyword: query.keyword }, query.pageSize, (query.page - 1) * query.pageSize);
    return { items: rows.map((row) => summaryOf(row, row.memberCount)), totalCount };
  }

  async adminDetail(companyId: number): Promise<AdminCompany> {
    const company = await this.companies.find(companyId);
    if (!company) throw new AppError('not_found', NOT_FOUND);
    const [members, allowance, verifier] = await Promise.all([
      this.companies.members(companyId),
      this.currentAllowance(company),
      company.verifiedBy ? this.deps.users.names([company.verifiedBy]) : Promise.resolve([]),
    ]);
    const [staff] = verifier;
    return {
      ...summaryOf(company, members.length),
      members: members.map((row) => memberOf(row, row.account.startsWith('deleted:') ? DELETED : row.account)),
      allowance,
      verifiedBy: staff ? (staff.deletedAt ? DELETED : staff.name || staff.nickName || staff.account) : null,
    };
  }

  async adminLicense(companyId: number): Promise<{ file: StoredFile; name: string }> {
    const company = await this.companies.find(companyId);
    if (!company) throw new AppError('not_found', NOT_FOUND);
    return this.licenseOf(company);
  }

  /** A change by the sales staff: in one transaction with its audit entry and the notice to the company's 管理员. */
  private async staffChange(
    actor: StaffActor,
    companyId: number,
    work: (within: Tx, company: CompanyRow, now: Date) => Promise<{ action: 'verify' | 'reject' | 'allowance'; summary: string; notice: { title: string; body: string } }>,
  ): Promise<AdminCompany> {
    await this.deps.transactor.transaction(async (within) => {
      const company = await within.companies.lock(companyId);
      if (!company) throw new AppError('not_found', NOT_FOUND);
      const { action, summary, notice } = await work(within, company, this.now());
      const after = (await within.companies.find(companyId))!;
      await recordChange(within, actor, { action: `company.${action}`, entityType: 'company', entityId: companyId, summary, before: auditView(company), after: auditView(after) });
      await this.tellAdmins(within, after, notice);
    });
    return this.adminDetail(companyId);
  }

  async verify(actor: StaffActor, companyId: number): Promise<AdminCompany> {
    return this.staffChange(actor, companyId, async (within, company, now) => {
      if (company.status !== 'pending') throw new AppError('conflict', `企业${companyStateLabels[company.status]}，不能认证`);
      if (!company.licenseKey) throw new AppError('conflict', '企业尚未上传营业执照，不能认证');
      await ownCompany(within).companies.update(companyId, { status: 'verified', verifiedAt: now, verifiedBy: actor.id, rejectReason: null }, now);
      return {
        action: 'verify',
        summary: `认证企业 ${company.name}（${company.creditCode}）`,
        notice: { title: '企业认证已通过', body: `企业“${company.name}”已通过认证。` },
      };
    });
  }

  async reject(actor: StaffActor, companyId: number, reason: string): Promise<AdminCompany> {
    return this.staffChange(actor, companyId, async (within, company, now) => {
      if (company.status !== 'pending') throw new AppError('conflict', `企业${companyStateLabels[company.status]}，不能驳回`);
      await ownCompany(within).companies.update(companyId, { status: 'rejected', rejectReason: reason }, now);
      return {
        action: 'reject',
        summary: `企业 ${company.name} 认证未通过：${reason}`,
        notice: { title: '企业认证未通过', body: `企业“${company.name}”未通过认证：${reason}。请修改企业信息或重新上传营业执照后再次提交。` },
      };
    });
  }

  async setAllowance(actor: StaffActor, companyId: number, body: CompanyAllowanceBody): Promise<AdminCompany> {
    return this.staffChange(actor, companyId, async (within, company, now) => {
      await ownCompany(within).companies.update(companyId, { yearlyApplications: body.applications, yearlyItems: body.items }, now);
      const text = (value: number | null, unit: string) => (value === null ? '默认' : `${value} ${unit}`);
      return {
        action: 'allowance',
        summary: `设置企业 ${company.name} 的年度样品额度：申请 ${text(body.applications, '份')}，样品 ${text(body.items, '种')}`,
        notice: {
          title: '企业样品额度已调整',
          body: `企业“${company.name}”每年的样品额度已调整为：申请 ${text(body.applications, '份')}、样品 ${text(body.items, '种')}（“默认”为网站的统一额度）。`,
        },
      };
    });
  }

  // ——— jobs and deleting an account ———

  /** Deletes the invitations that expired unanswered to addresses no account holds. */
  purgeInvitations(): Promise<number> {
    return this.companies.purgeExpiredToNobody(this.now());
  }

  /** Refuses the deletion while the user is the only 管理员 of a company with other members. */
  async deletionBlocker(userId: number, within: Tx): Promise<string | undefined> {
    const membership = await ownCompany(within).companies.membershipOf(userId);
    if (!membership || !isAdmin(membership.member)) return undefined;
    const admins = await ownCompany(within).companies.adminIds(membership.company.id);
    if (admins.length > 1 || (await ownCompany(within).companies.countMembers(membership.company.id)) <= 1) return undefined;
    return `您是企业“${membership.company.name}”唯一的管理员，请先将其他成员设为管理员，或移除其他成员后再注销账号。`;
  }

  /** Ends the user's membership and deletes the invitations addressed to them (answered, waiting or expired). */
  async forgetPerson(user: { id: number; account: string }, within: Tx, now: Date): Promise<void> {
    const { companies } = ownCompany(within);
    await companies.forgetPerson(user.id, user.account);
    await companies.clearContact(user.account, now);
  }
}
