import { Type, type Static, type TSchema } from 'typebox';
import { BUDGETS, FOLDERS, LOCATIONS, NOTIFICATION_STATUSES, PHASES, STAGES, TRIAGE_STATES } from './inquiry.js';
import { LOCALES } from './locales.js';
import { NOTE_LIMITS } from './pipeline.js';
import { StringEnum } from './schema-helpers.js';
import { ThreadMessage } from './conversation.js';
import { CURSOR_PATTERN, DATE_OR_DATE_TIME_PATTERN, TRIM_KEYWORD } from './text-rules.js';

// The read API of the received inquiries (GET /api/v1/inquiries and /api/v1/inquiries/{id}), for the
// studio's own tools with a token carrying inquiries:read: its query, its answers and its page size.
// Not in the contract document, which predates it; the OpenAPI document shows these schemas.

export const INQUIRY_PAGE = {
  /** Inquiries on a page when the query names no limit. */
  defaultLimit: 50,
  maxLimit: 100,
} as const;

/** Longest search text: a few words or an address, short enough to keep the store's LIKE cheap. */
export const INQUIRY_SEARCH_MAX_LENGTH = 200;

/** Longest assignee filter: an address (RFC 5321's 254) with room to spare. */
const ASSIGNEE_MAX_LENGTH = 320;

/** The assignee filter's word for "assigned to nobody". */
export const UNASSIGNED = 'none';

/** Longest cursor: the store's are far shorter (a time and an id), so anything longer was not ours. */
const CURSOR_MAX_LENGTH = 200;

const optionalEnum = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Optional(StringEnum(values, { [TRIM_KEYWORD]: true, description }));

const timeBound = (description: string) => Type.Optional(Type.String({ [TRIM_KEYWORD]: true, pattern: DATE_OR_DATE_TIME_PATTERN, description }));

/** The query of the list: every parameter narrows it; several narrow it together. */
export const InquiryListQuery = Type.Object({
  state: optionalEnum(TRIAGE_STATES, 'Only inquiries in this triage state (the inbox folder).'),
  q: Type.Optional(Type.String({
    [TRIM_KEYWORD]: true, maxLength: INQUIRY_SEARCH_MAX_LENGTH,
    description: 'Words to find in the name, email or message, in any letter case; every word must occur. Empty: no search.',
  })),
  location: optionalEnum(LOCATIONS, 'Only inquiries for this location.'),
  budget: optionalEnum(BUDGETS, 'Only inquiries with this budget band.'),
  phase: optionalEnum(PHASES, 'Only inquiries in this project phase.'),
  folder: optionalEnum(FOLDERS, 'Only inquiries filed in this folder.'),
  unread: optionalEnum(['true', 'false'] as const, 'true: only the unread inquiries; false: only the read ones.'),
  stage: optionalEnum(STAGES, 'Only inquiries at this stage of the pipeline.'),
  assignee: Type.Optional(Type.String({
    [TRIM_KEYWORD]: true, minLength: 1, maxLength: ASSIGNEE_MAX_LENGTH,
    description: 'Only inquiries assigned to this operator (their address, any letter case); "none": only the unassigned ones.',
  })),
  since: timeBound('Received at or after: a day (YYYY-MM-DD, from its start in UTC) or an RFC 3339 date-time.'),
  until: timeBound('Received before: a day (YYYY-MM-DD) includes that whole day in UTC; a date-time is exclusive.'),
  cursor: Type.Optional(Type.String({
    pattern: CURSOR_PATTERN, maxLength: CURSOR_MAX_LENGTH,
    description: 'Where the previous page ended: follow its "next" link rather than building one.',
  })),
  limit: Type.Optional(Type.Integer({
    minimum: 1, maximum: INQUIRY_PAGE.maxLimit, default: INQUIRY_PAGE.defaultLimit, description: 'Inquiries on one page.',
  })),
}, { title: 'InquiryListQuery' });
export type InquiryListQuery = Static<typeof InquiryListQuery>;

export const InquiryIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'The inquiry\'s id, as a list gives it.' }),
});

