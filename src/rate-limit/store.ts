/** Counts hits in fixed windows. Implementations must be atomic per key. */
export interface RateLimitStore {
  /** Adds one hit to key's current window; returns the count so far and the ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}
