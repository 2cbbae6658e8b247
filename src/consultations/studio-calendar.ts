import { timingSafeEqual } from 'node:crypto';
import { sha256Base64url } from '../lib/hash.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { calendarEntryOf, type CalendarContent } from './calendar-entry.js';
import { studioFeedIcs } from './invitation.js';
import type { CalendarFeedStore } from './invitation-ports.js';
import type { BookingStore } from './ports.js';

// The studio's calendar at its secret address: every booked consultation (past ones for a year, so the
// studio's calendar keeps its history) and those cancelled in the last 30 days as STATUS:CANCELLED (a
// subscriber that saw them booked removes them), as one iCalendar feed.

const DAY = 86_400_000;
export const FEED_PAST_DAYS = 365;
export const FEED_CANCELLED_DAYS = 30;

export interface StudioCalendarDeps {
  bookings: Pick<BookingStore, 'agenda'>;
  feeds: CalendarFeedStore;
  content: () => CalendarContent & { site: { email: string } };
  baseUrl: string;
  zone: string;
  clock?: Clock;
}

/** Compared as hashes of equal length, in constant time: the answer tells nothing of how much of a guess was right. */
function sameToken(presented: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256Base64url(presented)), Buffer.from(sha256Base64url(expected)));
}

export function createStudioCalendar(deps: StudioCalendarDeps) {
  const now = deps.clock ?? systemClock;
  return {
    /** The feed's text, or undefined when the token is not the current one. */
    async feed(token: string): Promise<string | undefined> {
      const at = now();
      if (!sameToken(token, await deps.feeds.token(at))) return undefined;
      const bookings = await deps.bookings.agenda(at - FEED_PAST_DAYS * DAY, Number.MAX_SAFE_INTEGER, { includeCancelled: true });
      const content = deps.content();
      const shown = bookings.filter((b) => b.status === 'booked' || (b.cancelledAt ?? 0) >= at - FEED_CANCELLED_DAYS * DAY);
      return studioFeedIcs(shown.map((b) => calendarEntryOf(b, content, deps.baseUrl)), {
        name: content.site.name, organizer: content.site.email, zone: deps.zone, host: new URL(deps.baseUrl).hostname,
      });
    },
  };
}

export type StudioCalendar = ReturnType<typeof createStudioCalendar>;
