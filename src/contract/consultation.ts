import { Type, type Static } from 'typebox';
import { INQUIRY_LIMITS } from './inquiry.js';
import { RefOf, StringEnum } from './schema-helpers.js';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN, TRIM_KEYWORD } from './text-rules.js';

// Contract, consultations: what can be booked with the studio, its free slots, and a booking. Every limit
// of booking lives here; the content (site.yaml) says which types exist and when the studio is open.

/** Where a consultation takes place. */
export const CONSULTATION_PLACES = ['phone', 'video', 'studio', 'site'] as const;
export type ConsultationPlace = (typeof CONSULTATION_PLACES)[number];

/** Where, in words for people (the inbox's agenda, the website): "by phone", "at the studio". */
export const CONSULTATION_PLACE_WORDS: Readonly<Record<ConsultationPlace, string>> = {
  phone: 'by phone', video: 'by video call', studio: 'at the studio', site: 'on the site',
};

/** Where a booking stands: held for a while (an agent asks its person), booked, or cancelled (its slot free again). */
export const BOOKING_STATUSES = ['held', 'booked', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_POLICY = {
  /** A hold keeps its slot this long, unless confirmed. */
  holdMinutes: 10,
  /** Upcoming bookings and live holds one address may have at once. */
  maxUpcomingPerAddress: 2,
  /** Live holds one caller (its OAuth client, else its IP) may have at once: nobody holds the week. */
  maxHoldsPerCaller: 2,
  /** The widest from–to a slots request may span, in days. */
  maxSlotsSpanDays: 62,
  /** Days a slots request covers when `to` is not given. */
  defaultSlotsSpanDays: 14,
  /** The free slots offered instead when a slot is taken meanwhile. */
  alternatives: 3,
} as const;

const trimmed = { [TRIM_KEYWORD]: true } as const;
const singleLine = { ...trimmed, pattern: SINGLE_LINE_PATTERN } as const;

export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** RFC 3339 date-time with an offset, as the service writes instants of the studio's calendar. */
const instant = (description: string) => Type.String({ format: 'date-time', description });

export const ConsultationType = Type.Object({
  slug: Type.String({ pattern: SLUG_PATTERN, description: 'The type, as the slots and bookings paths name it.' }),
  title: Type.String(),
  duration_minutes: Type.Integer({ minimum: 5, description: 'How long the consultation lasts.' }),
  place: StringEnum(CONSULTATION_PLACES, { description: 'Where it takes place: by phone, by video call, at the studio, or on the site.' }),
  description: Type.String(),
  slots_url: Type.String({ format: 'uri', description: 'Its free slots (GET).' }),
  bookings_url: Type.String({ format: 'uri', description: 'Where to book it (POST).' }),
}, { $id: 'ConsultationType', title: 'ConsultationType', description: 'A kind of consultation the studio offers.' });
export type ConsultationType = Static<typeof ConsultationType>;

export const ConsultationTypeList = Type.Object({
  time_zone: Type.String({ description: 'The IANA time zone the studio keeps its hours in.' }),
  consultations: Type.Array(RefOf(ConsultationType)),
}, { $id: 'ConsultationTypeList', title: 'ConsultationTypeList' });
export type ConsultationTypeList = Static<typeof ConsultationTypeList>;

export const Slot = Type.Object({
  start: instant('When it begins, RFC 3339 with the studio\'s offset at that instant.'),
  end: instant('When it ends.'),
}, { $id: 'Slot', title: 'Slot', description: 'A free time for the consultation.' });
export type Slot = Static<typeof Slot>;

export const SlotList = Type.Object({
  type: Type.String(),
  time_zone: Type.String({ description: 'The IANA zone of the offsets, e.g. America/New_York.' }),
  from: Type.String({ format: 'date', description: 'The first day covered, in the studio\'s zone.' }),
  to: Type.String({ format: 'date', description: 'The last day covered, in the studio\'s zone.' }),
  slots: Type.Array(RefOf(Slot)),
}, { $id: 'SlotList', title: 'SlotList' });
export type SlotList = Static<typeof SlotList>;

export const SlotsQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date', description: 'First day (YYYY-MM-DD, in the studio\'s zone); today when left out.' })),
  to: Type.Optional(Type.String({
    format: 'date', description: `Last day, included; ${BOOKING_POLICY.defaultSlotsSpanDays} days after from when left out, at most ${BOOKING_POLICY.maxSlotsSpanDays} days after it.`,
  })),
});

/** A booking (or a hold) as asked for. Confirming a hold is `{hold_id}` alone (BookingConfirmation). */
export const BookingRequest = Type.Object({
  start: instant('The start of one of the free slots, as the slots list gives it (any offset naming the same instant is taken).'),
  name: Type.String({ ...INQUIRY_LIMITS.name, ...singleLine, description: 'The person\'s full name.' }),
  email: Type.String({ format: 'email', ...INQUIRY_LIMITS.email, ...singleLine, description: 'Where the invitation goes.' }),
  phone: Type.Optional(Type.String({ ...INQUIRY_LIMITS.phone, ...singleLine, description: 'Optional; needed for a phone consultation to be called back.' })),
  message: Type.Optional(Type.String({
    maxLength: INQUIRY_LIMITS.message.maxLength, ...trimmed, pattern: MULTI_LINE_PATTERN, description: 'Optional: what to talk about.',
  })),
  inquiry_id: Type.Optional(Type.String({
    format: 'uuid', description: 'The inquiry this consultation follows, when the same address sent it: the studio sees them together.',
  })),
  hold: Type.Optional(Type.Boolean({
    description: `true: hold the slot for ${BOOKING_POLICY.holdMinutes} minutes instead of booking it, to ask the person first; confirm with {"hold_id"}.`,
  })),
}, { $id: 'BookingRequest', title: 'BookingRequest', additionalProperties: false });
export type BookingRequest = Static<typeof BookingRequest>;

export const BookingConfirmation = Type.Object({
  hold_id: Type.String({ format: 'uuid', description: 'The id of a live hold of this type: books its slot.' }),
}, { $id: 'BookingConfirmation', title: 'BookingConfirmation', additionalProperties: false });
export type BookingConfirmation = Static<typeof BookingConfirmation>;

export const Booking = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  status: StringEnum(BOOKING_STATUSES),
  start: instant('When it begins, with the studio\'s offset.'),
  end: instant('When it ends.'),
  time_zone: Type.String(),
  hold_expires_at: Type.Optional(instant('A hold only: when it lapses unless confirmed.')),
  manage_url: Type.String({ format: 'uri', description: 'The person\'s own link to reschedule or cancel: keep it private.' }),
}, { $id: 'Booking', title: 'Booking', description: 'A consultation booked (or held) with the studio.' });
export type Booking = Static<typeof Booking>;
