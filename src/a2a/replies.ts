import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { refusalOf } from '../agent-tools/agent-tools.js';
import type { ApiError } from '../contract/errors.js';

// The agent's answers in the SDK's types: a message for what is answered at once (a skill's result, the
// help), a task in the failed state for a refusal, so a client can tell the two apart by kind alone.

export const dataPart = (value: Record<string, unknown>): Part =>
  ({ content: { $case: 'data', value }, mediaType: 'application/json', filename: '', metadata: undefined });

export const textPart = (text: string): Part =>
  ({ content: { $case: 'text', value: text }, mediaType: 'text/plain', filename: '', metadata: undefined });

/** Where the answer belongs: the request's context, and its task when the answer is one. */
export interface ReplyTo {
  contextId: string;
  taskId: string;
}

function agentMessage(parts: Part[], contextId: string, taskId = ''): Message {
  return { messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** An answer given at once: no task is created for it (A2A: "a task id only if a task was created"). */
export function messageReply(parts: Part[], to: ReplyTo): Message {
  return agentMessage(parts, to.contextId);
}

/** What to do about a refusal, in a sentence a model can act on: the message, the hint, and the wait when there is one. */
function refusalText(error: ApiError): string {
  const wait = error.retryAfterSeconds === undefined ? '' : ` Retry after ${error.retryAfterSeconds} seconds.`;
  return `${error.code}: ${error.message} ${error.hint}${wait}`;
}

/** A refusal as a task that failed at once: its status message says what to fix and carries the REST Error object. */
export function failedTask(error: ApiError, to: ReplyTo, timestamp: string): Task {
  const message = agentMessage([textPart(refusalText(error)), dataPart(refusalOf(error))], to.contextId, to.taskId);
  return {
    id: to.taskId,
    contextId: to.contextId,
    status: { state: TaskState.TASK_STATE_FAILED, message, timestamp },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
}
