import type { AttachmentInfo, NewMessage, StoredMessage } from '../../conversations/ports.js';
import type { ConversationMessage } from '../../inquiries/ports.js';
import type { InquiryMessagesTable, MessageAttachmentsTable, NotificationJobsTable } from '../db/schema.js';

// Between the conversation port's messages and the rows of inquiry_messages and message_attachments.

export function messageRow(message: NewMessage, inquiryId: string | null): InquiryMessagesTable {
  return {
    id: message.id, inquiry_id: inquiryId, direction: message.direction, at: message.at,
    from_address: message.from, to_address: message.to, subject: message.subject, text: message.text,
    message_id: message.messageId ?? null, in_reply_to: message.inReplyTo ?? null, reference_ids: message.references.join(' '),
    author: message.author ?? null, contact: message.contact,
  };
}

export function attachmentRows(message: NewMessage): MessageAttachmentsTable[] {
  return message.attachments.map((a) => ({
    id: a.id, message_id: message.id, filename: a.filename, content_type: a.contentType, size: a.content.length, content: a.content,
  }));
}

export type AttachmentInfoRow = Pick<MessageAttachmentsTable, 'id' | 'message_id' | 'filename' | 'content_type' | 'size'>;
export type DeliveryRow = Pick<NotificationJobsTable, 'ref' | 'status' | 'last_error'>;

export function attachmentInfoOf(row: AttachmentInfoRow): AttachmentInfo {
  return { id: row.id, filename: row.filename, contentType: row.content_type, size: Number(row.size) };
}

export function storedMessageOf(row: InquiryMessagesTable, attachments: AttachmentInfoRow[], delivery: DeliveryRow | undefined): StoredMessage {
  return {
    id: row.id, inquiryId: row.inquiry_id, direction: row.direction, at: Number(row.at),
    from: row.from_address, to: row.to_address, subject: row.subject, text: row.text,
    messageId: row.message_id, author: row.author, contact: row.contact,
    attachments: attachments.map(attachmentInfoOf),
    delivery: row.direction === 'out' ? { status: delivery?.status ?? 'pending', lastError: delivery?.last_error ?? null } : null,
  };
}

/** A stored incoming message as the webhook tells it. */
export function conversationMessageOfRow(row: InquiryMessagesTable, attachments: AttachmentInfoRow[]): ConversationMessage {
  return {
    id: row.id, direction: row.direction, at: Number(row.at), from: row.from_address, to: row.to_address, subject: row.subject, text: row.text,
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, size: Number(a.size) })),
  };
}
