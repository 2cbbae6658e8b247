import { Type } from 'typebox';
import { BOOKING_POLICY, Booking, BookingConfirmation, BookingRequest } from '../contract/consultation.js';
import { EXAMPLE_INQUIRY } from '../contract/inquiry.js';
import { PATHS, pathTemplate } from '../contract/paths.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { CONSULTATION_TYPE_ARGUMENT } from './list-consultation-slots.js';
import type { OperationDefinition } from './operation.js';
import { toolSchema, type ArgumentsSchema } from './schemas.js';

// book_consultation: a booking, a hold, or a hold's confirmation, through the one consultations use case
// (origin, the shared booking bucket, validation, the slot and the store happen there), as POST
// /api/v1/consultations/{type}/bookings does. In the browser it only fills in the booking page's form, as
// submit_inquiry fills in the contact form: the visitor books. No hold there: the visitor is the person asked.

const TYPE = { ...CONSULTATION_TYPE_ARGUMENT, description: 'The consultation type\'s slug (list_consultation_slots without arguments lists them).' };

/** The booking's fields, or hold_id alone: the request body of the REST route, beside the type its path names. */
const ARGUMENTS = toolSchema(Type.Object({
  type: TYPE,
  ...Type.Partial(BookingRequest).properties,
  ...BookingConfirmation.properties,
}, { additionalProperties: false })) as ArgumentsSchema;

const BOOKINGS = `POST ${pathTemplate(PATHS.consultationBookings)}`;
const BOOK_PAGE = PATHS.bookPage;
/** What the booking page's form takes: the booking's fields without the hold (the visitor is there to say yes) nor inquiry_id. */
const BROWSER_ARGUMENTS = ['type', 'start', 'name', 'email', 'phone', 'message'];
const { holdMinutes, maxUpcomingPerAddress, maxHoldsPerCaller } = BOOKING_POLICY;
const { booking: BOOKING_LIMIT } = RATE_LIMIT_POLICIES;

const FIELDS_TEXT = 'Give "type", "start" (a start from list_consultation_slots, exactly as listed), "name" and "email" (where the calendar '
  + 'invitation goes), optionally "phone" (needed for a phone consultation), "message" (what to talk about) and "inquiry_id" (the id of an '
  + 'inquiry sent from the same address, so the studio sees them together). Use the real details the person gave you, with their consent; never invent them. ';

const HOLD_TEXT = `To ask the person first: call it with "hold": true, which keeps the slot for ${holdMinutes} minutes (status "held", `
  + '"hold_expires_at"); ask them; then call it again with "type" and "hold_id" (the hold\'s id) alone to book it. A hold not confirmed in time '
  + 'lapses and its slot is free again (hold_expired). ';

const ANSWER_TEXT = 'The answer is the booking: id, type, status ("booked" or "held"), start and end with the studio\'s offset, time_zone and '
  + 'manage_url, the person\'s private link to reschedule or cancel: give it to them, and to nobody else. Once booked, the person and the '
  + 'studio get a calendar invitation by email. ';

const LIMIT_TEXT = 'slot_taken when someone took the slot meanwhile (the hint names the nearest free starts). '
  + `At most ${maxUpcomingPerAddress} upcoming consultations per email address and ${maxHoldsPerCaller} live holds per client (too_many_bookings); `
  + `${BOOKING_LIMIT.limit} booking calls per ${BOOKING_LIMIT.windowSeconds / 60} minutes per client, shared by every way of booking `
  + '(the website, the REST API, MCP and A2A). Not idempotent: a retry after a success is refused as slot_taken, the slot being yours already.';

export const bookConsultation: OperationDefinition = {
  title: () => 'Book a consultation',
  arguments: { ...ARGUMENTS, required: ['type'] },
  // Only the type is checked first: the use case validates the booking's fields itself, after counting the
  // booking bucket (invalid attempts count too), against the very schemas of the REST route's body.
  checks: { type: 'object', properties: { type: TYPE }, required: ['type'] },
  examples: [
    { type: 'introductory-call', start: '2027-03-15T10:00:00-04:00', name: EXAMPLE_INQUIRY.name, email: EXAMPLE_INQUIRY.email, hold: true },
    { type: 'introductory-call', hold_id: '0195a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b' },
  ],
  result: toolSchema(Booking),
  // Writes, but adds only (a booking, a hold, a hold made a booking): nothing is deleted or overwritten. Not
  // idempotent: a repeat books nothing more, but is refused as slot_taken instead of answering the booking, and a
  // hold repeated after it lapsed holds the slot again. Open world: the person is sent calendar invitations.
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tool: {
    description: (studio) => `Book a consultation with ${studio} for a person, at a free slot, as ${BOOKINGS} does. `
      + FIELDS_TEXT + HOLD_TEXT + ANSWER_TEXT + 'A failure is a result with isError: true carrying code, error and hint: ' + LIMIT_TEXT,
    purpose: 'books (or holds, then confirms) a consultation',
  },
  skill: {
    description: (studio, words) => `Books a consultation with ${studio}, with the fields and rules of ${BOOKINGS}. `
      + `${words.call(', "type": "<slug>", ...')} with ${words.arguments}. ${FIELDS_TEXT}${HOLD_TEXT}`
      + `The answer is a message with a data part, the booking. ${ANSWER_TEXT}Refusals include ${LIMIT_TEXT} ${words.refusal}`,
    tags: ['consultation', 'booking', 'appointment', 'calendar'],
  },
  browser: {
    description: (studio) => `Fill in the booking form of ${studio} (the ${BOOK_PAGE} page of this site) with a consultation, for the visitor to check and book: `
      + 'this tool never books anything itself; the consultation is booked only when the visitor presses the form\'s own button. '
      + 'Give "type" and "start" (a start from list_consultation_slots, exactly as listed), "name", "email", optionally "phone" and "message". '
      + 'Use the real details the person gave you, with their consent; never invent them. '
      + `On ${BOOK_PAGE} it chooses the start among the page's free times and fills in the details, then waits for the visitor: `
      + '{"ok": true, ...the booking} once they have booked (then the page shows their booking); isError with code "not_sent" when they cleared the form instead; '
      + 'isError with code "invalid_field" and a message per field (in "fields") right away when a value does not fit the form. '
      + 'When the page does not show that type or start (another week, another type), it fills in nothing: isError with code "not_on_page" and '
      + `in "url" the address of the page that shows it. On another page: isError with code "form_not_on_page" and the address to open in "url". `
      + `The visitor's booking counts as every other: ${BOOKING_LIMIT.limit} booking attempts per ${BOOKING_LIMIT.windowSeconds / 60} minutes per client, `
      + `at most ${maxUpcomingPerAddress} upcoming consultations per email address.`,
    arguments: BROWSER_ARGUMENTS,
    runs: { form: { page: BOOK_PAGE, query: { type: 'type', start: 'from' } } },
  },
  // No `rateLimit` is passed, so the use case counts the booking bucket and reports its decision.
  run: async (args, caller, { consultations, channel }) => {
    const { type, ...body } = args as { type: string } & Record<string, unknown>;
    const { booking, rateLimit } = await consultations.book(type, body, { ...caller, channel });
    return { value: booking, rateLimit };
  },
};
