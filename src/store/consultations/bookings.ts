import { sql, type Transaction } from 'kysely';
import { sequentialUuidv7 } from '../../inquiries/ids.js';
import type { Interval } from '../../consultations/availability.js';
import type {
  BookingLimits, BookingStore, ChangeOutcome, InsertOutcome, InvitationsOf, NewBooking, StoredBooking,
} from '../../consultations/ports.js';
import type { Db } from '../db/database.js';
import type { BookingsTable, Database } from '../db/schema.js';

// The bookings store port (src/consultations/ports.ts) over Kysely, for SQLite and PostgreSQL. The
// database refuses overlapping bookings (migration 010: an exclusion constraint, or SQLite's triggers);
// this adapter turns that refusal into 'overlap' and queues each change's invitations in its transaction.

type Tx = Transaction<Database>;

/** Whether the database refused a write because two live bookings would overlap. */
export function isOverlap(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23P01' || (typeof message === 'string' && message.includes('bookings_no_overlap'));
}

export function bookingOf(row: BookingsTable): StoredBooking {
  return {
    id: row.id, type: row.type, start: row.starts_at, end: row.ends_at, status: row.status, name: row.name, email: row.email,
    phone: row.phone, message: row.message, inquiryId: row.inquiry_id, holdExpiresAt: row.hold_expires_at, sequence: row.sequence,
    manageToken: row.manage_token, caller: row.caller, channel: row.channel, createdAt: row.created_at, updatedAt: row.updated_at,
    cancelledAt: row.cancelled_at, cancelledBy: row.cancelled_by,
  };
}

/**
 * The advisory locks of the per-address and per-caller limits, in the two-key space (the fingerprints' locks
 * use the one-key space; the counts' fold has a class of its own). Always the address's first, then the
 * caller's: no two bookings wait on each other in a circle.
 */
const ADDRESS_LOCK_CLASS = 0x5354_4241;
const CALLER_LOCK_CLASS = 0x5354_4243;

/**
 * PostgreSQL: the limits are counts read before the insert, so two bookings of one address (or holds of one
 * caller) at once queue on its lock to the end of the transaction, and the second counts the first. SQLite's
 * one writer queues them already.
 */
