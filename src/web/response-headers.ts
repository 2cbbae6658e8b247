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
