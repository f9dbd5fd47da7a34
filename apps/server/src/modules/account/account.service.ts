import { randomUUID } from 'node:crypto';
import { POLICY_VERSION, type AccountSummary, type ChangePasswordBody, type DeleteAccountBody, isStaff, type LoginBody, type LoginByCodeBody, type LoginResponse, type LoginVerifyBody, type RegisterBody, type ResetPasswordBody, type SessionResponse, type UpdateProfileBody, type User, paths } from '@fuliaotong/contracts';
import type { AccountDeletionPart } from '../../kernel/module.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { AccountRepositories } from './account.repositories.js';
import { AppError } from '../../http/errors.js';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import type { SessionRepository } from './session.repository.js';
import type { AuthLimits, Throttle } from './throttle.js';
import type { TokenService } from './token.service.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { FileStore } from '../files/file-store.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { SampleApplicationService } from '../sample-application/sample-application.service.js';
import type { VerificationService } from '../verification/verification.service.js';
import type { AccountRepository, UserRow } from './account.repository.js';
import { extensionOf, sniffImageType } from '../../shared/image-type.js';

export const AVATAR_PATH = '/api/app/account/avatar/';
export const WRONG_CREDENTIALS = '账号或密码错误';
const COMMON_PASSWORD = '该密码过于常见，容易被猜中，请换一个';

/** Where a request comes from: kept with the session and used for throttling. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** The only view of a user that leaves the server. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    sex: row.sex,
    avatar: row.avatar,
    nickName: row.nickName,
    roles: row.roles,
    notifyBySmsAndEmail: row.notifyBySmsAndEmail,
  };
}

import { normalizeAccount } from '../../shared/masking.js';

export { normalizeAccount };

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const CODE_GONE = '验证码已失效，请重新获取';


/** An account an administrator disabled (停用) cannot sign in. */
function refuseDisabled(user: UserRow): void {
  if (user.disabledAt) throw new AppError('forbidden', '该账号已被停用，如有疑问请联系客服');
}

