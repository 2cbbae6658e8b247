import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { unobservedOAuth, type OAuthEvents } from './events.js';
import { Grants } from './grants.js';
import { KeyRing, type KeySource } from './key-ring.js';
import type { OAuthStores, RevocationFeed, SigningKeyStore } from './ports.js';
import { KnownRevocations } from './revocations.js';
import { parseConfiguredKey } from './signing-key.js';
import { AccessTokens } from './tokens.js';

/** The OAuth authorization server's parts, shared by its routes, the bearer hook and the CLI. */
export interface OAuthService {
  /** BASE_URL: the issuer, and the resource identifier every token is issued for (aud). */
  issuer: string;
  grants: Grants;
  /** Verifies bearer tokens on the API. */
  tokens: AccessTokens;
  /** The published keys (JWKS). */
  keys: KeyRing;
  /** Told of tokens issued and of bearer tokens checked (metrics). */
  events: OAuthEvents;
  close(): Promise<void>;
}

export interface OAuthDeps {
  issuer: string;
  stores: OAuthStores;
  /** OAUTH_SIGNING_KEY: when set, the one key, instead of the keys kept in the store. */
  signingKey?: string;
  logger: Logger;
  clock?: Clock;
  /**
   * Load the keys now, retrying in the background while the store is down (default). Off for the
   * operator command, whose client commands never sign or verify.
   */
  warmUp?: boolean;
  /** Resolves once the store's schema is current: the warm-up waits for it, as the outbox worker does. */
  storeReady?: Promise<void>;
  events?: OAuthEvents;
  /**
   * Pushes revocations made anywhere, so bearer requests are answered from memory while it is connected.
   * Without one (the operator command) every request asks the store.
   */
  revocationFeed?: RevocationFeed;
}

/** OAUTH_SIGNING_KEY, when set, replaces the keys kept in the store. A bad key stops the start. */
async function keySource(signingKey: string | undefined, store: SigningKeyStore): Promise<KeySource> {
  if (signingKey) {
    const key = { ...(await parseConfiguredKey(signingKey)), createdAt: 0, rotatedAt: null };
    return Object.assign(async () => [key], { fixed: true });
  }
  return (now) => store.ensureSigner(now);
}

/** Builds the service without waiting for the store: keys load lazily, so a down database does not stop the start. */
export async function createOAuth(deps: OAuthDeps): Promise<OAuthService> {
  const { issuer, stores, signingKey, logger, clock = systemClock, warmUp = true, storeReady, events = unobservedOAuth, revocationFeed } = deps;
  const keys = new KeyRing(await keySource(signingKey, stores.signingKeys), clock, logger);
  const revocations = revocationFeed ? new KnownRevocations(stores.revocations, revocationFeed, clock, logger, storeReady) : undefined;
  revocations?.start();
  const revocationStore = revocations ?? stores.revocations;
  // The issuer is also the audience: the API served at BASE_URL is the one resource.
  const tokens = new AccessTokens(keys, revocationStore, issuer, issuer, clock);
  const grants = new Grants({ clients: stores.clients, revocations: revocationStore, tokens, clock, events });
  if (warmUp) keys.warmUp(storeReady);
  return { issuer, grants, tokens, keys, events, async close() { keys.close(); await revocations?.close(); } };
}
