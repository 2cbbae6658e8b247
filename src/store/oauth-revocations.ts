import type { RevocationStore } from '../oauth/ports.js';
import { fromStore } from '../oauth/errors.js';
import type { Db } from './database.js';

/** The RevocationStore port on the oauth_revocations table: one row per subject, `jti:…` or `client:…`. */
export class KyselyRevocationStore implements RevocationStore {
  constructor(private readonly db: Db) {}

  revokeToken(jti: string, expiresAt: number): Promise<void> {
    return this.record(`jti:${jti}`, expiresAt);
  }

  revokeClient(clientId: string, until: number): Promise<void> {
    return this.record(`client:${clientId}`, until);
  }

  async isRevoked(jti: string, clientId: string, now: number): Promise<boolean> {
    const row = await fromStore(() => this.db.kysely.selectFrom('oauth_revocations').select('subject')
      .where('subject', 'in', [`jti:${jti}`, `client:${clientId}`])
      .where('expires_at', '>', now)
      .executeTakeFirst());
    return row !== undefined;
  }

  async purge(now: number): Promise<void> {
    await fromStore(() => this.db.kysely.deleteFrom('oauth_revocations').where('expires_at', '<=', now).execute());
  }

  private async record(subject: string, expiresAt: number): Promise<void> {
    await fromStore(() => this.db.kysely.insertInto('oauth_revocations').values({ subject, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ expires_at: expiresAt }))
      .execute());
  }
}
