import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TRIAGE_STATES, type TriageState } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { StringEnum } from '../contract/schema-helpers.js';
import type { InboxEntry } from '../inquiries/ports.js';
import { changeState } from '../inquiries/triage.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { OperatorSession } from '../operators/operators.js';
import { html } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { afterAction, BackField, backOf } from './back.js';
import { csrfInput } from './csrf.js';
import type { PageDeps } from './deps.js';
import { inquiryPath } from './entry-view.js';
import { sendErrorPage } from './guards.js';
import { sendInboxPage, type InboxPageView } from './layout.js';
import { withQuery } from './list-query.js';
import { registerPipelineActions } from './pipeline-actions.js';

// What an operator does to one inquiry, each a POST form with the session's CSRF token (checked by the
// context's hook before any handler runs) answered 303 to a page that shows a one-line notice
// (Post/Redirect/Get, `?done=<what>`): file it in another folder, retry its failed notifications, delete
// it after a confirmation page.

/** Which move took an inquiry from one folder to another, for its notice. */
function moveOf(from: TriageState, to: TriageState, notifies: boolean): string {
  if (to === 'new') return 'unread';
  if (to === 'archived') return 'archive';
  if (to === 'spam') return 'spam';
  if (from === 'spam') return notifies ? 'not-spam' : 'not-spam-silent';
  return from === 'archived' ? 'inbox' : 'read';
}

const IdParams = Type.Object({ id: Type.String() });
const StateForm = Type.Object({ state: StringEnum(TRIAGE_STATES), back: BackField });

const see = (reply: FastifyReply, to: string) => reply.redirect(to, 303);

function registerStateChange(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(INBOX_PATHS.state, { schema: { hide: true, params: IdParams, body: StateForm } }, async (request, reply) => {
    const { id } = request.params;
    const to = request.body.state;
    const entry = await deps.inbox.find(id);
    if (!entry) return sendErrorPage(request, reply, 404);
    const from = entry.triage.state;
    const outcome = await changeState(deps.triage, id, to, request.operator!.email);
    if (outcome === 'not_found') return sendErrorPage(request, reply, 404);
    if (outcome === 'changed' && from === 'spam') deps.outbox.wake();
    const done = outcome === 'unchanged' ? 'unchanged' : moveOf(from, to, deps.outbox.channels.length > 0);
    // Unread goes back to the list it came from (its own page would open it, and so file it as read again).
    const back = backOf(request);
    if (to === 'new' && outcome === 'changed') return see(reply, afterAction(back, done, INBOX_PATHS.list));
    return see(reply, withQuery(inquiryPath(id), {}, { done, back }));
  });
}

function registerRetry(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(INBOX_PATHS.retry, { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await deps.inbox.find(id))) return sendErrorPage(request, reply, 404);
    const requeued = await deps.outbox.requeueFailed(deps.clock(), id);
    if (requeued > 0) deps.outbox.wake();
    return see(reply, withQuery(inquiryPath(id), {}, { done: requeued > 0 ? 'retried' : 'nothing-to-retry' }));
  });
}

function deleteView(entry: InboxEntry, operator: OperatorSession, time: StudioTime): InboxPageView {
  const what = `the inquiry of ${entry.name} <${entry.email}>, received ${time.text(entry.receivedAt)}`;
  const consequence = 'It is deleted for good, with its notifications and idempotency keys; this cannot be undone. Copies in backups taken earlier are not reached.';
  return {
    title: 'Delete this inquiry?',
    kind: 'confirm',
    html: html`<div class="prose inbox-confirm"><h1>Delete this inquiry?</h1>
<p>This deletes ${what}.</p><p>${consequence}</p>
<form method="post" action="${inquiryPath(entry.id, INBOX_PATHS.delete)}">${csrfInput(operator)}
<div class="inbox-confirm-actions"><button type="submit" class="button button-danger">Delete inquiry</button>
<a href="${inquiryPath(entry.id)}">Keep it</a></div></form></div>`,
    markdown: `# Delete this inquiry?\n\nThis deletes ${mdText(what)}.\n\n${consequence}\n\n${mdLink('Keep it', inquiryPath(entry.id))}\n`,
  };
}

function registerDelete(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.delete, { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const entry = await deps.inbox.find(request.params.id);
    if (!entry) return sendErrorPage(request, reply, 404);
    return sendInboxPage(request, reply, deleteView(entry, request.operator!, deps.time));
  });
  typed.post(INBOX_PATHS.delete, { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    if (!(await deps.inbox.delete(request.params.id))) return sendErrorPage(request, reply, 404);
    return see(reply, withQuery(INBOX_PATHS.list, {}, { done: 'deleted' }));
  });
}

export function registerActions(scope: FastifyInstance, deps: PageDeps): void {
  registerStateChange(scope, deps);
  registerRetry(scope, deps);
  registerDelete(scope, deps);
  registerPipelineActions(scope, deps);
}
