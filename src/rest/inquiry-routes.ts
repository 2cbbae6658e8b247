import type { FastifyBaseLogger, FastifyInstance, onSendHookHandler, preValidationHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../contract/errors.js';
import { INQUIRY_PAGE, InquiryIdParams, InquiryList, InquiryListQuery, ReceivedInquiry } from '../contract/inbox-api.js';
import type { Scope } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { ErrorBody } from '../contract/responses.js';
import { RefOf } from '../contract/schema-helpers.js';
import { appendLink } from '../http/link-headers.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { errorResponses, RATE_LIMIT_HEADER_DOCS } from '../http/route-docs.js';
import type { InboxStore, PipelineStore } from '../inquiries/ports.js';
import { INBOX_RETRY_AFTER_SECONDS } from '../inquiries/submit.js';
import { errorClass } from '../lib/error-class.js';
import { utcTime } from '../lib/studio-time.js';
import { requireScope } from '../oauth/http/require-scope.js';
import { inboxQueryOf } from '../inquiries/inbox-query.js';
import { nextPageUrl, pageLimitOf } from './inquiry-query.js';
import { pipelinePartsOf, receivedInquiry } from './received-inquiry.js';
import type { ConversationStore } from '../conversations/ports.js';

// The read API of the received inquiries, for the studio's own tools (a CRM, an agent working for the
// firm): GET /api/v1/inquiries and GET /api/v1/inquiries/{id}. In a context of their own inside the API
// context, which counts them as reads and checks bearer tokens; this context adds that the token must
// carry inquiries:read, which only the studio's operators grant (`studio clients add`).

export interface InquiryRouteOptions {
  inbox: Pick<InboxStore, 'page' | 'find'>;
  /** Each inquiry's notes and the person's other inquiries. */
  pipeline: Pick<PipelineStore, 'notesOf' | 'ofContacts'>;
  /** The conversations of the inquiries (their `thread`). */
  conversations: Pick<ConversationStore, 'threads'>;
  baseUrl: string;
}

const SCOPE: Scope = 'inquiries:read';
/** Replaces the document's default ({} or a token): these operations have no anonymous alternative. */
const SECURITY = [{ oauth2: [SCOPE] }];

const DESCRIPTION = 'For the studio\'s own tools. Requires a bearer token with the scope inquiries:read, which only the studio\'s '
  + 'operators grant, to clients they create (`studio clients add --scope inquiries:read`); a self-registered client cannot obtain it. '
  + 'Every submitted field, how it arrived, the folder, unread flag, stage, assignee and notes, the person\'s other inquiries, and the notifications; not the sender\'s IP address or user agent. '
  + 'Answers are `Cache-Control: private, no-store`.';

const NO_STORE = 'private, no-store';
const CHALLENGE_DOC = { type: 'string', description: 'Bearer realm, scope="inquiries:read", resource_metadata; with error="…" when a token was sent.' };

/** What this context adds to every answer (noStore below): its refusals are the one caller's too. */
const CONTEXT_HEADERS = { 'Cache-Control': { type: 'string', description: NO_STORE } };

/** The answers every operation of this context documents besides its 200. */
const REFUSALS = {
  401: RefOf(ErrorBody, {
    description: 'No bearer token (code token_required: the challenge names the scope, without an error attribute), '
      + 'or an invalid or expired one (code invalid_token).',
    headers: { ...RATE_LIMIT_HEADER_DOCS, ...CONTEXT_HEADERS, 'WWW-Authenticate': CHALLENGE_DOC },
  }),
  403: RefOf(ErrorBody, {
    description: 'The token does not carry inquiries:read. Code: insufficient_scope.',
    headers: { ...RATE_LIMIT_HEADER_DOCS, ...CONTEXT_HEADERS, 'WWW-Authenticate': CHALLENGE_DOC },
  }),
  ...errorResponses([429, 500, 503], CONTEXT_HEADERS),
};

const OK_HEADERS = { ...RATE_LIMIT_HEADER_DOCS, ...CONTEXT_HEADERS };

/**
 * Every answer of this context, refusals included, is for the one caller and is never stored. On send, so
 * that the refusals of the API context's own hooks (the bearer hook's 401, the counting hook's 429), which
 * answer before this context's onRequest hooks run, carry it too.
 */
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('Cache-Control', NO_STORE);
  done(null, payload);
};

