import type { User } from '@fuliaotong/contracts';
import { decodeJwt } from 'jose';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** The key of the persisted session in localStorage (every tab of the site shares it). */
export const SESSION_STORAGE_KEY = 'fuliaotong-session';

/** What the site keeps about the signed-in user (the API's `User`). */
export type SessionUser = User;

export interface SessionData {
  /** The bearer token, or null when logged out. */
  token: string | null;
  user: SessionUser | null;
}

export interface SessionActions {
  /** Logged out → logged in: stores the token and the user together. */
  login(token: string, user: SessionUser): void;
  /** Clears token and user (and, through storage, in every open tab). */
  logout(): void;
  /** Replaces the stored user (after a profile change); ignored when logged out. */
  setUser(user: SessionUser): void;
  /**
   * The token, if it decodes and has not expired. Otherwise token and user are cleared and
   * nothing is returned.
   */
  readToken(): string | undefined;
}

export type SessionState = SessionData & SessionActions;
export type SessionStore = StoreApi<SessionState> & {
  persist: { rehydrate(): Promise<void> | void; hasHydrated(): boolean };
};

export const loggedOut: SessionData = { token: null, user: null };

export type TokenCheck =
  | { valid: true; exp?: number }
  /** `reason`: 'expired', or why the token cannot be read. */
  | { valid: false; reason: string };

/**
 * Decodes a token with jose's `decodeJwt` (no signature check: the server does that). Invalid are
 * tokens that do not have three parts, or whose payload does not decode to a JSON object (jose's
 * messages: 'Invalid JWT', 'JWTs must contain a payload', 'Failed to base64url decode the payload',
 * 'Failed to parse the decoded payload as JSON', 'Invalid JWT Claims Set'), and tokens whose `exp`
 * (seconds) is past.
 */
export function checkToken(token: string, nowMs: number): TokenCheck {
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch (error) {
    return { valid: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (typeof exp === 'number' && exp * 1000 <= nowMs) return { valid: false, reason: 'expired' };
  return { valid: true, exp: typeof exp === 'number' ? exp : undefined };
}

/** Keeps only what a persisted session may hold; anything malformed counts as logged out. */
function sanitize(persisted: unknown): SessionData {
  const value = persisted as Partial<SessionData> | null | undefined;
  const token = typeof value?.token === 'string' && value.token ? value.token : null;
  const user = value?.user && typeof value.user === 'object' ? value.user : null;
  return token && user ? { token, user } : loggedOut;
}

export interface SessionStoreOptions {
  /** Where the session is persisted (localStorage in the browser; a fake in tests). */
  storage: StateStorage;
  now?: () => number;
  /** Hydrate from storage when the store is created (default true). */
  hydrate?: boolean;
}

/** The persisted user store: `{ token, user }` in storage under {@link SESSION_STORAGE_KEY}. */
export function createSessionStore({ storage, now = Date.now, hydrate = true }: SessionStoreOptions): SessionStore {
  return createStore<SessionState>()(
    persist(
      (set, get) => ({
        ...loggedOut,
        login: (token, user) => set({ token, user }),
        logout: () => {
          if (get().token !== null || get().user !== null) set(loggedOut);
        },
        setUser: (user) => {
          if (get().token) set({ user });
        },
        readToken: () => {
          const { token } = get();
          if (!token) return undefined;
          if (checkToken(token, now()).valid) return token;
          get().logout();
          return undefined;
        },
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => storage),
        partialize: ({ token, user }) => ({ token, user }),
        // What another tab (or a removed key) says replaces our data; a half session is no session.
        merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
        skipHydration: !hydrate,
      },
    ),
  );
}

/** The part of a `StorageEvent` the cross-tab sync looks at. */
export interface StorageChange {
  key: string | null;
  storageArea?: unknown;
}

/**
 * Another tab changed localStorage: when it is the session (or storage was cleared, key null), take
 * over what is stored now, so that login and logout in one tab apply to every open tab.
 */
export function applyStorageChange(store: SessionStore, change: StorageChange, area?: unknown): boolean {
  if (change.key !== null && change.key !== SESSION_STORAGE_KEY) return false;
  if (area !== undefined && change.storageArea !== undefined && change.storageArea !== area) return false;
  void store.persist.rehydrate();
  return true;
}

/** Listens to `storage` events of `target` (the window) and returns the function that stops it. */
export function syncAcrossTabs(
  store: SessionStore,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  area?: unknown,
): () => void {
  const listener = (event: Event) => applyStorageChange(store, event as unknown as StorageChange, area);
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/**
 * localStorage that never throws (private modes and full quotas): the session then lives in this tab only.
 */
export function safeStorage(getStorage: () => Storage): StateStorage {
  return {
    getItem: (name) => {
      try {
        return getStorage().getItem(name);
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      try {
        getStorage().setItem(name, value);
      } catch {
        // not persisted
      }
    },
    removeItem: (name) => {
      try {
        getStorage().removeItem(name);
      } catch {
        // nothing to remove
      }
    },
  };
}
