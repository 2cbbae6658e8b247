import { randomBytes } from 'node:crypto';

/** A UUIDv7 (RFC 9562) for an inquiry received at `now` (epoch ms): time-ordered, so ids sort like received_at. */
export function uuidv7(now: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 whose order is the order of the calls in this process, even within one millisecond or when the
 * clock stands still (RFC 9562 §6.2, method 1: a counter in rand_a): the changes of one inquiry made in the
 * same instant still read back in the order they were made.
 */
export function sequentialUuidv7(now: number): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence += 1;
    if (sequence > 0xfff) { lastMs += 1; sequence = 0; }
  }
  const id = uuidv7(lastMs);
  const counter = (0x7000 | sequence).toString(16);
  return `${id.slice(0, 14)}${counter}${id.slice(18)}`;
}
