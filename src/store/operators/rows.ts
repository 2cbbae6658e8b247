import type { Selectable } from 'kysely';
import type { OperatorRecord, SessionRecord, SignInLinkRecord } from '../../operators/ports.js';
import type { OperatorsTable } from '../db/schema.js';

// An operator, a session and a sign-in link as rows of their tables, and an operator row read back as a record.

export function toOperator(row: Selectable<OperatorsTable>): OperatorRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    passwordChangedAt: row.password_changed_at === null ? null : Number(row.password_changed_at),
  };
}

export const sessionRow = (s: SessionRecord) => ({
  token_hash: s.tokenHash, operator_id: s.operatorId, created_at: s.createdAt, last_seen_at: s.lastSeenAt, expires_at: s.expiresAt,
});

export const linkRow = (l: SignInLinkRecord) => ({
  token_hash: l.tokenHash, operator_id: l.operatorId, created_at: l.createdAt, expires_at: l.expiresAt, used_at: l.usedAt,
});
