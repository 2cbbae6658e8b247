import { DEFAULT_LOCALE } from '../words/locale.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BUDGETS, LOCATIONS, PHASES, STAGES } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { ValidationIssue } from '../contract/validator.js';
import { comparableAddress } from '../inquiries/email-address.js';
import type { InboxCounts, InboxEntry, InboxPage, InboxStore } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import { html, type SafeHtml } from '../web/html.js';
import { enumLabel } from '../web/labels.js';
import { mdCell, mdLink, mdText } from '../web/markdown.js';
import { hereOf, withBack } from './back.js';
import {
  assigneeText, deliveryBadge, deliveryState, DELIVERY_WORDS, firstLine, folderBadge, FOLDER_NAMES, inquiryPath, projectHtml, projectText, rowLanguage, STAGE_NAMES, timeHtml,
} from './entry-view.js';
import { sendInboxPage, type InboxPageView } from './layout.js';
import {
  BadListQuery, badQueryMessage, dropEmptyParameters, folderOf, isEmptyView, listRequest, ListQuerySchema, viewHref, viewOf, withQuery,
  type ListFilters, type ListQueryParams, type ListRequest, type ListView, type ViewParams,
} from './list-query.js';
import { noticeOf, noticeHtml } from './notices.js';

// The inbox list, GET /inbox: the views with their counts (the folders Inbox, Unread, Archived, Spam and
// All, which leaves spam out; the stages and Mine / Unassigned across every folder but spam), the search
// and filter form (a plain GET form; a search looks in every folder), one page of inquiries newest first
// with their stage, assignee and notifications, the links to the older page and back, and the exports of
// the same query. Each link to an inquiry carries the list's own address (`back`). Also the 400 page of
// a query it cannot serve.

export const PAGE_SIZE = 50;

