import { comparableAddress } from './email-address.js';
import type { InboxStore } from './ports.js';

// Erasure: a privacy request names a person by their email address, not by inquiry ids. Every inquiry
// of that address goes, with its outbox jobs and idempotency keys (the store's delete covers them), and
// with them the record of the address's last acknowledgement, which belongs to the inquiry it was sent
// for (a foreign key that cascades), their conversations and attachments (cascades too), and the mail from
// the address that matched no inquiry: nothing of the address is left behind.

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
