import type { IncomingHttpHeaders } from 'node:http';
import { errorResponse, TRANSPORT_ERROR, type JsonRpcErrorResponse } from './jsonrpc.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';
import { originAllowed } from '../lib/origin.js';
import { isSupportedVersion, PROTOCOL_VERSIONS } from '../contract/mcp-protocol-versions.js';

// The header rules of the Streamable HTTP transport (MCP 2025-06-18) that the SDK leaves loose or
// checks after work has started. Each returns the refusal to send, or undefined when the request passes.

export interface Refusal {
  status: number;
  body: JsonRpcErrorResponse;
}


/** Security warning of the transport: a browser page must not reach us through DNS rebinding. */
export function checkOrigin(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): Refusal | undefined {
  if (originAllowed(firstValue(headers.origin), allowedOrigins)) return undefined;
  return { status: 403, body: errorResponse(null, TRANSPORT_ERROR, 'Forbidden: the Origin of this request is not allowed.', 'origin_not_allowed') };
}

/** Media types listed in Accept with a q above zero. Wildcards do not list a type. */
function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>();
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    types.add(type);
  }
  return types;
}

/** "The client MUST include an Accept header, listing both application/json and text/event-stream." */
export function checkAccept(headers: IncomingHttpHeaders): Refusal | undefined {
  const types = acceptedTypes(firstValue(headers.accept) ?? '');
  if (types.has('application/json') && types.has('text/event-stream')) return undefined;
  return {
    status: 406,
    body: errorResponse(null, TRANSPORT_ERROR, 'Not Acceptable: the Accept header must list both application/json and text/event-stream.',
      'not_acceptable', 'Send Accept: application/json, text/event-stream.'),
  };
}

/** Every message is a JSON body. */
export function checkContentType(headers: IncomingHttpHeaders): Refusal | undefined {
  const mediaType = mediaTypeOf(headers);
  if (mediaType === 'application/json') return undefined;
  return {
    status: 415,
    body: errorResponse(null, TRANSPORT_ERROR, 'Unsupported Media Type: send the JSON-RPC message as application/json.',
      'unsupported_media_type', 'Send Content-Type: application/json.'),
  };
}

/**
 * 2025 revisions: "If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it
 * MUST respond with 400". A 2026-07-28 request is not checked here: the SDK answers it with the revision's
 * own UnsupportedProtocolVersionError, which lists the supported revisions and echoes the request's id.
 */
export function checkProtocolVersionHeader(version: string | undefined): Refusal | undefined {
  if (version === undefined || isSupportedVersion(version)) return undefined;
  return {
    status: 400,
    body: errorResponse(null, TRANSPORT_ERROR, `Bad Request: unsupported MCP-Protocol-Version "${version}".`,
      'invalid_request', `Send one of: ${PROTOCOL_VERSIONS.join(', ')} (the version negotiated at initialize).`),
  };
}

/** The header rules of every revision, in the order a client would want to fix them. */
export function checkHeaders(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): Refusal | undefined {
  return checkOrigin(headers, allowedOrigins) ?? checkAccept(headers) ?? checkContentType(headers);
}
