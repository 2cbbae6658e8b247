import type { FastifyReply } from 'fastify';

const NO_STORE = Object.freeze({ 'cache-control': 'no-store', pragma: 'no-cache' });

/** Token, introspection and registration answers must not be cached (RFC 6749 §5.1, RFC 7591 §3.2.1). */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.headers(NO_STORE);
}

// Set with one call: the token endpoint answers every request with these (two header calls and type() were 2 % of it).
const NO_STORE_JSON = Object.freeze({ ...NO_STORE, 'content-type': 'application/json; charset=utf-8' });

/** A JSON answer that no cache keeps, serialized here so that its bytes are exactly the object's. */
export function sendNoStoreJson(reply: FastifyReply, body: object, status = 200): FastifyReply {
  return reply.headers(NO_STORE_JSON).code(status).send(JSON.stringify(body));
}
