import type { FastifyReply } from 'fastify';

/** Token, introspection and registration answers must not be cached (RFC 6749 §5.1, RFC 7591 §3.2.1). */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

/** A JSON answer that no cache keeps, serialized here so that its bytes are exactly the object's. */
export function sendNoStoreJson(reply: FastifyReply, body: object, status = 200): FastifyReply {
  return noStore(reply).code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
