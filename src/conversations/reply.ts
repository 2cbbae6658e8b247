import { randomUUID } from 'node:crypto';
import { MAX_REPLY_TEXT_LENGTH } from '../contract/conversation.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { inquirySubject } from '../inquiries/notifiers/render.js';
import type { OutgoingReply } from '../inquiries/ports.js';
import type { Clock } from '../lib/clock.js';
import { replyMessageId } from './message-ids.js';
import type { ConversationStore, NewMessage, ReplyContext } from './ports.js';
import { newReplyToken, replyToAddress } from './reply-token.js';

// An operator's answer to the homeowner, written in the inbox: stored on the conversation and queued on
// the `reply` channel in one transaction (src/inquiries/notifiers/reply.ts sends it through the outbox,
// retried, its state the job's). Every header is fixed here, so a retry sends the same mail and the
// homeowner's answer finds its way back: a stable Message-ID, In-Reply-To and References naming the
// conversation so far, and Reply-To carrying the inquiry's token when INBOUND_EMAIL_ADDRESS is set.

/** The reply channel as the configuration turns it on (SMTP_URL and INBOX_EMAIL_FROM). */
export interface ReplyChannel {
  /** INBOX_EMAIL_FROM. */
  from: string;
  /** INBOUND_EMAIL_ADDRESS, when answers are taken in. */
  inboundAddress: string | undefined;
}

export interface ReplyDeps {
  conversations: Pick<ConversationStore, 'queueReply'>;
  /** Undefined: replies are off (SMTP_URL or INBOX_EMAIL_FROM unset). */
  channel: ReplyChannel | undefined;
  clock: Clock;
  /** Asks the outbox worker to send it now. */
  wake(): void;
}

export type ReplyOutcome = 'queued' | 'empty' | 'too_long' | 'not_configured' | 'not_found';

/** "Re: " once, whatever the subject answered already had. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The mail of one reply, from what the store read under the inquiry's lock. */
export function writeReply(
  context: ReplyContext, channel: ReplyChannel, reply: { id: string; text: string; author: string; at: number },
): { message: NewMessage; reply: OutgoingReply } {
  const { inquiry, thread } = context;
  const ids = thread.map((m) => m.messageId).filter((id): id is string => id !== null);
  const last = thread[thread.length - 1];
  const subject = replySubject(last ? last.subject : inquirySubject(inquiry));
  const messageId = replyMessageId(reply.id, channel.from);
  const outgoing: OutgoingReply = {
    messageId, to: inquiry.email, subject, text: reply.text,
    inReplyTo: ids[ids.length - 1], references: ids,
    replyTo: channel.inboundAddress ? replyToAddress(channel.inboundAddress, context.token) : undefined,
  };
  return {
    reply: outgoing,
    message: {
      id: reply.id, direction: 'out', at: reply.at, from: channel.from, to: inquiry.email, subject, text: reply.text,
      messageId, inReplyTo: outgoing.inReplyTo, references: ids, author: reply.author, contact: comparableAddress(inquiry.email), attachments: [],
    },
  };
}

/** Queues an operator's reply to the inquirer; `author` is the operator's address. */
export async function sendReply(deps: ReplyDeps, inquiryId: string, text: string, author: string): Promise<ReplyOutcome> {
  const body = text.replace(/\r\n?/g, '\n').trim();
  if (body === '') return 'empty';
  if (body.length > MAX_REPLY_TEXT_LENGTH) return 'too_long';
  const channel = deps.channel;
  if (!channel) return 'not_configured';
  const reply = { id: randomUUID(), text: body, author, at: deps.clock() };
  const queued = await deps.conversations.queueReply(inquiryId, newReplyToken(), (context) => writeReply(context, channel, reply));
  if (!queued) return 'not_found';
  deps.wake();
  return 'queued';
}
