import type { onRequestHookHandler } from 'fastify';
import { ApiError } from '../../contract/errors.js';
import { OAUTH_METADATA_PATHS, type Scope } from '../../contract/oauth.js';

/**
 * The operations of a context require a bearer token carrying `scope` (RFC 6750 §3). An onRequest hook
 * of that context, so it runs after the API's bearer hook (which has refused an invalid token with 401
 * invalid_token and set `request.tokenScopes` for a valid one) and before the query is read: a caller
 * without the scope learns nothing from the route but that it exists.
 *
 * No token: 401 token_required, a challenge without an error attribute (none was sent, §3.1). A token
 * without the scope: 403 insufficient_scope. Both challenges name the scope and the resource metadata
 * (RFC 9728 §5.1), where a client finds the authorization server.
 */
export function requireScope(issuer: string, scope: Scope): onRequestHookHandler {
  const realm = `realm="${issuer}"`;
  const rest = `scope="${scope}", resource_metadata="${issuer}${OAUTH_METADATA_PATHS.protectedResource}"`;
  return (request, _reply, done) => {
    if (request.tokenScopes === undefined) {
      return done(new ApiError('token_required', {
        message: `This operation requires a bearer token with the scope ${scope}.`,
        headers: { 'WWW-Authenticate': `Bearer ${realm}, ${rest}` },
      }));
    }
    if (!request.tokenScopes.includes(scope)) {
      return done(new ApiError('insufficient_scope', {
        message: `The bearer token does not carry the scope ${scope}.`,
        headers: { 'WWW-Authenticate': `Bearer ${realm}, error="insufficient_scope", ${rest}` },
      }));
    }
    done();
  };
}
