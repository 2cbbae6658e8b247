import { A2A_PROTOCOL_VERSION, AgentCard } from '@a2a-js/sdk';
import type { Catalog } from '../catalog/catalog.js';
import { API_DOCUMENT_VERSION } from '../contract/api.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS, REGISTRATION_SCOPES, SCOPES } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import type { SkillDefinition } from './skills.js';

// The agent card (A2A 1.0, the SDK's revision): who the agent is, where its JSON-RPC endpoint is, and
// its skills. The SDK's own types build it, and its serializer writes the JSON the well-known address
// serves, so the card is the very object the request handler is given.

/** The media types of the skills' parts: structured calls and answers, and plain text for the help. */
const JSON_MODE = 'application/json';
const TEXT_MODE = 'text/plain';

/** The name of the card's one security scheme. */
const OAUTH_SCHEME = 'oauth2';

export interface AgentCardOptions {
  baseUrl: string;
  catalog: Catalog;
  skills: readonly SkillDefinition[];
}

/**
 * Tokens are optional, as everywhere on this API: the scheme says how to get one (self-registration, then
 * client_credentials), and the second, empty requirement is the OpenAPI way to say "or none".
 */
function security(baseUrl: string): Pick<AgentCard, 'securitySchemes' | 'securityRequirements'> {
  const scopes = Object.fromEntries(REGISTRATION_SCOPES.map((scope) => [scope, SCOPES[scope]]));
  return {
    securitySchemes: {
      [OAUTH_SCHEME]: {
        scheme: {
          $case: 'oauth2SecurityScheme',
          value: {
            description: 'Optional: every skill works without a token. An agent that wants an identity registers itself '
              + `(POST ${baseUrl}${OAUTH_PATHS.register}), then sends "Authorization: Bearer <token>"; an invalid token is refused with 401.`,
            flows: { flow: { $case: 'clientCredentials', value: { tokenUrl: baseUrl + OAUTH_PATHS.token, refreshUrl: '', scopes } } },
            oauth2MetadataUrl: baseUrl + OAUTH_METADATA_PATHS.authorizationServer,
          },
        },
      },
    },
    securityRequirements: [{ schemes: { [OAUTH_SCHEME]: { list: [] } } }, { schemes: {} }],
  };
}

export function agentCard({ baseUrl, catalog, skills }: AgentCardOptions): AgentCard {
  const { site } = catalog;
  return {
    name: site.name,
    description: `${site.description} This agent lists the studio's portfolio and services, delivers project inquiries to its inbox and books consultations with it.`,
    supportedInterfaces: [{ url: baseUrl + PATHS.a2a, protocolBinding: 'JSONRPC', protocolVersion: A2A_PROTOCOL_VERSION, tenant: '' }],
    provider: { organization: site.name, url: baseUrl },
    version: API_DOCUMENT_VERSION,
    documentationUrl: baseUrl + PATHS.developers,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false, extensions: [] },
    ...security(baseUrl),
    defaultInputModes: [JSON_MODE, TEXT_MODE],
    defaultOutputModes: [JSON_MODE, TEXT_MODE],
    skills: skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: skill.tags,
      examples: skill.examples.map((example) => JSON.stringify(example)),
      inputModes: [JSON_MODE],
      outputModes: [JSON_MODE, TEXT_MODE],
      securityRequirements: [],
    })),
    signatures: [],
  };
}

/** The card as its well-known address serves it: the SDK's JSON form. */
export function agentCardJson(card: AgentCard): unknown {
  return AgentCard.toJSON(card);
}
