import { systemClock, type Clock } from '../lib/clock.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import { accountSide } from './accounts.js';
import type { Operators } from './operators.js';
import type { OperatorStore, PasswordHasher } from './ports.js';
import { signInSide } from './sign-in.js';

export interface OperatorsDeps {
  store: OperatorStore;
  /** Counts the sign-in attempts (policies signIn and signInAccount, src/contract/rate-limits.ts). */
  limiter: RateLimiter;
  /** argon2id in the service (./argon2-hasher.ts). */
  hasher: PasswordHasher;
  clock?: Clock;
}

/** The operators use case: the web inbox's side (sign-in, sessions, links) and the operator command's (accounts). */
export function createOperators({ store, limiter, hasher, clock = systemClock }: OperatorsDeps): Operators {
  return { ...signInSide({ store, limiter, hasher, clock }), ...accountSide({ store, hasher, clock }) };
}

export type OperatorAccounts = Pick<Operators, 'add' | 'list' | 'remove' | 'reset'>;

/** The accounts side alone, for the operator command: it never signs anyone in, so it counts nothing. */
export function createOperatorAccounts({ store, hasher, clock = systemClock }: Omit<OperatorsDeps, 'limiter'>): OperatorAccounts {
  return accountSide({ store, hasher, clock });
}
