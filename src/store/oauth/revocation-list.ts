import { sql } from 'kysely';
import type { Revocation, RevocationStore } from '../../oauth/ports.js';
import { fromStore } from '../../oauth/errors.js';
import { revocationSubject } from '../../oauth/revocations.js';
import type { Db } from '../db/database.js';
import { REVOCATION_CHANNEL, revocationPayload } from './pg-revocation-feed.js';

/** The RevocationStore port on the oauth_revocations table: one row per subject, `jti:…` or `client:…`. */
export class KyselyRevocationStore implements RevocationStore {
  constructor(private readonly db: Db) {}

  revokeToken(jti: string, expiresAt: number): Promise<void> {
    return this.record(revocationSubject.token(jti), expiresAt);
  }

  revokeClient(clientId: string, until: number): Promise<void> {
    return this.record(revocationSubject.client(clientId), until);
  }

  isRevoked(jti: string, clientId: string, now: number): Promise<boolean> {
    return this.anyInForce([revocationSubject.token(jti), revocationSubject.client(clientId)], now);
  }

  isClientRevoked(clientId: string, now: number): Promise<boolean> {
    return this.anyInForce([revocationSubject.client(clientId)], now);
  }

  live(now: number): Promise<Revocation[]> {
    return fromStore(() => this.db.kysely.selectFrom('oauth_revocations').select(['subject', 'expires_at as expiresAt'])
      .where('expires_at', '>', now)
      .execute());
  }

  async purge(now: number): Promise<void> {
    await fromStore(() => this.db.kysely.deleteFrom('oauth_revocations').where('expires_at', '<=', now).execute());
  }

  /** Whether a revocation of any of `subjects` is still in force at `now`. */
  private async anyInForce(subjects: string[], now: number): Promise<boolean> {
    const row = await fromStore(() => this.db.kysely.selectFrom('oauth_revocations').select('subject')
      .where('subject', 'in', subjects)
      .where('expires_at', '>', now)
      .executeTakeFirst());
    return row !== undefined;
  }

  private async record(subject: string, expiresAt: number): Promise<void> {
    if (this.db.dialect === 'postgres') return this.recordAndNotify(subject, expiresAt);
    await fromStore(() => this.db.kysely.insertInto('oauth_revocations').values({ subject, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ expires_at: expiresAt }))
      .execute());
  }

  /**
   * On PostgreSQL the row and its notification are one statement: NOTIFY is sent when that statement
   * commits, so every listening instance hears of exactly the revocations that were stored, whoever
   * stored them (an instance or the operator command).
   */
  private async recordAndNotify(subject: string, expiresAt: number): Promise<void> {
    await fromStore(() => sql`
      with stored as (
        insert into oauth_revocations (subject, expires_at) values (${subject}, ${expiresAt})
        on conflict (subject) do update set expires_at = excluded.expires_at
        returning subject, expires_at)
      select pg_notify(${REVOCATION_CHANNEL}, ${revocationPayload(sql.ref('stored.expires_at'), sql.ref('stored.subject'))}) from stored`
      .execute(this.db.kysely));
  }
}
