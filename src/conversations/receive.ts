import { randomUUID } from 'node:crypto';
import { comparableAddress } from '../inquiries/email-address.js';
import type { NotificationChannel } from '../inquiries/ports.js';
import type { Clock } from '../lib/clock.js';
import { parseInboundMessage, type InboundMessage, type Mailbox } from './inbound-message.js';
import { threadIds } from './message-ids.js';
import type { ConversationStore, NewMessage } from './ports.js';
import { tokenIn } from './reply-token.js';

// The homeowner's answer, as one raw message (POST /inbound/email once its signature holds, or
// `studio inbox receive` from a pipe): read, matched to its inquiry by the reply token among its
// recipients, else by In-Reply-To/References against the conversation's Message-IDs, and filed whole
// (the quoted history is trimmed only when shown). A message that matches nothing is filed unmatched:
// the inbox's Unmatched view shows it, and an operator files it on its inquiry. Never dropped.

export interface ReceiveDeps {
  conversations: Pick<ConversationStore, 'fileInbound' | 'inquiryOfToken' | 'inquiryOfMessageIds' | 'inboundWithMessageId'>;
  /** The channels told of an answer (the webhook, when configured). */
  notify: readonly NotificationChannel[];
  clock: Clock;
  /** Asks the outbox worker to tell them now. */
  wake?(): void;
}

export interface Received {
  id: string;
  /** The inquiry it joined; null: unmatched. */
  inquiryId: string | null;
  /** How it was matched. */
  matchedBy: 'token' | 'thread' | null;
  /** It was filed before (the same Message-ID): nothing new was stored. */
  duplicate: boolean;
}

/** At most this many References are looked up: a long conversation's newest are the likeliest, and a header may be huge. */
const MAX_THREAD_IDS = 100;
const UNNAMED_ATTACHMENT = 'attachment';

function mailboxText(mailbox: Mailbox): string {
  return mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address;
}

async function matchOf(deps: ReceiveDeps, parsed: InboundMessage): Promise<Pick<Received, 'inquiryId' | 'matchedBy'>> {
  const recipients = [...parsed.to, ...parsed.cc].map((m) => m.address).concat(parsed.deliveredTo);
  const token = tokenIn(recipients);
  const byToken = token === undefined ? undefined : await deps.conversations.inquiryOfToken(token);
  if (byToken) return { inquiryId: byToken, matchedBy: 'token' };
  const byThread = await deps.conversations.inquiryOfMessageIds(threadIds(parsed.inReplyTo, parsed.references).slice(0, MAX_THREAD_IDS));
  return byThread ? { inquiryId: byThread, matchedBy: 'thread' } : { inquiryId: null, matchedBy: null };
}

function newMessage(parsed: InboundMessage, at: number): NewMessage {
  return {
    id: randomUUID(), direction: 'in', at,
    from: mailboxText(parsed.from), to: parsed.to.map(mailboxText).join(', '), subject: parsed.subject, text: parsed.text,
    messageId: parsed.messageId, inReplyTo: parsed.inReplyTo, references: parsed.references, author: undefined,
    contact: comparableAddress(parsed.from.address),
    attachments: parsed.attachments.map((a) => ({
      id: randomUUID(), filename: a.filename?.trim() || UNNAMED_ATTACHMENT, contentType: a.contentType, content: a.content,
    })),
  };
}

/** Reads, matches and files one raw message; throws InboundMessageError (nothing stored) when it cannot be filed. */
export async function receiveMessage(deps: ReceiveDeps, raw: Buffer): Promise<Received> {
  const parsed = await parseInboundMessage(raw);
  // A provider retries a hook it thinks failed, and a signed request can be sent again within its window: once is enough.
  const earlier = parsed.messageId === undefined ? undefined : await deps.conversations.inboundWithMessageId(parsed.messageId);
  if (earlier) return { id: earlier.id, inquiryId: earlier.inquiryId, matchedBy: null, duplicate: true };
  const match = await matchOf(deps, parsed);
  const message = newMessage(parsed, deps.clock());
  await deps.conversations.fileInbound(message, match.inquiryId, deps.notify);
  if (match.inquiryId !== null && deps.notify.length > 0) deps.wake?.();
  return { id: message.id, ...match, duplicate: false };
}
