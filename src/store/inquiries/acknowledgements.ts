import { sql, type Transaction } from 'kysely';
import type { CommitRequest } from '../../inquiries/ports.js';
import type { Database } from '../db/schema.js';

// INQUIRY_ACK's once-per-address-per-interval rule, inside the commit transaction of a batch of new inquiries.

type Tx = Transaction<Database>;

/** A stored inquiry that asks for an acknowledgement: its address and the rule's bound, its id and time. */
export interface AcknowledgementCandidate extends NonNullable<CommitRequest['acknowledge']> {
  inquiryId: string;
  at: number;
}

/**
 * Records the batch's acknowledgements; returns the inquiries that got one (the caller queues their jobs).
 * Two statements whatever the batch size: the addresses' last acknowledgements are read, the candidates
 * are decided in the order they came (due when the address had none at or after its bound, counting the
 * batch's own earlier ones), and the due ones are written in one guarded upsert. The guard is the rule
 * itself, evaluated by the database against the row as committed: on PostgreSQL a concurrent commit for
 * the same address makes the upsert wait on the row (or on the unique key of its insert), then see the
 * committed time and update nothing, so that candidate is not acknowledged; SQLite runs one writer at a time.
 */
export async function recordAcknowledgements(tx: Tx, candidates: AcknowledgementCandidate[]): Promise<Set<string>> {
  const acknowledged = new Set<string>();
  if (candidates.length === 0) return acknowledged;
  const last = await lastAcknowledged(tx, candidates.map((c) => c.address));
  const due: AcknowledgementCandidate[] = [];
  for (const candidate of candidates) {
    const previous = last.get(candidate.address);
    if (previous !== undefined && previous >= candidate.notBefore) continue;
    due.push(candidate);
    last.set(candidate.address, candidate.at);
  }
  for (const group of upsertGroups(due)) {
    const byAddress = new Map(group.candidates.map((c) => [c.address, c]));
    const recorded = await upsertGuarded(tx, group.candidates, group.interval);
    for (const address of recorded) acknowledged.add(byAddress.get(address)!.inquiryId);
  }
  return acknowledged;
}

async function lastAcknowledged(tx: Tx, addresses: string[]): Promise<Map<string, number>> {
  const rows = await tx.selectFrom('acknowledgements').select(['address', 'acknowledged_at'])
    .where('address', 'in', [...new Set(addresses)]).execute();
  return new Map(rows.map((row) => [row.address, Number(row.acknowledged_at)]));
}

/**
 * One upsert cannot write a row twice, and its guard names the bound through the candidate's own time
 * (`excluded.acknowledged_at`): the due candidates go in groups of one per address and one interval
 * (at − notBefore). In practice one group: the interval is the contract's, and two acknowledgements of
 * one address in one batch would be that interval apart.
 */
function upsertGroups(due: AcknowledgementCandidate[]): Array<{ interval: number; candidates: AcknowledgementCandidate[] }> {
  const groups: Array<{ interval: number; candidates: AcknowledgementCandidate[]; addresses: Set<string> }> = [];
  for (const candidate of due) {
    const interval = candidate.at - candidate.notBefore;
    let group = groups.find((g) => g.interval === interval && !g.addresses.has(candidate.address));
    if (!group) groups.push(group = { interval, candidates: [], addresses: new Set() });
    group.candidates.push(candidate);
    group.addresses.add(candidate.address);
  }
  return groups;
}

/** Writes each candidate's acknowledgement unless its address had one within `interval` of it; the addresses written. */
async function upsertGuarded(tx: Tx, candidates: AcknowledgementCandidate[], interval: number): Promise<string[]> {
  const rows = await tx.insertInto('acknowledgements')
    .values(candidates.map((c) => ({ address: c.address, acknowledged_at: c.at, inquiry_id: c.inquiryId })))
    .onConflict((conflict) => conflict.column('address')
      .doUpdateSet((update) => ({ acknowledged_at: update.ref('excluded.acknowledged_at'), inquiry_id: update.ref('excluded.inquiry_id') }))
      .where('acknowledgements.acknowledged_at', '<', sql<number>`excluded.acknowledged_at - ${interval}`))
    .returning('address')
    .execute();
  return rows.map((row) => row.address);
}
