import { parseUrl, type Reader } from './reader.js';

// Booking consultations (src/consultations/): how far ahead, and the studio's own calendars whose busy
// times no booking may take.

export interface ConsultationsConfig {
  /** CONSULTATION_HORIZON_DAYS: how many days ahead a consultation can be booked. */
  consultationHorizonDays: number;
  /** CALENDAR_BUSY_URLS: the secret iCalendar addresses of the studio's calendars (Google, Outlook, Apple). */
  calendarBusyUrls: string[];
  /** CALENDAR_REFRESH_MINUTES: how often those calendars are read again. */
  calendarRefreshMinutes: number;
}

export const DEFAULT_HORIZON_DAYS = 60;
export const DEFAULT_CALENDAR_REFRESH_MINUTES = 5;

/** Space- or comma-separated http(s) addresses; webcal:// (how calendars share them) is read as https://. */
function busyUrls(r: Reader): string[] {
  const raw = r.raw('CALENDAR_BUSY_URLS');
  if (raw === undefined) return [];
  const urls = raw.split(/[\s,]+/).filter(Boolean).map((url) => url.replace(/^webcal:\/\//i, 'https://'));
  for (const url of urls) {
    const parsed = parseUrl(url);
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      r.fail('CALENDAR_BUSY_URLS', 'must be http(s) or webcal addresses of iCalendar feeds, separated by spaces or commas');
      return [];
    }
  }
  return urls;
}

export function readConsultations(r: Reader): ConsultationsConfig {
  return {
    consultationHorizonDays: r.integer('CONSULTATION_HORIZON_DAYS', DEFAULT_HORIZON_DAYS, 1, 366),
    calendarBusyUrls: busyUrls(r),
    calendarRefreshMinutes: r.integer('CALENDAR_REFRESH_MINUTES', DEFAULT_CALENDAR_REFRESH_MINUTES, 1, 1440),
  };
}
