import type { NotificationStatus } from '../contract/inquiry.js';
import type { ConversationMessage, NotificationChannel, OutgoingReply, StoredInquiry } from '../inquiries/ports.js';

// The conversation store port: the messages of each inquiry's conversation (the studio's replies, the
// homeowner's answers), the unmatched mail, and the attachments. The adapters for SQLite and PostgreSQL
// live in src/store/conversations/.

/** A file as it is stored with its message. */
export interface NewAttachment {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message to store: an outgoing reply or an incoming answer. */
export interface NewMessage {
  id: string;
  direction: 'in' | 'out';
  at: number;
  from: string;
  to: string;
  subject: string;
  /** The whole text, quoted history included. */
  text: string;
  messageId: string | undefined;
  inReplyTo: string | undefined;
  references: string[];
  /** The operator who wrote an outgoing message. */
  author: string | undefined;
  /** The homeowner's address in comparable form. */
  contact: string;
  attachments: NewAttachment[];
}

/** What a reply is written from, read in the transaction that queues it. */
export interface ReplyContext {
  inquiry: StoredInquiry;
  /** The inquiry's reply token: the one it had, or the one proposed, written now. */
  token: string;
  /** Its conversation so far, oldest first. */
  thread: Array<Pick<StoredMessage, 'direction' | 'at' | 'subject' | 'messageId'>>;
}

export interface AttachmentInfo {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** A stored message as the inbox and the read API show it. */
export interface StoredMessage {
  id: string;
  inquiryId: string | null;
  direction: 'in' | 'out';
  at: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string | null;
  author: string | null;
  contact: string;
  attachments: AttachmentInfo[];
  /** An outgoing message's delivery (its `reply` job): pending = sending, done = sent, failed; null for an incoming one. */
  delivery: { status: NotificationStatus; lastError: string | null } | null;
}

export interface StoredAttachment extends AttachmentInfo {
  content: Buffer;
}

export type FileOutcome = 'filed' | 'no_message' | 'no_inquiry';

export interface ConversationStore {
  /**
   * One transaction: locks the inquiry, gives it a reply token if it has none (`proposedToken`), lets
   * `write` make the message from what it reads, and stores the message with its `reply` job (ref = the
   * message's id). Undefined when there is no such inquiry.
   */
  queueReply(inquiryId: string, proposedToken: string, write: (context: ReplyContext) => { message: NewMessage; reply: OutgoingReply }): Promise<NewMessage | undefined>;
  /**
   * Stores an incoming message: on `inquiryId` (which becomes unread, its last activity now, with an
   * `inquiry.replied` job on each channel of `notify`), or unmatched (null).
   */
  fileInbound(message: NewMessage, inquiryId: string | null, notify: readonly NotificationChannel[]): Promise<void>;
  /** Files an unmatched message on an inquiry, as fileInbound would have. */
  fileUnmatched(messageId: string, inquiryId: string, now: number, notify: readonly NotificationChannel[]): Promise<FileOutcome>;
  /** The conversation of an inquiry, oldest first. */
  thread(inquiryId: string): Promise<StoredMessage[]>;
  /** The conversations of many inquiries (a page of the read API), each oldest first. */
  threads(inquiryIds: readonly string[]): Promise<Map<string, StoredMessage[]>>;
  /** Unmatched mail, newest first, at most `limit`. */
  unmatched(limit: number): Promise<StoredMessage[]>;
  countUnmatched(): Promise<number>;
  attachment(id: string): Promise<StoredAttachment | undefined>;
  /** An incoming message already filed with this Message-ID (a provider's retry, a replay within the signature's window). */
  inboundWithMessageId(messageId: string): Promise<{ id: string; inquiryId: string | null } | undefined>;
  /** The inquiry a reply token belongs to. */
  inquiryOfToken(token: string): Promise<string | undefined>;
  /** The inquiry of the first of these Message-IDs (in the order given) that a filed message carries. */
  inquiryOfMessageIds(ids: readonly string[]): Promise<string | undefined>;
  /** Erasure: deletes the unmatched messages of this contact (comparable address); returns how many. */
  deleteUnmatchedOf(contact: string): Promise<number>;
  /** Retention: deletes the unmatched messages received before `before`; returns how many. */
  purgeUnmatched(before: number): Promise<number>;
}

/** A message as the webhook tells it (inquiry.replied). */
export function conversationMessageOf(message: NewMessage): ConversationMessage {
  return {
    id: message.id, direction: message.direction, at: message.at, from: message.from, to: message.to, subject: message.subject, text: message.text,
    attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
  };
}
