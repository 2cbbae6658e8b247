export interface Hit {
  count: number;
  resetMs: number;
}

/** Counts hits in fixed windows. Implementations must be atomic per key. */
export interface RateLimitStore {
  /**
   * Adds one hit to key's current window; returns the count so far and the ms until the window resets.
   * An in-process store answers at once (no promise on the hot path), a networked one with a promise.
   */
  hit(key: string, windowMs: number): Hit | Promise<Hit>;
  close(): Promise<void>;
}