export interface AccountServiceDeps {
  accounts: AccountRepository;
  transactor: Transactor<AccountRepositories>;
  tokens: TokenService;
  sessions: SessionRepository;
  throttle: Throttle;
  limits: AuthLimits;
  notices: NoticeService;
  /** Where avatar images are kept. */
  files: FileStore;
  /** Counts the user's favorites for the summary. */
  favorites?: Pick<FavoriteService, 'countOf'>;
  /** Counts the user's sample applications for the summary. */
  applications?: Pick<SampleApplicationService, 'countOf'>;
  /** Verification codes: registration, password reset, signing in by code, deleting the account. */
  verification: VerificationService;
  /** What deleting an account must wait for, and what it masks in the records it keeps. */
  deletion?: () => readonly AccountDeletionPart[];
  /** The version of the legal texts a registration agrees to (default: the initial one). */
  policyVersion?: () => Promise<string>;
  now?: () => Date;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private get accounts() {
    return this.deps.accounts;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * A new account: a mobile number confirmed by its code, with consent to the agreement and the privacy
   * policy (recorded with the account). A taken number is refused only after its code was right, so
   * only the number's holder learns that it is registered.
   */
  async register(body: RegisterBody, client: ClientInfo): Promise<SessionResponse> {
    const { throttle, limits } = this.deps;
    await throttle.admit('register', { ip: client.ip }, 'ip', limits.registrationsPerIp, '注册过于频繁');
    if (isCommonPassword(body.password)) {
      throw new AppError('validation_failed', COMMON_PASSWORD, [{ path: 'body.password', message: COMMON_PASSWORD }]);
    }
    const account = normalizeAccount(body.account);
    await this.deps.verification.check(account, 'register', body.code);
    const passwordHash = await hashPassword(body.password);
    const consentVersion = this.deps.policyVersion ? await this.deps.policyVersion() : POLICY_VERSION;
    let user: UserRow;
    try {
      user = await this.deps.transactor.transaction(async (repositories) => {
        const row = await repositories.accounts.insert({
          account,
          passwordHash,
          nickName: body.nickName?.trim() ?? '',
          consentedAt: this.now(),
          consentVersion,
          accountVerifiedAt: this.now(),
        });
        await this.deps.notices.notify(
          row.id,
          {
            kind: 'account',
            title: '欢迎加入辅料通',
            body: '您的账号已创建。您可以在个人中心完善资料、管理收货地址，并在线申请辅料样品。',
            link: paths.account,
          },
          repositories,
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const message = '该手机号已注册，请直接登录；忘记密码可通过“忘记密码”找回';
        throw new AppError('conflict', message, [{ path: 'body.account', message }]);
      }
      throw error;
    }
    return this.startSession(user, client);
  }

  async login(body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
    const { throttle, limits } = this.deps;
    const account = normalizeAccount(body.account);
    await throttle.admit('login', { account, ip: client.ip }, 'ip', limits.loginsPerIp, '登录尝试过于频繁');
    const failure = await throttle.admit(
      'login_failure',
      { account, ip: client.ip },
      'account',
      limits.loginFailuresPerAccount,
      '该账号密码错误次数过多，已暂时锁定',
    );
    const found = await this.accounts.findByAccount(account);
    const user = found?.deletedAt ? undefined : found;
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : (await burnPasswordCheck(body.password), false);
    if (!ok || !user) throw new AppError('unauthorized', WRONG_CREDENTIALS);
    await throttle.forget(failure);
    refuseDisabled(user);
    if (isStaff(user)) return this.challenge(user, client);
    return this.startSession(user, client);
  }

  /**
   * The second factor of a staff log-in: a code to the account (SMS or e-mail, within the code
   * limits) and a challenge that says whose password was right, valid as long as the code.
   */
  private async challenge(user: UserRow, client: ClientInfo): Promise<LoginResponse> {
    const sent = await this.deps.verification.sendServerCode(user.account, 'staff_login', client);
    const challenge = await this.deps.tokens.signChallenge({ userId: user.id, version: user.tokenVersion }, sent.expiresIn);
    return { codeRequired: true, challenge, channel: sent.channel, to: sent.to, expiresIn: sent.expiresIn };
  }

  /** The second step of a staff log-in: the challenge of the first and the code sent to the account. */
  async loginVerify(body: LoginVerifyBody, client: ClientInfo): Promise<SessionResponse> {
    const claims = await this.deps.tokens.verifyChallenge(body.challenge);
    const user = claims ? await this.accounts.findById(claims.userId) : undefined;
    if (!claims || !user || user.deletedAt || user.tokenVersion !== claims.version || !isStaff(user)) {
      throw new AppError('unauthorized', '登录已超时，请重新输入账号和密码');
    }
    await this.deps.verification.check(user.account, 'staff_login', body.code);
    refuseDisabled(user);
    await this.accounts.markAccountVerified(user.id, this.now());
    return this.startSession(user, client);
  }

  /**
   * Signs in with a code sent to the account (purpose `login`). Not held up by the failed-password
   * lock: a stranger's wrong guesses cannot keep the owner out.
   */
  async loginByCode(body: LoginByCodeBody, client: ClientInfo): Promise<SessionResponse> {
    const account = normalizeAccount(body.account);
    await this.deps.verification.check(account, 'login', body.code);
    const user = await this.accounts.findByAccount(account);
    // A code is sent only to an existing account; one deleted since is as if it never was.
    if (!user || user.deletedAt) throw new AppError('code_invalid', CODE_GONE, [{ path: 'body.code', message: CODE_GONE }]);
    refuseDisabled(user);
    // A code alone is one factor: the staff sign in with the password and a code.
    if (isStaff(user)) throw new AppError('forbidden', '工作人员账号请使用密码登录，并输入发到账号的验证码');
    await this.accounts.markAccountVerified(user.id, this.now());
    return this.startSession(user, client);
  }

  /**
   * Sets a new password with a code sent to the account (purpose `reset`) and ends every session of
   * the user; the failed-password lock of the account is lifted, so that the new password works at once.
   */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    const account = normalizeAccount(body.account);
    if (isCommonPassword(body.password)) {
      throw new AppError('validation_failed', COMMON_PASSWORD, [{ path: 'body.password', message: COMMON_PASSWORD }]);
    }
    await this.deps.verification.check(account, 'reset', body.code);
    const user = await this.accounts.findByAccount(account);
    if (!user || user.deletedAt) throw new AppError('code_invalid', CODE_GONE, [{ path: 'body.code', message: CODE_GONE }]);
    const passwordHash = await hashPassword(body.password);
    await this.deps.transactor.transaction(async (repositories) => {
      await repositories.accounts.setPasswordHash(user.id, passwordHash);
      await repositories.accounts.markAccountVerified(user.id, this.now());
      await repositories.sessions.deleteAllOf(user.id);
      await repositories.accounts.bumpTokenVersion(user.id);
      await repositories.attempts.deleteOfAccount(account, 'login_failure');
      await this.deps.notices.notify(
        user.id,
        {
          kind: 'account',
          title: '密码已重置',
          body: '您通过验证码重置了登录密码，所有设备上的登录已全部退出。如非本人操作，请立即联系客服。',
          link: paths.account,
        },
        repositories,
      );
    });
  }

  /**
   * Deletes the account (注销), confirmed by the password or by a code (purpose `delete`): refused,
   * with the reason, while something of the user is still open; otherwise, in one transaction, the
   * user's personal data goes (profile, avatar, addresses, favorites, cart, notices, sessions, codes,
   * messages sent to the account, log-in attempts), the records the company keeps are masked
   * (docs/decisions/0021, 0042) and the user's row stays, anonymised, for them.
   */
  async deleteAccount(user: UserRow, body: DeleteAccountBody, client: ClientInfo): Promise<void> {
    const { transactor, throttle, limits } = this.deps;
    const parts = this.deps.deletion?.() ?? [];
    // Every reason at once, so that the user can finish all of them before trying again.
    const blocked = async (within: Tx) => {
      const reasons: string[] = [];
      for (const { blocker } of parts) {
        const reason = await blocker?.(user.id, within, this.now());
        if (reason) reasons.push(reason);
      }
      if (reasons.length > 0) throw new AppError('conflict', reasons.join(''));
    };
    // Checked before the confirmation too, so that a code is not spent on a deletion that cannot happen.
    await transactor.transaction(blocked);
    if (body.password !== undefined) {
      const failure = await throttle.admit(
        'login_failure',
        { account: user.account, ip: client.ip },
        'account',
        limits.loginFailuresPerAccount,
        '密码错误次数过多，已暂时锁定',
      );
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        const message = '密码不正确';
        throw new AppError('validation_failed', message, [{ path: 'body.password', message }]);
      }
      await throttle.forget(failure);
    } else {
      await this.deps.verification.check(user.account, 'delete', body.code ?? '');
    }
    await transactor.transaction(async (repositories) => {
      await repositories.accounts.lockUser(user.id);
      await blocked(repositories);
      // Each module erases or masks its own records of the person (their tables' declarations say how).
      for (const { anonymise } of parts) await anonymise?.({ id: user.id, account: user.account }, repositories, this.now());
      await repositories.sessions.deleteAllOf(user.id);
      await repositories.attempts.deleteOfAccount(user.account);
      await repositories.accounts.anonymise(user.id, this.now());
    });
  }

  async logout(sessionId: string): Promise<void> {
    await this.deps.sessions.delete(sessionId);
  }

  async logoutEverywhere(userId: number): Promise<void> {
    await this.revokeAll(userId);
  }

  /** Ends every session of the user and makes every token issued so far invalid. */
  private async revokeAll(userId: number): Promise<void> {
    await this.deps.transactor.transaction(async ({ sessions, accounts }) => {
      await sessions.deleteAllOf(userId);
      await accounts.bumpTokenVersion(userId);
    });
  }

  async updateProfile(user: UserRow, body: UpdateProfileBody): Promise<User> {
    if (body.avatar) {
      const name = body.avatar.slice(AVATAR_PATH.length);
      if (!(await this.deps.files.isOwnedBy(name, user.id))) {
        const message = '头像请通过上传接口设置';
        throw new AppError('validation_failed', message, [{ path: 'body.avatar', message }]);
      }
    }
    const row = await this.accounts.update(user.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.sex !== undefined ? { sex: body.sex } : {}),
      ...(body.nickName !== undefined ? { nickName: body.nickName } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      ...(body.notifyBySmsAndEmail !== undefined ? { notifyBySmsAndEmail: body.notifyBySmsAndEmail } : {}),
    });
    return toUser(row);
  }

