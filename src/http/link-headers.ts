import type { FastifyInstance, FastifyReply } from 'fastify';
import { PATHS } from '../contract/paths.js';

/** RFC 8288 links to the discovery documents, on every response of the origin. */
export function discoveryLinks(baseUrl: string): string {
  return [
    `<${baseUrl}${PATHS.openapi}>; rel="service-desc"; type="application/openapi+json"`,
    `<${baseUrl}${PATHS.apiCatalog}>; rel="api-catalog"; type="application/linkset+json"`,
    `<${baseUrl}${PATHS.developers}>; rel="service-doc"; type="text/html"`,
    `<${baseUrl}${PATHS.llms}>; rel="describedby"; type="text/plain"`,
  ].join(', ');
}

/** Adds link-values to the response's Link header, keeping those already there. */
export function appendLink(reply: FastifyReply, links: string): void {
  const existing = reply.getHeader('Link');
  reply.header('Link', existing ? `${String(existing)}, ${links}` : links);
}

export function registerLinkHeaders(app: FastifyInstance, baseUrl: string): void {
  const links = discoveryLinks(baseUrl);
  app.addHook('onSend', (_request, reply, payload, done) => {
    appendLink(reply, links);
    done(null, payload);
  });
}
