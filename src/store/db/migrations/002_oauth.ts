import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CLIENT_NAME_MAX_LENGTH } from '../../../contract/oauth-schemas.js';

// OAuth: registered clients (secrets only as hashes), Ed25519 signing keys shared by every instance,
// and revocations (by token jti or by whole client) kept until the tokens they cover have expired.
export const oauthMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('oauth_clients')
      .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('secret_hash', 'varchar(128)', (c) => c.notNull())
      .addColumn('client_name', `varchar(${CLIENT_NAME_MAX_LENGTH})`, (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createTable('oauth_signing_keys')
      .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('rotated_at', 'bigint')
      .execute();
    // At most one signer: instances starting together on an empty database cannot each create one.
    await sql`CREATE UNIQUE INDEX oauth_signing_keys_one_signer ON oauth_signing_keys ((1)) WHERE rotated_at IS NULL`.execute(db);
    await db.schema.createTable('oauth_revocations')
      .addColumn('subject', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauth_revocations_expires_at').on('oauth_revocations').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_revocations').execute();
    await db.schema.dropTable('oauth_signing_keys').execute();
    await db.schema.dropTable('oauth_clients').execute();
  },
};
