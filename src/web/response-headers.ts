import type { FastifyReply } from 'fastify';

/** Adds a field to Vary without dropping what other hooks (CORS) put there. */
export function addVary(reply: FastifyReply, field: string): void {
  const existing = String(reply.getHeader('Vary') ?? '');
  const fields = existing.split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('Vary', fields.join(', '));
}

/** Adds a link to the Link header; the discovery links are appended later by the onSend hook. */
export function addLink(reply: FastifyReply, link: string): void {
  const existing = reply.getHeader('Link');
  reply.header('Link', existing ? `${String(existing)}, ${link}` : link);
}