  /** Stores a new avatar image (checked by its bytes) and makes it the user's; the old one is deleted. */
  async setAvatar(user: UserRow, bytes: Buffer): Promise<User> {
    const type = sniffImageType(bytes);
    if (!type) throw new AppError('unsupported_media_type', '头像只支持 PNG、JPEG 或 WebP 格式的图片');
    const { files } = this.deps;
    const row = await this.deps.transactor.transaction(async (repositories) => {
      const key = await files.put({ bytes, contentType: type, ownerId: user.id, extension: extensionOf(type) }, repositories);
      const updated = await repositories.accounts.update(user.id, { avatar: AVATAR_PATH + key });
      const previous = user.avatar?.startsWith(AVATAR_PATH) ? user.avatar.slice(AVATAR_PATH.length) : undefined;
      if (previous) await files.delete(previous, user.id, repositories);
      return updated;
    });
    return toUser(row);
  }

  async avatar(name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    return this.deps.files.get(name);
  }

  /** Sets a new password, ends every other session and answers a fresh token for this one. */
  async changePassword(principal: { user: UserRow; sessionId: string }, body: ChangePasswordBody, client: ClientInfo): Promise<SessionResponse> {
    const { user, sessionId } = principal;
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      const message = '原密码不正确';
      throw new AppError('validation_failed', message, [{ path: 'body.oldPassword', message }]);
    }
    if (body.newPassword === body.oldPassword) {
      const message = '新密码不能与原密码相同';
      throw new AppError('validation_failed', message, [{ path: 'body.newPassword', message }]);
    }
    if (isCommonPassword(body.newPassword)) {
      throw new AppError('validation_failed', COMMON_PASSWORD, [{ path: 'body.newPassword', message: COMMON_PASSWORD }]);
    }
    await this.accounts.setPasswordHash(user.id, await hashPassword(body.newPassword));
    await this.revokeAll(user.id);
    await this.deps.sessions.delete(sessionId);
    const fresh = await this.accounts.findById(user.id);
    await this.deps.notices.notify(user.id, {
      kind: 'account',
      title: '密码已修改',
      body: '您的登录密码已修改，其他设备上的登录已全部退出。如非本人操作，请立即联系客服。',
      link: paths.account,
    });
    return this.startSession(fresh!, client);
  }

  async summary(userId: number): Promise<AccountSummary> {
    const [applications, favorites, unreadNotices] = await Promise.all([
      this.deps.applications?.countOf(userId) ?? 0,
      this.deps.favorites?.countOf(userId) ?? 0,
      this.deps.notices.unreadCount(userId),
    ]);
    return { applications, favorites, unreadNotices };
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<SessionResponse> {
    const sessionId = randomUUID();
    const { token, expiresAt } = await this.deps.tokens.sign({ userId: user.id, sessionId, version: user.tokenVersion });
    await this.deps.sessions.create({
      id: sessionId,
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      expiresAt,
    });
    return { token, user: toUser(user) };
  }
}
