import type { FastifyInstance, FastifyReply } from 'fastify';

/** RFC 8288 links to the discovery documents, on every response of the origin. */
export function discoveryLinks(baseUrl: string): string {
  return [
    `<${baseUrl}/openapi.json>; rel="service-desc"; type="application/openapi+json"`,
    `<${baseUrl}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"`,
    `<${baseUrl}/developers>; rel="service-doc"; type="text/html"`,
    `<${baseUrl}/llms.txt>; rel="describedby"; type="text/plain"`,
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
