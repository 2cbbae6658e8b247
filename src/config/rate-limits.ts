import type { Reader } from './reader.js';

// Where the rate limits count (in process, or Redis shared by every instance) and how strict they are.

export interface RateLimitsConfig {
  /** REDIS_URL: the rate limits count there, and the A2A agent keeps its tasks there too (compose.ts openRedis). */
  redisUrl: string | undefined;
  /** Multiplies every rate-limit policy; above 1 lifts the limits (benchmarks), never below 1 in production. */
  rateLimitScale: number;
}

export function readRateLimits(r: Reader): RateLimitsConfig {
  return { redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']), rateLimitScale: r.number('RATE_LIMIT_SCALE', 1, 1) };
}
