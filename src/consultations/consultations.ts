import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  BOOKING_POLICY, BookingConfirmation, BookingRequest, type Booking, type ConsultationTypeList, type SlotList,
} from '../contract/consultation.js';
import { ApiError } from '../contract/errors.js';
import { PATHS, pathOf } from '../contract/paths.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import { validate } from '../contract/validator.js';
import type { Caller } from '../inquiries/inquiry-service.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { uuidv7 } from '../inquiries/ids.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import { originAllowed } from '../lib/origin.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import { freeSlots, isOnGrid, mergeIntervals, rfc3339Writer, type Interval } from './availability.js';
import type { BookingStore, BusyCalendar, ChangeOutcome, InquiryLink, InvitationsOf, StoredBooking } from './ports.js';
import type { ConsultationKind, Schedule } from './schedule.js';
import { manageUrlOf } from './calendar-entry.js';

// Booking a consultation, the one use case every surface calls (REST, MCP, A2A, the website, the inbox):
// the types and their free slots, a booking or a hold (origin, the booking bucket, the fields, the slot),
// its confirmation, and the person's or an operator's reschedule and cancellation. The database keeps
// bookings from overlapping; this only turns its refusal into slot_taken with the nearest free slots.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Seconds a client is asked to wait when the store cannot take writes. */
export const BOOKING_RETRY_AFTER_SECONDS = 30;

export type BookingChannel = 'api' | 'mcp' | 'a2a' | 'web';

export interface BookingContext extends Caller {
  channel: BookingChannel;
  /** The booking-policy decision when the surface counted this request already (the REST hook). */
  rateLimit?: RateLimitDecision;
}

export interface ConsultationsDeps {
  store: BookingStore;
  /** The content's schedule, read on every call: a content reload changes it. */
  schedule(): Schedule | undefined;
  zone: string;
  horizonDays: number;
  busy?: BusyCalendar;
  inquiries?: InquiryLink;
  limiter: RateLimiter;
  allowedOrigins: readonly string[];
  storeReady: () => boolean;
  baseUrl: string;
  /** Who is sent invitations: the homeowner when mail can be sent, the studio when it has an address. */
  invite: { homeowner: boolean; studio: boolean };
  /** Asks the invitations' worker to send now. */
  wake?: () => void;
  log: Logger;
  clock?: Clock;
}

export interface BookingResult {
  booking: Booking;
  rateLimit?: RateLimitDecision;
}

/** The booking as the person (and an agent) sees it: its times with the studio's offset, and their own link. */
export type ConsultationsService = ReturnType<typeof createConsultations>;

