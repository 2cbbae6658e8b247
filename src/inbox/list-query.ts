import { Type, type Static } from 'typebox';
import { BUDGETS, LOCATIONS, PHASES, TRIAGE_STATES, type TriageState } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { StringEnum } from '../contract/schema-helpers.js';
import { TRIM_KEYWORD } from '../contract/text-rules.js';
import type { ValidationIssue } from '../contract/validator.js';
import type { InboxQuery } from '../inquiries/inbox-store.js';

// The query of the inbox list and its exports (`?state=&q=&location=&budget=&phase=&since=&until=&cursor=`):
// its schema (the route's validator), what it asks the store, the links that keep it, and the words of a
// 400 for a value that does not fit. The filter form is a plain GET form, so an empty field means "any".

/** Longest search text: enough for a few words or an address, short enough to keep LIKE cheap. */
export const SEARCH_MAX_LENGTH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = '^(\\d{4}-\\d{2}-\\d{2})?$';

const anyOr = <const T extends readonly string[]>(values: T) => Type.Optional(StringEnum(['', ...values] as const, { [TRIM_KEYWORD]: true }));
const date = () => Type.Optional(Type.String({ pattern: DATE_PATTERN, [TRIM_KEYWORD]: true }));

export const ListQuerySchema = Type.Object({
  state: anyOr(TRIAGE_STATES),
  q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, [TRIM_KEYWORD]: true })),
  location: anyOr(LOCATIONS),
  budget: anyOr(BUDGETS),
  phase: anyOr(PHASES),
  since: date(),
  until: date(),
  /** The store's opaque keyset cursor (base64url); a stale or unknown one starts over at the newest. */
  cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' })),
  /** The one-line notice of an action just done (src/inbox/actions.ts); an unknown one shows nothing. */
  done: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ListQueryParams = Static<typeof ListQuerySchema>;

/** The fields that select inquiries, in the order links carry them. */
const FILTER_FIELDS = ['state', 'q', 'location', 'budget', 'phase', 'since', 'until'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type ListFilters = Partial<Record<FilterField, string>>;

/** The query as the store takes it, and as the page shows and links it. */
export interface ListRequest {
  query: InboxQuery;
  /** The non-empty filter values as sent, for the form and the links. */
  filters: ListFilters;
  cursor?: string;
}

/** A query the page cannot serve: which field, and what was wrong with it. */
export class BadListQuery extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** Midnight UTC at the start of a YYYY-MM-DD day; undefined for a day the calendar lacks (2026-02-30). */
function dayStart(value: string): number | undefined {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, month - 1, day);
  const back = new Date(start);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? start : undefined;
}

/** The store's bound of a day filter; "until" names the last day shown, so its bound is the next midnight. */
function boundOf(field: 'since' | 'until', value: string | undefined): number | undefined | BadListQuery {
  if (value === undefined) return undefined;
  const start = dayStart(value);
  if (start === undefined) return new BadListQuery(field, `"${value}" is not a day of the calendar.`);
  return field === 'since' ? start : start + DAY_MS;
}

/** The validated query as a store query, or what is wrong with it (a day the calendar lacks). */
export function listRequest(params: ListQueryParams): ListRequest | BadListQuery {
  const filters: ListFilters = {};
  for (const field of FILTER_FIELDS) {
    const value = params[field];
    if (value !== undefined && value !== '') filters[field] = value;
  }
  const since = boundOf('since', filters.since);
  const until = boundOf('until', filters.until);
  if (since instanceof BadListQuery) return since;
  if (until instanceof BadListQuery) return until;
  const query: InboxQuery = {
    state: filters.state as TriageState | undefined,
    search: filters.q,
    location: filters.location as InboxQuery['location'],
    budget: filters.budget as InboxQuery['budget'],
    phase: filters.phase as InboxQuery['phase'],
    since,
    until,
  };
  return { query, filters, cursor: params.cursor || undefined };
}

/** `path` with the filters (in one order, so equal queries are equal links) and any extra parameters; empty values are left out. */
export function withQuery(path: string, filters: ListFilters, extra: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const field of FILTER_FIELDS) if (filters[field]) search.append(field, filters[field]);
  for (const [name, value] of Object.entries(extra)) if (value) search.append(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The list of another folder (undefined: all) under the same search and filters, from its first page. */
export function folderHref(filters: ListFilters, state: TriageState | undefined): string {
  return withQuery(INBOX_PATHS.list, { ...filters, state });
}

const ENUMS = {
  location: { words: 'a location', values: LOCATIONS }, budget: { words: 'a budget', values: BUDGETS }, phase: { words: 'a phase', values: PHASES },
} as const;

/** The sentence of a 400 page for a value the schema refused, naming the parameter and what it takes. */
export function badQueryMessage(issues: ValidationIssue[], raw: Record<string, unknown>): BadListQuery {
  const issue = issues[0] ?? {};
  const field = (issue.instancePath ?? '').replace(/^\//, '');
  const value = typeof raw[field] === 'string' ? `"${raw[field] as string}"` : 'The value';
  if (issue.keyword === 'type') return new BadListQuery(field, `The parameter "${field}" was given more than once.`);
  if (field === 'state') return new BadListQuery(field, `${value} is not a folder: use new, read, archived or spam (or leave it out for all).`);
  if (field === 'location' || field === 'budget' || field === 'phase') {
    const { words, values } = ENUMS[field];
    return new BadListQuery(field, `${value} is not ${words}: use one of ${values.join(', ')}.`);
  }
  if (field === 'since' || field === 'until') return new BadListQuery(field, `${value} is not a date of the form YYYY-MM-DD.`);
  if (field === 'q') return new BadListQuery(field, `The search is longer than ${SEARCH_MAX_LENGTH} characters.`);
  if (field === 'cursor') return new BadListQuery(field, 'The page position is not one this inbox gave out.');
  return new BadListQuery(field || 'query', `The parameter "${field || 'query'}" is not in the expected form.`);
}
