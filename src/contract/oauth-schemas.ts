import { Type, type Static } from 'typebox';
import { ACCESS_TOKEN_LIFETIME_SECONDS, AGENT_CREDENTIAL_TYPES, AGENT_IDENTITY_TYPES, ANONYMOUS_AGENT_NAME, CLIENT_AUTH_METHODS, DEFAULT_SCOPES, GRANT_TYPES, OPERATOR_SCOPES, REGISTRATION_SCOPES, SCOPES, type Scope } from './oauth.js';
import { StringEnum } from './schema-helpers.js';
import { HTTP_URL_PATTERN, SINGLE_LINE_PATTERN, TRIM_KEYWORD } from './text-rules.js';

// Contract, "OAuth client registration", "Token response", "OAuth endpoints": the shapes of the OAuth
// endpoints (RFC 7591, 6749, 7662, 7009). They are the validators of those endpoints too; the OAuth
// surface (src/oauth/http/) turns a failed rule into the RFC error code of its endpoint.

const scopeList = (scopes: readonly Scope[]) => scopes.map((scope) => `${scope} (${SCOPES[scope]})`).join('; ');
const scopeDescription = `Space-separated scopes: ${scopeList(Object.keys(SCOPES) as Scope[])}.`;
const registrationScopeDescription = `Space-separated scopes: ${scopeList(REGISTRATION_SCOPES)}. `
  + `Refused here (invalid_client_metadata): ${OPERATOR_SCOPES.join(', ')}, which only the studio's operators grant.`;

export const OAuthErrorBody = Type.Object({
  error: Type.String({ description: 'RFC 6749 §5.2 / RFC 7591 §3.2.2 error code.' }),
  error_description: Type.Optional(Type.String()),
}, { title: 'OAuthError' });

/** Longest client_name a registration may carry (also the column's size). */
export const CLIENT_NAME_MAX_LENGTH = 200;

// RFC 7591 §2: metadata with a URL value; only http(s) URLs, which is more than the `uri` format says.
const httpUrl = (description: string) => Type.Optional(Type.String({ format: 'uri', pattern: HTTP_URL_PATTERN, description }));

/**
 * The RFC 7591 metadata we honour. Fields we do not know are ignored (§2). Fields we know but cannot
 * honour for a client_credentials client (redirect_uris, response_types, jwks, jwks_uri,
 * software_statement) are refused with their own error code by the registration use case.
 */
export const ClientRegistrationRequest = Type.Object({
  client_name: Type.String({
    [TRIM_KEYWORD]: true, minLength: 1, maxLength: CLIENT_NAME_MAX_LENGTH, pattern: SINGLE_LINE_PATTERN,
    description: 'A name for your agent, on one line.',
  }),
  grant_types: Type.Optional(Type.Array(StringEnum(GRANT_TYPES), { minItems: 1, description: `Default: ${GRANT_TYPES.join(', ')}.` })),
  token_endpoint_auth_method: Type.Optional(StringEnum(CLIENT_AUTH_METHODS, { description: `Default: ${CLIENT_AUTH_METHODS[0]}.` })),
  scope: Type.Optional(Type.String({ description: `${registrationScopeDescription} Default: ${DEFAULT_SCOPES.join(' ')}.` })),
  client_uri: httpUrl('A page about your agent.'),
  logo_uri: httpUrl('Your agent\'s logo.'),
  tos_uri: httpUrl('Your agent\'s terms of service.'),
  policy_uri: httpUrl('Your agent\'s privacy policy.'),
  software_id: Type.Optional(Type.String({ maxLength: CLIENT_NAME_MAX_LENGTH })),
  software_version: Type.Optional(Type.String({ maxLength: CLIENT_NAME_MAX_LENGTH })),
}, { title: 'ClientRegistrationRequest' });
export type ClientRegistrationRequest = Static<typeof ClientRegistrationRequest>;

