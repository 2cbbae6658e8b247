import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CONVERSATION_PATHS, INBOX_PATHS } from '../contract/paths.js';
import type { StoredMessage } from '../conversations/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdText } from '../web/markdown.js';
import { attachmentPath, messageHtml, sizeText } from './conversation-view.js';
import { csrfInput } from './csrf.js';
import type { PageDeps } from './deps.js';
import { sendInboxPage, type InboxPageView } from './layout.js';

// GET /inbox/unmatched: mail that came to INBOUND_EMAIL_ADDRESS and matched no inquiry (no reply token,
// no known Message-ID): kept, never dropped, each with a form to file it on an inquiry by its id.

/** Most unmatched messages shown: more is a mailbox gone wrong, and the oldest wait their turn. */
export const UNMATCHED_SHOWN = 100;
const TITLE = 'Unmatched mail';
const DoneQuery = Type.Object({ done: Type.Optional(Type.String({ maxLength: 40 })) });
const NOTICES: ReadonlyMap<string, string> = new Map([['no-inquiry', 'Nothing was filed: no inquiry has that id.']]);

export interface UnmatchedModel {
  messages: StoredMessage[];
  total: number;
  operator: OperatorSession;
  time: StudioTime;
  notice?: string;
}

/** The path the navigation links to, and how many wait there (ConversationStore.countUnmatched). */
export const UNMATCHED_PATH = CONVERSATION_PATHS.unmatched;

function fileFormHtml(message: StoredMessage, operator: OperatorSession): SafeHtml {
  const field = `file-${message.id}`;
  return html`<form class="unmatched-file" method="post" action="${CONVERSATION_PATHS.fileUnmatched.replace(':id', encodeURIComponent(message.id))}">${csrfInput(operator)}
<label for="${field}">File on inquiry (its id)</label> <input id="${field}" name="inquiry" required maxlength="100" autocomplete="off" spellcheck="false">
<button type="submit" class="button button-quiet">File</button></form>`;
}

function unmatchedHtml(model: UnmatchedModel): SafeHtml {
  const count = model.total > model.messages.length ? `The newest ${model.messages.length} of ${model.total}.` : '';
  const list = model.messages.length === 0
    ? html`<p>No unmatched mail: every answer found its inquiry.</p>`
    : html`<ol class="conversation">${model.messages.map((m) => html`<li>${messageHtml(m, model.time)}${fileFormHtml(m, model.operator)}</li>`)}</ol>`;
  return html`<div><p class="inbox-back"><a href="${INBOX_PATHS.list}">← Inquiries</a></p>
${model.notice ? html`<p class="form-status inbox-notice" role="status">${model.notice}</p>` : ''}
<h1>${TITLE}</h1>
<p>Answers that arrived at the inbound address without a reply token or a Message-ID of a conversation. File each on its inquiry: it joins the conversation and the inquiry shows as unread. ${count}</p>
${list}</div>`;
}

function unmatchedMarkdown(model: UnmatchedModel): string {
  const rows = model.messages.map((m) => [
    `## ${mdText(m.subject || '(no subject)')}`, '',
    `From ${mdText(m.from)}, ${model.time.text(m.at)}. Id: \`${m.id}\``, '',
    ...m.attachments.map((a) => `- [${mdText(a.filename)}](${attachmentPath(a.id)}) (${sizeText(a.size)})`), '',
  ].join('\n'));
  return [`# ${TITLE}`, '', ...(model.notice ? [model.notice, ''] : []),
    model.messages.length === 0 ? 'No unmatched mail.' : `${model.total} unmatched. Filing one on an inquiry is a form on the HTML page.`, '', ...rows].join('\n');
}

export function unmatchedView(model: UnmatchedModel): InboxPageView {
  return { title: TITLE, kind: 'unmatched', html: unmatchedHtml(model), markdown: unmatchedMarkdown(model) };
}

export function registerUnmatchedPage(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().get(CONVERSATION_PATHS.unmatched, { schema: { hide: true, querystring: DoneQuery } }, async (request, reply) => {
    const store = deps.conversations.store;
    const [messages, total] = await Promise.all([store.unmatched(UNMATCHED_SHOWN), store.countUnmatched()]);
    const notice = request.query.done === undefined ? undefined : NOTICES.get(request.query.done);
    return sendInboxPage(request, reply, unmatchedView({ messages, total, operator: request.operator!, time: deps.time, notice }));
  });
}
