import { MAX_REPLY_TEXT_LENGTH } from '../contract/conversation.js';
import { CONVERSATION_PATHS } from '../contract/paths.js';
import type { StoredMessage } from '../conversations/ports.js';
import { splitQuotedHistory } from '../conversations/quoted-history.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { backInput } from './back.js';
import { csrfInput } from './csrf.js';
import type { PageDeps } from './deps.js';
import { inquiryPath, timeHtml } from './entry-view.js';

// An inquiry's conversation on its page: each message (in or out, from, to, when in the studio's time,
// its own words with the quoted history folded in <details>, its attachments as downloads, an outgoing
// one's delivery) and the reply form, or, when replies are off, what to set to turn them on.

export interface ConversationModel {
  inquiryId: string;
  thread: StoredMessage[];
  operator: OperatorSession;
  time: StudioTime;
  /** Undefined when replies are on; the variables to set when they are off. */
  repliesOff: string | undefined;
  /** The notice of the last reply action (`?done=`), shown by the form. */
  notice: string | undefined;
  /** The list the operator came from (src/inbox/back.ts): the reply form carries it on. */
  back: string | undefined;
}

/** The notices of the conversation's actions, by their `done` key; a Map, since the key comes from the address bar. */
export const CONVERSATION_NOTICES: ReadonlyMap<string, string> = new Map([
  ['replied', 'Your reply is queued: it shows as sent once the mail server took it.'],
  ['reply-empty', 'Nothing was sent: the reply was empty.'],
  ['reply-too-long', `Nothing was sent: a reply holds at most ${MAX_REPLY_TEXT_LENGTH.toLocaleString('en-US')} characters.`],
  ['reply-off', 'Nothing was sent: replies are not configured.'],
  ['filed', 'The message was filed on this inquiry.'],
]);

/** "2.4 MB", "830 KB", "12 bytes": what a download costs, in a person's words. */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function attachmentPath(id: string): string {
  return CONVERSATION_PATHS.attachment.replace(':id', encodeURIComponent(id));
}

/** An outgoing message's delivery in words: sending, sent, failed with the reason. */
export function deliveryText(message: StoredMessage): string | undefined {
  const delivery = message.delivery;
  if (!delivery) return undefined;
  if (delivery.status === 'done') return 'Sent';
  if (delivery.status === 'failed') return `Failed: ${delivery.lastError ?? 'no reason recorded'}`;
  return delivery.lastError ? `Sending (retrying after: ${delivery.lastError})` : 'Sending';
}

const DELIVERY_CLASS = { done: 'sent', pending: 'sending', failed: 'failed' } as const;

function attachmentsHtml(message: StoredMessage): SafeHtml | string {
  if (message.attachments.length === 0) return '';
  return html`<ul class="message-attachments" aria-label="Attachments">${message.attachments.map((a) => html`<li><a href="${attachmentPath(a.id)}" download>${a.filename}</a> <span class="message-size">${sizeText(a.size)}</span></li>`)}</ul>`;
}

export function messageHtml(message: StoredMessage, time: StudioTime): SafeHtml {
  const { visible, quoted } = splitQuotedHistory(message.text);
  const who = message.direction === 'out' ? `Reply${message.author ? ` by ${message.author}` : ''}`
    : message.inquiryId === null ? 'Received' : 'From the homeowner';
  const delivery = deliveryText(message);
  const state = message.delivery ? html` · <strong class="message-state message-${DELIVERY_CLASS[message.delivery.status]}">${delivery!}</strong>` : '';
  return html`<article class="message message-${message.direction}">
<p class="message-meta"><span class="message-who">${who}</span> · ${timeHtml(time, message.at)}${state}</p>
<p class="message-addresses">From ${message.from} to ${message.to}</p>
<p class="message-subject">${message.subject}</p>
<div class="message-text">${visible}</div>
${quoted ? html`<details class="message-quoted"><summary>Quoted history</summary><div class="message-text">${quoted}</div></details>` : ''}
${attachmentsHtml(message)}
</article>`;
}

function replyFormHtml(model: ConversationModel): SafeHtml {
  if (model.repliesOff) {
    return html`<p class="conversation-off">Replies from the inbox are off. To answer from here, set ${model.repliesOff}; to hear the answers, also INBOUND_EMAIL_ADDRESS and INBOUND_EMAIL_SECRET.</p>`;
  }
  return html`<form class="inbox-form reply-form" method="post" action="${inquiryPath(model.inquiryId, CONVERSATION_PATHS.reply)}">${csrfInput(model.operator)}${backInput(model.back)}
<div class="field"><label for="reply-text">Reply to the homeowner</label>
<textarea id="reply-text" name="text" rows="7" required maxlength="${MAX_REPLY_TEXT_LENGTH}"></textarea></div>
<button type="submit" class="button">Send reply</button></form>`;
}

export function conversationHtml(model: ConversationModel): SafeHtml {
  const messages = model.thread.length === 0
    ? html`<p>No messages yet.</p>`
    : html`<ol class="conversation">${model.thread.map((m) => html`<li>${messageHtml(m, model.time)}</li>`)}</ol>`;
  const notice = model.notice ? html`<p class="form-status inbox-notice" role="status">${model.notice}</p>` : '';
  return html`<section aria-labelledby="h-conversation"><h2 id="h-conversation">Conversation</h2>${messages}${notice}${replyFormHtml(model)}</section>`;
}

function messageMarkdown(message: StoredMessage, time: StudioTime): string {
  const { visible } = splitQuotedHistory(message.text);
  const delivery = deliveryText(message);
  return [
    `### ${message.direction === 'in' ? 'From the homeowner' : 'Reply'}, ${time.text(message.at)}${delivery ? ` (${delivery})` : ''}`, '',
    `From ${mdText(message.from)} to ${mdText(message.to)}: ${mdText(message.subject)}`, '',
    ...visible.split(/\r?\n/).map((line) => (line.trim() === '' ? '>' : `> ${mdText(line)}  `)), '',
    ...message.attachments.map((a) => `- ${mdLink(a.filename, attachmentPath(a.id))} (${sizeText(a.size)})`),
    ...(message.attachments.length > 0 ? [''] : []),
  ].join('\n');
}

export function conversationMarkdown(model: ConversationModel): string {
  return [
    '## Conversation', '',
    ...(model.thread.length === 0 ? ['No messages yet.', ''] : model.thread.map((m) => messageMarkdown(m, model.time))),
    ...(model.notice ? [model.notice, ''] : []),
    model.repliesOff ? `Replies from the inbox are off: set ${model.repliesOff}.` : 'The reply form is on the HTML page: it carries the session’s CSRF token.', '',
  ].join('\n');
}

/** The inquiry page's conversation part (its `conversation` slot), read for one inquiry. */
export async function conversationParts(
  deps: Pick<PageDeps, 'conversations' | 'time'>, inquiryId: string, operator: OperatorSession, done: string | undefined, back?: string,
): Promise<{ conversation: SafeHtml; conversationMarkdown: string }> {
  const { conversations } = deps;
  const model: ConversationModel = {
    inquiryId, operator, time: deps.time, thread: await conversations.store.thread(inquiryId),
    repliesOff: conversations.replies.channel ? undefined : conversations.replySettings,
    notice: done === undefined ? undefined : CONVERSATION_NOTICES.get(done), back,
  };
  return { conversation: conversationHtml(model), conversationMarkdown: conversationMarkdown(model) };
}
