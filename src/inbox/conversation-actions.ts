import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_REPLY_TEXT_LENGTH } from '../contract/conversation.js';
import { CONVERSATION_PATHS } from '../contract/paths.js';
import { sendReply, type ReplyOutcome } from '../conversations/reply.js';
import type { OperatorSession } from '../operators/operators.js';
import { BackField, backOf } from './back.js';
import type { PageDeps } from './deps.js';
import { inquiryPath } from './entry-view.js';
import { sendErrorPage } from './guards.js';
import { withQuery } from './list-query.js';

// The conversation's actions, each a POST form with the session's CSRF token (checked by the context's
// hook) answered 303 with a notice: an operator's reply to the homeowner (src/conversations/reply.ts), and
// filing an unmatched message on an inquiry.

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
// Longer than a reply may be, so that a reply over the limit is told so on the page rather than refused as a bad form.
const ReplyForm = Type.Object({ text: Type.String({ maxLength: MAX_REPLY_TEXT_LENGTH * 2 }), back: BackField });
const FileForm = Type.Object({ inquiry: Type.String({ maxLength: 100 }) });

const see = (reply: FastifyReply, to: string) => reply.redirect(to, 303);

const REPLY_NOTICES: Record<Exclude<ReplyOutcome, 'not_found'>, string> = {
  queued: 'replied', empty: 'reply-empty', too_long: 'reply-too-long', not_configured: 'reply-off',
};

/** Back to the conversation on the inquiry's page (still leading to the list the operator came from, when known). */
function conversationOf(id: string, done: string, back?: string): string {
  return `${withQuery(inquiryPath(id), {}, { done, back })}#h-conversation`;
}

function registerReply(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(CONVERSATION_PATHS.reply, { schema: { hide: true, params: IdParams, body: ReplyForm } }, async (request, reply) => {
    const operator: OperatorSession = request.operator!;
    const outcome = await sendReply(deps.conversations.replies, request.params.id, request.body.text, operator.email);
    if (outcome === 'not_found') return sendErrorPage(request, reply, 404);
    return see(reply, conversationOf(request.params.id, REPLY_NOTICES[outcome], backOf(request)));
  });
}

function registerFileUnmatched(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(CONVERSATION_PATHS.fileUnmatched, { schema: { hide: true, params: IdParams, body: FileForm } }, async (request, reply) => {
    const inquiryId = request.body.inquiry.trim();
    const { conversations } = deps;
    const outcome = await conversations.store.fileUnmatched(request.params.id, inquiryId, deps.clock(), conversations.receiving.notify);
    if (outcome === 'no_message') return sendErrorPage(request, reply, 404);
    if (outcome === 'no_inquiry') return see(reply, withQuery(CONVERSATION_PATHS.unmatched, {}, { done: 'no-inquiry' }));
    if (conversations.receiving.notify.length > 0) deps.outbox.wake();
    return see(reply, conversationOf(inquiryId, 'filed'));
  });
}

export function registerConversationActions(scope: FastifyInstance, deps: PageDeps): void {
  registerReply(scope, deps);
  registerFileUnmatched(scope, deps);
}
