import type { JWK } from 'jose';
import { fromStore } from '../../oauth/errors.js';
import { RETIRE_AFTER_MS, type SigningKeyStore, type StoredKey } from '../../oauth/ports.js';
import { generateSigningKey, type SerializedKey } from '../../oauth/signing-key.js';
import type { Db } from '../db/database.js';

/** The SigningKeyStore port on the oauth_signing_keys table. The private JWK is stored as is (docs/oauth.md, Keys). */
export class KyselyKeyStore implements SigningKeyStore {
  constructor(private readonly db: Db) {}

  /** Keys still published at `now`: the signer(s) and rotated keys whose tokens may still be alive. */
  async published(now: number): Promise<StoredKey[]> {
    const rows = await fromStore(() => this.db.kysely.selectFrom('oauth_signing_keys').selectAll()
      .where((eb) => eb.or([eb('rotated_at', 'is', null), eb('rotated_at', '>', now - RETIRE_AFTER_MS)]))
      .orderBy('created_at').orderBy('kid').execute());
    return rows.map(toStored);
  }

  /**
   * First start: generates a key when none signs. Instances racing on an empty database insert at
   * most one signer (a unique index allows one row without rotated_at); the losers use the winner's.
   */
  async ensureSigner(now: number): Promise<StoredKey[]> {
    const keys = await this.published(now);
    if (keys.some((k) => k.rotatedAt === null)) return keys;
    await this.insert(await generateSigningKey(), now);
    return this.published(now);
  }

  /** A new key signs from now on; the previous signers stay published until RETIRE_AFTER_MS has passed. */
  async rotate(now: number): Promise<SerializedKey> {
    const key = await generateSigningKey();
    await fromStore(() => this.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('oauth_signing_keys').set({ rotated_at: now }).where('rotated_at', 'is', null).execute();
      await trx.insertInto('oauth_signing_keys').values(row(key, now)).execute();
    }));
    await this.retire(now);
    return key;
  }

  /** Deletes keys whose last token has expired. */
  async retire(now: number): Promise<number> {
    const result = await fromStore(() => this.db.kysely.deleteFrom('oauth_signing_keys')
      .where('rotated_at', '<=', now - RETIRE_AFTER_MS).executeTakeFirst());
    return Number(result.numDeletedRows);
  }

  /** Every key row, retired or not yet deleted (for `studio keys list`). */
  async all(): Promise<StoredKey[]> {
    const rows = await fromStore(() => this.db.kysely.selectFrom('oauth_signing_keys').selectAll()
      .orderBy('created_at').orderBy('kid').execute());
    return rows.map(toStored);
  }

  private async insert(key: SerializedKey, now: number): Promise<void> {
    await fromStore(() => this.db.kysely.insertInto('oauth_signing_keys').values(row(key, now))
      .onConflict((conflict) => conflict.doNothing()).execute());
  }
}

function row(key: SerializedKey, now: number) {
  return {
    kid: key.kid,
    private_jwk: JSON.stringify(key.privateJwk),
    public_jwk: JSON.stringify(key.publicJwk),
    created_at: now,
    rotated_at: null,
  };
}

function toStored(stored: { kid: string; private_jwk: string; public_jwk: string; created_at: number; rotated_at: number | null }): StoredKey {
  return {
    kid: stored.kid,
    privateJwk: JSON.parse(stored.private_jwk) as JWK,
    publicJwk: JSON.parse(stored.public_jwk) as JWK,
    createdAt: Number(stored.created_at),
    rotatedAt: stored.rotated_at === null ? null : Number(stored.rotated_at),
  };
}
