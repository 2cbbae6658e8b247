import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import type { Part } from '@a2a-js/sdk';
import type { AgentTools } from '../agent-tools/agent-tools.js';
import type { AnswerContext } from '../agent-tools/plain-answers.js';
import { isOperationName, OPERATION_NAMES } from '../agent-tools/operations.js';
import { ApiError } from '../contract/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { callOf } from './call-context.js';
import { PlainText } from './plain-text.js';
import { dataOf, dataPart, failedTask, messageReply, type ReplyTo } from './replies.js';
import { SKILL_MEMBER } from './skills.js';

// The agent's logic, as the SDK's request handler runs it: read the call out of the message, run the
// agent operation (or understand the words: plain-text.ts), publish one answer. It never throws: the SDK
// would answer a throw with a failed task carrying the error's own message, and log it to the console.

export interface SkillExecutorDeps {
  tools: AgentTools;
  /** What plain questions are answered from: the catalog's words, the studio, the addresses. */
  answers: AnswerContext;
  /** The answer to a message in words that is not understood. */
  help: string;
  clock: Clock;
  log: Logger;
}

/** A skill call read from a message: the skill's name and its arguments (every other member of the data part). */
interface SkillCall {
  name: unknown;
  args: Record<string, unknown>;
}

/** The first data part of the message that is a JSON object: one message carries one call. */
function skillCallOf(parts: readonly Part[]): SkillCall | undefined {
  const [value] = dataOf(parts);
  if (!value) return undefined;
  const { [SKILL_MEMBER]: name, ...args } = value;
  return { name, args };
}

const unknownSkill = (name: unknown) => new ApiError('invalid_request', {
  message: typeof name === 'string' ? `There is no skill "${name}".` : `The data part names no skill: its "${SKILL_MEMBER}" member must be a string.`,
  hint: `Name one of the skills of the agent card in "${SKILL_MEMBER}": ${OPERATION_NAMES.join(', ')}.`,
  field: SKILL_MEMBER,
});

export class SkillExecutor implements AgentExecutor {
  private readonly plainText: PlainText;

  constructor(private readonly deps: SkillExecutorDeps) {
    this.plainText = new PlainText({ tools: deps.tools, answers: deps.answers, help: deps.help, now: () => this.now() });
  }

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const to: ReplyTo = { contextId: request.contextId, taskId: request.taskId };
    // One answer, published before returning: the handler then closes the bus. The only task that is not
    // over when it is published is an inquiry told in words (input-required): a message naming it continues it.
    try {
      if (request.task) return await this.plainText.continue(request.task, request, bus, to);
      const call = skillCallOf(request.userMessage.parts);
      if (call) return await this.run(call, request, bus, to);
      return await this.plainText.answer(request, bus, to);
    } catch (thrown) {
      bus.publish(AgentEvent.task(failedTask(this.unexpected(thrown, undefined), to, this.now())));
    }
  }

  /** Nothing runs long enough to be canceled: a task waiting for input ends when the client answers it, or expires. */
  async cancelTask(): Promise<void> {}

  private now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  private async run({ name, args }: SkillCall, request: RequestContext, bus: ExecutionEventBus, to: ReplyTo): Promise<void> {
    const a2aCall = callOf(request.context);
    try {
      if (!isOperationName(name)) throw unknownSkill(name);
      const { value, rateLimit } = await this.deps.tools.run(name, args, a2aCall.caller);
      a2aCall.outcome = { rateLimit };
      bus.publish(AgentEvent.message(messageReply([dataPart(value)], to)));
    } catch (thrown) {
      const error = thrown instanceof ApiError ? thrown : this.unexpected(thrown, name);
      a2aCall.outcome = { rateLimit: error.rateLimit, retryAfterSeconds: error.retryAfterSeconds };
      bus.publish(AgentEvent.task(failedTask(error, to, this.now())));
    }
  }

  private unexpected(error: unknown, skill: unknown): ApiError {
    this.deps.log.error({ err: error, skill: isOperationName(skill) ? skill : undefined }, 'a2a message failed');
    return new ApiError('internal_error');
  }
}
