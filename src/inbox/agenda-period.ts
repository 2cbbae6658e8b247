import { DateTime } from 'luxon';
import { INBOX_PATHS } from '../contract/paths.js';

// The agenda's period: a week from Monday or one day, of the studio's calendar. Its days and bounds are
// luxon's calendar arithmetic in the studio's zone, so a week across a clock change is 167 or 169 hours
// and every day starts at its own midnight; nothing here adds hours to an instant.

export const AGENDA_VIEWS = ['week', 'day'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

export interface AgendaPeriod {
  view: AgendaView;
  /** The days shown, each at its first moment in the studio's zone: seven from Monday, or one. */
  days: DateTime[];
  /** The instants the period spans, [from, to). */
  from: number;
  to: number;
  /** The same view one period earlier and later, and the one holding today. */
  previous: string;
  next: string;
  current: string;
  /** The other view of the same day (the week holding it, or its first day). */
  other: string;
}

/** The agenda's address of a view and a day (the week's view is the default, and needs only a day of it). */
export function agendaHref(view: AgendaView, day?: string): string {
  const search = new URLSearchParams();
  if (view === 'day') search.set('view', 'day');
  if (day !== undefined) search.set('day', day);
  const query = search.toString();
  return query ? `${INBOX_PATHS.agenda}?${query}` : INBOX_PATHS.agenda;
}

/** The period of `view` holding `day` (YYYY-MM-DD; today when left out); undefined for a day the calendar lacks. */
export function agendaPeriod(view: AgendaView, day: string | undefined, now: number, zone: string): AgendaPeriod | undefined {
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  const asked = day === undefined ? today : DateTime.fromISO(day, { zone });
  if (!asked.isValid) return undefined;
  const step = view === 'week' ? { weeks: 1 } : { days: 1 };
  // luxon's weeks are ISO weeks: they start on Monday, whatever the locale.
  const first = asked.startOf(view === 'week' ? 'week' : 'day');
  const days = Array.from({ length: view === 'week' ? 7 : 1 }, (_, index) => first.plus({ days: index }));
  const iso = (at: DateTime) => at.toISODate()!;
  return {
    view, days, from: first.toMillis(), to: first.plus(step).toMillis(),
    previous: agendaHref(view, iso(first.minus(step))), next: agendaHref(view, iso(first.plus(step))),
    current: agendaHref(view),
    other: view === 'week' ? agendaHref('day', iso(first)) : agendaHref('week', iso(first)),
  };
}