/**
 * A query string has only strings, and the contract's validator does not coerce types (a JSON body's "5"
 * is no number), so the one numeric parameter is read as a number here; the schema still judges it.
 */
const limitAsNumber: preValidationHookHandler = (request, _reply, done) => {
  const query = request.query as Record<string, unknown>;
  if (typeof query.limit === 'string' && /^\d+$/.test(query.limit)) query.limit = Number(query.limit);
  done();
};

/** A store that cannot answer is a 503 with a wait; its driver's message is logged by class only. */
async function fromInbox<T>(log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error({ err: errorClass(error) }, 'inbox store refused a read');
    throw new ApiError('inbox_unavailable', {
      message: 'The studio inbox cannot be read right now.',
      hint: 'Nothing changed. Wait the number of seconds in the Retry-After header, then ask again.',
      retryAfter: INBOX_RETRY_AFTER_SECONDS,
    });
  }
}

export async function inquiryRoutes(scope: FastifyInstance, { inbox, pipeline, conversations, baseUrl }: InquiryRouteOptions): Promise<void> {
  const routes = new RouteRegistry(scope);
  scope.addHook('onSend', noStore);
  scope.addHook('onRequest', requireScope(baseUrl, SCOPE));
  scope.addHook('preValidation', limitAsNumber);
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  const listUrl = baseUrl + PATHS.inquiries;

  typed.get(PATHS.inquiries, {
    schema: {
      operationId: 'listInquiries',
      summary: 'List the received inquiries (studio tools; scope inquiries:read)',
      description: `${DESCRIPTION} Newest first, at most ${INQUIRY_PAGE.maxLimit} a page; "next" (and Link: rel="next") is the following page.`,
      tags: ['inquiries'],
      security: SECURITY,
      querystring: InquiryListQuery,
      response: {
        200: { ...InquiryList, description: 'One page of inquiries, newest first.', headers: { ...OK_HEADERS, Link: { type: 'string', description: '<next page>; rel="next" when there is one.' } } },
        ...errorResponses([400], CONTEXT_HEADERS),
        ...REFUSALS,
      },
    },
  }, async (request, reply) => {
    // The API's days are UTC days, as its schema says, whatever the studio's zone.
    const query = inboxQueryOf(request.query, utcTime);
    const page = await fromInbox(request.log, () => inbox.page(query, pageLimitOf(request.query), request.query.cursor));
    const parts = await fromInbox(request.log, () => pipelinePartsOf(pipeline, conversations, page.entries));
    const next = page.next === undefined ? null : nextPageUrl(listUrl, request.query, page.next);
    if (next) appendLink(reply, `<${next}>; rel="next"`);
    return { inquiries: page.entries.map((entry) => receivedInquiry(entry, parts.get(entry.id)!)), next };
  });

  typed.get(PATHS.inquiry, {
    schema: {
      operationId: 'getInquiry',
      summary: 'One received inquiry (studio tools; scope inquiries:read)',
      description: DESCRIPTION,
      tags: ['inquiries'],
      security: SECURITY,
      params: InquiryIdParams,
      response: {
        200: { ...ReceivedInquiry, description: 'The inquiry.', headers: OK_HEADERS },
        ...errorResponses([400, 404], CONTEXT_HEADERS),
        ...REFUSALS,
      },
    },
  }, async (request) => {
    const entry = await fromInbox(request.log, () => inbox.find(request.params.id));
    if (!entry) throw new ApiError('not_found', { message: 'There is no inquiry with this id.', hint: `List the inquiries at ${PATHS.inquiries} for their ids.` });
    const parts = await fromInbox(request.log, () => pipelinePartsOf(pipeline, conversations, [entry]));
    return receivedInquiry(entry, parts.get(entry.id)!);
  });

  registerMethodNotAllowed(scope, routes.methodsByUrl());
}
