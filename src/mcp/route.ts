import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError, ERRORS, type ErrorCode as ContractCode } from '../contract/errors.js';
import { PATHS } from '../contract/paths.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import { callerOf } from '../http/caller.js';
import { handleError, toApiError } from '../http/errors.js';
import { firstValue } from '../http/headers.js';
import { sitePreflight } from '../http/cors.js';
import { decideBody, type BodyDecision } from './body-rules.js';
import type { McpCaller, ToolOutcome } from './call-context.js';
import { checkHeaders, type Refusal } from './http-rules.js';
import { ErrorCode, errorResponse, TRANSPORT_ERROR } from './jsonrpc.js';
import type { PreparedCalls } from './prepared-calls.js';
import type { McpServerPool, SdkAnswer } from './server-pool.js';

// The transport side of /mcp, and the one place that decides HTTP: status codes, refusals and headers.
// The rate-limit hook has set the read policy's RateLimit-* headers; what a tool call counted itself
// (its outcome) replaces them here. Tools and the SDK's Server never see the HTTP request or reply.

export interface McpRouteOptions {
  /** The CORS policy of routes that act for the studio: browsers only from our origins. */
  corsPolicy: FastifyCorsOptions;
  baseUrl: string;
  allowedOrigins: readonly string[];
  /** The SDK's Servers, loaded on first use. */
  pool: () => Promise<McpServerPool>;
  prepared: PreparedCalls;
}

type Dispatch = Extract<BodyDecision, { action: 'dispatch' }>;

function sendRefusal(reply: FastifyReply, refusal: Refusal, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(refusal.status).headers(headers).type('application/json; charset=utf-8').send(refusal.body);
}

/** The REST hints speak of forms; a JSON-RPC body has one shape only. */
const BODY_HINTS: ReadonlyMap<ContractCode, string> = new Map([
  ['invalid_body', 'Send one JSON-RPC 2.0 message as a JSON object, with Content-Type: application/json.'],
  ['unsupported_media_type', 'Send Content-Type: application/json.'],
]);

/** A 401 from the root bearer-token hook keeps the REST shape and its WWW-Authenticate challenge. */
function isAuthenticationError(error: Error): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || 'WWW-Authenticate' in error.headers);
}

/**
 * Anything thrown on /mcp (the root rate-limit hook's 429, the body parser, the handler) as a JSON-RPC
 * error with the HTTP status of its contract code. The RateLimit-* headers the hook set stay on the reply.
 */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isAuthenticationError(error)) return handleError(error, request, reply);
  const apiError = toApiError(error);
  // As on REST: a contract 5xx (inbox down, overloaded) is expected and was logged where it happened.
  if (apiError.code === 'internal_error') request.log.error({ err: error }, 'mcp request failed');
  const code = apiError.code === 'invalid_body' ? ErrorCode.ParseError : apiError.status >= 500 ? ErrorCode.InternalError : TRANSPORT_ERROR;
  const message = apiError.code === 'invalid_body' ? `Parse error: ${apiError.message}` : apiError.message;
  const hint = BODY_HINTS.get(apiError.code) ?? apiError.hint;
  const body = errorResponse(null, code, message, apiError.code, hint);
  return sendRefusal(reply, { status: apiError.status, body }, apiError.responseHeaders());
}

/** The transport's header rules, before the body is read: a refused request costs no parsing. */
function headerRules(allowedOrigins: readonly string[]): onRequestHookHandler {
  return (request, reply, done) => {
    const refusal = checkHeaders(request.headers, allowedOrigins);
    if (refusal) sendRefusal(reply, refusal);
    else done();
  };
}

/** The headers the SDK reads besides those our rules checked: the revision, and 2026-07-28's method and name. */
const SDK_HEADERS = ['mcp-protocol-version', 'mcp-method', 'mcp-name'] as const;

