import type { FastifyReply, FastifyRequest } from 'fastify';
import { discoveryLinks } from './link-headers.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * The policy of every answer that is not a page (JSON, Markdown, text, assets, errors): it loads nothing
 * and may not be framed, so a document opened in a browser can never run anything. Pages replace it with
 * their own (src/web/response-headers.ts).
 */
export const DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer of the origin carries. Referrer-Policy is not no-referrer: under that policy a
 * browser sends `Origin: null` with a form's POST, which the inquiry routes refuse (Chromium: the form
 * without its script got 403). HSTS only over https (browsers ignore it over http).
 */
export function securityHeaders(baseUrl: string): Record<string, string> {
  return {
    'content-security-policy': DOCUMENT_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(new URL(baseUrl).protocol === 'https:' && { 'strict-transport-security': 'max-age=31536000' }),
  };
}

/** The headers every answer of the origin carries that never change: the security headers and the discovery Link. */
export function staticAnswerHeaders(baseUrl: string): Readonly<Record<string, string>> {
  return Object.freeze({ ...securityHeaders(baseUrl), link: discoveryLinks(baseUrl) });
}

/**
 * Sets the headers every answer carries, then continues: the one root onRequest hook, before anything can
 * answer (CORS preflights and load shedding included), so error answers carry them too. The static
 * headers are joined once at start-up; the request id is the request's (errors included: the contract's
 * Error body has no room for it). The discovery Link comes first: a route's own links (appendLink) follow
 * it. One hook, since every root hook costs every request (the Link had an onSend hook of its own, a
 * getHeader and a string join per answer). Not
 * @fastify/helmet: with the same headers it took a quarter to a third of a read's throughput in A/B runs
 * (two hooks and a middleware chain per request), where this hook was within the machine's noise. The
 * router's refusals (Fastify's frameworkErrors), for which no hook runs, call it too.
 */
export function answerHeaders(baseUrl: string): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  const headers = staticAnswerHeaders(baseUrl);
  return (request, reply, done) => {
    reply.headers(headers).header(REQUEST_ID_HEADER, request.id);
    done();
  };
}
