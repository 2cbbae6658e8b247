import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../store/database.js';
import { ClientStore } from './client-store.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { KeyRing, type KeySource } from './key-ring.js';
import { KeyStore } from './key-store.js';
import { RevocationStore } from './revocation-store.js';
import { parseConfiguredKey } from './signing-key.js';
import { AccessTokens } from './tokens.js';

/** The OAuth authorization server's parts, shared by its routes, the bearer hook and the CLI. */
export interface OAuthService {
  /** BASE_URL: the issuer, and the resource identifier every token is issued for (aud). */
  issuer: string;
  audience: string;
  clock: Clock;
  clients: ClientStore;
  revocations: RevocationStore;
  keys: KeyRing;
  tokens: AccessTokens;
  close(): void;
}

export interface OAuthDeps {
  config: Config;
  db: Db;
  logger: FastifyBaseLogger;
  clock?: Clock;
}

/** OAUTH_SIGNING_KEY, when set, replaces the keys kept in the database. A bad key stops the start. */
async function keySource(config: Config, db: Db): Promise<KeySource> {
  if (config.oauthSigningKey) {
    const key = { ...(await parseConfiguredKey(config.oauthSigningKey)), createdAt: 0, rotatedAt: null };
    return Object.assign(async () => [key], { fixed: true });
  }
  const store = new KeyStore(db);
  return (now) => store.ensureSigner(now);
}

/** Builds the service without touching the database: keys load lazily, so a down database does not stop the start. */
export async function createOAuth({ config, db, logger, clock = systemClock }: OAuthDeps): Promise<OAuthService> {
  const clients = new ClientStore(db);
  const revocations = new RevocationStore(db);
  const keys = new KeyRing(await keySource(config, db), clock, logger);
  const tokens = new AccessTokens(keys, revocations, config.baseUrl, config.baseUrl, clock);
  keys.warmUp();
  return {
    issuer: config.baseUrl,
    audience: config.baseUrl,
    clock,
    clients,
    revocations,
    keys,
    tokens,
    close: () => keys.close(),
  };
}