async function lockLimits(tx: Tx, booking: NewBooking): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${booking.contact}))`.execute(tx);
  if (booking.status === 'held') await sql`select pg_advisory_xact_lock(${CALLER_LOCK_CLASS}, hashtext(${booking.caller}))`.execute(tx);
}

/** Holds whose time is up keep no range: released before any booking is written. */
const releaseLapsedHolds = (tx: Tx, now: number) => tx.deleteFrom('bookings').where('status', '=', 'held').where('hold_expires_at', '<=', now).execute();

async function queue(tx: Tx, booking: StoredBooking, invitations: InvitationsOf, now: number): Promise<void> {
  const jobs = invitations(booking);
  if (jobs.length === 0) return;
  await tx.insertInto('booking_jobs').values(jobs.map(({ recipient, method }) => ({
    id: sequentialUuidv7(now), booking_id: booking.id, recipient, method, sequence: booking.sequence, payload: JSON.stringify(booking),
    status: 'pending' as const, attempts: 0, created_at: now, next_attempt_at: now, locked_until: null, last_error: null, delivered_at: null,
  }))).execute();
}

const live = (row: BookingsTable, now: number) => row.status === 'booked' || (row.status === 'held' && (row.hold_expires_at ?? 0) > now);

export class KyselyBookingStore implements BookingStore {
  constructor(private readonly db: Db) {}

  /** One transaction; the database's overlap refusal (which aborts a PostgreSQL transaction) becomes 'overlap'. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T | { kind: 'overlap' }> {
    try {
      return await this.db.kysely.transaction().execute(work);
    } catch (error) {
      if (isOverlap(error)) return { kind: 'overlap' };
      throw error;
    }
  }

  private async countLive(tx: Tx, column: 'contact' | 'caller', value: string, now: number, holdsOnly: boolean): Promise<number> {
    const { count } = await tx.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', value)
      .where((eb) => eb.or([
        ...(holdsOnly ? [] : [eb.and([eb('status', '=', 'booked'), eb('ends_at', '>', now)])]),
        eb.and([eb('status', '=', 'held'), eb('hold_expires_at', '>', now)]),
      ]))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  insert(booking: NewBooking, limits: BookingLimits, now: number, invitations: InvitationsOf): Promise<InsertOutcome> {
    return this.write(async (tx): Promise<InsertOutcome> => {
      if (this.db.dialect === 'postgres') await lockLimits(tx, booking);
      await releaseLapsedHolds(tx, now);
      if (await this.countLive(tx, 'contact', booking.contact, now, false) >= limits.maxUpcomingPerAddress) return { kind: 'address_full' };
      if (booking.status === 'held' && await this.countLive(tx, 'caller', booking.caller, now, true) >= limits.maxHoldsPerCaller) {
        return { kind: 'caller_full' };
      }
      const row: BookingsTable = {
        id: booking.id, type: booking.type, starts_at: booking.start, ends_at: booking.end, blocked_until: booking.blockedUntil,
        status: booking.status, name: booking.name, email: booking.email, contact: booking.contact, phone: booking.phone,
        message: booking.message, inquiry_id: booking.inquiryId, hold_expires_at: booking.holdExpiresAt, sequence: 0,
        manage_token: booking.manageToken, caller: booking.caller, channel: booking.channel, created_at: now, updated_at: now,
        cancelled_at: null, cancelled_by: null,
      };
      await tx.insertInto('bookings').values(row).execute();
      const stored = bookingOf(row);
      await queue(tx, stored, invitations, now);
      return { kind: 'inserted', booking: stored };
    });
  }

  /** Takes the booking's row for the transaction (FOR UPDATE; on SQLite the transaction's first write already holds the lock). */
  private async take(tx: Tx, id: string): Promise<BookingsTable | undefined> {
    const query = tx.selectFrom('bookings').selectAll().where('id', '=', id);
    return this.db.dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  }

  private change(id: string, now: number, invitations: InvitationsOf, edit: (row: BookingsTable) => Partial<BookingsTable> | 'unchanged' | 'not_found'): Promise<ChangeOutcome> {
    return this.write(async (tx): Promise<ChangeOutcome> => {
      await releaseLapsedHolds(tx, now);
      const row = await this.take(tx, id);
      if (!row) return { kind: 'not_found' };
      const set = edit(row);
      if (typeof set === 'string') return { kind: set };
      const updated = { ...row, ...set, updated_at: now };
      await tx.updateTable('bookings').set({ ...set, updated_at: now }).where('id', '=', id).execute();
      const booking = bookingOf(updated);
      await queue(tx, booking, invitations, now);
      return { kind: 'changed', booking };
    });
  }

  confirm(holdId: string, type: string, now: number, invitations: InvitationsOf): Promise<ChangeOutcome> {
    return this.change(holdId, now, invitations, (row) => (row.status === 'held' && row.type === type && live(row, now)
      ? { status: 'booked', hold_expires_at: null } : 'not_found'));
  }

  reschedule(id: string, time: { start: number; end: number; blockedUntil: number }, now: number, invitations: InvitationsOf): Promise<ChangeOutcome> {
    return this.change(id, now, invitations, (row) => {
      if (!live(row, now)) return 'not_found';
      if (row.starts_at === time.start && row.ends_at === time.end) return 'unchanged';
      return { starts_at: time.start, ends_at: time.end, blocked_until: time.blockedUntil, sequence: row.status === 'booked' ? row.sequence + 1 : row.sequence };
    });
  }

  cancel(id: string, by: string, now: number, invitations: InvitationsOf): Promise<ChangeOutcome> {
    return this.change(id, now, invitations, (row) => {
      if (row.status === 'cancelled') return 'unchanged';
      if (!live(row, now)) return 'not_found';
      return { status: 'cancelled', cancelled_at: now, cancelled_by: by, sequence: row.sequence + 1 };
    });
  }

  async byId(id: string): Promise<StoredBooking | undefined> {
    const row = await this.db.kysely.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    return row && bookingOf(row);
  }

  async byManageToken(token: string): Promise<StoredBooking | undefined> {
    const row = await this.db.kysely.selectFrom('bookings').selectAll().where('manage_token', '=', token).executeTakeFirst();
    return row && bookingOf(row);
  }

  async blocked(from: number, to: number, now: number, except?: string): Promise<Interval[]> {
    let query = this.db.kysely.selectFrom('bookings').select(['starts_at', 'blocked_until'])
      .where(sql<boolean>`status <> 'cancelled'`)
      .where('starts_at', '<', to).where('blocked_until', '>', from)
      .where((eb) => eb.or([eb('status', '=', 'booked'), eb('hold_expires_at', '>', now)]));
    if (except !== undefined) query = query.where('id', '<>', except);
    const rows = await query.orderBy('starts_at').execute();
    return rows.map((row) => ({ start: row.starts_at, end: row.blocked_until }));
  }

  async agenda(from: number, to: number, options: { includeCancelled?: boolean } = {}): Promise<StoredBooking[]> {
    const rows = await this.db.kysely.selectFrom('bookings').selectAll()
      .where('status', 'in', options.includeCancelled ? ['booked', 'cancelled'] : ['booked'])
      .where('starts_at', '<', to).where('ends_at', '>', from)
      .orderBy('starts_at').orderBy('id')
      .execute();
    return rows.map(bookingOf);
  }

  async ofInquiry(inquiryId: string): Promise<StoredBooking[]> {
    const rows = await this.db.kysely.selectFrom('bookings').selectAll()
      .where('inquiry_id', '=', inquiryId).where('status', 'in', ['booked', 'cancelled'])
      .orderBy('starts_at').orderBy('id')
      .execute();
    return rows.map(bookingOf);
  }

  async countOfContact(contact: string): Promise<number> {
    const { count } = await this.db.kysely.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('count'))
      .where('contact', '=', contact).executeTakeFirstOrThrow();
    return Number(count);
  }

  // booking_jobs reference bookings with ON DELETE CASCADE (migration 010): the invitations queued for them go too.
  async eraseContact(contact: string): Promise<number> {
    const result = await this.db.kysely.deleteFrom('bookings').where('contact', '=', contact).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async purge(before: number): Promise<number> {
    const result = await this.db.kysely.deleteFrom('bookings').where('ends_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
