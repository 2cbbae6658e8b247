import { comparableAddress } from './email-address.js';
import type { InboxStore } from './inbox-store.js';

// Erasure: a privacy request names a person by their email address, not by inquiry ids. Every inquiry
// of that address goes, with its outbox jobs and idempotency keys (the store's delete covers them), and
// with them the record of the address's last acknowledgement, which belongs to the inquiry it was sent
// for (a foreign key that cascades): nothing of the address is left behind.

/** Deletes every inquiry whose address is `address`, whatever its case; returns how many. */
export async function eraseByEmail(inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany'>, address: string): Promise<number> {
  const wanted = comparableAddress(address);
  const ids = await inbox.idsWhereEmail((email) => comparableAddress(email) === wanted);
  return inbox.deleteMany(ids);
}
