import { Type, type Static } from 'typebox';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, localeLabel } from './locales.js';
import { StringEnum } from './schema-helpers.js';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN, TRIM_KEYWORD } from './text-rules.js';

// Contract, "Inquiry": every limit lives here and nowhere else.
export const LOCATIONS = ['miami', 'hamptons', 'other'] as const;
export const BUDGETS = ['under-1m', '1m-3m', '3m-10m', 'over-10m', 'undisclosed'] as const;
export const PHASES = ['pre-planning', 'permitted', 'unsure'] as const;

/**
 * Where an inquiry is filed: the inbox, the archive, or spam. Read or unread is a flag of its own, and
 * where the studio's work with the person stands is its stage; neither changes the folder.
 */
export const FOLDERS = ['inbox', 'archived', 'spam'] as const;
export type Folder = (typeof FOLDERS)[number];

/** The studio's pipeline: from a new inquiry to a client won (or lost). Every change is an activity. */
export const STAGES = ['new', 'contacted', 'consultation', 'proposal', 'won', 'lost'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The triage state of the earlier inbox, kept as words for `studio inbox mark` and the read API's
 * `triage.state`: the folder, with an inquiry in the inbox told apart by its unread flag (new or read).
 * A state is the studio's judgement of an inquiry; it never changes what was received.
 */
export const TRIAGE_STATES = ['new', 'read', 'archived', 'spam'] as const;
export type TriageState = (typeof TRIAGE_STATES)[number];

/** The triage word of a folder and unread flag. */
export function triageStateOf(folder: Folder, unread: boolean): TriageState {
  return folder === 'inbox' ? (unread ? 'new' : 'read') : folder;
}

/** The folder and unread flag a triage word files an inquiry with (archived and spam leave the flag as it is). */
export function placeOf(state: TriageState): { folder: Folder; unread?: boolean } {
  if (state === 'new') return { folder: 'inbox', unread: true };
  if (state === 'read') return { folder: 'inbox', unread: false };
  return { folder: state };
}

/** Where one notification of an inquiry stands: to be tried (again), delivered, or given up after retrying. */
export const NOTIFICATION_STATUSES = ['pending', 'done', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const INQUIRY_LIMITS = {
  name: { minLength: 2, maxLength: 120 },
  email: { maxLength: 254 },
  phone: { maxLength: 32 },
  message: { minLength: 10, maxLength: 4000 },
} as const;

// Every string is trimmed before its rules apply; single-line fields refuse every control character.
const trimmed = { [TRIM_KEYWORD]: true } as const;
const singleLine = { ...trimmed, pattern: SINGLE_LINE_PATTERN } as const;

export const Inquiry = Type.Object(
  {
    name: Type.String({ ...INQUIRY_LIMITS.name, ...singleLine, description: 'Full name of the person inquiring.' }),
    email: Type.String({ format: 'email', ...INQUIRY_LIMITS.email, ...singleLine, description: 'Reply address.' }),
    phone: Type.Optional(Type.String({ ...INQUIRY_LIMITS.phone, ...singleLine, description: 'Optional phone number; empty means none.' })),
    message: Type.String({
      ...INQUIRY_LIMITS.message, ...trimmed, pattern: MULTI_LINE_PATTERN,
      description: 'The project: site, scope, timing, anything that helps. Line breaks are kept.',
    }),
    location: StringEnum(LOCATIONS, { ...trimmed, description: 'Where the project is.' }),
    budget: StringEnum(BUDGETS, { ...trimmed, description: 'Construction budget band, in US dollars.' }),
    phase: StringEnum(PHASES, { ...trimmed, description: 'Where the project stands today.' }),
    language: Type.Optional(StringEnum(LOCALES, {
      ...trimmed, default: DEFAULT_LOCALE,
      description: `The language the studio should answer in, and write its acknowledgement email in: ${LOCALES.map(localeLabel).join(' or ')}. `
        + `${LOCALE_NAMES[DEFAULT_LOCALE]} when left out.`,
    })),
  },
  { $id: 'Inquiry', title: 'Inquiry', description: 'A qualified project inquiry for the studio inbox.' },
);
export type Inquiry = Static<typeof Inquiry>;

/**
 * The fields a caller may send but a person is never asked: the website's form sends them as hidden
 * fields (`language`: the page's), so a form built from Inquiry.properties leaves these out of its questions.
 */
export const UNASKED_FIELDS = ['language'] as const satisfies ReadonlyArray<keyof Inquiry>;
export type UnaskedField = (typeof UNASKED_FIELDS)[number];
/** The fields a person is asked, in the schema's order: what a form shows. */
export type AskedField = Exclude<keyof Inquiry, UnaskedField>;
export const ASKED_FIELDS = Object.keys(Inquiry.properties)
  .filter((name) => !(UNASKED_FIELDS as readonly string[]).includes(name)) as AskedField[];

/** One valid inquiry, for the examples of the documents (the developer page, the A2A skill). */
export const EXAMPLE_INQUIRY: Inquiry = {
  name: 'Jordan Example',
  email: 'jordan@example.com',
  message: 'A new house on a half-acre lot; we would like to start design this year.',
  location: LOCATIONS[0],
  budget: BUDGETS[1],
  phase: PHASES[0],
};

/**
 * The honeypot of the website's HTML form: an optional field, hidden from people by the form's CSS, that
 * only bots fill in. A form submission with it filled is stored flagged as spam and never notified; the
 * answer is still 200. Not part of the Inquiry schema: agents never see it, and an API client that sends
 * a field of that name is not taken for a bot (the use case decides by channel).
 */
export const HONEYPOT_FIELD = 'website';

/** Client-visible timing of the contact operation. */
export const INQUIRY_POLICY = {
  /** An Idempotency-Key is remembered this long. */
  idempotencyKeyTtlSeconds: 24 * 3600,
  /** Longest accepted Idempotency-Key (printable ASCII). */
  idempotencyKeyMaxLength: 255,
  /** An identical inquiry (same fields) within this window is stored once. */
  duplicateWindowSeconds: 10 * 60,
  /** Notifications are retried at least this long before being marked permanently failed. */
  notificationRetryHorizonSeconds: 24 * 3600,
  /** With INQUIRY_ACK, an address is acknowledged at most once in this long, however often it submits. */
  acknowledgementIntervalSeconds: 3600,
} as const;
