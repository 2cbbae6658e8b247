import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { PATHS, VERSIONING_DOC_PATH } from '../contract/paths.js';
import { ApiError } from '../contract/errors.js';
import { HONEYPOT_FIELD, INQUIRY_POLICY, Inquiry } from '../contract/inquiry.js';
import { Ok } from '../contract/responses.js';
import type { InquiryService, SubmissionChannel } from '../inquiries/port.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import { appendLink } from './link-headers.js';
import { errorResponses, RATE_LIMIT_HEADER_DOCS } from './route-docs.js';
import { firstValue, mediaTypeOf } from './headers.js';

export interface LegacyDeprecation {
  baseUrl: string;
  deprecatedAt: Date;
  sunsetAt: Date;
}

const MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
const STATUSES = [400, 403, 413, 415, 422, 429, 503];
const DESCRIPTION = 'Delivers a project inquiry to the studio inbox. 200 means it is stored durably. '
  + `Extra fields are ignored. An optional "${HONEYPOT_FIELD}" field is a honeypot hidden on the website form: `
  + 'leave it out; when filled, the inquiry is kept flagged as spam and not notified. '
  + `An Idempotency-Key header (1 to ${INQUIRY_POLICY.idempotencyKeyMaxLength} printable ASCII characters) makes a retry `
  + `with the same body return the first answer for ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours; `
  + 'the same key with another body is 422.';

const IDEMPOTENCY_HEADER = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'Makes a retry safe: the same key and body return the first answer.' })),
});

/** RFC 9745 Deprecation, RFC 8594 Sunset and the deprecation link, for every response of the alias. */
export function legacyHeaders({ baseUrl, deprecatedAt, sunsetAt }: LegacyDeprecation): { Deprecation: string; Sunset: string; Link: string } {
  return {
    Deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    Sunset: sunsetAt.toUTCString(),
    Link: `<${baseUrl}${VERSIONING_DOC_PATH}>; rel="deprecation"; type="text/html"`,
  };
}

/** The one adapter of both routes: request -> use case -> 200 Ok with the RateLimit-* headers. */
function submitHandler(service: InquiryService, channel: SubmissionChannel) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify also parses text/plain; the contract accepts only the two form media types.
    const mediaType = mediaTypeOf(request.headers);
    if (!MEDIA_TYPES.includes(mediaType)) throw new ApiError('unsupported_media_type');
    const result = await service.submit(request.body, {
      channel,
      ip: request.ip,
      userAgent: firstValue(request.headers['user-agent']),
      origin: firstValue(request.headers.origin),
      idempotencyKey: firstValue(request.headers['idempotency-key']),
      clientId: request.clientId,
      rateLimit: request.rateLimit,
    });
    reply.headers(rateLimitHeaders(result.rateLimit)).header('Cache-Control', 'no-store');
    return reply.code(200).send({ ok: true });
  };
}

/** POST /api/v1/contact and its deprecated alias POST /api/contact, over the one inquiry use case. */
export function registerContactRoutes(app: FastifyInstance, service: InquiryService, legacy: LegacyDeprecation): void {
  const deprecationDocs = {
    Deprecation: { type: 'string', description: 'RFC 9745: when this alias was deprecated (@unix-seconds).' },
    Sunset: { type: 'string', description: 'RFC 8594: when this alias goes away (HTTP-date).' },
  };
  const route = (url: string, operationId: string, channel: SubmissionChannel, deprecated: boolean) => app.post(url, {
    schema: {
      operationId,
      summary: deprecated ? 'Submit a project inquiry (deprecated alias of /api/v1/contact)' : 'Submit a project inquiry',
      description: DESCRIPTION,
      tags: ['inquiries'],
      ...(deprecated && { deprecated: true }),
      consumes: MEDIA_TYPES,
      headers: IDEMPOTENCY_HEADER,
      body: Type.Ref(Inquiry),
      response: {
        200: Type.Ref(Ok, {
          description: 'The inquiry is stored in the studio inbox.',
          headers: { ...RATE_LIMIT_HEADER_DOCS, ...(deprecated ? deprecationDocs : {}) },
        }),
        ...errorResponses(STATUSES, deprecated ? deprecationDocs : {}),
      },
    },
    // Counted in the hook against the inquiry bucket the MCP tool and the form share; the use case
    // validates after trimming, so Fastify's own body validation is off.
    config: { rateLimit: 'inquiry', cors: 'site' },
    validatorCompiler: () => () => true,
  }, submitHandler(service, channel));

  markDeprecatedPath(app, PATHS.legacyContact, legacyHeaders(legacy));
  route(PATHS.contact, 'submitProjectInquiry', 'api', false);
  route(PATHS.legacyContact, 'submitProjectInquiryLegacy', 'legacy', true);
}

/**
 * Every route of a deprecated path, the POST and its 405 and preflight answers alike, sends the
 * deprecation headers. In onSend, so that a 429 from the root rate-limit hook carries them too.
 */
function markDeprecatedPath(app: FastifyInstance, path: string, headers: ReturnType<typeof legacyHeaders>): void {
  const addHeaders = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    reply.header('Deprecation', headers.Deprecation).header('Sunset', headers.Sunset);
    appendLink(reply, headers.Link);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.url === path) route.onSend = [route.onSend ?? []].flat().concat(addHeaders);
  });
}
