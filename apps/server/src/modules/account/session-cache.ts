/**
 * Values read for one signed-in user and reused for at most a second, in the process that read them:
 * what the bearer token of a recent request stood for, and the user's sample-cart count (and, keyed by
 * the database's code, the databases' access levels that every request for their records reads).
 *
 * What the bearer token of a recent request stood for — its claims and the session's user, or that it
 * stands for nothing — kept for at most a second (docs/decisions/0032-growing-past-one-machine.md).
 * Signed-in requests come in bursts (a page and its API calls, polling), and the session read was one
 * of the two database round trips of the hot signed-in calls.
 *
 * How it stays correct:
 * - in another process, a change (log-out, a password change that ends every session, a disabled
 *   account, a role or grant taken away) is seen within `ttlMs` at the latest: an entry is never older;
 * - in this process, every request that may change something (any method but GET, HEAD and OPTIONS)
 *   empties the cache before its answer leaves (`clear()`, called by the app's onSend hook), so a
 *   token logged out here is refused by the very next request here, whatever was cached;
 * - a read that began before such a change is not kept when it ends after it (the generation check);
 * - an entry never outlives its token's expiry, and only tokens with a genuine signature are kept
 *   (anything else costs no database read anyway), at most `maxEntries` of them.
 */
export class SessionCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value of a token, or what `load` answers (kept when the token is genuine: `keepUntil`). */
  async lookup(token: string, load: () => Promise<{ value: V; keepUntil?: Date }>): Promise<V> {
    const now = this.now().getTime();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(token);
    const generation = this.generation;
    const { value, keepUntil } = await load();
    if (keepUntil && this.ttlMs > 0 && generation === this.generation) {
      const until = Math.min(now + this.ttlMs, keepUntil.getTime());
      if (until > now) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(token, { value, until });
      }
    }
    return value;
  }

  /** Forgets one key (its value changed), and keeps reads begun before now out of the cache. */
  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Forgets everything: something may have changed. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