export const ClientRegistrationResponse = Type.Object({
  client_id: Type.String(),
  client_secret: Type.String({ description: 'Shown once; only its hash is stored.' }),
  client_id_issued_at: Type.Integer(),
  client_secret_expires_at: Type.Integer({ description: '0: the secret does not expire.' }),
  client_name: Type.String(),
  grant_types: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.String(),
  scope: Type.String(),
}, { title: 'ClientRegistrationResponse', additionalProperties: true });

/**
 * The auth.md convention's registration request: an identity type instead of RFC 7591 metadata. It is
 * an adapter over the same registration (the same name and scope rules), so only those two may be named.
 */
export const AgentRegistrationRequest = Type.Object({
  type: StringEnum(AGENT_IDENTITY_TYPES, { description: 'The identity the agent registers with: anonymous (no user behind it).' }),
  client_name: Type.Optional(Type.String({ ...ClientRegistrationRequest.properties.client_name, description: `A name for your agent, on one line. Default: ${ANONYMOUS_AGENT_NAME}.` })),
  scope: ClientRegistrationRequest.properties.scope,
}, { title: 'AgentRegistrationRequest' });
export type AgentRegistrationRequest = Static<typeof AgentRegistrationRequest>;

export const AgentRegistrationResponse = Type.Object({
  registration_id: Type.String({ description: 'The registration: the client_id of the client it created.' }),
  registration_type: StringEnum(AGENT_IDENTITY_TYPES),
  credential_type: StringEnum(AGENT_CREDENTIAL_TYPES),
  credential: Type.String({ description: 'An access token to send as Authorization: Bearer, like one from the token endpoint.' }),
  credential_expires: Type.String({ format: 'date-time', description: `When the credential expires (${ACCESS_TOKEN_LIFETIME_SECONDS} seconds after issue).` }),
  scopes: Type.Array(Type.String()),
  client_id: Type.String({ description: 'Get the next token with these client credentials at token_endpoint.' }),
  client_secret: Type.String({ description: 'Shown once; only its hash is stored.' }),
  token_endpoint: Type.String({ format: 'uri' }),
}, { title: 'AgentRegistrationResponse' });

// The form parameters of the token, introspection and revocation endpoints: each sent at most once
// (RFC 6749 §3.2), and one sent without a value counts as omitted (§3.1).

/** client_secret_post (RFC 6749 §2.3.1): the credentials as form parameters instead of HTTP Basic. */
const clientSecretPost = {
  client_id: Type.Optional(Type.String({ description: 'client_secret_post only.' })),
  client_secret: Type.Optional(Type.String({ description: 'client_secret_post only.' })),
};

export const TokenRequest = Type.Object({
  grant_type: StringEnum(GRANT_TYPES),
  scope: Type.Optional(Type.String({ description: `${scopeDescription} Default: all the client was given.` })),
  ...clientSecretPost,
}, { title: 'TokenRequest' });
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object({
  access_token: Type.String({ description: 'EdDSA-signed JWT (RFC 9068).' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: `Lifetime in seconds (${ACCESS_TOKEN_LIFETIME_SECONDS}).` }),
  scope: Type.String(),
}, { title: 'TokenResponse' });

export const TokenParameter = Type.Object({
  token: Type.String(),
  token_type_hint: Type.Optional(Type.String()),
  ...clientSecretPost,
}, { title: 'TokenParameter' });
export type TokenParameter = Static<typeof TokenParameter>;

export const IntrospectionResponse = Type.Object({
  active: Type.Boolean(),
  scope: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  sub: Type.Optional(Type.String()),
  aud: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  iat: Type.Optional(Type.Integer()),
  jti: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.String()),
}, { title: 'IntrospectionResponse' });

export const Jwks = Type.Object({
  keys: Type.Array(Type.Object({ kty: Type.String(), crv: Type.String(), x: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() })),
}, { title: 'JWKS' });
