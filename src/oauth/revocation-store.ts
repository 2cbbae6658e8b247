import type { Db } from '../store/database.js';
import { fromStore } from './oauth-error.js';

/**
 * Revoked tokens (by jti) and revoked clients (every token they hold), kept until the last token they
 * cover has expired. Checked in the database on every bearer request: a revocation made on one
 * instance is refused by every other instance at once (consistency window zero, no cache).
 */
export class RevocationStore {
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

  /** Drops revocations whose tokens have expired anyway. */
  async purge(now: number): Promise<void> {
    await fromStore(() => this.db.kysely.deleteFrom('oauth_revocations').where('expires_at', '<=', now).execute());
  }

  private async record(subject: string, expiresAt: number): Promise<void> {
    await fromStore(() => this.db.kysely.insertInto('oauth_revocations').values({ subject, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ expires_at: expiresAt }))
      .execute());
  }
}
