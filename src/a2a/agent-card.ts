import { A2A_PROTOCOL_VERSION, AgentCard } from '@a2a-js/sdk';
import type { Catalog } from '../catalog/catalog.js';
import type { OperationName } from '../agent-tools/operations.js';
import { API_DOCUMENT_VERSION } from '../contract/api.js';
import { BOOKING_POLICY } from '../contract/consultation.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS, REGISTRATION_SCOPES, SCOPES } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import type { SkillDefinition } from './skills.js';
import { TASK_TTL_SECONDS } from './task-store.js';

// The agent card (A2A 1.0, the SDK's revision): who the agent is, where its JSON-RPC endpoint is, and
// its skills; and the extended card a caller with a token gets (GetExtendedAgentCard). The SDK's own
// types build them, and its serializer writes the JSON that is signed and served, so the public card is
// the very object the request handler is given.

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
 * client_credentials). The card names no security requirement, which says that none is needed: the
 * OpenAPI way of saying "a token or none", an empty requirement beside the scheme's, cannot be signed so
 * that the SDKs verify it (their canonical form drops empty objects; src/a2a/card-signature.ts).
 */
function security(baseUrl: string): Pick<AgentCard, 'securitySchemes' | 'securityRequirements'> {
  const scopes = Object.fromEntries(REGISTRATION_SCOPES.map((scope) => [scope, SCOPES[scope]]));
  return {
    securitySchemes: {
      [OAUTH_SCHEME]: {
        scheme: {
          $case: 'oauth2SecurityScheme',
          value: {
            description: 'Optional: every skill works without a token; GetExtendedAgentCard requires one. An agent that wants an identity registers itself '
              + `(POST ${baseUrl}${OAUTH_PATHS.register}), then sends "Authorization: Bearer <token>"; an invalid token is refused with 401.`,
            flows: { flow: { $case: 'clientCredentials', value: { tokenUrl: baseUrl + OAUTH_PATHS.token, refreshUrl: '', scopes } } },
            oauth2MetadataUrl: baseUrl + OAUTH_METADATA_PATHS.authorizationServer,
          },
        },
      },
    },
    securityRequirements: [],
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
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: true, extensions: [] },
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

/**
 * What a bearer token changes for a caller of this agent, and nothing else: its identity is recorded where
 * the studio sees it, holds count per client, and refusals kept for GetTask are its own. Rate limits and
 * the skills' answers stay the same, and no skill asks for a scope.
 */
const WITH_A_TOKEN = 'A caller with a bearer token is known by its OAuth client: the skills answer as they do without one, '
  + 'under the same rate limits (counted per client IP address, token or not), and none requires a scope. '
  + 'What the token adds: an inquiry it submits is stored with its client, which the studio\'s inbox shows beside the inquiry; '
  + `a consultation it books or holds records its client as the caller, so its live holds (at most ${BOOKING_POLICY.maxHoldsPerCaller}) count per client instead of per IP address; `
  + `and a refusal kept as a task for GetTask (${TASK_TTL_SECONDS / 60} minutes) is answered to that client only, where an anonymous caller's is answered to anyone who has its id.`;

/** The same, said on the skills it concerns. */
const SKILL_WITH_A_TOKEN: Partial<Record<OperationName, string>> = {
  submit_inquiry: 'With a bearer token, the inquiry is stored with your OAuth client, and the studio\'s inbox shows it.',
  book_consultation: `With a bearer token, the booking records your OAuth client as its caller: your live holds (at most ${BOOKING_POLICY.maxHoldsPerCaller}) count per client, not per IP address.`,
};

/** The card GetExtendedAgentCard answers a caller with a valid token: the public card, with what the token adds. */
export function extendedAgentCard(card: AgentCard): AgentCard {
  return {
    ...card,
    description: `${card.description} ${WITH_A_TOKEN}`,
    skills: card.skills.map((skill) => {
      const added = SKILL_WITH_A_TOKEN[skill.id as OperationName];
      return added ? { ...skill, description: `${skill.description} ${added}` } : skill;
    }),
  };
}

/** The card as its well-known address serves it: the SDK's JSON form (ProtoJSON: fields at their default left out). */
export function agentCardJson(card: AgentCard): Record<string, unknown> {
  return AgentCard.toJSON(card) as Record<string, unknown>;
}
