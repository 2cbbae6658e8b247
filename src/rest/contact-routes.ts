import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyCorsOptions } from '@fastify/cors';
import { Type } from 'typebox';
import { PATHS, VERSIONING_DOC_PATH } from '../contract/paths.js';
import { ApiError } from '../contract/errors.js';
import { HONEYPOT_FIELD, INQUIRY_POLICY, Inquiry } from '../contract/inquiry.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import { Ok } from '../contract/responses.js';
import { RefOf } from '../contract/schema-helpers.js';
import type { InquiryService, SubmissionChannel } from '../inquiries/inquiry-service.js';
import { originAllowed } from '../lib/origin.js';
import { callerOf } from '../http/caller.js';
import { sitePreflight } from '../http/cors.js';
import { toApiError } from '../http/errors.js';
import { appendLink } from '../http/link-headers.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { errorResponses, RATE_LIMIT_HEADER_DOCS } from '../http/route-docs.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';

export interface ContactRouteOptions {
  inquiries: InquiryService;
  allowedOrigins: readonly string[];
  /** The CORS policy of routes that act for the studio. */
  corsPolicy: FastifyCorsOptions;
  legacy: LegacyDeprecation;
}

export interface LegacyDeprecation {
  baseUrl: string;
  deprecatedAt: Date;
  sunsetAt: Date;
}

/** What the API's writes take (the contact routes, booking a consultation). */
export const MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
const STATUSES = [400, 403, 413, 415, 422, 429, 500, 503];
const DESCRIPTION = 'Delivers a project inquiry to the studio inbox. 200 means it is stored durably. '
  + `Extra fields are ignored (a "${HONEYPOT_FIELD}" field too: the website form's honeypot means nothing here). `
  + `An Idempotency-Key header (1 to ${INQUIRY_POLICY.idempotencyKeyMaxLength} printable ASCII characters) makes a retry `
  + `with the same body return the first answer for ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours; `
  + 'the same key with another body is 422.';

const IDEMPOTENCY_HEADER = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'Makes a retry safe: the same key and body return the first answer.' })),
});

/** What the alias's onSend hook adds to every one of its answers (legacyAlias below). */
const DEPRECATION_DOCS = {
  Deprecation: { type: 'string', description: 'RFC 9745: when this alias was deprecated (@unix-seconds).' },
  Sunset: { type: 'string', description: 'RFC 8594: when this alias goes away (HTTP-date).' },
  Link: { type: 'string', description: 'Besides the discovery links: the versioning policy, rel="deprecation" (RFC 9745).' },
};

/** RFC 9745 Deprecation, RFC 8594 Sunset and the deprecation link, for every response of the alias. */
export function legacyHeaders({ baseUrl, deprecatedAt, sunsetAt }: LegacyDeprecation): { Deprecation: string; Sunset: string; Link: string } {
  return {
    Deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    Sunset: sunsetAt.toUTCString(),
    Link: `<${baseUrl}${VERSIONING_DOC_PATH}>; rel="deprecation"; type="text/html"`,
  };
}

/**
 * What is refused before the body is validated, in the order a client would fix it: the media type
 * (Fastify also parses text/plain, and a body-less POST has none), then the Origin (the one rule the use
 * case applies too; checked here so that a foreign page gets 403 whatever it sent).
 */
export function refuseBeforeValidation(allowedOrigins: readonly string[]): preValidationHookHandler {
  return (request, _reply, done) => {
    if (!MEDIA_TYPES.includes(mediaTypeOf(request.headers))) return done(new ApiError('unsupported_media_type'));
    if (!originAllowed(firstValue(request.headers.origin), allowedOrigins)) return done(new ApiError('origin_not_allowed'));
    done();
  };
}

interface ContactRoute {
  url: string;
  operationId: string;
  channel: SubmissionChannel;
  deprecated: boolean;
}

/** One contact route with its preflight, in the context it is registered in (which answers its 405s). */
function contactRoute(scope: FastifyInstance, route: ContactRoute, options: ContactRouteOptions): void {
  const { url, operationId, channel, deprecated } = route;
  // The use case observes its own refusals; those made before the handler runs are reported to it.
  const submitted = new WeakSet<FastifyRequest>();
  scope.withTypeProvider<TypeBoxTypeProvider>().post(url, {
    schema: {
      operationId,
      summary: deprecated ? 'Submit a project inquiry (deprecated alias of /api/v1/contact)' : 'Submit a project inquiry',
      description: DESCRIPTION,
      tags: ['inquiries'],
      ...(deprecated && { deprecated: true }),
      consumes: MEDIA_TYPES,
      headers: IDEMPOTENCY_HEADER,
      // Validated by the contract's validator set (trimming included) before the handler runs.
      body: RefOf(Inquiry),
      response: {
        200: RefOf(Ok, {
          description: 'The inquiry is stored in the studio inbox.',
          headers: { ...RATE_LIMIT_HEADER_DOCS, 'Cache-Control': { type: 'string', description: 'no-store' }, ...(deprecated ? DEPRECATION_DOCS : {}) },
        }),
        ...errorResponses(STATUSES, deprecated ? DEPRECATION_DOCS : {}),
      },
    },
    // Counted by the context's hook against the inquiry bucket the MCP tool and the form share.
    config: { rateLimit: 'inquiry', cors: options.corsPolicy },
    preValidation: refuseBeforeValidation(options.allowedOrigins),
    onError: (request, _reply, error, done) => {
      if (!submitted.has(request)) options.inquiries.refusedBeforeSubmit?.(channel, toApiError(error).code);
      done();
    },
  }, async (request, reply) => {
    submitted.add(request);
    // The one adapter of both routes: the validated Inquiry -> the use case -> 200 Ok with the RateLimit-* headers.
    const result = await options.inquiries.submit(request.body, {
      channel,
      ...callerOf(request),
      idempotencyKey: request.headers['idempotency-key'],
      rateLimit: request.rateLimit,
    });
    reply.headers(rateLimitHeaders(result.rateLimit)).header('Cache-Control', 'no-store');
    return reply.code(200).send({ ok: true });
  });
  sitePreflight(scope, url, options.corsPolicy);
}

/**
 * The deprecated alias, in a context of its own: its onSend hook gives every answer of the alias (the
 * POST, its preflight, its 405s, a 429 from the counting hook) the deprecation headers.
 */
async function legacyAlias(scope: FastifyInstance, options: ContactRouteOptions): Promise<void> {
  const headers = legacyHeaders(options.legacy);
  const routes = new RouteRegistry(scope);
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Deprecation', headers.Deprecation).header('Sunset', headers.Sunset);
    appendLink(reply, headers.Link);
    done(null, payload);
  });
  contactRoute(scope, { url: PATHS.legacyContact, operationId: 'submitProjectInquiryLegacy', channel: 'legacy', deprecated: true }, options);
  registerMethodNotAllowed(scope, routes.methodsByUrl());
}

/** POST /api/v1/contact and its deprecated alias POST /api/contact, over the one inquiry use case. */
export async function registerContactRoutes(scope: FastifyInstance, options: ContactRouteOptions): Promise<void> {
  contactRoute(scope, { url: PATHS.contact, operationId: 'submitProjectInquiry', channel: 'api', deprecated: false }, options);
  await scope.register(legacyAlias, options);
}
