import type { SkillWords } from '../agent-tools/operation.js';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../agent-tools/operations.js';

// The agent operations (src/agent-tools) as A2A skills: one message carries one call, a data part (JSON
// object) whose "skill" names the operation and whose other members are its arguments, the very arguments
// of the MCP tools. The card's skills and the plain-text help are both written from here.

/** The member of a data part that names the skill; every other member is an argument. */
export const SKILL_MEMBER = 'skill';

export interface SkillDefinition {
  id: OperationName;
  name: string;
  description: string;
  tags: string[];
  /** Data parts that call the skill, as the card's examples show them. */
  examples: Array<Record<string, unknown>>;
}

const call = (id: OperationName, args: Record<string, unknown>) => ({ [SKILL_MEMBER]: id, ...args });

/** The arguments a skill takes, named from the schema it is checked against. */
function argumentsOf(id: OperationName): string {
  const names = Object.keys(OPERATIONS[id].arguments.properties);
  return names.length === 0 ? 'no arguments' : `the arguments ${names.map((n) => `"${n}"`).join(', ')}`;
}

const CALLING = 'Call it with a message holding one data part (application/json), a JSON object: ';
const FAILING = 'A refusal is a task in the failed state: its status message says what to fix (a text part) and carries the REST API\'s '
  + 'Error object (a data part: ok false, code, error, hint, and field or retry_after_seconds when they apply).';

function wordsOf(id: OperationName): SkillWords {
  return { call: (more = '') => `${CALLING}{"${SKILL_MEMBER}": "${id}"${more}}`, arguments: argumentsOf(id), refusal: FAILING };
}

export function skillDefinitions(studio: string): SkillDefinition[] {
  return OPERATION_NAMES.map((id) => {
    const { title, skill, examples } = OPERATIONS[id];
    return {
      id,
      name: title(studio),
      description: skill.description(studio, wordsOf(id)),
      tags: [...skill.tags],
      examples: examples.map((args) => call(id, args)),
    };
  });
}

/** Plain questions the agent understands, as the help shows them (test/agent-tools/plain-questions.test.ts holds them to it). */
export const PLAIN_EXAMPLES = [
  'Which projects have you built in the Hamptons?',
  'What do you do?',
  'How do I start a project?',
  'I\'d like to build in Miami, about $5M, we own the lot, I\'m ana@example.com',
];

/** The answer to a message in words that is not understood: what the agent does and how to ask. */
export function helpText(studio: string, cardUrl: string, skills: readonly SkillDefinition[]): string {
  return [
    `This is the agent of ${studio}. It answers plain questions in a text part about the portfolio (by region, place or kind of work), `
      + 'the services, and how to start a project, and takes a project inquiry told in words (asking for what is missing in an input-required task). '
      + `For example: ${PLAIN_EXAMPLES.map((q) => `"${q}"`).join(', ')}.`,
    `It also answers structured requests: send a message with one data part (application/json), `
      + `a JSON object whose "${SKILL_MEMBER}" names one of these skills, its arguments beside it:`,
    ...skills.map((skill) => `- ${skill.id}: ${skill.name}. For example ${JSON.stringify(skill.examples[0])}`),
    `Each skill, its arguments and its answer are described in the agent card: ${cardUrl}`,
  ].join('\n');
}
