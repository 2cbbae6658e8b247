// Contract, "Limits": the named rate-limit policies. Every limiter, header and document reads these.
export interface RateLimitPolicy {
  /** Requests allowed per window and key. */
  limit: number;
  windowSeconds: number;
  /** Who shares one bucket. */
  scope: string;
}

/** The API's policies: the public documents (OpenAPI, the developer page, llms-full.txt) list exactly these. */
export const RATE_LIMIT_POLICIES = {
  read: { limit: 60, windowSeconds: 60, scope: 'per client IP, across the read endpoints and MCP list tools' },
  inquiry: { limit: 5, windowSeconds: 15 * 60, scope: 'per client IP, shared by every way of submitting an inquiry' },
  booking: { limit: 10, windowSeconds: 15 * 60, scope: 'per client IP, shared by every way of booking a consultation (holds, bookings, confirmations, reschedules)' },
  register: { limit: 5, windowSeconds: 15 * 60, scope: 'per client IP, client registration' },
  token: { limit: 30, windowSeconds: 60, scope: 'per client IP, token requests' },
  // Not in the contract: chosen so that a resource server checking every call stays well inside it,
  // while guessing client secrets through these authenticated endpoints stays slow.
  introspect: { limit: 120, windowSeconds: 60, scope: 'per client IP, token introspection and revocation together' },
} as const satisfies Record<string, RateLimitPolicy>;

/**
 * The operators' sign-in to the web inbox (src/operators/): not part of the public API, so kept out of the
 * set above and out of every public document. Every attempt counts, right password or not.
 */
export const SIGN_IN_RATE_LIMIT_POLICIES = {
  signIn: { limit: 20, windowSeconds: 15 * 60, scope: 'per client IP, inbox sign-in attempts on any account' },
  signInAccount: { limit: 5, windowSeconds: 15 * 60, scope: 'per operator address, inbox sign-in attempts from anywhere' },
} as const satisfies Record<string, RateLimitPolicy>;

/** Every policy the limiter counts (and the metrics report): the public ones and the internal ones. */
export const ALL_RATE_LIMIT_POLICIES = { ...RATE_LIMIT_POLICIES, ...SIGN_IN_RATE_LIMIT_POLICIES } as const;

export type RateLimitPolicyName = keyof typeof ALL_RATE_LIMIT_POLICIES;

/** The answer of the limiter to one request under one policy. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/** The RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers) of a decision: every surface sends these. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `${decision.limit};w=${decision.windowSeconds}`,
  };
}
