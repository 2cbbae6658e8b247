import { DEFAULT_LOCALE } from '../words/locale.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Folder } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { markUnread } from '../inquiries/pipeline.js';
import { RECEIVED, type InboxEntry, type NotificationState } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { enumLabel } from '../web/labels.js';
import { mdCell, mdLink, mdText } from '../web/markdown.js';
import { BackField, backInput, backOf } from './back.js';
import { csrfInput } from './csrf.js';
import type { PageDeps } from './deps.js';
import {
  channelWithClient, deliveryBadge, deliveryState, DELIVERY_WORDS, folderName, inquiryPath, languageText, timeHtml,
} from './entry-view.js';
import { sendErrorPage } from './guards.js';
import { rereadInboxStatus, sendInboxPage, type InboxPageView } from './layout.js';
import { folderHref } from './list-query.js';
import { noticeHtml, noticeOf, STATE_ACTIONS } from './notices.js';
import {
  assigneeText, othersHtml, pipelineControlsHtml, pipelineMarkdown, stageLabel, timelineHtml, type NoteDraft, type PipelineModel,
} from './pipeline-view.js';
import { conversationParts } from './conversation-view.js';
import { inquiryBookingsHtml, inquiryBookingsMarkdown, type InquiryBookings } from './agenda-view.js';

// One inquiry, GET /inbox/inquiries/:id: every field, how it arrived, its folder, stage and assignee, the
// timeline of its notes and changes, the person's other inquiries, the delivery log of each notification,
// and the actions on it (each a POST form carrying the session's CSRF token; see actions.ts and
// pipeline-actions.ts). Opening an unread inquiry marks it read, as a mail client does; it stays in its folder.

const InquiryParams = Type.Object({ id: Type.String() });
const DoneQuery = Type.Object({ done: Type.Optional(Type.String({ maxLength: 40 })), back: BackField });

export interface InquiryModel extends PipelineModel {
  /** The OAuth client's name, when the inquiry came with a bearer token of a client still registered. */
  clientName?: string;
  siteName: string;
  /** The studio's zone, in which times are shown. */
  time: StudioTime;
  operator: OperatorSession;
  notice?: string;
  /** The conversation with the homeowner and the reply form (src/inbox/conversation-view.ts), and its Markdown. */
  conversation?: SafeHtml;
  conversationMarkdown?: string;
  /** The consultations booked following it (src/inbox/agenda-view.ts). */
  consultations?: InquiryBookings;
}

/** A reply in the operator's own mail program, the subject filled in (RFC 6068: every part percent-encoded). */
export function replyHref(email: string, siteName: string): string {
  const address = encodeURIComponent(email).replaceAll('%40', '@');
  return `mailto:${address}?subject=${encodeURIComponent(`Re: your inquiry to ${siteName}`)}`;
}

/** Which moves between folders an inquiry in each folder offers, in this order (read and unread never move it). */
const MOVES: Record<Folder, Array<keyof typeof STATE_ACTIONS>> = {
  inbox: ['archive', 'spam'],
  archived: ['inbox', 'spam'],
  spam: ['not-spam'],
};

/** Mark read or unread: the flag only; "Mark unread" then returns to the list the operator came from. */
function unreadForm(model: InquiryModel): SafeHtml {
  const unread = !model.entry.unread;
  return html`<form method="post" action="${inquiryPath(model.entry.id, INBOX_PATHS.unread)}">${csrfInput(model.operator)}<input type="hidden" name="unread" value="${String(unread)}">${backInput(model.back)}<button type="submit" class="button button-quiet">${unread ? 'Mark unread' : 'Mark read'}</button></form>`;
}

function stateForm(model: InquiryModel, move: keyof typeof STATE_ACTIONS): SafeHtml {
  const action = STATE_ACTIONS[move];
  return html`<form method="post" action="${inquiryPath(model.entry.id, INBOX_PATHS.state)}">${csrfInput(model.operator)}${backInput(model.back)}<input type="hidden" name="state" value="${action.state}"><button type="submit" class="button button-quiet">${action.button}</button></form>`;
}

function actionsHtml(model: InquiryModel): SafeHtml {
  const { entry } = model;
  return html`<div class="inquiry-actions" role="group" aria-label="Actions">
<a class="button" href="#h-conversation">Reply</a>
${unreadForm(model)}
${MOVES[entry.folder].map((move) => stateForm(model, move))}
<a class="button button-quiet button-danger" href="${inquiryPath(entry.id, INBOX_PATHS.delete)}">Delete…</a>
</div>`;
}

interface Fact { label: string; text: string; html?: SafeHtml }

