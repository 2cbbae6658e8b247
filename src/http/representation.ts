import { sha256Base64url } from '../lib/hash.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body built once, with its validator, for content that only changes on restart. */
export interface Representation {
  /**
   * The bytes, encoded once: a string body would be encoded again on every send (and Fastify appends
   * "; charset=utf-8" to JSON media types only for strings).
   */
  body: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
}

export const DEFAULT_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

export function strongEtag(body: string | Buffer): string {
  return `"${sha256Base64url(body).slice(0, 27)}"`;
}

export function representation(body: string | Buffer, contentType: string, cacheControl = DEFAULT_CACHE_CONTROL): Representation {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: bytes, contentType, etag: strongEtag(bytes), cacheControl };
}

/** The same bytes under another media type, with an ETag of its own (a cache keeps the two apart). */
export function asMediaType(rep: Representation, contentType: string): Representation {
  return { ...rep, contentType, etag: strongEtag(Buffer.concat([Buffer.from(`${contentType}\n`), rep.body])) };
}

export function jsonRepresentation(value: unknown, cacheControl?: string): Representation {
  return representation(JSON.stringify(value), 'application/json; charset=utf-8', cacheControl);
}

/** RFC 9110 §13.1.2: weak comparison, a list of entity-tags, or "*". */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/** Sends a prepared representation, answering a matching If-None-Match with 304 and no body. */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, rep: Representation): FastifyReply {
  reply.header('ETag', rep.etag).header('Cache-Control', rep.cacheControl);
  if (ifNoneMatchHits(request.headers['if-none-match'], rep.etag)) return reply.code(304).send();
  return reply.type(rep.contentType).send(rep.body);
}
