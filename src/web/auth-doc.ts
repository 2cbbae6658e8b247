import {
  ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_LIFETIME_SECONDS, DEFAULT_SCOPES, isOperatorScope, OAUTH_METADATA_PATHS, OAUTH_PATHS, OPERATOR_SCOPES,
  protectedResourceMetadataPath, SCOPES,
} from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { mdCell } from './markdown.js';
import type { SiteContext } from './site-context.js';

// /auth.md: how an agent gets and uses a token, from the contract's OAuth paths, scopes and lifetime.
export function authMarkdown(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const url = (path: string) => `${base}${path}`;
  const scopes = Object.entries(SCOPES).map(([scope, what]) =>
    `| \`${scope}\` | ${mdCell(what)} | ${isOperatorScope(scope) ? 'the studio\'s operators only' : 'registration'} |`);
  const operatorScopes = OPERATOR_SCOPES.map((s) => `\`${s}\``).join(', ');
  const { register, token: tokenPolicy } = RATE_LIMIT_POLICIES;
  const { token } = OAUTH_PATHS;
  const { agentAuth } = OAUTH_PATHS;
  return [
    '# auth.md',
    `You are an agent. This is how you get and use a credential for ${base}. Tokens are optional: every public operation works `
      + 'without an Authorization header; a token only identifies your agent to the studio. '
      + `The one exception is the read API of the received inquiries (\`${PATHS.inquiries}\`), for the studio's own tools: it requires a token `
      + `with ${operatorScopes}, which only the studio's operators grant, to clients they create. `
      + `The resource server and the authorization server are both \`${base}\`. Registration is anonymous: no user, no claim step.`,
    '## 1. Discover',
    `A \`401\` carries \`WWW-Authenticate: Bearer resource_metadata="${url(OAUTH_METADATA_PATHS.protectedResource)}"\`; without one, fetch that `
      + `address (RFC 9728): it names the authorization server. The MCP endpoint has its own, \`${url(protectedResourceMetadataPath(PATHS.mcp))}\` `
      + `(its \`resource\` the endpoint's URL), which a \`401\` of \`${PATHS.mcp}\` names. The authorization server's metadata (RFC 8414) is at \`${url(OAUTH_METADATA_PATHS.authorizationServer)}\`; `
      + `its \`agent_auth\` member names this guide (\`skill\`), the \`register_uri\` and, per identity type, the credential types you can get.`,
    '## 2. Register your agent',
    `No human approval. Limited to ${register.limit} registrations per ${register.windowSeconds / 60} minutes ${register.scope}, whichever of the two ways you use.`,
    `**The auth.md way**: \`POST ${url(agentAuth)}\` with \`{"type": "anonymous"}\` (optionally \`client_name\` and \`scope\`). `
      + 'The answer carries an access token at once (`credential`, with `credential_expires` and `scopes`) and the `client_id`, `client_secret` and '
      + '`token_endpoint` that renew it.',
    ['```sh', `curl -s -X POST ${url(agentAuth)} -H 'Content-Type: application/json' -d '{"type": "anonymous", "client_name": "my-agent"}'`, '```'].join('\n'),
    `**The RFC 7591 way**: \`POST ${url(OAUTH_PATHS.register)}\` with your client metadata.`,
    ['```sh', `curl -s -X POST ${url(OAUTH_PATHS.register)} -H 'Content-Type: application/json' \\`,
      `  -d '{"client_name": "my-agent", "grant_types": ["client_credentials"]}'`, '```'].join('\n'),
    'Either answer carries `client_id` and `client_secret`. The secret is shown once, at registration: store it.',
    '## 3. Get an access token',
    `Client credentials grant at \`POST ${url(token)}\`, the client authenticated with HTTP Basic (client_id and client_secret), `
      + 'or with `client_id` and `client_secret` as form fields. '
      + `Limited to ${tokenPolicy.limit} requests per ${tokenPolicy.windowSeconds} seconds ${tokenPolicy.scope}.`,
    ['```sh', `curl -s -X POST ${url(token)} -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials`, '```'].join('\n'),
    `The answer has \`access_token\`, \`token_type\`, \`expires_in\` and \`scope\`. The token is a JWT signed with ${ACCESS_TOKEN_ALGORITHM}, `
      + `issuer \`${base}\`, valid for ${ACCESS_TOKEN_LIFETIME_SECONDS} seconds (${ACCESS_TOKEN_LIFETIME_SECONDS / 3600} hour). `
      + `Its verification key is published at \`${url(OAUTH_PATHS.jwks)}\`. Request a new token when it expires.`,
    '## Scopes',
    ['| Scope | Meaning | Granted by |', '|---|---|---|', ...scopes].join('\n'),
    `A client is registered with ${DEFAULT_SCOPES.map((s) => `\`${s}\``).join(', ')} unless its registration names fewer in \`scope\`; `
      + 'a token carries the client\'s scopes unless the token request asks for a subset with `scope`. '
      + `A registration that names ${operatorScopes} is refused (\`invalid_client_metadata\`), and a self-registered client asking for it `
      + 'at the token endpoint gets `invalid_scope`.',
    `Only the read API of the inquiries requires a scope. Without a token it answers \`401\` (code \`token_required\`), `
      + `with a token that lacks ${operatorScopes} \`403\` (code \`insufficient_scope\`); both carry a \`WWW-Authenticate: Bearer\` challenge `
      + 'naming the scope and the protected resource metadata.',
    '## 4. Use the token',
    ['```sh', `curl -s ${url(PATHS.projects)} -H "Authorization: Bearer $ACCESS_TOKEN"`, '```'].join('\n'),
    'When a Bearer token is invalid or expired, the answer is `401` with a `WWW-Authenticate: Bearer` challenge (`error="invalid_token"`, '
      + '`resource_metadata` naming the protected resource metadata). '
      + 'Get a new token, or call again without the Authorization header.',
    '## Introspection and revocation',
    `Validate a token at \`POST ${url(OAUTH_PATHS.introspect)}\` (RFC 7662) and revoke it at \`POST ${url(OAUTH_PATHS.revoke)}\` (RFC 7009); `
      + 'both take the token as the `token` form field and require your client credentials (HTTP Basic).',
    '## Metadata',
    `- Authorization server metadata (RFC 8414): \`${url(OAUTH_METADATA_PATHS.authorizationServer)}\``,
    `- Protected resource metadata (RFC 9728): \`${url(OAUTH_METADATA_PATHS.protectedResource)}\``,
  ].join('\n\n') + '\n';
}
