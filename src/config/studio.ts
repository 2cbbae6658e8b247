import { isTimeZone } from '../lib/studio-time.js';
import type { Reader } from './reader.js';

// The studio itself: the time zone its people read times in (the inbox, exports, emails, the operator
// command). The API answers in RFC 3339 UTC whatever this says.

export interface StudioConfig {
  /** STUDIO_TIME_ZONE: an IANA zone; the studio works from Miami and New York. */
  studioTimeZone: string;
}

export const DEFAULT_STUDIO_TIME_ZONE = 'America/New_York';

export function readStudio(r: Reader): StudioConfig {
  const zone = r.raw('STUDIO_TIME_ZONE') ?? DEFAULT_STUDIO_TIME_ZONE;
  if (!isTimeZone(zone)) {
    return { studioTimeZone: r.fail('STUDIO_TIME_ZONE', 'must be an IANA time zone such as America/New_York or Europe/Madrid') ?? DEFAULT_STUDIO_TIME_ZONE };
  }
  return { studioTimeZone: zone };
}
