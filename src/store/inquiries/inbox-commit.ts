import { sql, type Transaction } from 'kysely';
import type { ClaimedJob, CommitOutcome, CommitRequest } from '../../inquiries/ports.js';
import { recordAcknowledgements } from './acknowledgements.js';
import type { Db } from '../db/database.js';
import { claimedJobOf, inquiryRow, jobRows } from './rows.js';
import type { Database, NotificationJobsTable } from '../db/schema.js';

// The inbox's commit of a batch of inquiries (group commit, see src/lib/group-committer.ts): one
// transaction, a fixed number of statements whatever the batch size (one SELECT for the Idempotency-Keys,
// one for the duplicates, multi-row INSERTs), and the port's rules applied to each member in the order
// they came, so that within a batch the second of two identical submissions is the first's duplicate and
// the second use of a key is its replay (or key_reused), exactly as in two transactions.

type Tx = Transaction<Database>;

interface KnownKey { bodyHash: string; inquiryId: string; createdAt: number }
interface Latest { id: string; receivedAt: number }

/** What the store held when the batch began, and what the batch's earlier members added to it. */
interface Known {
  keys: Map<string, KnownKey>;
  /** The latest inquiry of each fingerprint, within the widest duplicate window of the batch. */
  latest: Map<string, Latest>;
}

interface Decision {
  outcome: CommitOutcome;
  /** The key row to write: this member is the key's first use (or the first since it expired). */
  remember?: KnownKey & { key: string };
}

/** The port's rules for one member, in the port's order: replay a key, else recognize a duplicate, else store. */
function decide(request: CommitRequest, known: Known): Decision {
  const { idempotency, record } = request;
  if (idempotency) {
    const seen = known.keys.get(idempotency.key);
    if (seen && seen.createdAt >= idempotency.notBefore) {
      return { outcome: seen.bodyHash === idempotency.bodyHash ? { kind: 'replayed', id: seen.inquiryId } : { kind: 'key_reused' } };
    }
  }
  const latest = known.latest.get(record.fingerprint);
  const duplicate = latest && latest.receivedAt >= request.duplicateSince ? latest.id : undefined;
  if (!duplicate) known.latest.set(record.fingerprint, { id: record.id, receivedAt: record.receivedAt });
  const outcome: CommitOutcome = duplicate ? { kind: 'duplicate', id: duplicate } : { kind: 'stored', id: record.id };
  if (!idempotency) return { outcome };
  const remember = { key: idempotency.key, bodyHash: idempotency.bodyHash, inquiryId: duplicate ?? record.id, createdAt: record.receivedAt };
  known.keys.set(remember.key, remember);
  return { outcome, remember };
}

const unique = (values: string[]): string[] => [...new Set(values)];

async function knownKeys(tx: Tx, requests: CommitRequest[]): Promise<Map<string, KnownKey>> {
  const keys = unique(requests.flatMap((r) => (r.idempotency ? [r.idempotency.key] : [])));
  if (keys.length === 0) return new Map();
  const rows = await tx.selectFrom('idempotency_keys').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, { bodyHash: row.body_hash, inquiryId: row.inquiry_id, createdAt: row.created_at }]));
}

async function latestByFingerprint(tx: Tx, requests: CommitRequest[]): Promise<Map<string, Latest>> {
  const since = Math.min(...requests.map((r) => r.duplicateSince));
  const rows = await tx.selectFrom('inquiries').select(['id', 'fingerprint', 'received_at'])
    .where('fingerprint', 'in', unique(requests.map((r) => r.record.fingerprint))).where('received_at', '>=', since)
    .execute();
  const latest = new Map<string, Latest>();
  for (const row of rows) {
    const kept = latest.get(row.fingerprint);
    if (!kept || row.received_at > kept.receivedAt) latest.set(row.fingerprint, { id: row.id, receivedAt: row.received_at });
  }
  return latest;
}

/**
 * Two identical submissions at the same instant, on two instances, would both miss each other in the
 * duplicate check under READ COMMITTED: on PostgreSQL each fingerprint's commits queue on an advisory
 * lock held to commit. A batch takes its locks in one statement, in the order of their keys, so that two
 * batches never wait for each other crosswise (PostgreSQL evaluates the volatile lock function after the
 * ORDER BY). SQLite runs one write transaction at a time already.
 */
