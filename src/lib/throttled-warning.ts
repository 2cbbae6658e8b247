import { systemClock, type Clock } from './clock.js';
import { errorClass } from './error-class.js';
import type { Logger } from './logger.js';

/**
 * A warning about a peer that is away (Redis), logged at most once per `everyMs`: an outage is said once
 * in a while, not once per request. The error is logged by class only (src/lib/error-class.ts).
 */
export function throttledWarning(log: Logger, message: string, everyMs = 30_000, clock: Clock = systemClock): (error: unknown) => void {
  let last = -Infinity;
  return (error) => {
    const now = clock();
    if (now - last < everyMs) return;
    last = now;
    log.warn({ err: errorClass(error) }, message);
  };
}
