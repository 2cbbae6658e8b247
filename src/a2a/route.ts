import type { FastifyCorsOptions } from '@fastify/cors';
import type { AgentCard } from '@a2a-js/sdk';
import { A2A_ERROR_CODE, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { JsonRpcTransportHandler, validateVersion } from '@a2a-js/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { PATHS } from '../contract/paths.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import { callerOf } from '../http/caller.js';
import { sitePreflight } from '../http/cors.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { isObject } from '../lib/is-object.js';
import { callContext, type A2aCall, type SkillOutcome } from './call-context.js';
import { a2aErrorHandler, answerContentType, contractErrorResponse, type JsonRpcId } from './jsonrpc-errors.js';
import { A2A_MEDIA_TYPE, isA2aRequestMediaType } from './media-types.js';

// POST /a2a: the A2A JSON-RPC binding, and the one place that decides HTTP. The SDK's transport handler
// reads the JSON-RPC request and calls its request handler; around it, this route checks the media type
// (application/json or application/a2a+json, answered in kind) and the A2A-Version, hands the SDK the
// caller, and turns what a skill counted, or a refusal HTTP answers itself, into status and headers.
// Streaming is off on the card, so every answer is one JSON-RPC response.

export interface A2aRouteOptions {
  card: AgentCard;
  transport: JsonRpcTransportHandler;
  /** The CORS policy of routes that act for the studio: browsers only from our origins. */
  corsPolicy: FastifyCorsOptions;
  /** The domain of this service's errors (their google.rpc.ErrorInfo). */
  domain: string;
}

type JsonRpcResponse = Exclude<Awaited<ReturnType<JsonRpcTransportHandler['handle']>>, AsyncGenerator>;

const VERSION_HEADER = 'a2a-version';

/** The JSON-RPC binding is JSON only: anything else is refused before its body is read (the form parser would take a form). */
const requireJson: onRequestHookHandler = (request, _reply, done) => {
  done(isA2aRequestMediaType(mediaTypeOf(request.headers)) ? undefined : new ApiError('unsupported_media_type', {
    message: `The A2A JSON-RPC binding takes application/json or ${A2A_MEDIA_TYPE} only.`,
  }));
};

function idOf(body: unknown): JsonRpcId {
  const id = isObject(body) ? body.id : undefined;
  return typeof id === 'string' || Number.isSafeInteger(id) ? id as JsonRpcId : null;
}

/** What the skill counted replaces the route's read RateLimit-* fields; a refusal for a while adds Retry-After. */
function outcomeHeaders(outcome: SkillOutcome | undefined): Record<string, string> {
  return {
    ...(outcome?.rateLimit && rateLimitHeaders(outcome.rateLimit)),
    ...(outcome?.retryAfterSeconds !== undefined && { 'Retry-After': String(outcome.retryAfterSeconds) }),
  };
}

/**
 * The SDK answers a streaming method (SendStreamingMessage, SubscribeToTask) with a stream whose first
 * step throws its refusal, streaming being off on the card: that refusal is the answer.
 */
async function streamRefusal(stream: AsyncGenerator<JsonRpcResponse>, id: JsonRpcId): Promise<JsonRpcResponse> {
  try {
    await stream.next();
    await stream.return(undefined);
    throw new UnsupportedOperationError('Streaming is not supported.');
  } catch (error) {
    return { jsonrpc: '2.0', id, error: JsonRpcTransportHandler.mapToJSONRPCError(error) };
  }
}

/**
 * The SDK answers an exception that is no A2A error with -32603 and the exception's own message: its JSON
 * decoders throw TypeErrors on malformed params ("Cannot convert object to primitive value"). That text is
 * JavaScript's, not guidance, and may quote the request: the client is told what to check, the log says
 * that it happened and nothing of the request.
 */
function withoutInternals(answer: JsonRpcResponse, log: FastifyRequest['log']): JsonRpcResponse {
  const error = answer.error as { code: number; message: string; data?: unknown } | undefined;
  if (error?.code !== A2A_ERROR_CODE.INTERNAL_ERROR || error.data !== undefined) return answer;
  log.warn({}, 'a2a request failed in the SDK (-32603, its message withheld)');
  return { ...answer, error: { code: error.code, message: INTERNAL_MESSAGE } };
}

const INTERNAL_MESSAGE = 'Internal error: the request could not be processed. Check that its params follow the A2A 1.0 JSON-RPC binding; if they do, try again later.';

function messageHandler({ card, transport, domain }: A2aRouteOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const call: A2aCall = { caller: callerOf(request) };
    const context = callContext(call, firstValue(request.headers[VERSION_HEADER]));
    let answer: JsonRpcResponse;
    try {
      // A2A: a version the card does not list is refused (no header means 0.3, which this agent does not speak).
      validateVersion(context.requestedVersion, card, 'JSONRPC');
      const handled = await transport.handle(request.body as Record<string, unknown>, context);
      answer = Symbol.asyncIterator in handled ? await streamRefusal(handled, idOf(request.body)) : handled;
    } catch (error) {
      answer = { jsonrpc: '2.0', id: idOf(request.body), error: JsonRpcTransportHandler.mapToJSONRPCError(error) };
    }
    reply.type(answerContentType(request));
    const { refusal } = call;
    if (refusal) return reply.code(refusal.status).headers(refusal.responseHeaders()).send(contractErrorResponse(refusal, domain, idOf(request.body)));
    return reply.code(200).headers(outcomeHeaders(call.outcome)).send(withoutInternals(answer, request.log));
  };
}

/**
 * POST /a2a in a context of its own, whose error handler answers JSON-RPC errors: every request counts
 * against the read policy (the API context's hook), submit_inquiry also in the inquiry bucket. Browsers
 * only from our origins, as for /mcp; the other methods get 405 with Allow.
 */
export async function registerA2aRoute(app: FastifyInstance, options: A2aRouteOptions): Promise<void> {
  await app.register(async (endpoint) => {
    endpoint.setErrorHandler(a2aErrorHandler(options.domain));
    // A2A's own media type is JSON too: the same parser as application/json (its limits, its refusal of __proto__).
    endpoint.addContentTypeParser(A2A_MEDIA_TYPE, { parseAs: 'string' }, endpoint.getDefaultJsonParser('error', 'error'));
    const routes = new RouteRegistry(endpoint);
    endpoint.post(PATHS.a2a, {
      schema: { hide: true },
      config: { rateLimit: 'read', cors: options.corsPolicy },
      onRequest: requireJson,
    }, messageHandler(options));
    sitePreflight(endpoint, PATHS.a2a, options.corsPolicy);
    registerMethodNotAllowed(endpoint, routes.methodsByUrl(), (allow) => new ApiError('method_not_allowed', {
      message: `Method Not Allowed: ${PATHS.a2a} takes POST only (the A2A JSON-RPC binding, no streaming).`, headers: { Allow: allow },
    }));
  });
}
