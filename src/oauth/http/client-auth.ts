import type { FastifyRequest, preHandlerAsyncHookHandler, preValidationHookHandler } from 'fastify';
import type { ClientCredentials } from '../client-auth.js';
import { OAuthError } from '../errors.js';
import type { Grants } from '../grants.js';
import type { ClientRecord } from '../ports.js';
import { parameterError, readOAuthForm, type FormParameters } from './form.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client that authenticated this request (token, introspection and revocation endpoints). */
    oauthClient?: ClientRecord;
  }
}

/** RFC 6749 §2.3.1: the id and secret are form-url-encoded before Basic encoding, so decode them here. */
function formDecode(value: string): string {
  // Secrets we issue are base64url and ids hex: nothing to decode, the common case skips the work.
  if (!value.includes('%') && !value.includes('+')) return value;
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    throw new OAuthError('invalid_request', 'The client credentials in the Authorization header are not form-url-encoded.');
  }
}

function basicCredentials(header: string): Omit<ClientCredentials, 'method'> {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (!match) throw new OAuthError('invalid_client', 'The Authorization header must use the Basic scheme with client_id and client_secret.');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The Basic credentials must be client_id:client_secret.');
  return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
}

/** client_secret_basic or client_secret_post credentials; exactly one method may be used. */
function credentialsOf(request: FastifyRequest, params: FormParameters): ClientCredentials {
  const header = request.headers.authorization;
  if (header) {
    if (params.client_secret !== undefined) throw new OAuthError('invalid_request', 'Use one client authentication method, not both.');
    const credentials = basicCredentials(header);
    if (params.client_id !== undefined && params.client_id !== credentials.clientId) {
      throw new OAuthError('invalid_request', 'The client_id parameter does not match the Authorization header.');
    }
    return { ...credentials, method: 'client_secret_basic' };
  }
  if (params.client_id !== undefined && params.client_secret !== undefined) {
    return { clientId: params.client_id, clientSecret: params.client_secret, method: 'client_secret_post' };
  }
  throw new OAuthError('invalid_client', 'Client authentication is required (HTTP Basic with client_id and client_secret).');
}

/**
 * The preHandler of every endpoint that authenticates clients: it reads the credentials, has the grants
 * use case check them, and hands the route the client as request.oauthClient. Runs after readOAuthForm,
 * so the body is already the form's parameters.
 */
export function clientAuthentication(grants: Grants): preHandlerAsyncHookHandler {
  return async (request) => {
    request.oauthClient = await grants.authenticate(credentialsOf(request, request.body as FormParameters));
  };
}

/** The route options of an endpoint that authenticates clients with a form body, in RFC 6749's order (see form.ts). */
export interface ClientFormRoute {
  preValidation: preValidationHookHandler;
  /** Schema failures wait until the client has authenticated; the handler reads them through authenticatedClient. */
  attachValidation: true;
  preHandler: preHandlerAsyncHookHandler;
}

export function clientFormRoute(grants: Grants): ClientFormRoute {
  return { preValidation: readOAuthForm, attachValidation: true, preHandler: clientAuthentication(grants) };
}

/** In the handler: the authenticated client, once the form parameters are known to pass the route's schema. */
export function authenticatedClient(request: FastifyRequest): ClientRecord {
  if (!request.oauthClient) throw new Error(`${request.routeOptions.url ?? 'this route'} has no client authentication preHandler`);
  const invalid = parameterError(request);
  if (invalid) throw invalid;
  return request.oauthClient;
}
