import { randomUUID } from 'node:crypto';
import type {
  AccountSummary,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  SessionResponse,
  UpdateProfileBody,
  User,
} from '@fuliaotong/contracts';
import type { Transactor } from '../../db/transactor.js';
import { AppError } from '../../http/errors.js';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionRepository } from '../auth/session.repository.js';
import type { AuthLimits, Throttle } from '../auth/throttle.js';
import type { TokenService } from '../auth/token.service.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { FileStore } from '../files/file-store.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { SampleApplicationService } from '../sample-application/sample-application.service.js';
import type { AccountRepository, UserRow } from './account.repository.js';
import { extensionOf, sniffImageType } from './image-type.js';

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
    role: row.role,
    notifyBySmsAndEmail: row.notifyBySmsAndEmail,
  };
}

/** E-mail addresses are case-insensitive; a mobile number is kept as typed. */
export function normalizeAccount(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export interface AccountServiceDeps {
  accounts: AccountRepository;
  transactor: Transactor;
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
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private get accounts() {
    return this.deps.accounts;
  }

  async register(body: RegisterBody, client: ClientInfo): Promise<SessionResponse> {
    const { throttle, limits } = this.deps;
    await throttle.admit('register', { ip: client.ip }, 'ip', limits.registrationsPerIp, '注册过于频繁');
    if (isCommonPassword(body.password)) {
      throw new AppError('validation_failed', COMMON_PASSWORD, [{ path: 'body.password', message: COMMON_PASSWORD }]);
    }
    const account = normalizeAccount(body.account);
    const passwordHash = await hashPassword(body.password);
    let user: UserRow;
    try {
      user = await this.deps.transactor.transaction(async (repositories) => {
        const row = await repositories.accounts.insert({ account, passwordHash, nickName: body.nickName?.trim() ?? '' });
        await this.deps.notices.notify(
          row.id,
          {
            kind: 'account',
            title: '欢迎加入辅料通',
            body: '您的账号已创建。您可以在个人中心完善资料、管理收货地址，并在线申请辅料样品。',
            link: '/account',
          },
          repositories,
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', '该账号已注册，请直接登录');
      throw error;
    }
    return this.startSession(user, client);
  }

  async login(body: LoginBody, client: ClientInfo): Promise<SessionResponse> {
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
    const user = await this.accounts.findByAccount(account);
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : (await burnPasswordCheck(body.password), false);
    if (!ok || !user) throw new AppError('unauthorized', WRONG_CREDENTIALS);
    await throttle.forget(failure);
    return this.startSession(user, client);
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
      link: '/account',
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
