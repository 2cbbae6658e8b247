import type { FastifyReply } from 'fastify';

/** Adds Accept to Vary without dropping what other hooks (CORS) put there; most replies have no Vary yet. */
export function varyOnAccept(reply: FastifyReply): void {
  const existing = reply.getHeader('Vary');
  if (existing === undefined) {
    reply.header('Vary', 'Accept');
    return;
  }
  const fields = String(existing).split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === 'accept')) fields.push('Accept');
  reply.header('Vary', fields.join(', '));
}

/**
 * The policy of the site's pages: their stylesheet and the form's script come from the origin, the
 * script posts the form to the origin, and nothing else loads. No inline script or style (the layout has
 * none, Markdown is rendered without raw HTML, and table alignment becomes a class), no images from other
 * origins, no <base>, no framing.
 */
export const PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "connect-src 'self'",
  "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

/** Marks an answer as an HTML page: its policy replaces the documents' one set for every answer (src/http/security-headers.ts). */
export function asPage(reply: FastifyReply): FastifyReply {
  return reply.header('Content-Security-Policy', PAGE_CSP);
}
