import { ServerCallContext, type User } from '@a2a-js/sdk/server';
import type { ApiError } from '../contract/errors.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import type { Caller } from '../inquiries/inquiry-service.js';

// What a skill call exchanges with the HTTP request it came in: who calls, what the call counted, and a
// refusal that HTTP answers itself (the extended card without a token: 401 and its challenge).
// Both travel through the SDK in its per-request ServerCallContext (its `state` bag is made for this):
// the executor sees neither HTTP nor Fastify, and the route alone turns the outcome into headers.

/** What a skill call counted on top of the route's read count, and how long to wait when it was refused for a while. */
export interface SkillOutcome {
  rateLimit?: RateLimitDecision;
  retryAfterSeconds?: number;
}

/** One request's call: filled in by the executor (or the extended card's provider), read by the route once the SDK has answered. */
export interface A2aCall {
  caller: Caller;
  outcome?: SkillOutcome;
  /** A refusal with an HTTP status and headers of its own: the route answers it instead of the SDK's error. */
  refusal?: ApiError;
}

const CALL_KEY = 'studio.call';

/** The SDK's notion of the caller: the OAuth client of a verified bearer token, or nobody in particular. */
class BearerClient implements User {
  constructor(private readonly clientId: string | undefined) {}
  get isAuthenticated(): boolean {
    return this.clientId !== undefined;
  }
  get userName(): string {
    return this.clientId ?? '';
  }
}

/** The SDK's context of one HTTP request, carrying its call. `requestedVersion` is the A2A-Version header (absent: the SDK assumes 0.3). */
export function callContext(call: A2aCall, requestedVersion: string | undefined): ServerCallContext {
  return new ServerCallContext({ user: new BearerClient(call.caller.clientId), requestedVersion, state: new Map([[CALL_KEY, call]]) });
}

/** The call of a context the route made; throws when the SDK was reached some other way. */
export function callOf(context: ServerCallContext): A2aCall {
  const call = context.state.get(CALL_KEY) as A2aCall | undefined;
  if (!call) throw new Error('A2A request without the call of an HTTP request');
  return call;
}
