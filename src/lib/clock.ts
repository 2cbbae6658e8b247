/**
 * Milliseconds since the epoch: the one way every part of the service reads the time. Injected where
 * tests move time (token expiry, key retirement, idempotency windows, outbox backoff).
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Whole seconds of a Clock reading (JWT times, HTTP delta-seconds). */
export const seconds = (ms: number): number => Math.floor(ms / 1000);
