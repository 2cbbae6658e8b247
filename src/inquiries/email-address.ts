/**
 * The form in which the service compares the addresses of inquirers (erasure, the acknowledgement's
 * once-an-hour rule): trimmed, Unicode-normalized and lower-cased. Mailboxes are in practice
 * case-insensitive, and treating two spellings as one errs on the side of the person: an erasure reaches
 * both, and neither spelling gets a second acknowledgement within the hour.
 */
export function comparableAddress(address: string): string {
  return address.trim().normalize('NFC').toLowerCase();
}
