import type { InboxStore } from './inbox-store.js';

// Erasure: a privacy request names a person by their email address, not by inquiry ids. Every inquiry
// of that address goes, with its outbox jobs and idempotency keys (the store's delete covers them).

/**
 * The form an address is compared in: Unicode-normalized and lower-cased. Mailboxes are in practice
 * case-insensitive, and erasing an inquiry that differs only in case errs on the side of the request.
 */
function comparable(address: string): string {
  return address.trim().normalize('NFC').toLowerCase();
}

/** Deletes every inquiry whose address is `address`, whatever its case; returns how many. */
export async function eraseByEmail(inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany'>, address: string): Promise<number> {
  const wanted = comparable(address);
  const ids = await inbox.idsWhereEmail((email) => comparable(email) === wanted);
  return inbox.deleteMany(ids);
}
