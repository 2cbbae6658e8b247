import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKING_POLICY } from '../../src/contract/consultation.js';
import type { NewBooking } from '../../src/consultations/ports.js';
import { comparableAddress } from '../../src/inquiries/email-address.js';
import { uuidv7 } from '../../src/inquiries/ids.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyBookingStore } from '../../src/store/consultations/bookings.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { suiteScope } from '../helpers/server.js';

// The bookings store's queries for the inbox and for privacy, on SQLite and PostgreSQL: an inquiry's
// consultations (booked and cancelled, never holds), an address's count and erasure in any letter case
// (their invitation jobs cascade), and retention's purge of bookings that ended before a cutoff.

const HOUR = 3_600_000;
const NOW = Date.UTC(2027, 2, 1, 15);
const INQUIRY = '0190f0f0-0000-7000-8000-0000000000aa';

function booking(start: number, email: string, fields: Partial<NewBooking> = {}): NewBooking {
  return {
    id: uuidv7(NOW), type: 'introductory-call', start, end: start + HOUR / 2, blockedUntil: start + HOUR, status: 'booked',
    name: 'Someone', email, contact: comparableAddress(email), phone: null, message: null, inquiryId: null, holdExpiresAt: null,
    manageToken: `token-${Math.random().toString(36).slice(2)}`, caller: '198.51.100.1', channel: 'api', ...fields,
  };
}

await onEachDialect((dialect) => `bookings for the inbox, erasure and retention on ${dialect}`, 'bookerase', (database: DialectDatabase) => {
  const suite = suiteScope();
  let db: Db;
  let store: KyselyBookingStore;
  const limits = { ...BOOKING_POLICY, maxUpcomingPerAddress: 10 };
  const both = () => [{ recipient: 'homeowner' as const, method: 'REQUEST' as const }];
  const jobs = async () => Number((await db.kysely.selectFrom('booking_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  before(async () => {
    db = await openMigrated(suite, database.url);
    store = new KyselyBookingStore(db);
  });

  it('lists an inquiry’s booked and cancelled consultations in time order, never its holds', async () => {
    const later = booking(NOW + 50 * HOUR, 'ada@example.com', { inquiryId: INQUIRY });
    const earlier = booking(NOW + 30 * HOUR, 'ada@example.com', { inquiryId: INQUIRY });
    const held = booking(NOW + 70 * HOUR, 'ada@example.com', { inquiryId: INQUIRY, status: 'held', holdExpiresAt: NOW + HOUR });
    for (const b of [later, earlier, held]) assert.equal((await store.insert(b, limits, NOW, both)).kind, 'inserted');
    await store.cancel(later.id, 'desk@studio.example', NOW, () => []);
    const listed = await store.ofInquiry(INQUIRY);
    assert.deepEqual(listed.map((b) => [b.id, b.status]), [[earlier.id, 'booked'], [later.id, 'cancelled']]);
    assert.deepEqual(await store.ofInquiry('0190f0f0-0000-7000-8000-0000000000bb'), []);
  });

  it('counts and erases every booking of an address in any letter case, their jobs with them, and no one else’s', async () => {
    const other = booking(NOW + 90 * HOUR, 'grace@example.org');
    await store.insert(other, limits, NOW, both);
    assert.equal(await store.countOfContact(comparableAddress('ADA@Example.com')), 3);
    const before = await jobs();
    assert.equal(await store.eraseContact(comparableAddress('ADA@Example.com')), 3);
    assert.equal(await store.countOfContact(comparableAddress('ada@example.com')), 0);
    assert.equal(await jobs(), before - 3, 'the jobs of the erased bookings went with them');
    assert.equal((await store.byId(other.id))?.status, 'booked');
  });

  it('purges the bookings that ended before the cutoff, whatever their status, and keeps the rest', async () => {
    const past = booking(NOW - 48 * HOUR, 'old@example.org');
    await db.kysely.insertInto('bookings').values({
      id: past.id, type: past.type, starts_at: past.start, ends_at: past.end, blocked_until: past.blockedUntil, status: 'booked', name: past.name,
      email: past.email, contact: past.contact, phone: null, message: null, inquiry_id: null, hold_expires_at: null, sequence: 0,
      manage_token: past.manageToken, caller: past.caller, channel: past.channel, created_at: NOW - 72 * HOUR, updated_at: NOW - 72 * HOUR,
      cancelled_at: null, cancelled_by: null,
    }).execute();
    assert.equal(await store.purge(NOW - 24 * HOUR), 1);
    assert.equal(await store.byId(past.id), undefined);
    assert.equal(await store.purge(NOW - 24 * HOUR), 0);
    assert.equal(await store.countOfContact('grace@example.org'), 1);
  });
});
