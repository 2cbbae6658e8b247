// Contract, "Limits": the named rate-limit policies. Every limiter, header and document reads these.
export interface RateLimitPolicy {
  /** Requests allowed per window and key. */
  limit: number;
  windowSeconds: number;
  /** Who shares one bucket. */
  scope: string;
}

export const RATE_LIMIT_POLICIES = {
  read: { limit: 60, windowSeconds: 60, scope: 'per client IP, across the read endpoints and MCP list tools' },
  inquiry: { limit: 5, windowSeconds: 15 * 60, scope: 'per client IP, shared by every way of submitting an inquiry' },
  register: { limit: 5, windowSeconds: 15 * 60, scope: 'per client IP, client registration' },
  token: { limit: 30, windowSeconds: 60, scope: 'per client IP, token requests' },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES;
