import { RATE_LIMIT_POLICIES, type RateLimitPolicyName } from '../contract/rate-limits.js';
import type { RateLimitStore } from './store.js';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/** The one rate limiter: every surface (REST, MCP, forms, OAuth) consumes the contract's named policies here. */
export class RateLimiter {
  constructor(private readonly store: RateLimitStore, private readonly scale = 1) {}

  limitOf(policy: RateLimitPolicyName): number {
    return Math.floor(RATE_LIMIT_POLICIES[policy].limit * this.scale);
  }

  async consume(policy: RateLimitPolicyName, clientKey: string): Promise<RateLimitDecision> {
    const { windowSeconds } = RATE_LIMIT_POLICIES[policy];
    const limit = this.limitOf(policy);
    const { count, resetMs } = await this.store.hit(`${policy}:${clientKey}`, windowSeconds * 1000);
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      windowSeconds,
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers) of a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `${decision.limit};w=${decision.windowSeconds}`,
  };
}
