import type { NotificationChannel } from '../inquiries/ports.js';
import type { Clock } from '../lib/clock.js';
import { inboundVerifier, type InboundVerifier } from './inbound-signature.js';
import type { ConversationStore } from './ports.js';
import type { ReceiveDeps } from './receive.js';
import type { ReplyChannel, ReplyDeps } from './reply.js';

// The conversations as the surfaces use them (the inbox's pages, POST /inbound/email, the read API,
// `studio inbox receive`): the store, and the deps of the two use cases, put together once by the
// composition root from the configuration.

export interface Conversations {
  store: ConversationStore;
  replies: ReplyDeps;
  receiving: ReceiveDeps;
  /** Checks INBOUND_EMAIL_SECRET's signature; undefined when it is unset (POST /inbound/email answers 404). */
  verifier: InboundVerifier | undefined;
  /** The variables that turn replies on, for the page that says they are off. */
  replySettings: string;
}

export interface ConversationsOptions {
  store: ConversationStore;
  /** Undefined when SMTP_URL or INBOX_EMAIL_FROM is unset. */
  replyChannel: ReplyChannel | undefined;
  /** The channels told of an answer: the webhook when it is configured. */
  notify: readonly NotificationChannel[];
  inboundSecret: string | undefined;
  clock: Clock;
  /** Wakes the outbox worker (a reply or a webhook was just queued). */
  wake(): void;
}

export const REPLY_SETTINGS = 'SMTP_URL (with INBOX_EMAIL_TO) and INBOX_EMAIL_FROM';

export function createConversations(options: ConversationsOptions): Conversations {
  const { store, clock, wake } = options;
  return {
    store,
    replies: { conversations: store, channel: options.replyChannel, clock, wake },
    receiving: { conversations: store, notify: options.notify, clock, wake },
    verifier: options.inboundSecret ? inboundVerifier(options.inboundSecret, clock) : undefined,
    replySettings: REPLY_SETTINGS,
  };
}
