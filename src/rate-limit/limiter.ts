import { ALL_RATE_LIMIT_POLICIES, type RateLimitDecision, type RateLimitPolicyName } from '../contract/rate-limits.js';
import type { Hit, RateLimitStore } from './store.js';

export type { RateLimitDecision };

/** Told of every request refused under a policy (metrics). */
export interface RateLimitEvents {
  refused(policy: RateLimitPolicyName): void;
}

const unobserved: RateLimitEvents = { refused() {} };

/** The one rate limiter: every surface (REST, MCP, forms, OAuth) consumes the contract's named policies here. */
export class RateLimiter {
  constructor(private readonly store: RateLimitStore, private readonly scale = 1, private readonly events = unobserved) {}

  limitOf(policy: RateLimitPolicyName): number {
    return Math.floor(ALL_RATE_LIMIT_POLICIES[policy].limit * this.scale);
  }

  /** Counts one request; synchronous when the store is (in process), a promise when it is Redis. */
  consume(policy: RateLimitPolicyName, clientKey: string): RateLimitDecision | Promise<RateLimitDecision> {
    const hit = this.store.hit(`${policy}:${clientKey}`, ALL_RATE_LIMIT_POLICIES[policy].windowSeconds * 1000);
    return hit instanceof Promise ? hit.then((counted) => this.decide(policy, counted)) : this.decide(policy, hit);
  }

  private decide(policy: RateLimitPolicyName, { count, resetMs }: Hit): RateLimitDecision {
    const { windowSeconds } = ALL_RATE_LIMIT_POLICIES[policy];
    const limit = this.limitOf(policy);
    const allowed = count <= limit;
    if (!allowed) this.events.refused(policy);
    return {
      allowed,
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
