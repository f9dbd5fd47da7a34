import type { SQL } from 'drizzle-orm';
import type { AccountRepositories } from './account.repositories.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import type { Transactor } from '../../db/transactor.js';
import { defineModule, type ModuleOptions, type Ports } from '../../kernel/module.js';
import { AccountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import * as accountTables from './account.schema.js';
import { AccountService } from './account.service.js';
import { createAuthGuard, type AuthGuard, type Principal } from './auth.guard.js';
import * as authTables from './auth.schema.js';
import { SessionCache } from './session-cache.js';
import { SessionRepository } from './session.repository.js';
import { defaultAuthLimits, Throttle, type AuthLimits } from './throttle.js';
import { ThrottleRepository } from './throttle.repository.js';
import { TokenService } from './token.service.js';
import { UserDirectory } from './user-directory.js';

/*
 * The identity core, at the bottom of the module graph: users, their sessions and sign-in, the guard
 * every route is checked by. Other modules reach users through `users` (UserDirectory).
 */

/** Other processes must refuse a token logged out elsewhere within a second. */
const MAX_SESSION_CACHE_MS = 1000;
/** Methods that change nothing: they leave the session cache as it is. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOUR = 60 * 60 * 1000;

/** Supplied by the grant module: paid access is read with the session. */
const PORTS_NEEDED = ['heldAccess', 'holdsPaidAccess'] as const;

function repositories(db: Db, ports: Pick<Ports, (typeof PORTS_NEEDED)[number]>): AccountRepositories {
  return {
    accounts: new AccountRepository(db, ports),
    sessions: new SessionRepository(db, ports),
    /** Log-in and registration attempts (throttling). */
    attempts: new ThrottleRepository(db),
  };
}

/**
 * How long what a bearer token stands for is reused in this process (at most a second: other processes
 * must refuse a token logged out elsewhere within a second); 0 reads it on every request.
 */
export function sessionCacheMs(options: ModuleOptions): number {
  return Math.min(options.auth.sessionCacheMs ?? 0, MAX_SESSION_CACHE_MS);
}

declare module '../../kernel/module.js' {
  interface Services {
    users: UserDirectory;
    guard: AuthGuard;
    /** Counts attempts (auth_attempts) for the limits of other modules (the COA lookup). */
    throttle: Throttle;
  }
  interface Ports {
    /** What a user's grants unlock now, as a column of the session query (database codes, `*` for membership). */
    heldAccess(userId: AnyPgColumn, now: Date): SQL<string[]>;
    /** The condition "holds paid access now" on a users query. */
    holdsPaidAccess(userId: AnyPgColumn, now: Date): SQL;
  }
  interface ModuleOptions {
    auth: {
      /** The HS256 key of session tokens (see loadJwtSecret). */
      jwtSecret: Uint8Array;
      /** Log-in and registration limits; the defaults unless a test changes them. */
      limits?: Partial<AuthLimits>;
      /**
       * How long what a bearer token stands for is reused (SessionCache). 0 (default) reads the session
       * on every request: tests change the database behind the app's back. The server (main.ts) uses 1000.
       */
      sessionCacheMs?: number;
    };
  }
}

export const accountModule = defineModule({
  name: 'account',
  tables: [accountTables, authTables],
  repositories: (db, _tx, ports) => repositories(db, ports),
  portsNeeded: PORTS_NEEDED,
  provide: ({ transactor, options, now, app }) => {
    const own: Transactor<AccountRepositories> = transactor;
    const cacheMs = sessionCacheMs(options);
    const sessionCache = cacheMs > 0 ? new SessionCache<Principal | null>(cacheMs, now) : undefined;
    if (sessionCache) {
      // Anything but a read may have ended a session or changed a user: this process forgets what it cached
      // before the answer leaves, so the next request here sees the change.
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (!READ_METHODS.has(request.method)) sessionCache.clear();
        done(null, payload);
      });
    }
    const tokens = new TokenService(options.auth.jwtSecret);
    return { users: new UserDirectory(own), guard: createAuthGuard(tokens, own.on().sessions, now, sessionCache), throttle: new Throttle(own.on().attempts, now) };
  },
  routes: async (app, context) => {
    const { transactor, services, options, now } = context;
    const own: Transactor<AccountRepositories> = transactor;
    const repositories = own.on();
    const accounts = new AccountService({
      accounts: repositories.accounts,
      transactor: own,
      tokens: new TokenService(options.auth.jwtSecret),
      sessions: repositories.sessions,
      throttle: new Throttle(repositories.attempts),
      limits: { ...defaultAuthLimits, ...options.auth.limits },
      notices: services.notices,
      files: services.files,
      favorites: services.favorites,
      applications: services.applications,
      verification: services.verification,
      policyVersion: () => services.legal.policyVersion(),
      deletion: () => context.accountDeletion(),
      now,
    });
    await app.register(accountRoutes, { accounts, guard: services.guard });
  },
  jobs: ({ transactor }) => {
    const own: Transactor<AccountRepositories> = transactor;
    const { attempts, sessions } = own.on();
    // Old log-in attempts and expired sessions are of no further use.
    return [
      {
        name: 'account.prune',
        everyMs: HOUR,
        run: async () => void (await Promise.all([new Throttle(attempts).prune(), sessions.pruneExpired(new Date())])),
      },
    ];
  },
});
