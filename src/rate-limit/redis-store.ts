import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';
import { systemClock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { RateLimitStore } from './store.js';

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
const WARN_EVERY_MS = 30_000;

/**
 * Fixed windows in Redis. While Redis cannot answer, hits go to the fallback store and a warning is
 * logged (at most every 30 s): the service keeps serving rather than failing requests.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly redis: Redis;
  private lastWarning = 0;

  constructor(url: string, private readonly fallback: RateLimitStore, private readonly log: Logger) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Long enough that a busy Redis is not taken for a dead one: a timed-out command may still have
      // counted, and counting it again in process would let one extra request through.
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    this.redis.on('error', (error: Error) => this.warn(error));
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    try {
      const hit = this.redis as unknown as { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };
      const [count, resetMs] = await hit.rateLimitHit(KEY_PREFIX + key, windowMs);
      return { count, resetMs };
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.hit(key, windowMs);
    }
  }

  /** Waits up to `ms` for the first connection, so counting starts shared; after that, falls back as usual. */
  async waitUntilConnected(ms: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (connected: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(connected);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.redis.once('ready', onReady);
    });
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  private warn(error: Error): void {
    const now = systemClock();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.log.warn({ err: errorClass(error) }, 'Redis rate-limit store unreachable; counting in process meanwhile');
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }
}
