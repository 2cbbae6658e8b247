import { OPERATION_TEXTS, TOOL_ARGUMENTS, type ToolName } from '../agent-tools/arguments.js';
import { EXAMPLE_INQUIRY, INQUIRY_POLICY, LOCATIONS } from '../contract/inquiry.js';
import { PATHS } from '../contract/paths.js';

// The three skills as A2A clients see them: one message carries one call, a data part (JSON object)
// whose "skill" names the operation and whose other members are its arguments, the very arguments of
// the MCP tools (src/agent-tools). The card's skills and the plain-text help are both written from here.

/** The member of a data part that names the skill; every other member is an argument. */
export const SKILL_MEMBER = 'skill';

export interface SkillDefinition {
  id: ToolName;
  name: string;
  description: string;
  tags: string[];
  /** Data parts that call the skill, as the card's examples show them. */
  examples: Array<Record<string, unknown>>;
}

const call = (id: ToolName, args: Record<string, unknown> = {}) => ({ [SKILL_MEMBER]: id, ...args });

/** The arguments a skill takes, named from the schema it is checked against. */
function argumentsOf(id: ToolName): string {
  const names = Object.keys(TOOL_ARGUMENTS[id].properties);
  return names.length === 0 ? 'no arguments' : `the arguments ${names.map((n) => `"${n}"`).join(', ')}`;
}

const CALLING = 'Call it with a message holding one data part (application/json), a JSON object: ';
const FAILING = 'A refusal is a task in the failed state: its status message says what to fix (a text part) and carries the REST API\'s '
  + 'Error object (a data part: ok false, code, error, hint, and field or retry_after_seconds when they apply).';

export function skillDefinitions(studio: string): SkillDefinition[] {
  return [
    {
      id: 'list_projects',
      name: `${studio} portfolio`,
      description: `The portfolio projects of ${studio}. ${CALLING}{"skill": "list_projects"}, with ${argumentsOf('list_projects')} as optional filters: `
        + `${OPERATION_TEXTS.regionFilter} and ${OPERATION_TEXTS.locationFilter}. The answer is a message with a data part: {"projects": [...]}, `
        + `the objects of GET ${PATHS.projects} `
        + `(slug, title, location, description, scope, the page URL, images). ${OPERATION_TEXTS.readLimit}`,
      tags: ['portfolio', 'projects', 'architecture', 'read-only'],
      examples: [call('list_projects'), call('list_projects', { region: LOCATIONS[0] }), call('list_projects', { location: 'Florida' })],
    },
    {
      id: 'list_services',
      name: `${studio} services`,
      description: `The services ${studio} offers. ${CALLING}{"skill": "list_services"}, ${argumentsOf('list_services')}. The answer is a message `
        + `with a data part: {"services": [...]}, the objects of GET ${PATHS.services} (slug, title, description, capabilities, the page URL). `
        + OPERATION_TEXTS.readLimit,
      tags: ['services', 'design-build', 'read-only'],
      examples: [call('list_services')],
    },
    {
      id: 'submit_inquiry',
      name: 'Submit a project inquiry',
      description: `Delivers a project inquiry to the ${studio} inbox, with the fields and rules of POST ${PATHS.contact}. ${CALLING}`
        + `{"skill": "submit_inquiry", ...} with ${argumentsOf('submit_inquiry')}. ${OPERATION_TEXTS.inquiryFields}`
        + `Optional idempotency_key: reuse it on a retry within ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours and the inquiry is stored once. `
        + 'The answer is a message with a data part {"ok": true}: the inquiry is stored and the studio will answer by email. '
        + OPERATION_TEXTS.inquiryLimit
        + FAILING,
      tags: ['inquiry', 'contact', 'lead'],
      examples: [call('submit_inquiry', { ...EXAMPLE_INQUIRY })],
    },
  ];
}

/** The answer to a message that calls no skill (plain text, or no data part): what the agent does and how to ask. */
export function helpText(studio: string, cardUrl: string, skills: readonly SkillDefinition[]): string {
  return [
    `This is the agent of ${studio}. It answers structured requests: send a message with one data part (application/json), `
      + `a JSON object whose "${SKILL_MEMBER}" names one of these skills, its arguments beside it:`,
    ...skills.map((skill) => `- ${skill.id}: ${skill.name}. For example ${JSON.stringify(skill.examples[0])}`),
    `Each skill, its arguments and its answer are described in the agent card: ${cardUrl}`,
  ].join('\n');
}
