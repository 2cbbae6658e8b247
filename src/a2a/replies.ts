import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { refusalOf } from '../agent-tools/agent-tools.js';
import { isObject } from '../lib/is-object.js';
import type { ApiError } from '../contract/errors.js';

// The agent's answers in the SDK's types: a message for what is answered at once (a skill's result, a plain
// question's answer, the help), a task in the failed state for a refusal, so a client can tell the two apart
// by kind alone; and the one conversation, an inquiry told in words: a task in the input-required state
// until its fields are all given, then completed (or failed) with the inquiry's answer.

/** The text of a message's text parts, one per line. */
export const textOf = (parts: readonly Part[]): string =>
  parts.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('\n');

/** The JSON objects of a message's data parts, in order (a data part of any other JSON is no call and no fields). */
export const dataOf = (parts: readonly Part[]): Array<Record<string, unknown>> =>
  parts.flatMap((part) => {
    const value: unknown = part.content?.$case === 'data' ? part.content.value : undefined;
    return isObject(value) ? [value] : [];
  });

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

/** A task in a state, its status message of these parts. */
function taskOf(state: TaskState, parts: Part[], to: ReplyTo, timestamp: string): Task {
  const message = agentMessage(parts, to.contextId, to.taskId);
  return { id: to.taskId, contextId: to.contextId, status: { state, message, timestamp }, artifacts: [], history: [], metadata: undefined };
}

/** A refusal as a task that failed at once: its status message says what to fix and carries the REST Error object. */
export function failedTask(error: ApiError, to: ReplyTo, timestamp: string): Task {
  return taskOf(TaskState.TASK_STATE_FAILED, [textPart(refusalText(error)), dataPart(refusalOf(error))], to, timestamp);
}

/** A task waiting for the client: its status message asks in words and carries what is needed as data. */
export function inputRequiredTask(text: string, data: Record<string, unknown>, to: ReplyTo, timestamp: string): Task {
  return taskOf(TaskState.TASK_STATE_INPUT_REQUIRED, [textPart(text), dataPart(data)], to, timestamp);
}

/** A task done: its status message holds the answer. */
export function completedTask(text: string, data: Record<string, unknown>, to: ReplyTo, timestamp: string): Task {
  return taskOf(TaskState.TASK_STATE_COMPLETED, [textPart(text), dataPart(data)], to, timestamp);
}
