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

function sameAddressAs(address: string): (email: string) => boolean {
  const wanted = comparable(address);
  return (email) => comparable(email) === wanted;
}

/** How many inquiries eraseByEmail would delete: what a confirmation shows before anything goes. */
export async function countByEmail(inbox: Pick<InboxStore, 'idsWhereEmail'>, address: string): Promise<number> {
  return (await inbox.idsWhereEmail(sameAddressAs(address))).length;
}

/** Deletes every inquiry whose address is `address`, whatever its case; returns how many. */
export async function eraseByEmail(inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany'>, address: string): Promise<number> {
  return inbox.deleteMany(await inbox.idsWhereEmail(sameAddressAs(address)));
}
