import { ApiError } from '../contract/errors.js';
import type { InquiryListQuery } from '../contract/inbox-api.js';
import type { InboxQuery } from './ports.js';

// The contract's inquiry list query (validated by the route schema of the read API and of the web inbox's
// list and exports) as the inbox store's query: one reading of the time bounds for both surfaces.

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC at the start of a YYYY-MM-DD day; undefined for a day the month lacks (2026-02-30). */
function dayStart(day: string): number | undefined {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, month - 1, date);
  return new Date(start).getUTCDate() === date ? start : undefined;
}

/**
 * A time bound as epoch ms. The schema's pattern has checked the form; the calendar is checked here
 * (Date.parse would roll 02-30 into March). A day bounds from its start (since) or through its end
 * (until: the next midnight, exclusive), in UTC; a date-time is that instant.
 */
function boundOf(field: 'since' | 'until', value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const start = dayStart(value.slice(0, 10));
  if (start === undefined) {
    throw new ApiError('invalid_field', {
      message: `The field "${field}" names a day the calendar lacks (${value.slice(0, 10)}).`,
      field, hint: `Send "${field}" as a real day, YYYY-MM-DD, or an RFC 3339 date-time.`,
    });
  }
  if (DAY_ONLY.test(value)) return field === 'since' ? start : start + DAY_MS;
  return Date.parse(value);
}

/** The store's query of a validated list query; throws invalid_field for a day the calendar lacks. */
export function inboxQueryOf(params: InquiryListQuery): InboxQuery {
  return {
    state: params.state,
    search: params.q || undefined,
    location: params.location,
    budget: params.budget,
    phase: params.phase,
    since: boundOf('since', params.since),
    until: boundOf('until', params.until),
  };
}
