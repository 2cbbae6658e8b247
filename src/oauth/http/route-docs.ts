import { MAX_BODY_BYTES } from '../../contract/api.js';
import { OAuthErrorBody } from '../../contract/oauth-schemas.js';
import { RATE_LIMIT_HEADER_DOCS, RETRY_AFTER_DOC } from '../../http/route-docs.js';

// OpenAPI fragments the OAuth routes share: the headers of their answers, the OAuth error responses and
// the client authentication they require.

/** Every answer made by sendNoStoreJson or noStore (answers.ts): the token endpoint's and every OAuth error. */
export const NO_STORE_DOCS = {
  'Cache-Control': { type: 'string', description: 'no-store' },
  Pragma: { type: 'string', description: 'no-cache' },
} as const;

/** The headers of every answer of an endpoint that counts against a policy: RateLimit-* from the context's hook, then no-store. */
export const COUNTED_ANSWER_DOCS = { ...RATE_LIMIT_HEADER_DOCS, ...NO_STORE_DOCS } as const;

const oauthError = (description: string, headers: Record<string, object>) => ({ ...OAuthErrorBody, description, headers });

/** The OAuth error responses of the statuses an endpoint answers, each with the headers its every answer carries. */
export function oauthErrorResponses(statuses: number[], answerHeaders: Record<string, object> = COUNTED_ANSWER_DOCS): Record<number, object> {
  const all: Record<number, object> = {
    400: oauthError('RFC 6749 §5.2 / RFC 7591 §3.2.2 error: invalid_request, invalid_scope, unsupported_grant_type, unauthorized_client, '
      + 'invalid_client_metadata, invalid_redirect_uri.', answerHeaders),
    401: oauthError('invalid_client: client authentication failed or is missing.', {
      ...answerHeaders, 'WWW-Authenticate': { type: 'string', description: 'Basic realm="<issuer>", charset="UTF-8" (RFC 6749 §5.2, RFC 7617).' },
    }),
    413: oauthError(`invalid_request (invalid_client_metadata at registration): the body is over ${MAX_BODY_BYTES / 1024} KiB.`, answerHeaders),
    415: oauthError('invalid_request (invalid_client_metadata at registration): the body is of a media type this endpoint does not read.', answerHeaders),
    429: oauthError('temporarily_unavailable: rate limited.', { ...answerHeaders, 'Retry-After': RETRY_AFTER_DOC }),
    500: oauthError('server_error: something went wrong on our side.', answerHeaders),
    503: oauthError('temporarily_unavailable: the store is unreachable, or the service is overloaded.', { ...answerHeaders, 'Retry-After': RETRY_AFTER_DOC }),
  };
  return Object.fromEntries(statuses.map((s) => [s, all[s]!]));
}

/** The refusals of the endpoints that read a form and authenticate the client (token, introspection, revocation). */
export const CLIENT_FORM_STATUSES = [400, 401, 413, 415, 429, 500, 503];

/**
 * Client authentication on the token, introspection and revocation endpoints: client_secret_basic (the
 * clientSecretBasic scheme) or client_secret_post, whose credentials are fields of the form body. OpenAPI
 * has no security scheme for credentials in a body, so client_secret_post is the empty alternative ({}):
 * no scheme, the body's client_id and client_secret instead, as the operation's description says.
 */
export const CLIENT_AUTH_SECURITY: Array<Record<string, string[]>> = [{ clientSecretBasic: [] }, {}];

export const CLIENT_AUTH_DESCRIPTION = 'The client authenticates with the method it registered (token_endpoint_auth_method), never both: '
  + 'client_secret_basic, HTTP Basic with client_id and client_secret (the clientSecretBasic scheme), or client_secret_post, '
  + 'client_id and client_secret as fields of this form body and no Authorization header (OpenAPI has no security scheme '
  + 'for credentials in a body: that is the empty security alternative).';