const time = (description: string) => Type.String({ format: 'date-time', description });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const InquiryNotification = Type.Object({
  channel: Type.String({ description: 'email or webhook (to the studio), or acknowledgement (to the sender).' }),
  event: Type.String({ description: 'What it tells: inquiry.received (the inquiry itself), or a later event on the webhook: inquiry.stage_changed, inquiry.replied.' }),
  status: StringEnum(NOTIFICATION_STATUSES, {
    description: 'pending: to be tried (again) at next_attempt_at; done: delivered; failed: given up after retrying.',
  }),
  attempts: Type.Integer({ minimum: 0, description: 'Delivery attempts so far.' }),
  delivered_at: nullable(time('When it was delivered.')),
  next_attempt_at: nullable(time('When it is tried next, while pending.')),
  last_error: nullable(Type.String({ description: 'What went wrong at the last failed attempt.' })),
}, { title: 'InquiryNotification' });

export const InquiryNote = Type.Object({
  id: Type.String(),
  author: Type.String({ description: 'The operator who wrote it (their address).' }),
  at: time('When it was written.'),
  text: Type.String({ maxLength: NOTE_LIMITS.maxLength, description: 'Plain text, as the operator wrote it.' }),
  edited_at: nullable(time('When its author last edited it; null: never.')),
}, { title: 'InquiryNote' });

/**
 * A received inquiry with every submitted field, how it arrived, the studio's triage and its
 * notifications. The sender's IP address and user agent stay in the studio (data minimization).
 */
export const ReceivedInquiry = Type.Object({
  id: Type.String({ description: 'Stable id; also the idempotency id of its notifications.' }),
  received_at: time('When it was stored.'),
  name: Type.String(),
  email: Type.String(),
  phone: nullable(Type.String({ description: 'Null when none was given.' })),
  message: Type.String(),
  location: StringEnum(LOCATIONS),
  budget: StringEnum(BUDGETS),
  phase: StringEnum(PHASES),
  language: StringEnum(LOCALES, { description: 'The language to answer in, as the inquiry said (the website sends its page\'s); en when it said none.' }),
  channel: Type.String({ description: 'How it arrived: api (POST /api/v1/contact), legacy (POST /api/contact), mcp (the submit_inquiry tool) or form (the website).' }),
  client_id: nullable(Type.String({ description: 'The OAuth client whose bearer token came with it.' })),
  spam: Type.Boolean({ description: 'The website form\'s honeypot was filled (a fact of the submission; triage.state is the studio\'s judgement).' }),
  triage: Type.Object({
    state: StringEnum(TRIAGE_STATES),
    changed_at: nullable(time('When the state was last set; null: as it arrived.')),
    changed_by: nullable(Type.String({ description: 'Who set it: an operator\'s email, or cli:<user>; null: as it arrived.' })),
  }),
  notifications: Type.Array(InquiryNotification),
  folder: StringEnum(FOLDERS, { description: 'Where the studio filed it (triage.state says the same with the unread flag, for earlier readers).' }),
  unread: Type.Boolean({ description: 'Nobody has opened it since it arrived (or an operator marked it unread).' }),
  stage: StringEnum(STAGES, { description: 'Where the studio\'s work with the person stands.' }),
  assignee: nullable(Type.String({ description: 'The operator it is assigned to (their address); null: nobody.' })),
  notes: Type.Array(InquiryNote, { description: 'The operators\' internal notes, oldest first.' }),
  contact: Type.Array(Type.String(), { description: 'The ids of the same person\'s other inquiries (the same address in any letter case), newest first.' }),
  thread: Type.Array(ThreadMessage, { description: 'The conversation with the inquirer by mail, oldest first: the studio\'s replies from the inbox and the answers.' }),
}, { title: 'ReceivedInquiry' });
export type ReceivedInquiry = Static<typeof ReceivedInquiry>;

export const InquiryList = Type.Object({
  inquiries: Type.Array(ReceivedInquiry, { description: 'Newest first.' }),
  next: nullable(Type.String({ format: 'uri', description: 'The absolute URL of the next page (also in Link: rel="next"); null on the last page.' })),
}, { title: 'InquiryList' });
export type InquiryList = Static<typeof InquiryList>;
