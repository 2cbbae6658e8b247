import { ApiError } from '../contract/errors.js';
import { UNASSIGNED, type InquiryListQuery } from '../contract/inbox-api.js';
import type { StudioTime } from '../lib/studio-time.js';
import { comparableAddress } from './email-address.js';
import type { InboxQuery } from './ports.js';

// The contract's inquiry list query (validated by the route schema of the read API and of the web inbox's
// list and exports) as the inbox store's query: one reading of the time bounds for both surfaces.

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A time bound as epoch ms. The schema's pattern has checked the form; the calendar is checked here
 * (Date.parse would roll 02-30 into March). A day bounds from its start (since) or through its end
 * (until: the next day's start, exclusive), in the zone of `time`: the read API's are UTC days, the web
 * inbox's the studio's; a date-time is that instant.
 */
function boundOf(field: 'since' | 'until', value: string | undefined, time: StudioTime): number | undefined {
  if (value === undefined) return undefined;
  const day = time.dayBounds(value.slice(0, 10));
  if (day === undefined) {
    throw new ApiError('invalid_field', {
      message: `The field "${field}" names a day the calendar lacks (${value.slice(0, 10)}).`,
      field, hint: `Send "${field}" as a real day, YYYY-MM-DD, or an RFC 3339 date-time.`,
    });
  }
  if (DAY_ONLY.test(value)) return field === 'since' ? day.start : day.end;
  return Date.parse(value);
}

/** The assignee filter: an operator's address in comparable form, or null for "none" (unassigned). */
function assigneeOf(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value.toLowerCase() === UNASSIGNED ? null : comparableAddress(value);
}

/**
 * The store's query of a validated list query, its days those of `time`; throws
 * invalid_field for a day the calendar lacks.
 */
export function inboxQueryOf(params: InquiryListQuery, time: StudioTime): InboxQuery {
  return {
    state: params.state,
    search: params.q || undefined,
    location: params.location,
    budget: params.budget,
    phase: params.phase,
    folder: params.folder,
    unread: params.unread === undefined ? undefined : params.unread === 'true',
    stage: params.stage,
    assignee: assigneeOf(params.assignee),
    since: boundOf('since', params.since, time),
    until: boundOf('until', params.until, time),
  };
}