async function lockFingerprints(tx: Tx, requests: CommitRequest[]): Promise<void> {
  const fingerprints = unique(requests.map((r) => r.record.fingerprint));
  await sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(f) as h from unnest(${fingerprints}::text[]) as f) as locks order by h`.execute(tx);
}

/**
 * The new inquiries, their jobs and acknowledgements (INQUIRY_ACK, per address: see acknowledgements.ts).
 * Returns the jobs stored under a lease, by inquiry.
 */
async function insertStored(tx: Tx, stored: CommitRequest[]): Promise<Map<string, ClaimedJob[]>> {
  const claimed = new Map<string, ClaimedJob[]>();
  if (stored.length === 0) return claimed;
  await tx.insertInto('inquiries').values(stored.map((r) => inquiryRow(r.record))).execute();
  const acknowledged = await recordAcknowledgements(tx, stored.flatMap(({ acknowledge, record }) => (
    acknowledge ? [{ ...acknowledge, inquiryId: record.id, at: record.receivedAt }] : [])));
  const jobs: NotificationJobsTable[] = [];
  for (const { record, notify, lease } of stored) {
    const rows = jobRows(record.id, notify, record.receivedAt, lease);
    if (acknowledged.has(record.id)) rows.push(...jobRows(record.id, ['acknowledgement'], record.receivedAt, lease));
    jobs.push(...rows);
    if (lease) claimed.set(record.id, rows.filter((row) => row.locked_until !== null).map(claimedJobOf));
  }
  if (jobs.length > 0) await tx.insertInto('notification_jobs').values(jobs).execute();
  return claimed;
}

/** The keys' first uses. An expired row of the same key is forgotten first: the key is free again after its TTL. */
async function rememberKeys(tx: Tx, requests: CommitRequest[], decisions: Decision[]): Promise<void> {
  const rows = decisions.flatMap((d) => (d.remember ? [d.remember] : []));
  if (rows.length === 0) return;
  const expiredBefore = Math.max(...requests.flatMap((r) => (r.idempotency ? [r.idempotency.notBefore] : [])));
  await tx.deleteFrom('idempotency_keys').where('key', 'in', rows.map((r) => r.key)).where('created_at', '<', expiredBefore).execute();
  await tx.insertInto('idempotency_keys')
    .values(rows.map((r) => ({ key: r.key, body_hash: r.bodyHash, inquiry_id: r.inquiryId, created_at: r.createdAt })))
    .execute();
}

/** One transaction for the whole batch: every member is committed, or none. */
async function commitTogether(db: Db, requests: CommitRequest[]): Promise<CommitOutcome[]> {
  return db.kysely.transaction().execute(async (tx) => {
    if (db.dialect === 'postgres') await lockFingerprints(tx, requests);
    const known: Known = { keys: await knownKeys(tx, requests), latest: await latestByFingerprint(tx, requests) };
    const decisions = requests.map((request) => decide(request, known));
    const claimed = await insertStored(tx, requests.filter((_, i) => decisions[i]!.outcome.kind === 'stored'));
    await rememberKeys(tx, requests, decisions);
    return decisions.map(({ outcome }) => {
      const jobs = outcome.kind === 'stored' ? claimed.get(outcome.id) : undefined;
      return jobs ? { ...outcome, claimed: jobs } : outcome;
    });
  });
}

/**
 * A failure the member's own data caused: an integrity constraint (SQLite's SQLITE_CONSTRAINT_*,
 * PostgreSQL's class 23), typically a concurrent commit of the same new Idempotency-Key on another
 * instance. Anything else (I/O, a lost connection, a full disk) is the store's, and fails the batch.
 */
function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code));
}

/**
 * One member on its own; a constraint violation is tried once more, which then sees what the concurrent
 * commit wrote (the key's replay).
 */
async function commitAlone(db: Db, request: CommitRequest): Promise<PromiseSettledResult<CommitOutcome>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [outcome] = await commitTogether(db, [request]);
      return { status: 'fulfilled', value: outcome! };
    } catch (error) {
      if (attempt === 2 || !isConstraintViolation(error)) return { status: 'rejected', reason: error };
    }
  }
}

/**
 * Commits a batch in one transaction. When it fails on a constraint, one member's data is at fault: each
 * member is then committed alone, so that only that one fails. Any other failure rejects (the whole batch
 * fails, and none of it is stored).
 */
export async function commitBatch(db: Db, requests: CommitRequest[]): Promise<PromiseSettledResult<CommitOutcome>[]> {
  try {
    const outcomes = await commitTogether(db, requests);
    return outcomes.map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    const results: PromiseSettledResult<CommitOutcome>[] = [];
    for (const request of requests) results.push(await commitAlone(db, request));
    return results;
  }
}
