import type { preValidationAsyncHookHandler } from 'fastify';
import { Type, type Static } from 'typebox';
import { ApiError } from '../contract/errors.js';
import { INQUIRY_SEARCH_MAX_LENGTH, InquiryListQuery } from '../contract/inbox-api.js';
import { BUDGETS, LOCATIONS, PHASES, placeOf, STAGES, TRIAGE_STATES, type Stage, type TriageState } from '../contract/inquiry.js';
import { StringEnum } from '../contract/schema-helpers.js';
import { TRIM_KEYWORD } from '../contract/text-rules.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { ValidationIssue } from '../contract/validator.js';
import type { InboxQuery } from '../inquiries/ports.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { inboxQueryOf } from '../inquiries/inbox-query.js';
import type { StudioTime } from '../lib/studio-time.js';

// The query of the inbox list and its exports: the view (`folder`, `unread`, `stage`, `assignee`; `state`,
// the earlier folder word, read as an alias so old links still work), and the read API's filters
// (src/contract/inbox-api.ts: `q`, `location`, `budget`, `phase`, `since`, `until`, `cursor`; one set of rules
// for both) without its page size, which the page fixes; what it asks the store; the links that keep it;
// and the words of a 400 for a value that does not fit. The filter form is a plain GET form, so an empty
// field means "any". A day here is the studio's (from midnight in STUDIO_TIME_ZONE), the day its people
// mean; the read API's are UTC days: the same reading (src/inquiries/inbox-query.ts), another zone.
// A search (`q`) looks in every folder, spam included, whatever view it was typed in (the search form
// carries no view), and each result shows where it lives; the views' links under a search keep it, so
// a view named beside `q` narrows the results to that view.

const { limit: _pageSize, ...apiParameters } = InquiryListQuery.properties;

/** The folder views: a folder, or `all`, every folder but spam. */
export const FOLDER_VIEWS = ['inbox', 'archived', 'spam', 'all'] as const;
export type FolderView = (typeof FOLDER_VIEWS)[number];
/** `me`: assigned to the signed-in operator; `none`: to nobody. */
export const ASSIGNEE_VIEWS = ['me', 'none'] as const;
export type AssigneeView = (typeof ASSIGNEE_VIEWS)[number];
const FLAGS = ['true', 'false'] as const;

const optionalEnum = <const T extends readonly string[]>(values: T) => Type.Optional(StringEnum(values, { [TRIM_KEYWORD]: true }));

/** The parameters that pick the view; the read API's `stage` and `assignee`, if it has them, mean other things. */
const viewParameters = {
  folder: optionalEnum(FOLDER_VIEWS),
  unread: optionalEnum(FLAGS),
  stage: optionalEnum(STAGES),
  assignee: optionalEnum(ASSIGNEE_VIEWS),
};

