import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { DATABASE_CODES, staffRoleLabels, type DatabaseCode, type StaffRoleName } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { StaffActor } from '../audit/audit-trail.js';
import type { UserRow } from './account.repository.js';
import type { SessionCache } from './session-cache.js';
import type { SessionRepository } from './session.repository.js';
import type { TokenService } from './token.service.js';

export interface Principal {
  user: UserRow;
  sessionId: string;
  /** What the user's grants unlock now: database codes, `*` for membership (read with the session). */
  held: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on routes that need a signed-in user. */
    principal: Principal | null;
  }
}

/** `*` stands for membership (every database) in the held-access list. */
export const MEMBERSHIP = '*';

export const NOT_SIGNED_IN = '请先登录';
export const SESSION_EXPIRED = '登录已失效，请重新登录';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * onRequest hooks that authenticate (before the body is even read) the bearer token of a request:
 * a genuine, unexpired token of a live session whose user's token version it carries. With a cache,
 * what a token stood for is reused for up to its TTL (see SessionCache for why that stays correct).
 */
export function createAuthGuard(
  tokens: TokenService,
  sessions: SessionRepository,
  now: () => Date = () => new Date(),
  cache?: SessionCache<Principal | null>,
) {
  const principalOfToken = async (token: string): Promise<{ value: Principal | null; keepUntil?: Date }> => {
    const claims = await tokens.verify(token);
    if (!claims) return { value: null };
    const found = await sessions.findActiveUser(claims.sessionId, claims.userId, claims.version, now());
    return { value: found ? { ...found, sessionId: claims.sessionId } : null, keepUntil: claims.expiresAt };
  };
  const authenticate = (token: string): Promise<Principal | null> =>
    cache ? cache.lookup(token, () => principalOfToken(token)) : principalOfToken(token).then(({ value }) => value);

  const requireUser: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', NOT_SIGNED_IN);
    const principal = await authenticate(token);
    if (!principal) throw new AppError('unauthorized', SESSION_EXPIRED);
    request.principal = principal;
  };

  /**
   * For public routes that personalise their answer (favorites, gated fields): sets the principal when
   * the token is good; a missing, expired or revoked token simply makes the caller anonymous.
   */
  const optionalUser: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    request.principal = await authenticate(token);
  };

  /** A member of the staff (holding any staff role); with `roles`, one holding one of them. */
  const requireStaff = (roles: readonly string[] = []): onRequestAsyncHookHandler =>
    async function (request, reply) {
      await requireUser.call(this, request, reply);
      const held: readonly string[] = request.principal?.user.roles ?? [];
      if (held.length === 0) throw new AppError('forbidden', '仅限工作人员操作');
      if (roles.length > 0 && !roles.some((role) => held.includes(role))) {
        const names = roles.map((role) => staffRoleLabels[role as StaffRoleName] ?? role).join('或');
        throw new AppError('forbidden', `没有执行此操作的权限（需要${names}角色）`);
      }
    };

  return { requireUser, optionalUser, requireStaff };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The signed-in user of a route guarded by `requireUser`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized', NOT_SIGNED_IN);
  return request.principal;
}

/** The member of the staff making a change on a staff route, for the audit log. */
export function actorOf(request: FastifyRequest): StaffActor {
  const { user } = principalOf(request);
  return { id: user.id, account: user.account, ip: request.ip };
}

/** Who is asking, as far as access levels care. */
export interface Viewer {
  userId: number | null;
  /** Holds membership (会员) right now: every database's 会员可见 fields. */
  member: boolean;
  /** The databases whose 会员可见 fields the viewer may see now (all of them for a member). */
  databases: readonly DatabaseCode[];
  /** A member of the staff who edits content: sees products taken off the site and every document. */
  editor: boolean;
}

/** What a set of held codes (`*` for membership) unlocks. */
export function accessOf(held: readonly string[]): Pick<Viewer, 'member' | 'databases'> {
  const member = held.includes(MEMBERSHIP);
  return { member, databases: DATABASE_CODES.filter((code) => member || held.includes(code)) };
}

export function viewerOf(request: FastifyRequest): Viewer {
  const principal = request.principal;
  if (!principal) return { userId: null, member: false, databases: [], editor: false };
  return { userId: principal.user.id, ...accessOf(principal.held), editor: principal.user.roles.includes('editor') };
}

/** Whether the viewer may see the 会员可见 fields of a database. */
export function unlocks(viewer: Viewer, database: DatabaseCode): boolean {
  return viewer.databases.includes(database);
}
