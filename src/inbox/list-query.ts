import type { preValidationAsyncHookHandler } from 'fastify';
import { Type, type Static } from 'typebox';
import { ApiError } from '../contract/errors.js';
import { INQUIRY_SEARCH_MAX_LENGTH, InquiryListQuery } from '../contract/inbox-api.js';
import { BUDGETS, LOCATIONS, PHASES, TRIAGE_STATES, type TriageState } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { ValidationIssue } from '../contract/validator.js';
import type { InboxQuery } from '../inquiries/ports.js';
import { inboxQueryOf } from '../inquiries/inbox-query.js';
import type { StudioTime } from '../lib/studio-time.js';

// The query of the inbox list and its exports (`?state=&q=&location=&budget=&phase=&since=&until=&cursor=`):
// the read API's list query (src/contract/inbox-api.ts, one set of parameters and rules for both) without
// its page size, which the page fixes; what it asks the store; the links that keep it; and the words of a
// 400 for a value that does not fit. The filter form is a plain GET form, so an empty field means "any".
// A day here is the studio's (from midnight in STUDIO_TIME_ZONE), the day its people mean; the read API's
// are UTC days, as its schema says: the same reading (src/inquiries/inbox-query.ts), another zone.

const { limit: _pageSize, ...listParameters } = InquiryListQuery.properties;

export const ListQuerySchema = Type.Object({
  ...listParameters,
  /** The one-line notice of an action just done (src/inbox/notices.ts); an unknown one shows nothing. */
  done: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ListQueryParams = Static<typeof ListQuerySchema>;

/**
 * The list routes' preValidation hook: a plain GET form sends every field, the unused ones empty, and an
 * empty parameter means "any", as if it were absent. The schema then checks what is left.
 */
export const dropEmptyParameters: preValidationAsyncHookHandler = async (request) => {
  const query = request.query as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) if (value === '') delete query[name];
};

/** The fields that select inquiries (every list parameter but the page position), in the order links carry them. */
export type FilterField = Exclude<keyof typeof listParameters, 'cursor'>;
const FILTER_FIELDS = Object.keys(listParameters).filter((name) => name !== 'cursor') as FilterField[];
export type ListFilters = Partial<Record<FilterField, string>>;

/** The query as the store takes it, and as the page shows and links it. */
export interface ListRequest {
  query: InboxQuery;
  /** The filter values as sent, for the form and the links. */
  filters: ListFilters;
  cursor?: string;
}

/** A query the page cannot serve: which field, and what was wrong with it. */
export class BadListQuery extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** The validated query as a store query, its days those of `time`, or what is wrong with it (a day the calendar lacks). */
export function listRequest(params: ListQueryParams, time: StudioTime): ListRequest | BadListQuery {
  const filters: ListFilters = {};
  for (const field of FILTER_FIELDS) if (params[field] !== undefined && params[field] !== '') filters[field] = params[field];
  try {
    return { query: inboxQueryOf(params, time), filters, cursor: params.cursor };
  } catch (error) {
    if (error instanceof ApiError) return new BadListQuery(error.field ?? 'query', error.message);
    throw error;
  }
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
  if (field === 'state') return new BadListQuery(field, `${value} is not a folder: use one of ${TRIAGE_STATES.join(', ')} (or leave it out for all).`);
  if (field === 'location' || field === 'budget' || field === 'phase') {
    const { words, values } = ENUMS[field];
    return new BadListQuery(field, `${value} is not ${words}: use one of ${values.join(', ')}.`);
  }
  if (field === 'since' || field === 'until') return new BadListQuery(field, `${value} is not a date of the form YYYY-MM-DD (or an RFC 3339 date-time).`);
  if (field === 'q') return new BadListQuery(field, `The search is longer than ${INQUIRY_SEARCH_MAX_LENGTH} characters.`);
  if (field === 'cursor') return new BadListQuery(field, 'The page position is not one this inbox gave out.');
  return new BadListQuery(field || 'query', `The parameter "${field || 'query'}" is not in the expected form.`);
}
