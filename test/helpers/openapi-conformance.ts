import { securityHeaders } from '../../src/http/security-headers.js';
import { REQUEST_ID_HEADER } from '../../src/http/request-id.js';

// Holds a response to what the service's own /openapi.json says of its operation: the status is declared
// (or `default`), the media type of a body is declared for that status, and every header that is not one
// of the origin's global headers is declared for that status. The suite-wide check
// (conformance-preload.ts) runs it on every response a test fetches; OpenApiContract.check adds the body.

type Json = Record<string, any>;

/**
 * The headers every answer of the origin may carry, whatever its operation, so no operation declares
 * them: HTTP framing, the security headers and the request id (one root hook, src/http/security-headers.ts),
 * the discovery Link header (every answer; an operation that adds links of its own still declares Link),
 * CORS (one global policy) and Vary. Everything else (RateLimit-*, Retry-After, WWW-Authenticate,
 * Deprecation, Sunset, ETag, Cache-Control, Pragma, Location, Allow…) is the operation's to declare.
 */
export const GLOBAL_HEADERS: ReadonlySet<string> = new Set([
  'date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-type',
  ...Object.keys(securityHeaders('https://origin.example')), REQUEST_ID_HEADER,
  'link', 'vary',
]);

const isGlobal = (name: string) => GLOBAL_HEADERS.has(name) || name.startsWith('access-control-');

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The operation a request reaches, by the document's path templates; undefined when it documents none. */
export function findOperation(document: Json, method: string, path: string): Json | undefined {
  const wanted = method.toLowerCase();
  if (!METHODS.has(wanted)) return undefined;
  // The router ignores one trailing slash (routerOptions.ignoreTrailingSlash).
  const normalized = path.length > 1 ? path.replace(/\/$/, '') : path;
  for (const [template, item] of Object.entries((document.paths ?? {}) as Json)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(normalized)) return (item as Json)[wanted];
  }
  return undefined;
}

/** The response object a status reaches: its own, its range (4XX), or default. */
export function documentedResponse(operation: Json, status: number): Json | undefined {
  const responses = (operation.responses ?? {}) as Json;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  /** HEAD requests have no body whatever their headers say. */
  method: string;
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  const [type, subtype] = declared.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

function hasBody({ status, headers, method }: ObservedResponse): boolean {
  if (method.toUpperCase() === 'HEAD' || status === 204 || status === 304) return false;
  return headers.get('content-length') !== '0';
}

/** What in a response its operation does not declare; empty when it conforms. */
export function conformanceViolations(operation: Json, response: ObservedResponse): string[] {
  const documented = documentedResponse(operation, response.status);
  if (!documented) return [`status ${response.status} is not declared`];
  const violations: string[] = [];
  const contentType = response.headers.get('content-type');
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
  if (hasBody(response)) {
    const declared = Object.keys(documented.content ?? {});
    if (!mediaType) violations.push('a body without Content-Type');
    else if (!declared.some((type) => mediaTypeMatches(type, mediaType))) {
      violations.push(`media type ${mediaType} is not declared (declared: ${declared.join(', ') || 'no body'})`);
    }
  }
  const declaredHeaders = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
  for (const name of response.headers.keys()) {
    if (!isGlobal(name) && !declaredHeaders.has(name)) violations.push(`header ${name} is not declared`);
  }
  return violations;
}
