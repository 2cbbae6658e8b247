import { OAuthErrorBody } from '../../contract/oauth-schemas.js';
import { RATE_LIMIT_HEADER_DOCS, RETRY_AFTER_DOC } from '../../http/route-docs.js';

// OpenAPI fragments the OAuth routes share: the no-store headers, the OAuth error responses and the
// client authentication they require.

export const NO_STORE_DOCS = {
  'Cache-Control': { type: 'string', description: 'no-store' },
  Pragma: { type: 'string', description: 'no-cache' },
} as const;

const oauthError = (description: string, headers: Record<string, object> = {}) => ({
  ...OAuthErrorBody, description, headers: { ...RATE_LIMIT_HEADER_DOCS, ...headers },
});

export function oauthErrorResponses(statuses: number[]): Record<number, object> {
  const all: Record<number, object> = {
    400: oauthError('RFC 6749 §5.2 / RFC 7591 §3.2.2 error: invalid_request, invalid_scope, unsupported_grant_type, unauthorized_client, invalid_client_metadata, invalid_redirect_uri.'),
    401: oauthError('invalid_client: client authentication failed or is missing.', { 'WWW-Authenticate': { type: 'string' } }),
    429: oauthError('temporarily_unavailable: rate limited.', { 'Retry-After': RETRY_AFTER_DOC }),
    503: oauthError('temporarily_unavailable: the store is unreachable.', { 'Retry-After': RETRY_AFTER_DOC }),
  };
  return Object.fromEntries(statuses.map((s) => [s, all[s]!]));
}

/** Client authentication on the token, introspection and revocation endpoints. */
export const CLIENT_AUTH_SECURITY = [{ clientSecretBasic: [] }];
