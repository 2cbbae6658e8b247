import { ACCESS_TOKEN_LIFETIME_SECONDS, CLOCK_TOLERANCE_SECONDS, type AccessTokenClaims, type GrantType } from '../contract/oauth.js';
import type { ClientRegistrationRequest } from '../contract/oauth-schemas.js';
import type { Clock } from '../lib/clock.js';
import { AuthenticatedClients, type ClientCredentials } from './client-auth.js';
import { OAuthError } from './errors.js';
import type { OAuthEvents } from './events.js';
import type { ClientMetadata, ClientRecord, ClientStore, RevocationStore } from './ports.js';
import { clientMetadataOf, operatorClientMetadata, type OperatorClientRequest } from './registration.js';
import { TOKEN_ACCEPTED_MS } from './revocations.js';
import { parseScope } from './scopes.js';
import { hashSecret, newClientId, newClientSecret } from './secrets.js';
import { TokenRejected } from './token-rejection.js';
import type { AccessTokens } from './tokens.js';

export interface GrantsDeps {
  clients: ClientStore;
  revocations: RevocationStore;
  tokens: AccessTokens;
  clock: Clock;
  /** Told of every token issued (metrics). */
  events?: OAuthEvents;
}

export interface IssuedToken {
  token: string;
  scope: string;
  expiresIn: number;
  /** The token's exp. */
  expiresAt: Date;
}

/** The requested scope, within what the client registered; none requested means all it registered. */
function grantedScope(requested: string | undefined, client: ClientRecord): string {
  // A registered scope is already parsed and de-duplicated (registration.ts), so asking for exactly it,
  // as most clients do, grants it without parsing it again.
  if (requested === undefined || requested === client.metadata.scope) return client.metadata.scope;
  const scopes = parseScope(requested);
  const allowed = client.metadata.scope.split(' ');
  if (!scopes || scopes.length === 0 || !scopes.every((s) => allowed.includes(s))) {
    throw new OAuthError('invalid_scope', `The scope must be made of values registered for this client: ${client.metadata.scope}.`);
  }
  return scopes.join(' ');
}

/**
 * The authorization server's use cases: registering clients, issuing, introspecting and revoking their
 * tokens, revoking a client. The ownership rules live here: a client sees and revokes its own tokens
 * only, and about anyone else's learns nothing (RFC 7662 §2.2, RFC 7009 §2.1).
 */
export class Grants {
  private readonly authenticated: AuthenticatedClients;

  constructor(private readonly deps: GrantsDeps) {
    this.authenticated = new AuthenticatedClients(deps.clients, deps.revocations, deps.clock);
  }

  /** RFC 7591: the stored client and its secret, which exists only in this answer (the store keeps a hash). */
  async register(request: ClientRegistrationRequest): Promise<{ client: ClientRecord; secret: string }> {
    return this.create(clientMetadataOf(request));
  }

  /**
   * A client the studio's operators create (`studio clients add`), which may be given the scopes that
   * registration refuses; its secret exists only in this answer, as a registered client's.
   */
  async addClient(request: OperatorClientRequest): Promise<{ client: ClientRecord; secret: string }> {
    return this.create(operatorClientMetadata(request));
  }

  private async create(metadata: ClientMetadata): Promise<{ client: ClientRecord; secret: string }> {
    const secret = newClientSecret();
    const client: ClientRecord = { clientId: newClientId(), secretHash: hashSecret(secret), metadata, createdAt: this.deps.clock(), revokedAt: null };
    await this.deps.clients.create(client);
    return { client, secret };
  }

  authenticate(credentials: ClientCredentials): Promise<ClientRecord> {
    return this.authenticated.verify(credentials);
  }

  /** A token for an authenticated client, for a grant type and scope it registered (RFC 6749 §4.4). */
  async issue(client: ClientRecord, request: { grantType: GrantType; scope?: string }): Promise<IssuedToken> {
    if (!client.metadata.grant_types.includes(request.grantType)) {
      throw new OAuthError('unauthorized_client', `This client is not registered for ${request.grantType}.`);
    }
    const scope = grantedScope(request.scope, client);
    const { token, claims } = await this.deps.tokens.issue(client.clientId, scope);
    this.deps.events?.tokenIssued();
    return { token, scope, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS, expiresAt: new Date(claims.exp * 1000) };
  }

  /** The claims of the caller's own active token; undefined for any other token, whoever's it is. */
  async introspect(client: ClientRecord, token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const claims = await this.deps.tokens.verify(token);
      return claims.client_id === client.clientId ? claims : undefined;
    } catch (error) {
      if (error instanceof TokenRejected) return undefined;
      throw error;
    }
  }

  /** Revokes the caller's own active token; any other token is left alone, and the caller is not told. */
  async revoke(client: ClientRecord, token: string): Promise<void> {
    const claims = await this.introspect(client, token);
    if (!claims) return;
    await this.deps.revocations.revokeToken(claims.jti, (claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000);
    await this.deps.revocations.purge(this.deps.clock());
  }

  /** The client can no longer authenticate, and every token it holds is refused; false when there is no such client. */
  async revokeClient(clientId: string): Promise<boolean> {
    const now = this.deps.clock();
    if (!(await this.deps.clients.markRevoked(clientId, now))) return false;
    this.authenticated.forget(clientId);
    await this.deps.revocations.revokeClient(clientId, now + TOKEN_ACCEPTED_MS);
    return true;
  }

  /** One client by its id, revoked or not: the web inbox names the client an inquiry's token belonged to. */
  findClient(clientId: string): Promise<ClientRecord | undefined> {
    return this.deps.clients.find(clientId);
  }

  listClients(): Promise<ClientRecord[]> {
    return this.deps.clients.list();
  }
}
