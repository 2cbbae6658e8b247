import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BUDGETS, LOCATIONS, PHASES, TRIAGE_STATES, type TriageState } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { ValidationIssue } from '../contract/validator.js';
import type { InboxEntry, InboxPage, InboxStore } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import { html, type SafeHtml } from '../web/html.js';
import { enumLabel } from '../web/labels.js';
import { mdCell, mdLink, mdText } from '../web/markdown.js';
import {
  deliveryBadge, deliveryState, DELIVERY_WORDS, firstLine, folderName, FOLDERS, inquiryPath, projectHtml, projectText, timeHtml, channelText,
} from './entry-view.js';
import { sendInboxPage, type InboxPageView } from './layout.js';
import {
  BadListQuery, badQueryMessage, dropEmptyParameters, folderHref, listRequest, ListQuerySchema, withQuery, type ListFilters, type ListQueryParams, type ListRequest,
} from './list-query.js';
import { noticeOf, noticeHtml } from './notices.js';

// The inbox list, GET /inbox: the folders with their counts, the search and filter form (a plain GET
// form), one page of inquiries newest first with the state of their notifications, the links to the
// older page and back, and the exports of the same query. Also the 400 page of a query it cannot serve.

export const PAGE_SIZE = 50;

interface ListModel {
  request: ListRequest;
  page: InboxPage;
  counts: Record<TriageState, number>;
  notice?: string;
  /** The studio's zone, in which times are shown. */
  time: StudioTime;
}

const total = (counts: Record<TriageState, number>) => TRIAGE_STATES.reduce((sum, state) => sum + counts[state], 0);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function heading(state: TriageState | undefined): string {
  if (state === 'spam') return 'Spam';
  return `${state ? folderName(state) : 'All'} inquiries`;
}

function folderLinks({ request, counts }: ListModel): SafeHtml {
  const current = request.query.state;
  const items = [{ state: undefined, name: 'All', count: total(counts) }, ...FOLDERS.map((f) => ({ ...f, count: counts[f.state] }))];
  return html`<nav class="inbox-folders" aria-label="Folders"><ul>${items.map((item) => html`<li><a href="${folderHref(request.filters, item.state)}"${item.state === current ? html` aria-current="page"` : ''}>${item.name} <span class="count">${item.count}<span class="visually-hidden"> ${item.count === 1 ? 'inquiry' : 'inquiries'}</span></span></a></li>`)}</ul></nav>`;
}

function select(field: 'location' | 'budget' | 'phase', label: string, values: readonly string[], chosen: string | undefined): SafeHtml {
  return html`<div class="field"><label for="f-${field}">${label}</label>
<select id="f-${field}" name="${field}"><option value="">Any</option>${values.map((v) => html`<option value="${v}"${v === chosen ? html` selected` : ''}>${enumLabel(field, v)}</option>`)}</select></div>`;
}

function filterForm(filters: ListFilters): SafeHtml {
  const narrowed = ['location', 'budget', 'phase', 'since', 'until'].some((f) => filters[f as keyof ListFilters] !== undefined);
  return html`<form class="inbox-filters" method="get" action="${INBOX_PATHS.list}" role="search" aria-label="Search inquiries">
${filters.state ? html`<input type="hidden" name="state" value="${filters.state}">` : ''}
<div class="field inbox-search"><label for="f-q">Search name, email and message</label>
<input id="f-q" name="q" type="search" value="${filters.q ?? ''}" autocomplete="off"></div>
<details class="inbox-more"${narrowed ? html` open` : ''}><summary>Filters</summary><div class="inbox-filter-grid">
${select('location', 'Location', LOCATIONS, filters.location)}
${select('budget', 'Budget', BUDGETS, filters.budget)}
${select('phase', 'Phase', PHASES, filters.phase)}
<div class="field"><label for="f-since">Received from</label><input id="f-since" name="since" type="date" value="${filters.since ?? ''}"></div>
<div class="field"><label for="f-until">Received until</label><input id="f-until" name="until" type="date" value="${filters.until ?? ''}"></div>
</div></details>
<div class="inbox-filter-actions"><button type="submit" class="button">Search</button>
<a href="${folderHref({}, filters.state as TriageState | undefined)}">Clear</a></div>
</form>`;
}

function row(entry: InboxEntry, time: StudioTime): SafeHtml {
  const isNew = entry.triage.state === 'new';
  return html`<tr${isNew ? html` class="is-new"` : ''}>
<td data-label="Received">${timeHtml(time, entry.receivedAt)}</td>
<td data-label="From"><a class="row-link" href="${inquiryPath(entry.id)}">${entry.name}</a>${isNew ? html` <span class="tag">New</span>` : ''}<br><span class="row-email">${entry.email}</span></td>
<td data-label="Project">${projectHtml(entry)}</td>
<td data-label="Message" class="row-message">${firstLine(entry.message)}</td>
<td data-label="Channel">${channelText(entry.channel)}</td>
<td data-label="Notifications">${deliveryBadge(deliveryState(entry))}</td>
</tr>`;
}

