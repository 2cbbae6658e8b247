/** Milliseconds since the epoch. Injected so that tests can move time (expired tokens, key retirement). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Leeway for exp/nbf/iat between instances whose clocks drift a little. */
export const CLOCK_TOLERANCE_SECONDS = 30;
