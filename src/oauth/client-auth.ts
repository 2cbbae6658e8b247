import type { CLIENT_AUTH_METHODS } from '../contract/oauth.js';
import { OAuthError } from './errors.js';
import type { ClientRecord, ClientStore } from './ports.js';
import { hashSecret, secretMatches } from './secrets.js';

/** What a client presented, and how (RFC 6749 §2.3.1); reading it off a request is the surface's job. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  method: (typeof CLIENT_AUTH_METHODS)[number];
}

// Compared against when the client is unknown, so that unknown and wrong secrets take the same time.
const DUMMY_HASH = hashSecret('no such client');

/**
 * The client these credentials prove, or invalid_client. Unknown, revoked and wrong-secret clients all
 * read the same and take the same time. A client authenticates only with the token_endpoint_auth_method
 * it registered (RFC 7591 §2), which is said only to a caller that has proven the secret.
 */
export async function verifyClient(clients: ClientStore, { clientId, clientSecret, method }: ClientCredentials): Promise<ClientRecord> {
  const client = await clients.find(clientId);
  const matches = secretMatches(clientSecret, client?.secretHash ?? DUMMY_HASH);
  if (!client || !matches || client.revokedAt !== null) throw new OAuthError('invalid_client', 'Client authentication failed.');
  const registered = client.metadata.token_endpoint_auth_method;
  if (method !== registered) {
    throw new OAuthError('invalid_client', `This client is registered for ${registered}; authenticate with that method, not ${method}.`);
  }
  return client;
}
