import type { Transaction } from 'kysely';
import type {
  CredentialChange, OperatorRecord, OperatorStore, OperatorWithSessions, Redemption, SessionOfOperator, SessionRecord,
  SignInLinkOfOperator, SignInLinkRecord,
} from '../../operators/ports.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { linkRow, sessionRow, toOperator } from './rows.js';

// The OperatorStore port on the operators, operator_sessions and operator_sign_in_links tables (SQLite
// and PostgreSQL alike). Sessions and links go with their operator by the foreign keys' cascade (SQLite
// enforces them: src/store/db/database.ts turns foreign_keys on for every connection).

/** Every session and link of the operator ends (a reset, a redemption), but for the link `keep`. */
async function endCredentials(tx: Transaction<Database>, operatorId: string, keep?: string): Promise<void> {
  await tx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
  let links = tx.deleteFrom('operator_sign_in_links').where('operator_id', '=', operatorId);
  if (keep !== undefined) links = links.where('token_hash', '!=', keep);
  await links.execute();
}

export class KyselyOperatorStore implements OperatorStore {
  constructor(private readonly db: Db) {}

  async create(operator: OperatorRecord, link?: SignInLinkRecord): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const inserted = await tx.insertInto('operators').values({
        id: operator.id, email: operator.email, password_hash: operator.passwordHash,
        created_at: operator.createdAt, password_changed_at: operator.passwordChangedAt,
      }).onConflict((conflict) => conflict.column('email').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      if (link) await tx.insertInto('operator_sign_in_links').values(linkRow(link)).execute();
      return true;
    });
  }

  async findByEmail(email: string): Promise<OperatorRecord | undefined> {
    const row = await this.db.kysely.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
    return row && toOperator(row);
  }

  async list(now: number, idleSince: number): Promise<OperatorWithSessions[]> {
    const rows = await this.db.kysely.selectFrom('operators as o')
      .leftJoin('operator_sessions as s', (join) => join.onRef('s.operator_id', '=', 'o.id')
        .on('s.expires_at', '>', now).on('s.last_seen_at', '>', idleSince))
      .select(['o.id', 'o.email', 'o.password_hash', 'o.created_at', 'o.password_changed_at'])
      .select((eb) => eb.fn.count<number>('s.token_hash').as('active_sessions'))
      .groupBy('o.id')
      .orderBy('o.created_at').orderBy('o.email')
      .execute();
    return rows.map((row) => ({ ...toOperator(row), activeSessions: Number(row.active_sessions) }));
  }

  async remove(email: string): Promise<boolean> {
    const result = await this.db.kysely.deleteFrom('operators').where('email', '=', email).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async replaceCredentials(operatorId: string, { passwordHash, at, link }: CredentialChange): Promise<void> {
    await this.db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable('operators').set({ password_hash: passwordHash, password_changed_at: at }).where('id', '=', operatorId).execute();
      await endCredentials(tx, operatorId);
      if (link) await tx.insertInto('operator_sign_in_links').values(linkRow(link)).execute();
    });
  }

  async createSession(session: SessionRecord): Promise<void> {
    await this.db.kysely.insertInto('operator_sessions').values(sessionRow(session)).execute();
  }

  async findSession(tokenHash: string): Promise<SessionOfOperator | undefined> {
    const row = await this.db.kysely.selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.token_hash', 's.operator_id', 's.created_at', 's.last_seen_at', 's.expires_at', 'o.email'])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && {
      tokenHash: row.token_hash, operatorId: row.operator_id, email: row.email,
      createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at), expiresAt: Number(row.expires_at),
    };
  }

  async touchSession(tokenHash: string, at: number): Promise<void> {
    await this.db.kysely.updateTable('operator_sessions').set({ last_seen_at: at }).where('token_hash', '=', tokenHash).execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.kysely.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async findLink(tokenHash: string): Promise<SignInLinkOfOperator | undefined> {
    const row = await this.db.kysely.selectFrom('operator_sign_in_links as l')
      .innerJoin('operators as o', 'o.id', 'l.operator_id')
      .select(['l.token_hash', 'l.operator_id', 'l.created_at', 'l.expires_at', 'l.used_at', 'o.email'])
      .where('l.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && {
      tokenHash: row.token_hash, operatorId: row.operator_id, email: row.email, createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at), usedAt: row.used_at === null ? null : Number(row.used_at),
    };
  }

  async deleteLink(tokenHash: string): Promise<void> {
    await this.db.kysely.deleteFrom('operator_sign_in_links').where('token_hash', '=', tokenHash).execute();
  }

  /** The guarded update claims the link: on PostgreSQL a concurrent redemption waits for it, then matches nothing. */
  async redeemLink({ linkHash, now, passwordHash, session }: Redemption): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const claimed = await tx.updateTable('operator_sign_in_links').set({ used_at: now })
        .where('token_hash', '=', linkHash).where('operator_id', '=', session.operatorId)
        .where('used_at', 'is', null).where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      await tx.updateTable('operators').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', session.operatorId).execute();
      await endCredentials(tx, session.operatorId, linkHash);
      await tx.insertInto('operator_sessions').values(sessionRow(session)).execute();
      return true;
    });
  }

  async purgeExpired(now: number, idleSince: number): Promise<{ sessions: number; links: number }> {
    const sessions = await this.db.kysely.deleteFrom('operator_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
      .executeTakeFirst();
    const links = await this.db.kysely.deleteFrom('operator_sign_in_links').where('expires_at', '<=', now).executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), links: Number(links.numDeletedRows) };
  }
}
