import { DEPRECATION_POLICY } from '../contract/api.js';
import type { Reader } from './reader.js';

// The legacy alias POST /api/contact: when it was deprecated, and when it goes away.

export interface LegacyConfig {
  /** When POST /api/contact was deprecated, and when it goes away (RFC 9745 / RFC 8594). */
  legacyDeprecatedAt: Date;
  legacySunsetAt: Date;
}

const DEFAULT_LEGACY_DEPRECATED_AT = '2026-01-01T00:00:00Z';

/** The same day of the month, `months` later (UTC): calendar months, not a count of days. */
function addMonths(date: Date, months: number): Date {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

export function readLegacy(r: Reader): LegacyConfig {
  const legacyDeprecatedAt = r.date('LEGACY_DEPRECATED_AT', DEFAULT_LEGACY_DEPRECATED_AT);
  const earliestSunset = addMonths(legacyDeprecatedAt, DEPRECATION_POLICY.minimumSupportMonths);
  const legacySunsetAt = r.date('LEGACY_SUNSET', earliestSunset.toISOString());
  if (legacySunsetAt < earliestSunset) {
    r.fail('LEGACY_SUNSET', `must be at least ${DEPRECATION_POLICY.minimumSupportMonths} months after LEGACY_DEPRECATED_AT (contract: Versioning)`);
  }
  return { legacyDeprecatedAt, legacySunsetAt };
}
