import type { CLIENT_AUTH_METHODS } from '../contract/oauth.js';
import type { Clock } from '../lib/clock.js';
import { OAuthError } from './errors.js';
import type { ClientRecord, ClientStore, RevocationStore } from './ports.js';
import { TOKEN_ACCEPTED_MS } from './revocations.js';
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

/** Clients kept; past this the one authenticated longest ago is dropped (registration is open, so the set is not ours to bound). */
const CLIENTS_KEPT = 4_096;

/**
 * verifyClient without a store read for a client that authenticated lately: every token request looked
 * its client row up (a query and a JSON parse, a tenth of the endpoint's time). A client row never changes
 * but for its revocation, and a revocation is also recorded in the RevocationStore for TOKEN_ACCEPTED_MS,
 * which bearer verification already trusts (exact on SQLite, pushed on PostgreSQL, the store itself while
 * a feed is not synced). So a kept client is used only while that record would still be in force had it
 * been revoked after it was kept: for TOKEN_ACCEPTED_MS, after which the row is read again.
 * Only a presented secret that matches the kept hash, with the registered method, is answered from here;
 * anything else takes verifyClient's path, so a wrong secret reads and takes the same time as an unknown client.
 */
export class AuthenticatedClients {
  private readonly kept = new Map<string, { client: ClientRecord; until: number }>();

  constructor(private readonly clients: ClientStore, private readonly revocations: RevocationStore, private readonly clock: Clock) {}

  async verify(credentials: ClientCredentials): Promise<ClientRecord> {
    const now = this.clock();
    const entry = this.kept.get(credentials.clientId);
    if (entry && entry.until > now && credentials.method === entry.client.metadata.token_endpoint_auth_method
      && secretMatches(credentials.clientSecret, entry.client.secretHash)) {
      if (!(await this.revocations.isClientRevoked(entry.client.clientId, now))) return entry.client;
      this.forget(entry.client.clientId);
    }
    const client = await verifyClient(this.clients, credentials);
    this.keep(client, now);
    return client;
  }

  /** This instance revoked the client: its next request reads the row. */
  forget(clientId: string): void {
    this.kept.delete(clientId);
  }

  private keep(client: ClientRecord, now: number): void {
    this.kept.delete(client.clientId);
    if (this.kept.size >= CLIENTS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(client.clientId, { client, until: now + TOKEN_ACCEPTED_MS });
  }
}
