import { AgentEvent, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import type { Task } from '@a2a-js/sdk';
import type { AgentTools } from '../agent-tools/agent-tools.js';
import { answerQuestion, missingText, type AnswerContext } from '../agent-tools/plain-answers.js';
import { answerFieldsIn, inquiryFieldsOf, mergeFields, missingFields, type CheckedFields, type InquiryFields } from '../agent-tools/plain-inquiry.js';
import { understandQuestion } from '../agent-tools/plain-questions.js';
import { ApiError } from '../contract/errors.js';
import { isObject } from '../lib/is-object.js';
import { callOf } from './call-context.js';
import { completedTask, dataOf, dataPart, failedTask, inputRequiredTask, messageReply, textOf, textPart, type ReplyTo } from './replies.js';

// Messages in words (a text part and no skill call): a question answered at once with a message, an
// inquiry told in words kept as a task in the input-required state until its fields are all given, then
// submitted as the submit_inquiry skill submits (channel a2a, the same validation and inquiry bucket).
// What the inquiry has gathered so far travels in the task's own status message (data part "collected"),
// so the task store holds all of it, and the client sees what was understood.

export interface PlainTextDeps {
  tools: AgentTools;
  answers: AnswerContext;
  /** The answer to what is not understood. */
  help: string;
  now(): string;
}

/** The data member of an input-required status that holds the fields gathered so far. */
const COLLECTED = 'collected';

/** The fields an input-required task gathered, read back from its status message. */
function collectedOf(task: Task): InquiryFields {
  const collected = dataOf(task.status?.message?.parts ?? []).map((data) => data[COLLECTED]).find(isObject) ?? {};
  return mergeFields({}, collected).fields;
}

export class PlainText {
  constructor(private readonly deps: PlainTextDeps) {}

  /** A first message in words: the answer, an inquiry's first turn, or the help. */
  async answer(request: RequestContext, bus: ExecutionEventBus, to: ReplyTo): Promise<void> {
    const text = textOf(request.userMessage.parts);
    const intent = understandQuestion(text, this.deps.answers.vocabulary);
    if (intent.kind === 'inquiry') return this.gather(mergeFields({}, intent.fields), request, bus, to);
    const answer = answerQuestion(intent, this.deps.answers);
    const parts = answer ? [textPart(answer.text), dataPart(answer.data)] : [textPart(this.deps.help)];
    bus.publish(AgentEvent.message(messageReply(parts, to)));
  }

  /** A follow-up in the inquiry's task: the fields of its data parts and of its words, over those gathered. */
  async continue(task: Task, request: RequestContext, bus: ExecutionEventBus, to: ReplyTo): Promise<void> {
    const collected = collectedOf(task);
    const stillMissing = missingFields({ fields: collected, problems: {} }).map((m) => m.field);
    const { parts } = request.userMessage;
    const given = {
      ...answerFieldsIn(textOf(parts), this.deps.answers.vocabulary, stillMissing),
      ...Object.assign({}, ...dataOf(parts).map(inquiryFieldsOf)) as Record<string, unknown>,
    };
    return this.gather(mergeFields(collected, given), request, bus, to);
  }

  /** Asks for what is missing (the task waits), or submits the inquiry once nothing is. */
  private async gather(checked: CheckedFields, request: RequestContext, bus: ExecutionEventBus, to: ReplyTo): Promise<void> {
    const missing = missingFields(checked);
    if (missing.length > 0) {
      const data = { answer: 'inquiry', [COLLECTED]: checked.fields, missing };
      bus.publish(AgentEvent.task(inputRequiredTask(missingText(missing, this.deps.answers.studio), data, to, this.deps.now())));
      return;
    }
    const call = callOf(request.context);
    try {
      const { value, rateLimit } = await this.deps.tools.run('submit_inquiry', checked.fields, call.caller);
      call.outcome = { rateLimit };
      const text = `Your inquiry is with ${this.deps.answers.studio}: the studio will answer by email at ${checked.fields.email}.`;
      // A first message that said everything is answered at once, as the skill is; a follow-up completes its task.
      bus.publish(request.task
        ? AgentEvent.task(completedTask(text, value, to, this.deps.now()))
        : AgentEvent.message(messageReply([textPart(text), dataPart(value)], to)));
    } catch (thrown) {
      if (!(thrown instanceof ApiError)) throw thrown;
      call.outcome = { rateLimit: thrown.rateLimit, retryAfterSeconds: thrown.retryAfterSeconds };
      bus.publish(AgentEvent.task(failedTask(thrown, to, this.deps.now())));
    }
  }
}
