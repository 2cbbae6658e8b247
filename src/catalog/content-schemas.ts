import { Type, type Static, type TSchema } from 'typebox';
// typebox/schema, not typebox/value: the same Errors and Pointer without the value toolkit (140 modules more to load at start).
import { Errors, Pointer } from 'typebox/schema';
import type { TLocalizedValidationError } from 'typebox/error';
import { LOCATIONS } from '../contract/inquiry.js';
import { StringEnum } from '../contract/schema-helpers.js';
import { CONSULTATION_PLACES, SLUG_PATTERN } from '../contract/consultation.js';
import { KINDS_OF_WORK, PROJECT_STATUSES, TEAM_ROLES } from '../contract/project-facts.js';

// The shapes of the firm's content files. Unknown keys are refused so that a typo never hides a field.
const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** Text that says something: not only spaces (alt text of spaces would hide an image from a screen reader). */
const words = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/**
 * An image beside the Markdown file: `file` is relative to the file's folder (and stays inside the content
 * folder); `alt` is required, because a picture nobody can describe is not published.
 */
export const ImageDeclaration = Type.Object({
  file: text(200),
  alt: words(300),
  caption: Type.Optional(words(300)),
}, { additionalProperties: false });
export type ImageDeclaration = Static<typeof ImageDeclaration>;

/** The image fields a project, a service or a text page may carry: a cover and a gallery. */
const imageFields = {
  cover: Type.Optional(ImageDeclaration),
  gallery: Type.Optional(Type.Array(ImageDeclaration, { minItems: 1, maxItems: 24 })),
};

/** Opening hours of one weekday: "HH:MM-HH:MM" ranges in STUDIO_TIME_ZONE, e.g. ["09:00-12:30", "13:30-17:00"]. */
const DayHours = Type.Array(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d$|^([01]\\d|2[0-3]):[0-5]\\d-24:00$' }), { maxItems: 8 });

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A week's opening hours, by weekday; a day left out is closed. */
const WeekHours = Type.Object(Object.fromEntries(WEEKDAYS.map((day) => [day, Type.Optional(DayHours)])), { additionalProperties: false });
export type WeekHours = Partial<Record<(typeof WEEKDAYS)[number], string[]>>;

/** What can be booked with the studio, and when (src/consultations/schedule.ts reads it further). */
export const ConsultationsSection = Type.Object({
  types: Type.Array(Type.Object({
    slug: Type.String({ pattern: SLUG_PATTERN, maxLength: 60 }),
    title: text(120),
    duration_minutes: Type.Integer({ minimum: 5, maximum: 480 }),
    place: StringEnum(CONSULTATION_PLACES),
    description: text(400),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 20 }),
  hours: WeekHours,
  /** Free time kept after every consultation. */
  buffer_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 240 })),
  /** How long before its start a slot can still be booked. */
  notice_hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 * 30 })),
  /** The grid slots start on, from each opening. */
  step_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 240 })),
  /** Days the studio is closed (holidays), YYYY-MM-DD in STUDIO_TIME_ZONE. */
  closures: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), { maxItems: 400 })),
}, { additionalProperties: false });
export type ConsultationsSection = Static<typeof ConsultationsSection>;

/**
 * One of the studio's offices: where it is, when it is open and its phone. Only `city` is required; the
 * studio page, the footer and the firm's JSON-LD show what is given. `note` and `hours_note` are words
 * (site.<locale>.yaml translates them); the rest are facts, written once here.
 */
export const Office = Type.Object({
  /** "Miami, Florida": the locality, then the state. */
  city: text(120),
  note: Type.Optional(text(200)),
  /** The street address, e.g. "3310 Mary Street, Suite 302". */
  street: Type.Optional(text(200)),
  postal_code: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$' })),
  phone: Type.Optional(text(40)),
  /** The office's opening hours, by weekday, in STUDIO_TIME_ZONE (the same shape as consultations' hours). */
  hours: Type.Optional(WeekHours),
  /** A word on the hours, e.g. "Site visits by appointment". */
  hours_note: Type.Optional(text(200)),
}, { additionalProperties: false });
export type Office = Static<typeof Office>;