export const ListQuerySchema = Type.Object({
  ...apiParameters,
  ...viewParameters,
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

/** The parameters of the view, in the order links carry them. */
export const VIEW_FIELDS = ['state', 'folder', 'unread', 'stage', 'assignee'] as const;
/** The parameters that narrow any view: the search and the filters. */
export const NARROWING_FIELDS = ['q', 'location', 'budget', 'phase', 'since', 'until'] as const;
/** The fields that select inquiries (every list parameter but the page position), in the order links carry them. */
export type FilterField = (typeof VIEW_FIELDS)[number] | (typeof NARROWING_FIELDS)[number];
const FILTER_FIELDS: readonly FilterField[] = [...VIEW_FIELDS, ...NARROWING_FIELDS];
export type ListFilters = Partial<Record<FilterField, string>>;

/** The view as asked, the alias read: each part narrows, and what is left out takes its default. */
export interface ListView {
  folder?: FolderView;
  unread?: boolean;
  stage?: Stage;
  assignee?: AssigneeView;
}

/** The query as the store takes it, and as the page shows and links it. */
export interface ListRequest {
  query: InboxQuery;
  /** The search and filters without the view: what the views' counts are of. */
  narrowing: InboxQuery;
  view: ListView;
  /** A search: it looks in every folder. */
  searching: boolean;
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

/** The view the parameters name; `state` counts only when the view is not named otherwise. */
export function viewOf(params: ViewParams): ListView {
  let folder: FolderView | undefined = params.folder;
  let unread = params.unread === undefined ? undefined : params.unread === 'true';
  if (params.state !== undefined && folder === undefined && unread === undefined) ({ folder, unread } = placeOf(params.state));
  return { folder, unread, stage: params.stage, assignee: params.assignee };
}

/**
 * The folder a view looks in: as named, else the inbox, except that a stage or an assignee looks across
 * every folder but spam (a lead's stage does not change when it is archived).
 */
export function folderOf(view: ListView): FolderView {
  return view.folder ?? (view.stage !== undefined || view.assignee !== undefined ? 'all' : 'inbox');
}

/** Whether the parameters name no view at all. */
export function isEmptyView(view: ListView): boolean {
  return Object.values(view).every((part) => part === undefined);
}

/** The store's conditions of a view (a search naming none: every folder). `me`: the operator, in comparable form. */
export function viewQuery(view: ListView, searching: boolean, me: string): InboxQuery {
  const query: InboxQuery = {};
  if (searching && isEmptyView(view)) return query;
  const folder = folderOf(view);
  if (folder === 'all') query.exceptFolder = 'spam'; else query.folder = folder;
  if (view.unread !== undefined) query.unread = view.unread;
  if (view.stage !== undefined) query.stage = view.stage;
  if (view.assignee !== undefined) query.assignee = view.assignee === 'me' ? me : null;
  return query;
}

/** The filters' query (no view): the counts are of these, each view's its own. */
export function narrowingQuery(params: ListQueryParams, time: StudioTime): InboxQuery {
  const { q, location, budget, phase, since, until } = params;
  return inboxQueryOf({ q, location, budget, phase, since, until }, time);
}

/**
 * The validated query as a store query, its days those of `time`, its `me` the signed-in operator's
 * address, or what is wrong with it (a day the calendar lacks).
 */
export function listRequest(params: ListQueryParams, time: StudioTime, me: string): ListRequest | BadListQuery {
  const filters: ListFilters = {};
  for (const field of FILTER_FIELDS) if (params[field] !== undefined && params[field] !== '') filters[field] = params[field];
  const view = viewOf(params);
  const searching = filters.q !== undefined;
  try {
    const narrowing = narrowingQuery(params, time);
    return { query: { ...narrowing, ...viewQuery(view, searching, comparableAddress(me)) }, narrowing, view, searching, filters, cursor: params.cursor };
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

/** The filters without the view nor the search. */
export function narrowingFilters(filters: ListFilters): ListFilters {
  const { location, budget, phase, since, until } = filters;
  return { location, budget, phase, since, until };
}

/** A view as link parameters. */
export type ViewParams = Pick<ListQueryParams, (typeof VIEW_FIELDS)[number]>;

/** The list of a view (its parameters), under the same search and filters, from its first page. */
export function viewHref(filters: ListFilters, view: ViewParams): string {
  return withQuery(INBOX_PATHS.list, { q: filters.q, ...narrowingFilters(filters), ...view });
}

/** The list of a folder by its triage word (undefined: all), under the same filters: the inquiry page's way back without a `back`. */
export function folderHref(filters: ListFilters, state: TriageState | undefined): string {
  return withQuery(INBOX_PATHS.list, state ? { ...narrowingFilters(filters), state } : { ...narrowingFilters(filters), folder: 'all' });
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
  if (field === 'folder') return new BadListQuery(field, `${value} is not a folder: use one of ${FOLDER_VIEWS.join(', ')} (or leave it out for the inbox).`);
  if (field === 'unread') return new BadListQuery(field, `${value} is not a yes or no: use true or false.`);
  if (field === 'stage') return new BadListQuery(field, `${value} is not a stage: use one of ${STAGES.join(', ')}.`);
  if (field === 'assignee') return new BadListQuery(field, `${value} is not an assignee view: use me or none.`);
  if (field === 'location' || field === 'budget' || field === 'phase') {
    const { words, values } = ENUMS[field];
    return new BadListQuery(field, `${value} is not ${words}: use one of ${values.join(', ')}.`);
  }
  if (field === 'since' || field === 'until') return new BadListQuery(field, `${value} is not a date of the form YYYY-MM-DD (or an RFC 3339 date-time).`);
  if (field === 'q') return new BadListQuery(field, `The search is longer than ${INQUIRY_SEARCH_MAX_LENGTH} characters.`);
  if (field === 'cursor') return new BadListQuery(field, 'The page position is not one this inbox gave out.');
  return new BadListQuery(field || 'query', `The parameter "${field || 'query'}" is not in the expected form.`);
}
