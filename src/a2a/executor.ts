import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import type { Part } from '@a2a-js/sdk';
import type { AgentTools } from '../agent-tools/agent-tools.js';
import { isOperationName, OPERATION_NAMES } from '../agent-tools/operations.js';
import { ApiError } from '../contract/errors.js';
import type { Clock } from '../lib/clock.js';
import { isObject } from '../lib/is-object.js';
import type { Logger } from '../lib/logger.js';
import { callOf } from './call-context.js';
import { dataPart, failedTask, messageReply, textPart, type ReplyTo } from './replies.js';
import { SKILL_MEMBER } from './skills.js';

// The agent's logic, as the SDK's request handler runs it: read the call out of the message, run the
// agent operation, publish one answer. It never throws: the SDK would answer a throw with a failed task
// carrying the error's own message, and log it to the console.

export interface SkillExecutorDeps {
  tools: AgentTools;
  /** The answer to a message that calls no skill. */
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
  for (const part of parts) {
    const value: unknown = part.content?.$case === 'data' ? part.content.value : undefined;
    if (!isObject(value)) continue;
    const { [SKILL_MEMBER]: name, ...args } = value;
    return { name, args };
  }
  return undefined;
}

const unknownSkill = (name: unknown) => new ApiError('invalid_request', {
  message: typeof name === 'string' ? `There is no skill "${name}".` : `The data part names no skill: its "${SKILL_MEMBER}" member must be a string.`,
  hint: `Name one of the skills of the agent card in "${SKILL_MEMBER}": ${OPERATION_NAMES.join(', ')}.`,
  field: SKILL_MEMBER,
});

export class SkillExecutor implements AgentExecutor {
  constructor(private readonly deps: SkillExecutorDeps) {}

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const to: ReplyTo = { contextId: request.contextId, taskId: request.taskId };
    const call = skillCallOf(request.userMessage.parts);
    // One answer, published before returning: the handler then closes the bus (the task, if any, is terminal).
    if (call) await this.run(call, request, bus, to);
    else bus.publish(AgentEvent.message(messageReply([textPart(this.deps.help)], to)));
  }

  /** Nothing runs long enough to be canceled: every task is over when it is created. */
  async cancelTask(): Promise<void> {}

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
      bus.publish(AgentEvent.task(failedTask(error, to, new Date(this.deps.clock()).toISOString())));
    }
  }

  private unexpected(error: unknown, skill: unknown): ApiError {
    this.deps.log.error({ err: error, skill: isOperationName(skill) ? skill : undefined }, 'a2a skill failed');
    return new ApiError('internal_error');
  }
}
