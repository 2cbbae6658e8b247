import { ApiError } from '../contract/errors.js';
import { ClientRegistrationRequest } from '../contract/oauth-schemas.js';
import { CLIENT_AUTH_METHODS, DEFAULT_SCOPES, GRANT_TYPES, isOperatorScope, REGISTRATION_SCOPES, SCOPES } from '../contract/oauth.js';
import { validate } from '../contract/validator.js';
import { OAuthError } from './errors.js';
import type { ClientMetadata } from './ports.js';
import { parseScope } from './scopes.js';

// RFC 7591 registration rules that are not field shapes (those are ClientRegistrationRequest's, checked
// by the contract's validator before these run): metadata we refuse with its own error code, defaults,
// and values we store in a normal form. And the metadata of the clients the studio's operators create.

const URI_FIELDS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const;
const TEXT_FIELDS = ['software_id', 'software_version'] as const;

const invalid = (description: string) => new OAuthError('invalid_client_metadata', description);

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/**
 * Metadata we know but cannot honour for a client_credentials client is refused, never silently
 * dropped. Checked on the raw body before its shape, so that these specific codes win over a shape error.
 */
export function refuseUnusableMetadata(body: Record<string, unknown>): void {
  if (body.redirect_uris !== undefined && !isEmptyList(body.redirect_uris)) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris are not used: this server issues client_credentials tokens only.');
  }
  if (body.response_types !== undefined && !isEmptyList(body.response_types)) {
    throw invalid('response_types must be empty: this server has no authorization endpoint.');
  }
  if (body.jwks !== undefined || body.jwks_uri !== undefined) throw invalid('jwks and jwks_uri are not used: clients authenticate with a client secret.');
  if (body.software_statement !== undefined) throw new OAuthError('unapproved_software_statement', 'Software statements are not accepted.');
}

function scope(value: string | undefined): string {
  if (value === undefined) return DEFAULT_SCOPES.join(' ');
  const scopes = parseScope(value);
  if (!scopes) throw invalid('scope contains a value this server does not issue; see scopes_supported in the metadata.');
  const reserved = scopes.filter(isOperatorScope);
  if (reserved.length > 0) {
    throw invalid(`scope ${reserved.join(' ')} cannot be registered for: only the studio's operators grant it, to clients they create. `
      + `A registration may name: ${REGISTRATION_SCOPES.join(' ')}.`);
  }
  return scopes.join(' ');
}

/** The URL as stored and echoed (WHATWG-serialized); the schema has checked it is an http(s) URI. */
function normalUrl(name: string, value: string): string {
  // The `uri` format admits a few strings the URL parser refuses (a port above 65535, for one).
  if (!URL.canParse(value)) throw invalid(`${name} must be an http(s) URL.`);
  return new URL(value).href;
}

/** The metadata to store and echo, from a request that has passed ClientRegistrationRequest. */
export function clientMetadataOf(request: ClientRegistrationRequest): ClientMetadata {
  const metadata: ClientMetadata = {
    client_name: request.client_name,
    grant_types: [...new Set(request.grant_types ?? GRANT_TYPES)],
    token_endpoint_auth_method: request.token_endpoint_auth_method ?? CLIENT_AUTH_METHODS[0],
    scope: scope(request.scope),
  };
  for (const name of URI_FIELDS) {
    const value = request[name];
    if (value !== undefined) metadata[name] = normalUrl(name, value);
  }
  for (const name of TEXT_FIELDS) {
    const value = request[name];
    if (value !== undefined) metadata[name] = value;
  }
  return metadata;
}

/** What an operator gives `studio clients add`: a name, and the scopes (default: the self-service defaults). */
export interface OperatorClientRequest {
  client_name: string;
  scope?: string;
}

/**
 * A client the studio's operators create: confidential (client_secret_basic), client_credentials, and any
 * known scope, the operators' own included. The name follows the registration's rules (one schema).
 */
export function operatorClientMetadata(request: OperatorClientRequest): ClientMetadata {
  let checked: ClientRegistrationRequest;
  try {
    checked = validate<ClientRegistrationRequest>(ClientRegistrationRequest, { client_name: request.client_name });
  } catch (error) {
    if (error instanceof ApiError) throw invalid(error.message);
    throw error;
  }
  const scopes = request.scope === undefined ? DEFAULT_SCOPES : parseScope(request.scope);
  if (!scopes) throw invalid(`scope must be made of known scopes: ${Object.keys(SCOPES).join(' ')}.`);
  if (scopes.length === 0) throw invalid('scope names no scope; leave it out for the defaults.');
  return {
    client_name: checked.client_name,
    grant_types: [...GRANT_TYPES],
    token_endpoint_auth_method: CLIENT_AUTH_METHODS[0],
    scope: scopes.join(' '),
  };
}