interface ListModel {
  request: ListRequest;
  page: InboxPage;
  counts: InboxCounts;
  /** The signed-in operator's address, comparable: their assignments read "You". */
  me: string;
  /** This list's own address, for the links to its inquiries. */
  back: string | undefined;
  notice?: string;
  /** The studio's zone, in which times are shown. */
  time: StudioTime;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One view of the list: its link's parameters, its name, its title as a page, and its count. */
interface ViewLink {
  params: ViewParams;
  name: string;
  title: string;
  count: (counts: InboxCounts) => number;
}

const FOLDER_LINKS: readonly ViewLink[] = [
  { params: {}, name: 'Inbox', title: 'Inbox', count: (c) => c.folders.inbox.total },
  { params: { unread: 'true' }, name: 'Unread', title: 'Unread', count: (c) => c.folders.inbox.unread },
  { params: { folder: 'archived' }, name: 'Archived', title: 'Archived', count: (c) => c.folders.archived.total },
  { params: { folder: 'spam' }, name: 'Spam', title: 'Spam', count: (c) => c.folders.spam.total },
  { params: { folder: 'all' }, name: 'All', title: 'All inquiries', count: (c) => c.folders.inbox.total + c.folders.archived.total },
];
const STAGE_LINKS: readonly ViewLink[] = STAGES.map((stage) => ({
  params: { stage }, name: STAGE_NAMES[stage], title: `Stage: ${STAGE_NAMES[stage]}`, count: (c) => c.stages[stage],
}));
const PEOPLE_LINKS: readonly ViewLink[] = [
  { params: { assignee: 'me' }, name: 'Mine', title: 'Assigned to me', count: (c) => c.mine },
  { params: { assignee: 'none' }, name: 'Unassigned', title: 'Unassigned', count: (c) => c.unassigned },
];
/** A search naming no view: every folder, spam included. */
const EVERY_FOLDER: ViewLink = {
  params: {}, name: 'Every folder', title: 'Search results',
  count: (c) => c.folders.inbox.total + c.folders.archived.total + c.folders.spam.total,
};

const VIEW_GROUPS: ReadonlyArray<{ name: string; links: readonly ViewLink[] }> = [
  { name: 'Folders', links: FOLDER_LINKS }, { name: 'Stages', links: STAGE_LINKS }, { name: 'People', links: PEOPLE_LINKS },
];

/** The same view, told apart by what it selects (`?folder=inbox` is the Inbox as `/inbox` is). */
function sameView(a: ListView, b: ListView): boolean {
  const resolved = (v: ListView) => JSON.stringify([folderOf(v), v.unread, v.stage, v.assignee]);
  return resolved(a) === resolved(b);
}

/** The link of the view shown, when it is one of the links; a search naming no view is every folder. */
function currentLink({ view, searching }: ListRequest): ViewLink | undefined {
  if (searching && isEmptyView(view)) return EVERY_FOLDER;
  return VIEW_GROUPS.flatMap((group) => group.links).find((link) => sameView(viewOf(link.params), view));
}

/** The groups as shown: under a search, "Every folder" leads the folders. */
function groupsOf(request: ListRequest) {
  return request.searching ? [{ name: 'Folders', links: [EVERY_FOLDER, ...FOLDER_LINKS] }, ...VIEW_GROUPS.slice(1)] : VIEW_GROUPS;
}

/** A view that is none of the links (say Proposal in Archived), in words. */
function composedTitle(view: ListView): string {
  const folder = folderOf(view);
  const parts = [
    view.stage && `Stage: ${STAGE_NAMES[view.stage]}`,
    view.assignee && (view.assignee === 'me' ? 'Assigned to me' : 'Unassigned'),
    folder === 'all' ? 'every folder but spam' : FOLDER_NAMES[folder],
    view.unread !== undefined && (view.unread ? 'unread' : 'read'),
  ];
  return parts.filter((part): part is string => typeof part === 'string').join(' · ');
}

function heading(request: ListRequest): string {
  return currentLink(request)?.title ?? composedTitle(request.view);
}

/** A view whose rows may come from several folders shows each row's folder. */
function spansFolders({ view, searching }: ListRequest): boolean {
  return (searching && isEmptyView(view)) || folderOf(view) === 'all';
}

/** A view's link under the list's search and filters; under a search, the Inbox names its folder (a search naming none is every folder). */
function hrefOf({ request }: ListModel, link: ViewLink): string {
  const params = request.searching && link === FOLDER_LINKS[0] ? { folder: 'inbox' as const } : link.params;
  return viewHref(request.filters, params);
}

function viewItem(model: ListModel, link: ViewLink, current: ViewLink | undefined): SafeHtml {
  const count = link.count(model.counts);
  return html`<li><a href="${hrefOf(model, link)}"${link === current ? html` aria-current="page"` : ''}>${link.name} <span class="count">${count}<span class="visually-hidden"> ${count === 1 ? 'inquiry' : 'inquiries'}</span></span></a></li>`;
}

function viewLinks(model: ListModel): SafeHtml {
  const current = currentLink(model.request);
  return html`<nav class="inbox-views" aria-label="Views">${groupsOf(model.request).map((group) => html`<div class="inbox-folders inbox-view-group"><h2 class="inbox-view-name">${group.name}</h2><ul>${group.links.map((link) => viewItem(model, link, current))}</ul></div>`)}</nav>`;
}

function select(field: 'location' | 'budget' | 'phase', label: string, values: readonly string[], chosen: string | undefined): SafeHtml {
  return html`<div class="field"><label for="f-${field}">${label}</label>
<select id="f-${field}" name="${field}"><option value="">Any</option>${values.map((v) => html`<option value="${v}"${v === chosen ? html` selected` : ''}>${enumLabel(field, v, DEFAULT_LOCALE)}</option>`)}</select></div>`;
}

function filterForm(request: ListRequest): SafeHtml {
  const { filters } = request;
  const narrowed = ['location', 'budget', 'phase', 'since', 'until'].some((f) => filters[f as keyof ListFilters] !== undefined);
  return html`<form class="inbox-filters" method="get" action="${INBOX_PATHS.list}" role="search" aria-label="Search inquiries">
<div class="field inbox-search"><label for="f-q">Search every folder: name, email and message</label>
<input id="f-q" name="q" type="search" value="${filters.q ?? ''}" autocomplete="off"></div>
<details class="inbox-more"${narrowed ? html` open` : ''}><summary>Filters</summary><div class="inbox-filter-grid">
${select('location', 'Location', LOCATIONS, filters.location)}
${select('budget', 'Budget', BUDGETS, filters.budget)}
${select('phase', 'Phase', PHASES, filters.phase)}
<div class="field"><label for="f-since">Received from</label><input id="f-since" name="since" type="date" value="${filters.since ?? ''}"></div>
<div class="field"><label for="f-until">Received until</label><input id="f-until" name="until" type="date" value="${filters.until ?? ''}"></div>
</div></details>
<div class="inbox-filter-actions"><button type="submit" class="button">Search</button>
<a href="${withQuery(INBOX_PATHS.list, viewFilters(filters))}">Clear</a></div>
</form>`;
}

/** The view's own parameters, without the search and filters: where "Clear" goes. */
function viewFilters(filters: ListFilters): ListFilters {
  const { state, folder, unread, stage, assignee } = filters;
  return { state, folder, unread, stage, assignee };
}

/** The language to answer in, under the address, when it is not the default. */
function languageTag(entry: InboxEntry): SafeHtml | '' {
  const language = rowLanguage(entry);
  return language === undefined ? '' : html` <span class="tag tag-language">${language}</span>`;
}

function row(model: ListModel, entry: InboxEntry, showFolder: boolean): SafeHtml {
  return html`<tr${entry.unread ? html` class="is-unread"` : ''}>
<td data-label="Received">${timeHtml(model.time, entry.receivedAt)}</td>
<td data-label="From"><a class="row-link" href="${withBack(inquiryPath(entry.id), model.back)}">${entry.name}</a>${entry.unread ? html` <span class="tag">Unread</span>` : ''}${showFolder ? html` ${folderBadge(entry.folder)}` : ''}<br><span class="row-email">${entry.email}</span>${languageTag(entry)}</td>
<td data-label="Project">${projectHtml(entry)}</td>
<td data-label="Message" class="row-message">${firstLine(entry.message)}</td>
<td data-label="Stage"><span class="row-stage">${STAGE_NAMES[entry.stage]}</span><br><span class="row-assignee">${assigneeText(entry.assignee, model.me)}</span></td>
<td data-label="Notifications">${deliveryBadge(deliveryState(entry))}</td>
</tr>`;
}

function caption(model: ListModel): string {
  const { request, counts } = model;
  const link = currentLink(request);
  const count = link ? `, ${plural(link.count(counts), 'inquiry', 'inquiries')}` : '';
  const search = request.filters.q ? ` matching “${request.filters.q}”` : '';
  return `${heading(request)}${count}${search}, newest first`;
}

function table(model: ListModel): SafeHtml {
  if (model.page.entries.length === 0) return html`<p class="inbox-empty">No inquiries match.</p>`;
  const showFolder = spansFolders(model.request);
  return html`<table class="inbox-table"><caption>${caption(model)}</caption>
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">Project</th><th scope="col">Message</th><th scope="col">Stage</th><th scope="col">Notifications</th></tr></thead>
<tbody>${model.page.entries.map((entry) => row(model, entry, showFolder))}</tbody></table>`;
}

function pagerLinks({ request, page }: ListModel): { newest?: string; older?: string } {
  return {
    newest: request.cursor ? withQuery(INBOX_PATHS.list, request.filters) : undefined,
    older: page.next ? withQuery(INBOX_PATHS.list, request.filters, { cursor: page.next }) : undefined,
  };
}

function pager(model: ListModel): SafeHtml | '' {
  const { newest, older } = pagerLinks(model);
  if (!newest && !older) return '';
  return html`<nav class="inbox-pager" aria-label="Pages">${newest ? html`<a href="${newest}">← Newest</a>` : html`<span></span>`}${older ? html`<a href="${older}" rel="next">Older →</a>` : ''}</nav>`;
}

function exportLinks(filters: ListFilters) {
  return { csv: withQuery(INBOX_PATHS.exportCsv, filters), json: withQuery(INBOX_PATHS.exportJson, filters) };
}

function listHtml(model: ListModel): SafeHtml {
  const exports = exportLinks(model.request.filters);
  return html`<div>
<div class="inbox-title"><h1>${heading(model.request)}</h1>
<ul class="inbox-tools"><li><a href="${exports.csv}" download>Export CSV</a></li><li><a href="${exports.json}" download>Export JSON</a></li><li><a href="${INBOX_PATHS.erase}">Erase a person’s inquiries</a></li></ul></div>
${model.notice ? noticeHtml(model.notice) : ''}
${viewLinks(model)}
${filterForm(model.request)}
${table(model)}
${pager(model)}
</div>`;
}

/** The filters in words (the folder is said by the heading). */
function filterWords(filters: ListFilters): Array<[string, string]> {
  const words: Array<[string, string | undefined]> = [
    ['Search', filters.q], ['Location', filters.location && enumLabel('location', filters.location, DEFAULT_LOCALE)],
    ['Budget', filters.budget && enumLabel('budget', filters.budget, DEFAULT_LOCALE)], ['Phase', filters.phase && enumLabel('phase', filters.phase, DEFAULT_LOCALE)],
    ['Received from', filters.since], ['Received until', filters.until],
  ];
  return words.filter((pair): pair is [string, string] => pair[1] !== undefined);
}

function viewsMarkdown(model: ListModel): string[] {
  const current = currentLink(model.request);
  return groupsOf(model.request).map((group) => `${group.name}: ${group.links.map((link) => {
    const label = `${link.name} (${link.count(model.counts)})`;
    return link === current ? `**${label}**` : mdLink(label, hrefOf(model, link));
  }).join(' · ')}`);
}

function rowMarkdown(model: ListModel, entry: InboxEntry, showFolder: boolean): string {
  const language = rowLanguage(entry);
  const from = `${mdLink(entry.name, withBack(inquiryPath(entry.id), model.back))} ${mdCell(entry.email)}${language ? ` (${language})` : ''}${entry.unread ? ' **unread**' : ''}${showFolder ? ` (in ${FOLDER_NAMES[entry.folder]})` : ''}`;
  return `| ${model.time.text(entry.receivedAt)} | ${from} | ${mdCell(projectText(entry))} | ${STAGE_NAMES[entry.stage]} | `
    + `${mdCell(assigneeText(entry.assignee, model.me))} | ${DELIVERY_WORDS[deliveryState(entry)].label} | ${mdCell(firstLine(entry.message))} |`;
}

function listMarkdown(model: ListModel): string {
  const { request, page } = model;
  const filters = filterWords(request.filters).map(([label, value]) => `${label}: ${mdText(value)}`);
  const showFolder = spansFolders(request);
  const rows = page.entries.map((entry) => rowMarkdown(model, entry, showFolder));
  const { newest, older } = pagerLinks(model);
  const exports = exportLinks(request.filters);
  return [
    `# ${mdText(heading(request))}`, '',
    ...(model.notice ? [model.notice, ''] : []),
    ...viewsMarkdown(model).flatMap((line) => [line, '']),
    ...(filters.length > 0 ? [`Filtered by ${filters.join(' · ')}`, ''] : []),
    ...(rows.length === 0 ? ['No inquiries match.'] : [
      `${mdText(caption(model))}.`, '',
      '| Received | From | Project | Stage | Assignee | Notifications | Message |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows,
    ]), '',
    ...(newest || older ? [[newest && mdLink('← Newest', newest), older && mdLink('Older →', older)].filter(Boolean).join(' · '), ''] : []),
    `Export this list: ${mdLink('CSV', exports.csv)} · ${mdLink('JSON', exports.json)}`, '',
  ].join('\n');
}

export function listView(model: ListModel): InboxPageView {
  return { title: heading(model.request), kind: 'list', html: listHtml(model), markdown: listMarkdown(model) };
}

/** The 400 page of a list or export query with a value it cannot take: which parameter, and why. */
export function sendBadQuery(request: FastifyRequest, reply: FastifyReply, error: BadListQuery): FastifyReply {
  return sendInboxPage(request, reply, {
    status: 400,
    title: 'This list cannot be shown',
    html: html`<div class="prose"><h1>This list cannot be shown</h1><p>${error.message}</p><p><a href="${INBOX_PATHS.list}">Show the newest inquiries</a></p></div>`,
    markdown: `# This list cannot be shown\n\n${mdText(error.message)}\n\n${mdLink('Show the newest inquiries', INBOX_PATHS.list)}\n`,
  });
}

/**
 * The list query of a route with `attachValidation` (its days the studio's, its Mine the signed-in
 * operator's), or what is wrong with it (naming the parameter).
 */
export function listRequestOf(request: FastifyRequest<{ Querystring: ListQueryParams }>, time: StudioTime): ListRequest | BadListQuery {
  const failed = request.validationError as { validation?: ValidationIssue[] } | undefined;
  if (failed) return badQueryMessage(failed.validation ?? [], request.query as Record<string, unknown>);
  return listRequest(request.query, time, request.operator!.email);
}

export function registerListPage(scope: FastifyInstance, inbox: Pick<InboxStore, 'page' | 'counts'>, time: StudioTime): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.list, { schema: { hide: true, querystring: ListQuerySchema }, preValidation: dropEmptyParameters, attachValidation: true }, async (request, reply) => {
    const list = listRequestOf(request, time);
    if (list instanceof BadListQuery) return sendBadQuery(request, reply, list);
    const me = comparableAddress(request.operator!.email);
    // The counts are of the views under the search and filters (not the view shown): one grouped read.
    const [page, counts] = await Promise.all([inbox.page(list.query, PAGE_SIZE, list.cursor), inbox.counts(list.narrowing, me)]);
    return sendInboxPage(request, reply, listView({ request: list, page, counts, me, back: hereOf(request), notice: noticeOf(request.query.done), time }));
  });
}
