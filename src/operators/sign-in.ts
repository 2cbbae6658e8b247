import type { Clock } from '../lib/clock.js';
import { sha256Base64url } from '../lib/hash.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import type { IssuedSession, Operators, SignInOutcome } from './operators.js';
import { checkPassword, couldBeAPassword, hashPassword, passwordProblem } from './password-rules.js';
import type { OperatorStore, PasswordHasher, SignInLinkOfOperator } from './ports.js';
import { csrfTokenOf, sessionRecord, sessionState, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.js';
import { isTokenShaped, newToken, tokenHash } from './tokens.js';

// The web inbox's side of the use case: signing in (throttled, in constant work), the session of each
// request, signing out, and the one-time links that set a password.

interface SignInDeps {
  store: OperatorStore;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  clock: Clock;
}

type SignInSide = Pick<Operators, 'signIn' | 'session' | 'signOut' | 'linkEmail' | 'redeemLink' | 'purgeExpired'>;

/** The session handed to the browser: the token for its cookie, the CSRF token derived from it. */
function issued(token: string, operator: { operatorId: string; email: string }): IssuedSession {
  return { ...operator, token, csrfToken: csrfTokenOf(token), maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 };
}

/**
 * Counts the attempt under both policies, whatever comes of it: per client IP (one source trying many
 * accounts) and per address (many sources trying one account; keyed by its hash, so no address sits in
 * Redis). Refused under either, it waits for the later of the two.
 */
async function throttled(limiter: RateLimiter, address: string, ip: string): Promise<SignInOutcome | undefined> {
  const decisions = await Promise.all([
    limiter.consume('signIn', clientKey(ip)),
    limiter.consume('signInAccount', sha256Base64url(address)),
  ]);
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length === 0) return undefined;
  return { kind: 'throttled', retryAfterSeconds: Math.max(...refused.map((decision) => decision.resetSeconds)) };
}

export function signInSide({ store, limiter, hasher, clock }: SignInDeps): SignInSide {
  // Checked instead of a real hash for an unknown address or an account without a password, so every
  // attempt costs one argon2id verification. Made on the first attempt, which every attempt awaits.
  let dummy: Promise<string> | undefined;
  const dummyHash = (): Promise<string> => {
    dummy ??= hasher.hash(newToken().token).catch((error: unknown) => {
      dummy = undefined;
      throw error;
    });
    return dummy;
  };

  /** A new session for the operator; the expired ones go at the same time (sign-ins are rare and bounded). */
  async function startSession(operator: { operatorId: string; email: string }): Promise<IssuedSession> {
    const { token, hash } = newToken();
    const now = clock();
    await store.createSession(sessionRecord(hash, operator.operatorId, now));
    await store.purgeExpired(now, now - SESSION_IDLE_MS);
    return issued(token, operator);
  }

  /** The link of a token while it is unused and unexpired; an expired one is deleted when seen. */
  async function liveLink(token: string): Promise<SignInLinkOfOperator | undefined> {
    if (!isTokenShaped(token)) return undefined;
    const link = await store.findLink(tokenHash(token));
    if (!link) return undefined;
    if (clock() >= link.expiresAt) {
      await store.deleteLink(link.tokenHash);
      return undefined;
    }
    return link.usedAt === null ? link : undefined;
  }

  return {
    async signIn(email, password, ip) {
      const address = comparableAddress(email);
      const refusal = await throttled(limiter, address, ip);
      if (refusal) return refusal;
      if (!couldBeAPassword(password)) return { kind: 'refused' };
      const [operator, dummyValue] = await Promise.all([store.findByEmail(address), dummyHash()]);
      const matches = await checkPassword(hasher, operator?.passwordHash ?? dummyValue, password);
      if (!operator?.passwordHash || !matches) return { kind: 'refused' };
      return { kind: 'signed_in', session: await startSession({ operatorId: operator.id, email: operator.email }) };
    },

    // Every request of the inbox: one indexed read (no cache, so a removal or a reset holds on every instance
    // at once), and a write at most once a minute.
    async session(token) {
      if (!isTokenShaped(token)) return undefined;
      const hash = tokenHash(token);
      const found = await store.findSession(hash);
      if (!found) return undefined;
      const now = clock();
      const state = sessionState(found, now);
      if (state === 'over') {
        await store.deleteSession(hash);
        return undefined;
      }
      if (state === 'live_touch') await store.touchSession(hash, now);
      return { operatorId: found.operatorId, email: found.email, csrfToken: csrfTokenOf(token) };
    },

    async signOut(token) {
      if (isTokenShaped(token)) await store.deleteSession(tokenHash(token));
    },

    async linkEmail(linkToken) {
      return (await liveLink(linkToken))?.email;
    },

    async redeemLink(linkToken, password) {
      const link = await liveLink(linkToken);
      if (!link) return { kind: 'invalid_link' };
      const problem = passwordProblem(password);
      if (problem) return { kind: 'weak_password', message: problem };
      const passwordHash = await hashPassword(hasher, password);
      const { token, hash } = newToken();
      const now = clock();
      const session = sessionRecord(hash, link.operatorId, now);
      // Used or expired meanwhile (another tab, another instance): then the link did nothing.
      if (!(await store.redeemLink({ linkHash: link.tokenHash, now, passwordHash, session }))) return { kind: 'invalid_link' };
      return { kind: 'signed_in', session: issued(token, { operatorId: link.operatorId, email: link.email }) };
    },

    async purgeExpired() {
      const now = clock();
      return store.purgeExpired(now, now - SESSION_IDLE_MS);
    },
  };
}
