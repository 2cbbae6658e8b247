import { JSON_TYPE, negotiate } from '../web/accept.js';

// The media types of POST /a2a. A2A 1.0 §9.1 types the JSON-RPC binding application/json; §14.1.1
// registers application/a2a+json for A2A's JSON. Both are taken, and the answer speaks the client's
// type: the one it sent, unless its Accept header prefers the other.

/** A2A's own media type (A2A 1.0 §14.1.1). */
export const A2A_MEDIA_TYPE = 'application/a2a+json';

/** What a request to /a2a may be sent as. */
export const A2A_REQUEST_MEDIA_TYPES: readonly string[] = [JSON_TYPE, A2A_MEDIA_TYPE];

export const isA2aRequestMediaType = (mediaType: string): boolean => A2A_REQUEST_MEDIA_TYPES.includes(mediaType);

/**
 * The media type of the answer to a request sent as `sentAs` (its Content-Type's media type) with this
 * Accept header: the type it was sent as (application/json when neither), the other when Accept prefers
 * it. An Accept that takes neither still gets that type: the binding has no other.
 */
export function answerMediaType(sentAs: string, accept: string | undefined): string {
  const offers = sentAs === A2A_MEDIA_TYPE ? [A2A_MEDIA_TYPE, JSON_TYPE] : [JSON_TYPE, A2A_MEDIA_TYPE];
  return negotiate(accept, offers) ?? offers[0]!;
}

