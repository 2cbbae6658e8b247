import type { AuthInfo, CallToolResult } from '@modelcontextprotocol/server';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import type { Caller } from '../inquiries/inquiry-service.js';

// What a tool call exchanges with the HTTP request it came in: who calls, and what the call counted. Both
// travel through the SDK as its per-request context: a handler gets `extra.authInfo`, the value given
// to `transport.handleRequest` for that request. The tools see neither HTTP nor the pooled Server that
// happens to answer; the route alone turns outcomes into headers.

/** Who is calling: what the agent operations need of the HTTP request, and the bearer token's scopes. */
export interface McpCaller extends Caller {
  /** The scopes of a verified bearer token; absent for anonymous calls. */
  scopes?: string[];
}

/** What a tool call produced: its result, and what it counted on top of the route's read count. */
export interface ToolOutcome {
  result: CallToolResult;
  /** The decision of the policy the call counted against itself (submit_inquiry: the inquiry bucket). */
  rateLimit?: RateLimitDecision;
  /** Seconds to wait before calling again, when the call was refused for a while (rate limit, inbox down). */
  retryAfterSeconds?: number;
}

/** Receives the outcome of each tool call of the request, for the transport to answer from. */
export type OutcomeSink = (outcome: ToolOutcome) => void;

/** What AuthInfo's `extra` carries besides the bearer client: the rest of the caller, and the sink. */
type CallExtra = {
  ip: string;
  userAgent: string | undefined;
  origin: string | undefined;
  report: OutcomeSink;
};

/**
 * The caller as the SDK's AuthInfo. The bearer hook has verified the token already and no tool needs it,
 * so `token` stays empty rather than spreading the secret; an anonymous caller has an empty `clientId`.
 */
export function toAuthInfo(caller: McpCaller, report: OutcomeSink): AuthInfo {
  const extra: CallExtra = { ip: caller.ip, userAgent: caller.userAgent, origin: caller.origin, report };
  return { token: '', clientId: caller.clientId ?? '', scopes: caller.scopes ?? [], extra };
}

function isCallExtra(extra: AuthInfo['extra']): extra is AuthInfo['extra'] & CallExtra {
  return typeof extra?.ip === 'string' && typeof extra.report === 'function';
}

/** The caller and the outcome sink of a handler's `extra.authInfo`; throws when the SDK was reached without them. */
export function callContextOf(authInfo: AuthInfo | undefined): { caller: McpCaller; report: OutcomeSink } {
  const extra = authInfo?.extra;
  if (!authInfo || !isCallExtra(extra)) throw new Error('tools/call without the caller of an HTTP request');
  const caller: McpCaller = {
    ip: extra.ip,
    userAgent: extra.userAgent,
    origin: extra.origin,
    clientId: authInfo.clientId || undefined,
    scopes: authInfo.clientId ? authInfo.scopes : undefined,
  };
  return { caller, report: extra.report };
}
