import type { FastifyInstance } from 'fastify';

/** RFC 8288 links to the discovery documents, on every response of the origin. */
export function discoveryLinks(baseUrl: string): string {
  return [
    `<${baseUrl}/openapi.json>; rel="service-desc"; type="application/openapi+json"`,
    `<${baseUrl}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"`,
    `<${baseUrl}/developers>; rel="service-doc"; type="text/html"`,
    `<${baseUrl}/llms.txt>; rel="describedby"; type="text/plain"`,
  ].join(', ');
}

export function registerLinkHeaders(app: FastifyInstance, baseUrl: string): void {
  const links = discoveryLinks(baseUrl);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const existing = reply.getHeader('Link');
    reply.header('Link', existing ? `${String(existing)}, ${links}` : links);
    done(null, payload);
  });
}