function facts(model: InquiryModel): Fact[] {
  const { entry } = model;
  return [
    { label: 'Email', text: entry.email, html: html`<a href="${replyHref(entry.email, model.siteName)}">${entry.email}</a>` },
    { label: 'Phone', text: entry.phone ?? 'not given' },
    { label: 'Location', text: enumLabel('location', entry.location, DEFAULT_LOCALE) },
    { label: 'Budget', text: enumLabel('budget', entry.budget, DEFAULT_LOCALE) },
    { label: 'Phase', text: enumLabel('phase', entry.phase, DEFAULT_LOCALE) },
    { label: 'Language', text: languageText(entry) },
    { label: 'Received', text: model.time.text(entry.receivedAt), html: timeHtml(model.time, entry.receivedAt) },
    { label: 'Channel', text: channelWithClient(entry, model.clientName) },
    { label: 'Client IP', text: entry.clientIp },
    { label: 'User agent', text: entry.userAgent ?? 'not sent' },
    { label: 'Honeypot', text: entry.spam ? 'filled in: it arrived as spam' : 'empty' },
    { label: 'Id', text: entry.id, html: html`<code>${entry.id}</code>` },
  ];
}

function triageText(entry: InboxEntry, time: StudioTime): string {
  const { state, changedAt, changedBy } = entry.triage;
  const where = `In ${folderName(state)}`;
  return changedAt === null ? `${where}, as it arrived.` : `${where}: filed by ${changedBy ?? 'someone'} on ${time.text(changedAt)}.`;
}

const STATUS_WORDS = { done: 'Delivered', pending: 'Pending', failed: 'Failed' } as const;

function jobCells(job: NotificationState, time: StudioTime): string[] {
  return [
    job.event === RECEIVED.type ? job.channel : `${job.channel}: ${job.event}`, STATUS_WORDS[job.status], String(job.attempts),
    job.deliveredAt === null ? '—' : time.text(job.deliveredAt),
    job.status === 'pending' ? time.text(job.nextAttemptAt) : '—',
    job.lastError ?? '—',
  ];
}

const JOB_HEADERS = ['Channel', 'Status', 'Attempts', 'Delivered', 'Next attempt', 'Last error'];

function notificationsHtml(model: InquiryModel): SafeHtml {
  const { entry } = model;
  const state = deliveryState(entry);
  const summary = html`<p>${deliveryBadge(state)} ${DELIVERY_WORDS[state].meaning}.</p>`;
  if (entry.notifications.length === 0) return summary;
  const retry = state === 'failed' ? html`<form method="post" action="${inquiryPath(entry.id, INBOX_PATHS.retry)}">${csrfInput(model.operator)}<button type="submit" class="button">Retry failed notifications</button></form>` : '';
  return html`${summary}<table class="inbox-log"><caption>Delivery log</caption>
<thead><tr>${JOB_HEADERS.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${entry.notifications.map((job) => html`<tr>${jobCells(job, model.time).map((cell, i) => html`<td data-label="${JOB_HEADERS[i]}">${cell}</td>`)}</tr>`)}</tbody></table>${retry}`;
}

function backLink(model: InquiryModel): SafeHtml {
  const state = model.entry.triage.state;
  return model.back
    ? html`<p class="inbox-back"><a href="${model.back}">← Back to the list</a></p>`
    : html`<p class="inbox-back"><a href="${folderHref({}, state)}">← ${folderName(state)}</a></p>`;
}

function inquiryHtml(model: InquiryModel): SafeHtml {
  const { entry } = model;
  const state = entry.triage.state;
  return html`<div>
${backLink(model)}
${model.notice ? noticeHtml(model.notice) : ''}
<h1>${entry.name}</h1>
<p class="inquiry-meta">Received ${timeHtml(model.time, entry.receivedAt)} · in <strong>${folderName(state)}</strong> · stage <strong>${stageLabel(entry.stage)}</strong> · ${assigneeText(entry.assignee)} · notifications ${deliveryBadge(deliveryState(entry))}</p>
${actionsHtml(model)}
${pipelineControlsHtml(model)}
${inquiryBookingsHtml(model.consultations)}
<section aria-labelledby="h-message"><h2 id="h-message">Message</h2><div class="inquiry-message">${entry.message}</div></section>
${model.conversation ?? ''}
${timelineHtml(model)}
${othersHtml(model)}
<section aria-labelledby="h-details"><h2 id="h-details">Details</h2>
<dl class="inquiry-facts">${facts(model).map((f) => html`<div><dt>${f.label}</dt><dd>${f.html ?? f.text}</dd></div>`)}</dl></section>
<section aria-labelledby="h-triage"><h2 id="h-triage">Triage</h2><p>${triageText(entry, model.time)}</p></section>
<section aria-labelledby="h-notifications"><h2 id="h-notifications">Notifications</h2>${notificationsHtml(model)}</section>
</div>`;
}

