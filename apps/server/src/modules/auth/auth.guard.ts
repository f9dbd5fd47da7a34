import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { DATABASE_CODES, staffRoleLabels, type DatabaseCode, type StaffRoleName } from '@fuliaotong/contracts';
import { MEMBERSHIP } from '../grant/grant.repository.js';
import { AppError } from '../../http/errors.js';
import type { StaffActor } from '../audit/audit-trail.js';
import type { UserRow } from '../account/account.repository.js';
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

export const NOT_SIGNED_IN = '请先登录';
export const SESSION_EXPIRED = '登录已失效，请重新登录';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** onRequest hooks that authenticate (before the body is even read) the bearer token of a request. */
export function createAuthGuard(tokens: TokenService, sessions: SessionRepository, now: () => Date = () => new Date()) {
  const requireUser: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', NOT_SIGNED_IN);
    const claims = await tokens.verify(token);
    if (!claims) throw new AppError('unauthorized', SESSION_EXPIRED);
    const found = await sessions.findActiveUser(claims.sessionId, claims.userId, claims.version, now());
    if (!found) throw new AppError('unauthorized', SESSION_EXPIRED);
    request.principal = { ...found, sessionId: claims.sessionId };
  };

  /**
   * For public routes that personalise their answer (favorites, gated fields): sets the principal when
   * the token is good; a missing, expired or revoked token simply makes the caller anonymous.
   */
  const optionalUser: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    const claims = await tokens.verify(token);
    if (!claims) return;
    const found = await sessions.findActiveUser(claims.sessionId, claims.userId, claims.version, now());
    if (found) request.principal = { ...found, sessionId: claims.sessionId };
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
