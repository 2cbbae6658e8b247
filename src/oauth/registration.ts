import { CLIENT_AUTH_METHODS, DEFAULT_SCOPES, GRANT_TYPES } from '../contract/oauth.js';
import { CLIENT_NAME_MAX_LENGTH } from '../contract/oauth-schemas.js';
import type { ClientMetadata } from './client-store.js';
import { OAuthError } from './oauth-error.js';
import { parseScope } from './scopes.js';

// RFC 7591 §2: the metadata we honour. Fields we do not know are ignored (§2); fields we know but cannot
// honour for a client_credentials client are refused, never silently dropped.

// The documented limit of client_name; software_id and software_version are held to it too.
const NAME_MAX = CLIENT_NAME_MAX_LENGTH;
const URI_FIELDS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const;
const TEXT_FIELDS = ['software_id', 'software_version'] as const;

const invalid = (description: string) => new OAuthError('invalid_client_metadata', description);

function clientName(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0) throw invalid('client_name is required: a name for your agent.');
  // eslint-disable-next-line no-control-regex
  if (value.length > NAME_MAX || /[\u0000-\u001f\u007f]/.test(value)) throw invalid(`client_name must be at most ${NAME_MAX} characters, without control characters.`);
  return value.trim();
}

function grantTypes(value: unknown): string[] {
  if (value === undefined) return [...GRANT_TYPES];
  if (!Array.isArray(value) || value.length === 0 || value.some((g) => typeof g !== 'string')) {
    throw invalid('grant_types must be a non-empty array of strings.');
  }
  if (value.some((g) => !(GRANT_TYPES as readonly string[]).includes(g))) {
    throw invalid(`grant_types may only contain ${GRANT_TYPES.join(', ')}.`);
  }
  return [...new Set(value as string[])];
}

function authMethod(value: unknown): string {
  if (value === undefined) return CLIENT_AUTH_METHODS[0];
  if (typeof value !== 'string' || !(CLIENT_AUTH_METHODS as readonly string[]).includes(value)) {
    throw invalid(`token_endpoint_auth_method must be one of ${CLIENT_AUTH_METHODS.join(', ')}.`);
  }
  return value;
}

function scope(value: unknown): string {
  if (value === undefined) return DEFAULT_SCOPES.join(' ');
  if (typeof value !== 'string') throw invalid('scope must be a space-separated string.');
  const scopes = parseScope(value);
  if (!scopes) throw invalid('scope contains a value this server does not issue; see scopes_supported in the metadata.');
  return scopes.join(' ');
}

function httpUri(name: string, value: unknown): string {
  let url: URL | undefined;
  try { url = typeof value === 'string' ? new URL(value) : undefined; } catch { url = undefined; }
  if (!url || !['https:', 'http:'].includes(url.protocol)) throw invalid(`${name} must be an http(s) URL.`);
  return url.href;
}

function refuseUnusable(body: Record<string, unknown>): void {
  const redirects = body.redirect_uris;
  if (redirects !== undefined && !(Array.isArray(redirects) && redirects.length === 0)) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris are not used: this server issues client_credentials tokens only.');
  }
  const responses = body.response_types;
  if (responses !== undefined && !(Array.isArray(responses) && responses.length === 0)) {
    throw invalid('response_types must be empty: this server has no authorization endpoint.');
  }
  if (body.jwks !== undefined || body.jwks_uri !== undefined) throw invalid('jwks and jwks_uri are not used: clients authenticate with a client secret.');
  if (body.software_statement !== undefined) throw new OAuthError('unapproved_software_statement', 'Software statements are not accepted.');
}

/** Validates an RFC 7591 registration request into the metadata we store and echo. */
export function validateRegistration(body: unknown): ClientMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The body must be a JSON object of client metadata.');
  const fields = body as Record<string, unknown>;
  refuseUnusable(fields);
  const metadata: ClientMetadata = {
    client_name: clientName(fields.client_name),
    grant_types: grantTypes(fields.grant_types),
    token_endpoint_auth_method: authMethod(fields.token_endpoint_auth_method),
    scope: scope(fields.scope),
  };
  for (const name of URI_FIELDS) if (fields[name] !== undefined) metadata[name] = httpUri(name, fields[name]);
  for (const name of TEXT_FIELDS) {
    const value = fields[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > NAME_MAX) throw invalid(`${name} must be a string of at most ${NAME_MAX} characters.`);
    metadata[name] = value;
  }
  return metadata;
}
