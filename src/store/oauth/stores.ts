import type { Logger } from '../../lib/logger.js';
import type { OAuthStores, RevocationFeed } from '../../oauth/ports.js';
import type { Db } from '../db/database.js';
import { KyselyClientStore } from './clients.js';
import { KyselyKeyStore } from './signing-keys.js';
import { KyselyRevocationStore } from './revocation-list.js';
import { PgRevocationFeed } from './pg-revocation-feed.js';
import { SqliteRevocationFeed } from './sqlite-revocation-feed.js';

/** The OAuth ports on one database (SQLite or PostgreSQL, whichever DATABASE_URL names). */
export function oauthStores(db: Db): OAuthStores {
  return { clients: new KyselyClientStore(db), revocations: new KyselyRevocationStore(db), signingKeys: new KyselyKeyStore(db) };
}

/**
 * How revocations reach this instance: PostgreSQL pushes them (LISTEN/NOTIFY on a connection of the
 * feed's own, to `databaseUrl`); SQLite notices another connection's writes per request (data_version).
 */
export function revocationFeed(db: Db, databaseUrl: string, log: Logger): RevocationFeed {
  return db.sqlite ? new SqliteRevocationFeed(db.sqlite) : new PgRevocationFeed(databaseUrl, log);
}
