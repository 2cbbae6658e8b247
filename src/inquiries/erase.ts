import type { BookingStore } from '../consultations/ports.js';
import { comparableAddress } from './email-address.js';
import type { InboxStore } from './ports.js';

// Erasure: a privacy request names a person by their email address, not by inquiry ids. Every inquiry
// of that address goes, with its outbox jobs and idempotency keys (the store's delete covers them), and
// with them the record of the address's last acknowledgement, which belongs to the inquiry it was sent
// for (a foreign key that cascades), their conversations and attachments (cascades too), the mail from
// the address that matched no inquiry, and the consultations booked from it (their invitations' jobs
// cascade): nothing of the address is left behind.

/** What erasure needs of the bookings: the consultations use case, or the store itself (the operator command). */
export type BookingErasure = Pick<BookingStore, 'countOfContact' | 'eraseContact'>;

/** What one erasure reaches: the person's inquiries and their bookings. */
export interface ErasureCounts {
  inquiries: number;
  bookings: number;
}

function sameAddressAs(address: string): (email: string) => boolean {
  const wanted = comparableAddress(address);
  return (email) => comparableAddress(email) === wanted;
}

/** How many inquiries eraseByEmail would delete: what a confirmation shows before anything goes. */
export async function countByEmail(inbox: Pick<InboxStore, 'idsWhereEmail'>, address: string): Promise<number> {
  return (await inbox.idsWhereEmail(sameAddressAs(address))).length;
}

/**
 * Deletes every inquiry whose address is `address`, whatever its case (their conversations and
 * attachments with them), and the mail from that address that matched no inquiry; returns how many inquiries.
 */
export async function eraseByEmail(inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany' | 'deleteUnmatchedOf'>, address: string): Promise<number> {
  const erased = await inbox.deleteMany(await inbox.idsWhereEmail(sameAddressAs(address)));
  await inbox.deleteUnmatchedOf(comparableAddress(address));
  return erased;
}

/** What erasePerson would delete: the confirmation's counts. */
export async function countPerson(inbox: Pick<InboxStore, 'idsWhereEmail'>, bookings: BookingErasure, address: string): Promise<ErasureCounts> {
  const [inquiries, booked] = await Promise.all([countByEmail(inbox, address), bookings.countOfContact(comparableAddress(address))]);
  return { inquiries, bookings: booked };
}

/** Everything of one address: its inquiries (eraseByEmail), then its bookings, which may follow them. */
export async function erasePerson(
  inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany' | 'deleteUnmatchedOf'>, bookings: BookingErasure, address: string,
): Promise<ErasureCounts> {
  const inquiries = await eraseByEmail(inbox, address);
  return { inquiries, bookings: await bookings.eraseContact(comparableAddress(address)) };
}
