import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERRORS } from '../contract/errors.js';
import { handleError, toApiError } from '../http/errors.js';
import { decideBody } from './body-rules.js';
import { checkHeaders, type Refusal } from './http-rules.js';
import { ErrorCode, errorResponse, TRANSPORT_ERROR } from './jsonrpc.js';
import type { PreparedCalls } from './prepared-calls.js';
import type { McpServerPool } from './server-pool.js';
import type { ToolCallContext } from './tools.js';

export const MCP_PATH = '/mcp';

export interface McpRouteOptions {
  baseUrl: string;
  allowedOrigins: readonly string[];
  pool: McpServerPool;
  prepared: PreparedCalls;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendRefusal(reply: FastifyReply, refusal: Refusal, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(refusal.status).headers(headers).type('application/json; charset=utf-8').send(refusal.body);
}

/** The REST hints speak of forms; a JSON-RPC body has one shape only. */
const BODY_HINTS: Partial<Record<string, string>> = {
  invalid_body: 'Send one JSON-RPC 2.0 message as a JSON object, with Content-Type: application/json.',
  unsupported_media_type: 'Send Content-Type: application/json.',
};

/** A 401 from the root bearer-token hook keeps the REST shape and its WWW-Authenticate challenge. */
function isAuthenticationError(error: Error): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || 'WWW-Authenticate' in error.headers);
}

/** Anything thrown on /mcp (body parser, handler) as a JSON-RPC error with the HTTP status of its contract code. */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isAuthenticationError(error)) return handleError(error, request, reply);
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error }, 'mcp request failed');
  const code = apiError.code === 'invalid_body' ? ErrorCode.ParseError : apiError.status >= 500 ? ErrorCode.InternalError : TRANSPORT_ERROR;
  const message = apiError.code === 'invalid_body' ? `Parse error: ${apiError.message}` : apiError.message;
  const hint = BODY_HINTS[apiError.code] ?? apiError.hint;
  return sendRefusal(reply, { status: apiError.status, body: errorResponse(null, code, message, apiError.code, hint) }, apiError.headers);
}

/** Only the headers the SDK transport reads, already checked by our rules. */
function sdkRequest(endpoint: string, request: FastifyRequest): Request {
  const headers = new Headers({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
  const version = single(request.headers['mcp-protocol-version']);
  if (version) headers.set('mcp-protocol-version', version);
  return new Request(endpoint, { method: 'POST', headers });
}

function callerOf(request: FastifyRequest): ToolCallContext {
  return {
    ip: request.ip,
    userAgent: single(request.headers['user-agent']),
    origin: single(request.headers.origin),
    clientId: request.clientId,
    headers: {},
  };
}

function sendAnswers(reply: FastifyReply, caller: ToolCallContext, answers: unknown[], batch: boolean): FastifyReply {
  return reply.code(200).headers(caller.headers).type('application/json').send(batch ? answers : answers[0]);
}

/** POST /mcp: Streamable HTTP, stateless, JSON answers; the spec's rules first, then the SDK's Server. */
export function registerMcpRoute(app: FastifyInstance, { baseUrl, allowedOrigins, pool, prepared }: McpRouteOptions): void {
  const endpoint = baseUrl + MCP_PATH;

  app.post(MCP_PATH, {
    schema: { hide: true },
    // Tools count against their own policies (reads, the inquiry bucket); browsers only from our origins.
    config: { rateLimit: false, cors: 'site' },
    errorHandler,
    // Before the body is read: a refused request costs no parsing.
    onRequest: async (request, reply) => {
      const refusal = checkHeaders(request.headers, allowedOrigins);
      if (refusal) return sendRefusal(reply, refusal);
    },
  }, async (request, reply) => {
    const decision = decideBody(request.body, single(request.headers['mcp-protocol-version']));
    if (decision.action === 'refuse') return sendRefusal(reply, decision.refusal);
    if (decision.action === 'accept') return reply.code(202).send();

    const caller = callerOf(request);
    if (decision.body === undefined) return sendAnswers(reply, caller, decision.answered, decision.batch);
    if (!decision.batch && prepared.matches(decision.body)) {
      const answer = await prepared.answer(decision.body, caller);
      return reply.code(200).headers(caller.headers).type('application/json').send(answer);
    }
    const response = await pool.handle(sdkRequest(endpoint, request), decision.body, caller);
    const text = await response.text();
    reply.headers(caller.headers).code(response.status);
    // One message: the SDK's answer as it is.
    if (!decision.batch || response.status !== 200) {
      return text ? reply.type(response.headers.get('content-type') ?? 'application/json').send(text) : reply.send();
    }
    // JSON-RPC: a batch is answered with an array, even of one (the SDK unwraps a single answer).
    const sdkAnswers = JSON.parse(text) as unknown;
    return sendAnswers(reply, caller, [...decision.answered, ...(Array.isArray(sdkAnswers) ? sdkAnswers : [sdkAnswers])], true);
  });

  // Stateless: no SSE stream to open (GET) and no session to end (DELETE). The spec allows 405 for both.
  const methodNotAllowed = errorResponse(null, TRANSPORT_ERROR,
    `Method Not Allowed: ${MCP_PATH} takes POST only (stateless server: no SSE stream, no session).`, 'method_not_allowed');
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: MCP_PATH,
    schema: { hide: true },
    config: { rateLimit: false },
    handler: async (_request, reply) => sendRefusal(reply, { status: ERRORS.method_not_allowed.status, body: methodNotAllowed }, { Allow: 'POST' }),
  });
}
