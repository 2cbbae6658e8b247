import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { STAGES, triageStateOf } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { StringEnum } from '../contract/schema-helpers.js';
import { addNote, assignTo, deleteNote, editNote, markUnread, moveStage, type NoteWriteOutcome } from '../inquiries/pipeline.js';
import type { NoteOutcome } from '../inquiries/ports.js';
import type { PageDeps } from './deps.js';
import { inquiryPath } from './entry-view.js';
import { sendErrorPage } from './guards.js';
import { sendInquiryPage } from './inquiry-page.js';
import { folderHref, withQuery } from './list-query.js';
import { afterAction, BackField, backOf } from './back.js';

// The pipeline's forms on an inquiry's page, each a POST with the session's CSRF token (checked by the
// context's hook) answered 303 back to the page with a notice: move the stage, assign, mark read or
// unread, add, edit or delete a note. A refused note is the one answer that is not a redirect: the page
// again, 400, the text kept in its form with the reason.

const IdParams = Type.Object({ id: Type.String() });
const NoteParams = Type.Object({ id: Type.String(), noteId: Type.String({ maxLength: 100 }) });
// Every form carries `back`, the list the operator came from (src/inbox/back.ts), so the page it returns to still leads there.
const StageForm = Type.Object({ stage: StringEnum(STAGES), back: BackField });
const AssigneeForm = Type.Object({ assignee: Type.String({ maxLength: 320 }), back: BackField });
const UnreadForm = Type.Object({ unread: StringEnum(['true', 'false'] as const), back: BackField });
/** Longer than a note may be, so the use case (not the schema) refuses it, with the text kept in the form. */
const NoteForm = Type.Object({ text: Type.String({ maxLength: 100_000 }), back: BackField });
const DeleteNoteForm = Type.Object({ back: BackField });
/** A note at its limit in a script of three UTF-8 bytes a character, percent-encoded: above the service's default. */
const NOTE_BODY_LIMIT = 256 * 1024;

const see = (reply: FastifyReply, to: string) => reply.redirect(to, 303);
const backToPage = (reply: FastifyReply, id: string, done: string) => see(reply, withQuery(inquiryPath(id), {}, { done, back: backOf(reply.request) }));

function registerStage(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(INBOX_PATHS.stage, { schema: { hide: true, params: IdParams, body: StageForm } }, async (request, reply) => {
    const { id } = request.params;
    const outcome = await moveStage(deps.pipeline, id, request.body.stage, request.operator!.email);
    if (outcome === 'not_found') return sendErrorPage(request, reply, 404);
    const told = deps.pipeline.channels.includes('webhook');
    return backToPage(reply, id, outcome === 'unchanged' ? 'stage-unchanged' : told ? 'stage-told' : 'stage');
  });
}

function registerAssignee(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(INBOX_PATHS.assignee, { schema: { hide: true, params: IdParams, body: AssigneeForm } }, async (request, reply) => {
    const { id } = request.params;
    const email = request.body.assignee.trim() || null;
    const outcome = await assignTo(deps.pipeline, id, email, request.operator!.email);
    if (outcome === 'not_found') return sendErrorPage(request, reply, 404);
    if (outcome === 'unknown_operator') return backToPage(reply, id, 'unknown-operator');
    return backToPage(reply, id, outcome === 'unchanged' ? 'assignee-unchanged' : email === null ? 'unassigned' : 'assigned');
  });
}

function registerUnread(scope: FastifyInstance, deps: PageDeps): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(INBOX_PATHS.unread, { schema: { hide: true, params: IdParams, body: UnreadForm } }, async (request, reply) => {
    const { id } = request.params;
    const unread = request.body.unread === 'true';
    const entry = await deps.inbox.find(id);
    if (!entry || (await markUnread(deps.pipeline, id, unread, request.operator!.email)) === 'not_found') return sendErrorPage(request, reply, 404);
    if (!unread) return backToPage(reply, id, 'marked-read');
    // Unread goes back to the list: its own page would open it, and so mark it read again.
    return see(reply, afterAction(backOf(request), 'marked-unread', folderHref({}, triageStateOf(entry.folder, true))));
  });
}

const NOTE_DONE: Record<NoteOutcome, string> = { changed: '', not_found: 'note-gone', not_author: 'note-not-yours' };

/** A refused text: the page again with the text in its form; otherwise back to the page with the notice. */
async function answerNote(reply: FastifyReply, deps: PageDeps, id: string, outcome: NoteWriteOutcome, done: string, noteId?: string): Promise<FastifyReply> {
  const { request } = reply;
  if (outcome.kind === 'invalid') {
    const entry = await deps.inbox.find(id);
    if (!entry) return sendErrorPage(request, reply, 404);
    const text = (request.body as { text: string }).text;
    return sendInquiryPage(request, reply, deps, entry, {
      status: 400, draft: { noteId, text, problem: outcome.problem }, notice: 'The note was not saved: see below.', back: backOf(request),
    });
  }
  if (outcome.kind === 'not_found' && noteId === undefined) return sendErrorPage(request, reply, 404);
  return backToPage(reply, id, outcome.kind === 'changed' ? done : NOTE_DONE[outcome.kind]);
}

function registerNotes(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(INBOX_PATHS.notes, { bodyLimit: NOTE_BODY_LIMIT, schema: { hide: true, params: IdParams, body: NoteForm } }, async (request, reply) => {
    const { id } = request.params;
    return answerNote(reply, deps, id, await addNote(deps.pipeline, id, request.body.text, request.operator!.email), 'note-added');
  });
  typed.post(INBOX_PATHS.note, { bodyLimit: NOTE_BODY_LIMIT, schema: { hide: true, params: NoteParams, body: NoteForm } }, async (request, reply) => {
    const { id, noteId } = request.params;
    if (!(await deps.inbox.find(id))) return sendErrorPage(request, reply, 404);
    return answerNote(reply, deps, id, await editNote(deps.pipeline, id, noteId, request.body.text, request.operator!.email), 'note-edited', noteId);
  });
  typed.post(INBOX_PATHS.noteDelete, { schema: { hide: true, params: NoteParams, body: DeleteNoteForm } }, async (request, reply) => {
    const { id, noteId } = request.params;
    if (!(await deps.inbox.find(id))) return sendErrorPage(request, reply, 404);
    const outcome = await deleteNote(deps.pipeline, id, noteId, request.operator!.email);
    return backToPage(reply, id, outcome === 'changed' ? 'note-deleted' : NOTE_DONE[outcome]);
  });
}

export function registerPipelineActions(scope: FastifyInstance, deps: PageDeps): void {
  registerStage(scope, deps);
  registerAssignee(scope, deps);
  registerUnread(scope, deps);
  registerNotes(scope, deps);
}
