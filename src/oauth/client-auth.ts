import type { FastifyRequest } from 'fastify';
import type { CLIENT_AUTH_METHODS } from '../contract/oauth.js';
import type { ClientRecord, ClientStore } from './client-store.js';
import { OAuthError } from './oauth-error.js';
import { hashSecret, secretMatches } from './secrets.js';

interface Credentials {
  clientId: string;
  clientSecret: string;
  method: (typeof CLIENT_AUTH_METHODS)[number];
}

// Compared against when the client is unknown, so that unknown and wrong secrets take the same time.
const DUMMY_HASH = hashSecret('no such client');

/** RFC 6749 §2.3.1: the id and secret are form-url-encoded before Basic encoding, so decode them here. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    throw new OAuthError('invalid_request', 'The client credentials in the Authorization header are not form-url-encoded.');
  }
}

function basicCredentials(header: string, challenge: string): Omit<Credentials, 'method'> {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (!match) throw invalidClient('The Authorization header must use the Basic scheme with client_id and client_secret.', challenge);
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('The Basic credentials must be client_id:client_secret.', challenge);
  return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
}

/** Reads client_secret_basic or client_secret_post credentials; exactly one method may be used. */
function credentialsOf(request: FastifyRequest, params: Record<string, string>, challenge: string): Credentials {
  const header = request.headers.authorization;
  if (header) {
    if (params.client_secret !== undefined) throw new OAuthError('invalid_request', 'Use one client authentication method, not both.');
    const credentials = basicCredentials(header, challenge);
    if (params.client_id !== undefined && params.client_id !== credentials.clientId) {
      throw new OAuthError('invalid_request', 'The client_id parameter does not match the Authorization header.');
    }
    return { ...credentials, method: 'client_secret_basic' };
  }
  if (params.client_id !== undefined && params.client_secret !== undefined) {
    return { clientId: params.client_id, clientSecret: params.client_secret, method: 'client_secret_post' };
  }
  throw invalidClient('Client authentication is required (HTTP Basic with client_id and client_secret).', challenge);
}

export function invalidClient(description: string, challenge: string): OAuthError {
  return new OAuthError('invalid_client', description, { headers: { 'WWW-Authenticate': challenge } });
}

/**
 * Authenticates the calling client; unknown, revoked and wrong-secret clients all read the same. A client
 * authenticates only with the token_endpoint_auth_method it registered (RFC 7591 §2), on every endpoint
 * that authenticates clients; said only to a caller that has proven the secret.
 */
export async function authenticateClient(
  request: FastifyRequest, params: Record<string, string>, clients: ClientStore, challenge: string,
): Promise<ClientRecord> {
  const { clientId, clientSecret, method } = credentialsOf(request, params, challenge);
  const client = await clients.find(clientId);
  const matches = secretMatches(clientSecret, client?.secretHash ?? DUMMY_HASH);
  if (!client || !matches || client.revokedAt !== null) throw invalidClient('Client authentication failed.', challenge);
  const registered = client.metadata.token_endpoint_auth_method;
  if (method !== registered) throw invalidClient(`This client is registered for ${registered}; authenticate with that method, not ${method}.`, challenge);
  return client;
}
