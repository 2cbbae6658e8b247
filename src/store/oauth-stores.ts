import type { OAuthStores } from '../oauth/ports.js';
import type { Db } from './database.js';
import { KyselyClientStore } from './oauth-clients.js';
import { KyselyKeyStore } from './oauth-keys.js';
import { KyselyRevocationStore } from './oauth-revocations.js';

/** The OAuth ports on one database (SQLite or PostgreSQL, whichever DATABASE_URL names). */
export function oauthStores(db: Db): OAuthStores {
  return { clients: new KyselyClientStore(db), revocations: new KyselyRevocationStore(db), signingKeys: new KyselyKeyStore(db) };
}
