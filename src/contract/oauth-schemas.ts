import { Type } from '@sinclair/typebox';
import { ACCESS_TOKEN_LIFETIME_SECONDS, CLIENT_AUTH_METHODS, GRANT_TYPES, SCOPES } from './oauth.js';
import { StringEnum } from './schema-helpers.js';

// Contract, "OAuth client registration", "Token response", "OAuth endpoints": the documented shapes of
// the OAuth endpoints (RFC 7591, 6749, 7662, 7009). The handlers validate by hand to answer RFC errors.

const scopeDescription = `Space-separated scopes: ${Object.entries(SCOPES).map(([s, d]) => `${s} (${d})`).join('; ')}`;

export const OAuthErrorBody = Type.Object({
  error: Type.String({ description: 'RFC 6749 §5.2 / RFC 7591 §3.2.2 error code.' }),
  error_description: Type.Optional(Type.String()),
}, { title: 'OAuthError' });

/** Longest client_name a registration may carry (also the column's size). */
export const CLIENT_NAME_MAX_LENGTH = 200;

export const ClientRegistrationRequest = Type.Object({
  client_name: Type.String({ maxLength: CLIENT_NAME_MAX_LENGTH }),
  grant_types: Type.Optional(Type.Array(StringEnum(GRANT_TYPES))),
  token_endpoint_auth_method: Type.Optional(StringEnum(CLIENT_AUTH_METHODS)),
  scope: Type.Optional(Type.String({ description: scopeDescription })),
  client_uri: Type.Optional(Type.String({ format: 'uri' })),
  logo_uri: Type.Optional(Type.String({ format: 'uri' })),
  tos_uri: Type.Optional(Type.String({ format: 'uri' })),
  policy_uri: Type.Optional(Type.String({ format: 'uri' })),
  software_id: Type.Optional(Type.String()),
  software_version: Type.Optional(Type.String()),
}, { title: 'ClientRegistrationRequest' });

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

export const TokenRequest = Type.Object({
  grant_type: Type.Literal('client_credentials'),
  scope: Type.Optional(Type.String({ description: scopeDescription })),
  client_id: Type.Optional(Type.String({ description: 'client_secret_post only.' })),
  client_secret: Type.Optional(Type.String({ description: 'client_secret_post only.' })),
}, { title: 'TokenRequest' });

export const TokenResponse = Type.Object({
  access_token: Type.String({ description: 'EdDSA-signed JWT (RFC 9068).' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: `Lifetime in seconds (${ACCESS_TOKEN_LIFETIME_SECONDS}).` }),
  scope: Type.String(),
}, { title: 'TokenResponse' });

export const TokenParameter = Type.Object({
  token: Type.String(),
  token_type_hint: Type.Optional(Type.String()),
}, { title: 'TokenParameter' });

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