function caption({ request, counts }: ListModel): string {
  const state = request.query.state;
  const count = state ? counts[state] : total(counts);
  const search = request.filters.q ? ` matching “${request.filters.q}”` : '';
  return `${folderName(state)}: ${plural(count, 'inquiry', 'inquiries')}${search}, newest first`;
}

function table(model: ListModel): SafeHtml {
  if (model.page.entries.length === 0) return html`<p class="inbox-empty">No inquiries match.</p>`;
  return html`<table class="inbox-table"><caption>${caption(model)}</caption>
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">Project</th><th scope="col">Message</th><th scope="col">Channel</th><th scope="col">Notifications</th></tr></thead>
<tbody>${model.page.entries.map((entry) => row(entry, model.time))}</tbody></table>`;
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
<div class="inbox-title"><h1>${heading(model.request.query.state)}</h1>
<ul class="inbox-tools"><li><a href="${exports.csv}" download>Export CSV</a></li><li><a href="${exports.json}" download>Export JSON</a></li><li><a href="${INBOX_PATHS.erase}">Erase a person’s inquiries</a></li></ul></div>
${model.notice ? noticeHtml(model.notice) : ''}
${folderLinks(model)}
${filterForm(model.request.filters)}
${table(model)}
${pager(model)}
</div>`;
}

/** The filters in words (the folder is said by the heading). */
function filterWords(filters: ListFilters): Array<[string, string]> {
  const words: Array<[string, string | undefined]> = [
    ['Search', filters.q], ['Location', filters.location && enumLabel('location', filters.location)],
    ['Budget', filters.budget && enumLabel('budget', filters.budget)], ['Phase', filters.phase && enumLabel('phase', filters.phase)],
    ['Received from', filters.since], ['Received until', filters.until],
  ];
  return words.filter((pair): pair is [string, string] => pair[1] !== undefined);
}

function listMarkdown(model: ListModel): string {
  const { request, counts, page } = model;
  const folders = [{ state: undefined, name: 'All' }, ...FOLDERS].map(({ state, name }) => {
    const label = `${name} (${state ? counts[state] : total(counts)})`;
    return state === request.query.state ? `**${label}**` : mdLink(label, folderHref(request.filters, state));
  });
  const filters = filterWords(request.filters).map(([label, value]) => `${label}: ${mdText(value)}`);
  const rows = page.entries.map((entry) => `| ${model.time.text(entry.receivedAt)} | ${mdLink(entry.name, inquiryPath(entry.id))} ${mdCell(entry.email)} | `
    + `${mdCell(projectText(entry))} | ${DELIVERY_WORDS[deliveryState(entry)].label} | ${mdCell(firstLine(entry.message))} |`);
  const { newest, older } = pagerLinks(model);
  const exports = exportLinks(request.filters);
  return [
    `# ${heading(request.query.state)}`, '',
    ...(model.notice ? [model.notice, ''] : []),
    `Folders: ${folders.join(' · ')}`, '',
    ...(filters.length > 0 ? [`Filtered by ${filters.join(' · ')}`, ''] : []),
    ...(rows.length === 0 ? ['No inquiries match.'] : [
      `${caption(model)}.`, '',
      '| Received | From | Project | Notifications | Message |', '| --- | --- | --- | --- | --- |', ...rows,
    ]), '',
    ...(newest || older ? [[newest && mdLink('← Newest', newest), older && mdLink('Older →', older)].filter(Boolean).join(' · '), ''] : []),
    `Export this list: ${mdLink('CSV', exports.csv)} · ${mdLink('JSON', exports.json)}`, '',
  ].join('\n');
}

export function listView(model: ListModel): InboxPageView {
  return { title: heading(model.request.query.state), kind: 'list', html: listHtml(model), markdown: listMarkdown(model) };
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

/** The list query of a route with `attachValidation` (its days the studio's), or what is wrong with it (naming the parameter). */
export function listRequestOf(request: FastifyRequest<{ Querystring: ListQueryParams }>, time: StudioTime): ListRequest | BadListQuery {
  const failed = request.validationError as { validation?: ValidationIssue[] } | undefined;
  if (failed) return badQueryMessage(failed.validation ?? [], request.query as Record<string, unknown>);
  return listRequest(request.query, time);
}

export function registerListPage(scope: FastifyInstance, inbox: Pick<InboxStore, 'page' | 'countByState'>, time: StudioTime): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.list, { schema: { hide: true, querystring: ListQuerySchema }, preValidation: dropEmptyParameters, attachValidation: true }, async (request, reply) => {
    const list = listRequestOf(request, time);
    if (list instanceof BadListQuery) return sendBadQuery(request, reply, list);
    const { state: _state, ...acrossFolders } = list.query;
    const [page, counts] = await Promise.all([inbox.page(list.query, PAGE_SIZE, list.cursor), inbox.countByState(acrossFolders)]);
    return sendInboxPage(request, reply, listView({ request: list, page, counts, notice: noticeOf(request.query.done), time }));
  });
}
