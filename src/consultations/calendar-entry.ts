import type { ConsultationPlace } from '../contract/consultation.js';
import { PATHS, pathOf } from '../contract/paths.js';
import type { CalendarEntry } from './invitation.js';
import type { StoredBooking } from './ports.js';
import type { Schedule } from './schedule.js';

// What a booking's calendar event says beside its time: the type's title and where it takes place, read
// from the content as it is now (site.yaml: the types, the studio's phone and offices).

/** The parts of the content the events are written from (src/catalog/content-schemas.ts SiteFile). */
export interface CalendarContent {
  site: { name: string; phone?: string; offices?: ReadonlyArray<{ city: string }> };
  consultations: Schedule | undefined;
}

/** Where a consultation takes place, in words a calendar shows as its location. */
export function locationOf(place: ConsultationPlace, content: CalendarContent, booking: Pick<StoredBooking, 'phone'>): string {
  const { site } = content;
  switch (place) {
    case 'phone': return booking.phone ? `Phone call: ${site.name} calls ${booking.phone}` : `Phone call with ${site.name}${site.phone ? ` (${site.phone})` : ''}`;
    case 'video': return `Video call with ${site.name} (the link comes by email)`;
    case 'studio': return `${site.name} studio${site.offices?.[0] ? `, ${site.offices[0].city}` : ''}`;
    case 'site': return 'On the site of the project';
  }
}

/** The homeowner's own page of a booking (the manage_url): its token is the key. */
export function manageUrlOf(booking: Pick<StoredBooking, 'manageToken'>, baseUrl: string): string {
  return new URL(pathOf(PATHS.managePage, { token: booking.manageToken }), baseUrl).href;
}

/**
 * The event of a booking. A type since removed from the content is still told (its slug as the title):
 * the booking stands until someone cancels it.
 */
export function calendarEntryOf(booking: StoredBooking, content: CalendarContent, baseUrl: string): CalendarEntry {
  const kind = content.consultations?.kinds.find((k) => k.slug === booking.type);
  return {
    booking,
    title: kind?.title ?? booking.type,
    location: kind ? locationOf(kind.place, content, booking) : content.site.name,
    manageUrl: manageUrlOf(booking, baseUrl),
  };
}
