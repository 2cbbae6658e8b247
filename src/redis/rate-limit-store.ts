import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';
import { throttledWarning } from '../lib/throttled-warning.js';
import type { RateLimitStore } from '../rate-limit/store.js';

// INCR and the first PEXPIRE run as one script, so every instance sharing the Redis sees one count.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Every rate-limit key in Redis starts with this (exported so tests can clean up the keys they made). */
export const KEY_PREFIX = 'studio:ratelimit:';

/**
 * Fixed windows in Redis, over the process's connection (connection.ts). While Redis cannot
 * answer, hits go to the fallback store and a warning is logged (at most every 30 s): the service keeps
 * serving rather than failing requests.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly warn: (error: unknown) => void;

  constructor(private readonly redis: Redis, private readonly fallback: RateLimitStore, log: Logger) {
    this.warn = throttledWarning(log, 'Redis rate-limit store unreachable; counting in process meanwhile');
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    try {
      const hit = this.redis as unknown as { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };
      const [count, resetMs] = await hit.rateLimitHit(KEY_PREFIX + key, windowMs);
      return { count, resetMs };
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  /** The fallback's; the connection is the composition root's to close, after every store that uses it. */
  async close(): Promise<void> {
    await this.fallback.close();
  }
}