/** The message as a block quote, each line escaped and its line break kept. */
function quoted(message: string): string {
  return message.split(/\r?\n/).map((line) => (line.trim() === '' ? '>' : `> ${mdText(line)}  `)).join('\n');
}

function inquiryMarkdown(model: InquiryModel): string {
  const { entry } = model;
  const jobs = entry.notifications.map((job) => `| ${jobCells(job, model.time).map(mdCell).join(' | ')} |`);
  return [
    `# ${mdText(entry.name)}`, '',
    ...(model.notice ? [model.notice, ''] : []),
    `Received ${model.time.text(entry.receivedAt)} · in ${folderName(entry.triage.state)} · notifications: ${DELIVERY_WORDS[deliveryState(entry)].label}`, '',
    `Stage: ${stageLabel(entry.stage)} · ${assigneeText(entry.assignee)}`, '',
    ...inquiryBookingsMarkdown(model.consultations),
    '## Message', '', quoted(entry.message), '',
    ...(model.conversationMarkdown ? [model.conversationMarkdown, ''] : []),
    ...pipelineMarkdown(model),
    '## Details', '', ...facts(model).map((f) => `- **${f.label}:** ${mdText(f.text)}`), '',
    '## Triage', '', triageText(entry, model.time), '',
    '## Notifications', '', `${DELIVERY_WORDS[deliveryState(entry)].label}: ${DELIVERY_WORDS[deliveryState(entry)].meaning}.`, '',
    ...(jobs.length > 0 ? [`| ${JOB_HEADERS.join(' | ')} |`, `|${' --- |'.repeat(JOB_HEADERS.length)}`, ...jobs, ''] : []),
    '## Actions', '',
    `- Reply: the form under "Conversation" (or by email: ${mdLink(entry.email, replyHref(entry.email, model.siteName))})`,
    `- ${mdLink('Delete', inquiryPath(entry.id, INBOX_PATHS.delete))} (asks for confirmation)`,
    '- The other actions are forms on the HTML page: they carry the session’s CSRF token.', '',
  ].join('\n');
}

export function inquiryView(model: InquiryModel): InboxPageView {
  return { title: model.entry.name, kind: 'inquiry', html: inquiryHtml(model), markdown: inquiryMarkdown(model) };
}

/** Opening an unread inquiry marks it read, as the operator's doing; it stays in its folder (the list shows what is unread). */
async function markOpened(deps: PageDeps, entry: InboxEntry, operator: OperatorSession): Promise<InboxEntry> {
  if (!entry.unread) return entry;
  const outcome = await markUnread(deps.pipeline, entry.id, false, operator.email);
  return outcome === 'changed' ? (await deps.inbox.find(entry.id)) ?? entry : entry;
}

/** What the page shows besides the entry, and how it was reached. */
export interface InquiryPageExtras {
  notice?: string;
  /** The action that led here (`?done=`): the conversation section shows its own notices. */
  done?: string;
  back?: string;
  draft?: NoteDraft;
  status?: number;
}

/** The inquiry's page: read with its history, operators and the person's other inquiries. */
export async function sendInquiryPage(request: FastifyRequest, reply: FastifyReply, deps: PageDeps, entry: InboxEntry, extras: InquiryPageExtras): Promise<FastifyReply> {
  const [clientName, history, operators, contacts, conversation, bookings] = await Promise.all([
    entry.clientId ? deps.clients.findClient(entry.clientId).then((client) => client?.metadata.client_name) : undefined,
    deps.pipeline.pipeline.history(entry.id),
    deps.pipeline.operators.emails(),
    deps.pipeline.pipeline.ofContacts([entry.contact]),
    conversationParts(deps, entry.id, request.operator!, extras.done, extras.back),
    deps.consultations.ofInquiry(entry.id),
  ]);
  const consultations = { bookings, kinds: deps.consultations.kinds(), zone: deps.consultations.zone };
  const view = inquiryView({
    entry, clientName, siteName: deps.siteName, time: deps.time, operator: request.operator!, history, operators,
    others: contacts.filter((other) => other.id !== entry.id), notice: extras.notice, back: extras.back, draft: extras.draft, ...conversation, consultations,
  });
  return sendInboxPage(request, reply, { ...view, status: extras.status });
}

export function registerInquiryPage(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.inquiry, { schema: { hide: true, params: InquiryParams, querystring: DoneQuery } }, async (request, reply) => {
    const found = await deps.inbox.find(request.params.id);
    if (!found) return sendErrorPage(request, reply, 404);
    // A HEAD (a link checker) looks without opening.
    const entry = request.method === 'GET' ? await markOpened(deps, found, request.operator!) : found;
    if (entry !== found) await rereadInboxStatus(request, deps.status);
    return sendInquiryPage(request, reply, deps, entry, { notice: noticeOf(request.query.done), done: request.query.done, back: backOf(request) });
  });
}