export const SiteFile = Type.Object({
  name: text(120),
  tagline: text(200),
  description: text(400),
  email: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+$' }),
  phone: Type.Optional(text(40)),
  offices: Type.Optional(Type.Array(Office)),
  /** Consultations the website and the API offer; none when left out. */
  consultations: Type.Optional(ConsultationsSection),
}, { additionalProperties: false });
export type SiteFile = Static<typeof SiteFile>;

/**
 * A project's facts, all optional; the original file states them, a translation never does (they are not
 * words). The area is written in square feet only: square meters are derived (src/contract/project-facts.ts).
 */
const projectFacts = {
  status: Type.Optional(StringEnum(PROJECT_STATUSES)),
  size_sqft: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  work: Type.Optional(Type.Array(StringEnum(KINDS_OF_WORK), { minItems: 1, uniqueItems: true })),
  team: Type.Optional(Type.Array(Type.Object({
    role: StringEnum(TEAM_ROLES),
    name: words(120),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 30 })),
  /** Whom the photographs are credited to; leave it out where the images are drawings. */
  photographer: Type.Optional(words(120)),
  /** Slugs of content/services entries the project shows; each must name one (checked by load.ts). */
  services: Type.Optional(Type.Array(Type.String({ pattern: SLUG_PATTERN, maxLength: 60 }), { minItems: 1, uniqueItems: true })),
};

export const ProjectFile = Type.Object({
  title: text(120),
  description: Type.Optional(text(400)),
  location: Type.Optional(text(120)),
  /** Which inquiry location the project belongs to: the same values as Inquiry.location. */
  region: StringEnum(LOCATIONS),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
  scope: Type.Optional(Type.Array(text(80), { minItems: 1 })),
  order: Type.Optional(Type.Integer()),
  ...imageFields,
  ...projectFacts,
}, { additionalProperties: false });
export type ProjectFile = Static<typeof ProjectFile>;

export const ServiceFile = Type.Object({
  title: text(120),
  description: Type.Optional(text(400)),
  capabilities: Type.Optional(text(1000)),
  order: Type.Optional(Type.Integer()),
  ...imageFields,
}, { additionalProperties: false });
export type ServiceFile = Static<typeof ServiceFile>;

export const PageFile = Type.Object({
  title: text(120),
  description: text(400),
  /** The page's name in the site's menu, when shorter than its title ("Studio" for "About the Studio"). */
  nav: Type.Optional(words(40)),
  order: Type.Optional(Type.Integer()),
  /** The page ends with the studio's offices from site.yaml: addresses, hours and phones. */
  show_offices: Type.Optional(Type.Boolean()),
  /** Each `## ` heading of the body is a question answered by the text under it: the page carries FAQPage JSON-LD. */
  faq: Type.Optional(Type.Boolean()),
  ...imageFields,
}, { additionalProperties: false });
export type PageFile = Static<typeof PageFile>;

/** Checks data against a content schema; throws naming the field and the rule. */
export function checkContent<T extends TSchema>(schema: T, data: unknown): Static<T> {
  const [, errors] = Errors({}, schema, data);
  if (errors.length > 0) {
    const { path, problem } = describe(errors.find((e) => e.keyword !== 'boolean') ?? errors[0]!);
    const field = path === '' ? '(front matter)' : `field "${path.slice(1).replaceAll('/', '.')}"`;
    const value: unknown = Pointer.Get(data, path);
    const got = value === undefined ? 'missing' : `got ${JSON.stringify(value)}`;
    throw new Error(`${field}: ${problem} (${got})`);
  }
  return data as Static<T>;
}

/**
 * The field an error is about and what is wrong with it. TypeBox reports a missing or unknown property
 * on the object that holds it (and the unknown one a second time as a `false` schema, skipped above).
 */
function describe(error: TLocalizedValidationError): { path: string; problem: string } {
  if (error.keyword === 'required') return { path: `${error.instancePath}/${error.params.requiredProperties[0]}`, problem: 'required property' };
  if (error.keyword === 'additionalProperties') return { path: `${error.instancePath}/${error.params.additionalProperties[0]}`, problem: 'unknown property' };
  if (error.keyword === 'enum') return { path: error.instancePath, problem: `must be one of ${error.params.allowedValues.join(', ')}` };
  return { path: error.instancePath, problem: error.message };
}