export function createConsultations(deps: ConsultationsDeps) {
  const now = deps.clock ?? systemClock;
  // luxon's RFC 3339, written from each day's placement: a response of 60 days' slots would otherwise spend 30 ms on it.
  const iso = rfc3339Writer(deps.zone);
  const url = (path: string) => new URL(path, deps.baseUrl).href;

  function scheduleOrNone(): Schedule {
    const schedule = deps.schedule();
    if (!schedule) throw new ApiError('not_found', { message: 'This studio offers no consultations to book.' });
    return schedule;
  }

  function kindOf(slug: string): { schedule: Schedule; kind: ConsultationKind } {
    const schedule = scheduleOrNone();
    const kind = schedule.kinds.find((k) => k.slug === slug);
    if (!kind) {
      throw new ApiError('not_found', {
        message: `There is no consultation "${slug}".`, hint: `See ${PATHS.consultations} for the consultations that can be booked.`,
      });
    }
    return { schedule, kind };
  }

  const invitations = (method: 'REQUEST' | 'CANCEL'): InvitationsOf => () => [
    ...(deps.invite.homeowner ? [{ recipient: 'homeowner' as const, method }] : []),
    ...(deps.invite.studio ? [{ recipient: 'studio' as const, method }] : []),
  ];

  function view(booking: StoredBooking): Booking {
    return {
      id: booking.id, type: booking.type, status: booking.status, start: iso(booking.start), end: iso(booking.end), time_zone: deps.zone,
      ...(booking.holdExpiresAt !== null && booking.status === 'held' && { hold_expires_at: iso(booking.holdExpiresAt) }),
      manage_url: manageUrlOf(booking, deps.baseUrl),
    };
  }

  /** Busy time meeting [from, to): live bookings (with their buffer) and the studio's calendars, merged. */
  async function busyBetween(from: number, to: number, except?: string): Promise<Interval[]> {
    const booked = await deps.store.blocked(from, to, now(), except);
    return mergeIntervals([...booked, ...(deps.busy?.busy(from, to) ?? [])]);
  }

  /** A YYYY-MM-DD day of the studio's zone, refused by name when it is not one. */
  function dayOf(value: string | undefined, field: string, fallback: DateTime): DateTime {
    if (value === undefined) return fallback;
    const day = DateTime.fromISO(value, { zone: deps.zone });
    if (!day.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new ApiError('invalid_field', { message: `${field} is not a day (YYYY-MM-DD).`, field });
    return day.startOf('day');
  }

  function slotsOf(schedule: Schedule, kind: ConsultationKind, from: DateTime, to: DateTime, busy: Interval[]): Interval[] {
    return freeSlots({
      schedule, kind, zone: deps.zone, fromDay: from.toISODate()!, toDay: to.toISODate()!, now: now(), horizonDays: deps.horizonDays, busy,
    });
  }

  /** The free slots of a type between two days; `moving`: a booking being moved, whose own time counts as free for it. */
  async function slots(type: string, query: { from?: string; to?: string }, moving?: string): Promise<SlotList> {
    const { schedule, kind } = kindOf(type);
    const from = dayOf(query.from, 'from', DateTime.fromMillis(now(), { zone: deps.zone }).startOf('day'));
    const to = dayOf(query.to, 'to', from.plus({ days: BOOKING_POLICY.defaultSlotsSpanDays - 1 }));
    if (to < from) throw new ApiError('invalid_field', { message: 'to is before from.', field: 'to' });
    if (to.diff(from, 'days').days >= BOOKING_POLICY.maxSlotsSpanDays) {
      throw new ApiError('invalid_field', { message: `from and to may span at most ${BOOKING_POLICY.maxSlotsSpanDays} days.`, field: 'to' });
    }
    const busy = await busyBetween(from.toMillis() - DAY, to.plus({ days: 2 }).toMillis(), moving);
    const free = slotsOf(schedule, kind, from, to, busy);
    return { type, time_zone: deps.zone, from: from.toISODate()!, to: to.toISODate()!, slots: free.map((s) => ({ start: iso(s.start), end: iso(s.end) })) };
  }

  function typeList(): ConsultationTypeList {
    const schedule = deps.schedule();
    return {
      time_zone: deps.zone,
      consultations: (schedule?.kinds ?? []).map((kind) => ({
        slug: kind.slug, title: kind.title, duration_minutes: kind.durationMinutes, place: kind.place, description: kind.description,
        slots_url: url(pathOf(PATHS.consultationSlots, { type: kind.slug })), bookings_url: url(pathOf(PATHS.consultationBookings, { type: kind.slug })),
      })),
    };
  }

  /** The nearest free slots to `start` (either side), for a person whose slot was taken meanwhile. */
  async function nearestFree(schedule: Schedule, kind: ConsultationKind, start: number): Promise<Interval[]> {
    const around = DateTime.fromMillis(start, { zone: deps.zone });
    const from = around.minus({ days: 3 }).startOf('day');
    const to = around.plus({ days: 7 }).startOf('day');
    const free = slotsOf(schedule, kind, from, to, await busyBetween(from.toMillis() - DAY, to.plus({ days: 2 }).toMillis()));
    return free.sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start) || a.start - b.start).slice(0, BOOKING_POLICY.alternatives)
      .sort((a, b) => a.start - b.start);
  }

  async function slotTaken(schedule: Schedule, kind: ConsultationKind, start: number): Promise<ApiError> {
    const nearest = await nearestFree(schedule, kind, start);
    const hint = nearest.length === 0
      ? 'No free slot is near it: pick another day from the free slots (GET the type\'s slots_url).'
      : `The nearest free starts: ${nearest.map((s) => iso(s.start)).join(', ')}. Book one of them, or pick another from the free slots.`;
    return new ApiError('slot_taken', { hint, field: 'start' });
  }

  /** The store's failures (a read's or a write's) become inbox_unavailable: no surface ever sees a driver error. */
  async function fromStore<T>(work: () => Promise<T>): Promise<T> {
    if (!deps.storeReady()) throw new ApiError('inbox_unavailable', { retryAfter: BOOKING_RETRY_AFTER_SECONDS });
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      deps.log.error({ err: errorClass(error) }, 'bookings store refused a write');
      throw new ApiError('inbox_unavailable', { retryAfter: BOOKING_RETRY_AFTER_SECONDS });
    }
  }

  async function count(context: BookingContext): Promise<RateLimitDecision> {
    if (context.rateLimit) return context.rateLimit;
    const decision = await deps.limiter.consume('booking', clientKey(context.ip));
    if (!decision.allowed) throw new ApiError('rate_limited', { retryAfter: decision.resetSeconds, rateLimit: decision });
    return decision;
  }

  /** A start the grid offers for the kind, in the future within the horizon, as an instant; refused by name otherwise. */
  function startOf(schedule: Schedule, kind: ConsultationKind, value: string): number {
    const start = DateTime.fromISO(value, { setZone: true });
    const at = start.isValid ? start.toMillis() : NaN;
    if (!Number.isFinite(at) || !isOnGrid(schedule, kind, deps.zone, at)) {
      throw new ApiError('invalid_field', {
        message: 'start is not a start time of this consultation.', field: 'start',
        hint: 'Use a start exactly as the free slots list gives it (GET the type\'s slots_url).',
      });
    }
    if (at < now() + schedule.noticeMinutes * MINUTE || at > DateTime.fromMillis(now(), { zone: deps.zone }).plus({ days: deps.horizonDays }).toMillis()) {
      throw new ApiError('invalid_field', {
        message: 'start is too soon or too far ahead to book.', field: 'start',
        hint: `Consultations are booked at least ${schedule.noticeMinutes / 60} hours and at most ${deps.horizonDays} days ahead; pick one of the free slots.`,
      });
    }
    return at;
  }

  async function linkedInquiry(request: BookingRequest, contact: string): Promise<string | null> {
    if (request.inquiry_id === undefined || !deps.inquiries) return null;
    if (await deps.inquiries.belongsTo(request.inquiry_id, contact)) return request.inquiry_id;
    throw new ApiError('invalid_field', {
      message: 'inquiry_id is not an inquiry sent from this email address.', field: 'inquiry_id',
      hint: 'Leave inquiry_id out, or give the id of an inquiry sent from the same email address.',
    });
  }

  /** After the booking is stored: the invitations go out, and its inquiry moves to the consultation stage. */
  function afterBooked(booking: StoredBooking): void {
    deps.wake?.();
    if (booking.status !== 'booked' || booking.inquiryId === null || !deps.inquiries) return;
    deps.inquiries.toConsultation(booking.inquiryId, 'homeowner').catch((error: unknown) => {
      deps.log.warn({ err: errorClass(error), booking: booking.id }, 'the booking\'s inquiry could not be moved to the consultation stage');
    });
  }

  async function create(schedule: Schedule, kind: ConsultationKind, request: BookingRequest, context: BookingContext): Promise<StoredBooking> {
    const start = startOf(schedule, kind, request.start);
    const end = start + kind.durationMinutes * MINUTE;
    const contact = comparableAddress(request.email);
    const inquiryId = await fromStore(() => linkedInquiry(request, contact));
    const hold = request.hold === true;
    const outcome = await fromStore(() => deps.store.insert({
      id: uuidv7(now()), type: kind.slug, start, end, blockedUntil: end + schedule.bufferMinutes * MINUTE, status: hold ? 'held' : 'booked',
      name: request.name, email: request.email, contact, phone: request.phone || null, message: request.message || null, inquiryId,
      holdExpiresAt: hold ? now() + BOOKING_POLICY.holdMinutes * MINUTE : null, manageToken: randomBytes(32).toString('base64url'),
      caller: context.clientId ?? context.ip, channel: context.channel,
    }, BOOKING_POLICY, now(), hold ? () => [] : invitations('REQUEST')));
    if (outcome.kind === 'inserted') return outcome.booking;
    if (outcome.kind === 'overlap') throw await slotTaken(schedule, kind, start);
    if (outcome.kind === 'address_full') throw new ApiError('too_many_bookings', { field: 'email' });
    throw new ApiError('too_many_bookings', {
      message: 'This client already holds the most slots one caller may hold at once.',
      hint: `Confirm or let lapse one of your holds (each lasts ${BOOKING_POLICY.holdMinutes} minutes) before holding another.`,
    });
  }

  async function confirm(kind: ConsultationKind, holdId: string): Promise<StoredBooking> {
    const outcome = await fromStore(() => deps.store.confirm(holdId, kind.slug, now(), invitations('REQUEST')));
    if (outcome.kind !== 'changed') throw new ApiError('hold_expired', { field: 'hold_id' });
    return outcome.booking;
  }

  /**
   * A booking, a hold (`hold: true`) or a hold's confirmation (`{hold_id}`), in this order: the origin, the
   * booking bucket, the fields, the slot, the store.
   */
  async function book(type: string, body: unknown, context: BookingContext): Promise<BookingResult> {
    if (!originAllowed(context.origin, deps.allowedOrigins as string[])) throw new ApiError('origin_not_allowed');
    const rateLimit = await count(context);
    try {
      const { schedule, kind } = kindOf(type);
      const isConfirmation = typeof body === 'object' && body !== null && Object.hasOwn(body, 'hold_id');
      const booking = isConfirmation
        ? await confirm(kind, validate<BookingConfirmation>(BookingConfirmation, body).hold_id)
        : await create(schedule, kind, validate<BookingRequest>(BookingRequest, body), context);
      afterBooked(booking);
      return { booking: view(booking), rateLimit };
    } catch (error) {
      if (error instanceof ApiError) error.countedAs(rateLimit);
      throw error;
    }
  }

  /** The booking's kind, or undefined where the content no longer offers it. */
  const kindOfBooking = (booking: StoredBooking) => deps.schedule()?.kinds.find((kind) => kind.slug === booking.type);

  function changed(outcome: ChangeOutcome, message: string): StoredBooking {
    if (outcome.kind === 'changed') return outcome.booking;
    throw new ApiError('not_found', { message, hint: 'The booking was cancelled or has taken place; book a new consultation from the free slots.' });
  }

  /**
   * Moves a live booking to another free start of its kind: the person by their link (`caller` given: each
   * move counts in the booking bucket, as every move mails both sides), or an operator (not counted).
   */
  async function reschedule(id: string, startText: string, caller?: Pick<Caller, 'ip'>): Promise<StoredBooking> {
    if (caller) await count({ ...caller, channel: 'web' });
    const booking = await fromStore(() => deps.store.byId(id));
    const kind = booking && kindOfBooking(booking);
    if (!booking || !kind) throw new ApiError('not_found', { message: 'There is no such booking to move.' });
    const schedule = scheduleOrNone();
    const start = startOf(schedule, kind, startText);
    const end = start + kind.durationMinutes * MINUTE;
    const outcome = await fromStore(() => deps.store.reschedule(id, { start, end, blockedUntil: end + schedule.bufferMinutes * MINUTE }, now(), invitations('REQUEST')));
    if (outcome.kind === 'overlap') throw await slotTaken(schedule, kind, start);
    if (outcome.kind === 'unchanged') return booking;
    const moved = changed(outcome, 'This booking can no longer be moved.');
    deps.wake?.();
    return moved;
  }

  /** Cancels a live booking or hold; its time is free again, and both sides are told (METHOD:CANCEL). */
  async function cancel(id: string, by: string): Promise<StoredBooking> {
    const outcome = await fromStore(() => deps.store.cancel(id, by, now(), invitations('CANCEL')));
    if (outcome.kind === 'unchanged') return (await deps.store.byId(id))!;
    const cancelled = changed(outcome, 'This booking can no longer be cancelled.');
    deps.wake?.();
    return cancelled;
  }

  return {
    zone: deps.zone,
    /** Whether the content offers consultations at all (the website's link, the agents' tools). */
    offered: () => (deps.schedule()?.kinds.length ?? 0) > 0,
    kinds: () => deps.schedule()?.kinds ?? [],
    typeList,
    slots,
    book,
    view,
    reschedule,
    cancel,
    /** The person's booking behind their manage link. */
    byManageToken: (token: string) => fromStore(() => deps.store.byManageToken(token)),
    byId: (id: string) => fromStore(() => deps.store.byId(id)),
    /** Booked consultations meeting [from, to): the inbox's agenda. */
    agenda: (from: number, to: number) => fromStore(() => deps.store.agenda(from, to)),
    /** The consultations that follow one inquiry (booked or cancelled): its page in the inbox. */
    ofInquiry: (inquiryId: string) => fromStore(() => deps.store.ofInquiry(inquiryId)),
    /** Erasure (src/inquiries/erase.ts): a person's bookings by address (comparable form), counted, then deleted with their jobs. */
    countOfContact: (contact: string) => fromStore(() => deps.store.countOfContact(contact)),
    eraseContact: (contact: string) => fromStore(() => deps.store.eraseContact(contact)),
  };
}