/** Only the headers the SDK transport reads, already checked by our rules. */
function sdkRequest(endpoint: string, request: FastifyRequest): Request {
  const headers = new Headers({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
  for (const name of SDK_HEADERS) {
    const value = firstValue(request.headers[name]);
    if (value !== undefined) headers.set(name, value);
  }
  return new Request(endpoint, { method: 'POST', headers });
}

function mcpCallerOf(request: FastifyRequest): McpCaller {
  return { ...callerOf(request), scopes: request.tokenScopes };
}

/**
 * The headers of what the tool calls counted, in the order they finished: a call's own rate-limit
 * decision (submit_inquiry: the inquiry bucket) replaces the route's read RateLimit-* fields, and a
 * refusal for a while adds Retry-After.
 */
function countedHeaders(calls: readonly ToolOutcome[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { rateLimit, retryAfterSeconds } of calls) {
    if (rateLimit) Object.assign(headers, rateLimitHeaders(rateLimit));
    if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  }
  return headers;
}

/** A 200 JSON answer. */
function sendJson(reply: FastifyReply, payload: unknown, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(200).headers(headers).type('application/json').send(payload);
}

async function sendSdkAnswer(reply: FastifyReply, decision: Dispatch, { response, calls }: SdkAnswer): Promise<FastifyReply> {
  const text = await response.text();
  const headers = countedHeaders(calls);
  // One message: the SDK's answer as it is.
  if (!decision.batch || response.status !== 200) {
    reply.headers(headers).code(response.status);
    return text ? reply.type(response.headers.get('content-type') ?? 'application/json').send(text) : reply.send();
  }
  // JSON-RPC: a batch is answered with an array, even of one (the SDK unwraps a single answer).
  const sdkAnswers = JSON.parse(text) as unknown;
  return sendJson(reply, [...decision.answered, ...(Array.isArray(sdkAnswers) ? sdkAnswers : [sdkAnswers])], headers);
}

/**
 * A prepared answer, its two parts written in one go (Node joins the writes of a tick in one writev):
 * joined first, each call copied the 150 KB answer, 5 % of the route and its garbage. The reply is hijacked,
 * so Fastify does not send it: the headers the onRequest hooks set go out as they are, the onResponse hooks
 * (the request log) still run, but no onSend hook would (the API context has none; one added there must
 * be applied here too). The type is spelled as the SDK path's string answer ends up (Fastify's charset).
 */
function sendPrepared(reply: FastifyReply, [head, tail]: readonly [Buffer, Buffer]): FastifyReply {
  reply.hijack();
  const headers: OutgoingHttpHeaders = {
    ...reply.getHeaders() as OutgoingHttpHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': head.length + tail.length,
  };
  reply.raw.writeHead(200, headers);
  reply.raw.write(head);
  reply.raw.end(tail);
  return reply;
}

/** The handler of POST /mcp: the body rules, then our own answers or the SDK's Server. */
function messageHandler(endpoint: string, pool: () => Promise<McpServerPool>, prepared: PreparedCalls) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const decision = decideBody(request.body, firstValue(request.headers['mcp-protocol-version']));
    if (decision.action === 'refuse') return sendRefusal(reply, decision.refusal);
    if (decision.action === 'accept') return reply.code(202).send();
    if (decision.body === undefined) return sendJson(reply, decision.batch ? decision.answered : decision.answered[0]);
    // The prepared answers are 2025-era answers: a 2026-07-28 request (its header, or its `_meta`) goes to the SDK.
    if (!decision.batch && !decision.stateless && prepared.matches(decision.body)) {
      return sendPrepared(reply, prepared.answer(decision.body));
    }
    return sendSdkAnswer(reply, decision, await (await pool()).handle(sdkRequest(endpoint, request), decision.body, mcpCallerOf(request)));
  };
}

/** Stateless: no SSE stream to open (GET) and no session to end (DELETE). The spec allows 405 for both. */
function registerMethodNotAllowed(app: FastifyInstance): void {
  const body = errorResponse(null, TRANSPORT_ERROR,
    `Method Not Allowed: ${PATHS.mcp} takes POST only (stateless server: no SSE stream, no session).`, 'method_not_allowed');
  app.route({
    method: ['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'],
    url: PATHS.mcp,
    schema: { hide: true },
    config: { rateLimit: 'read' },
    errorHandler,
    handler: async (_request, reply) => sendRefusal(reply, { status: ERRORS.method_not_allowed.status, body }, { Allow: 'POST' }),
  });
}

/**
 * POST /mcp: Streamable HTTP, stateless, JSON answers. Every request counts against the read policy
 * (the root hook sets the RateLimit-* headers or refuses with 429); submit_inquiry also counts in the
 * inquiry bucket. Browsers only from our origins.
 */
export function registerMcpRoute(app: FastifyInstance, { baseUrl, allowedOrigins, corsPolicy, pool, prepared }: McpRouteOptions): void {
  app.post(PATHS.mcp, {
    schema: { hide: true },
    config: { rateLimit: 'read', cors: corsPolicy },
    errorHandler,
    onRequest: headerRules(allowedOrigins),
  }, messageHandler(baseUrl + PATHS.mcp, pool, prepared));
  registerMethodNotAllowed(app);
  sitePreflight(app, PATHS.mcp, corsPolicy);
}
