import type { Kysely, Transaction } from 'kysely';
import type {
  ConversationStore, FileOutcome, NewMessage, ReplyContext, StoredAttachment, StoredMessage,
} from '../../conversations/ports.js';
import { conversationMessageOf } from '../../conversations/ports.js';
import type { ConversationMessage, NotificationChannel, OutgoingReply } from '../../inquiries/ports.js';
import type { Db } from '../db/database.js';
import type { Database, InquiryMessagesTable } from '../db/schema.js';
import { lockInquiry } from '../inquiries/activities.js';
import { noticeJobRow, storedInquiryOf } from '../inquiries/rows.js';
import { attachmentInfoOf, attachmentRows, conversationMessageOfRow, messageRow, storedMessageOf, type AttachmentInfoRow, type DeliveryRow } from './rows.js';

// The conversation store port (src/conversations/ports.ts) over Kysely, for SQLite and PostgreSQL.

type Tx = Transaction<Database>;

/** Ids per IN list: well under both dialects' bound on a statement's parameters. */
const ID_CHUNK = 500;
const ATTACHMENT_INFO = ['id', 'message_id', 'filename', 'content_type', 'size'] as const;

async function insertMessage(tx: Tx, message: NewMessage, inquiryId: string | null): Promise<void> {
  await tx.insertInto('inquiry_messages').values(messageRow(message, inquiryId)).execute();
  // One row at a time: an attachment may be 20 MB, and one statement holding them all would hold them twice.
  for (const row of attachmentRows(message)) await tx.insertInto('message_attachments').values(row).execute();
}

/** The homeowner answered: the inquiry is unread again, its last activity now, and each channel of `notify` is told. */
async function markAnswered(tx: Tx, inquiryId: string, message: ConversationMessage, notify: readonly NotificationChannel[]): Promise<void> {
  await tx.updateTable('inquiries').set({ unread: 1, last_activity_at: message.at }).where('id', '=', inquiryId).execute();
  for (const channel of notify) {
    await tx.insertInto('notification_jobs').values(noticeJobRow(inquiryId, channel, { type: 'inquiry.replied', ref: message.id, data: message }, message.at))
      .onConflict((conflict) => conflict.columns(['inquiry_id', 'channel', 'ref']).doNothing()).execute();
  }
}

async function chunked<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) out.push(...(await read(ids.slice(start, start + ID_CHUNK))));
  return out;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row); else groups.set(key(row), [row]);
  }
  return groups;
}

/** Messages with their attachments' facts (not their bytes) and, for outgoing ones, their reply job's state. */
async function withDetails(db: Kysely<Database>, rows: InquiryMessagesTable[]): Promise<StoredMessage[]> {
  const ids = rows.map((row) => row.id);
  const attachments = groupBy(await chunked(ids, (chunk) => db.selectFrom('message_attachments').select(ATTACHMENT_INFO)
    .where('message_id', 'in', chunk).orderBy('filename').orderBy('id').execute()), (a) => a.message_id);
  const outgoing = rows.filter((row) => row.direction === 'out' && row.inquiry_id !== null).map((row) => row.id);
  const jobs = new Map((await chunked(outgoing, (chunk) => db.selectFrom('notification_jobs').select(['ref', 'status', 'last_error'])
    .where('channel', '=', 'reply').where('ref', 'in', chunk).execute())).map((job): [string, DeliveryRow] => [job.ref, job]));
  return rows.map((row) => storedMessageOf(row, attachments.get(row.id) ?? [], jobs.get(row.id)));
}

/** Erasure: the unmatched messages of one contact (comparable address), attachments with them (cascade). */
export async function deleteUnmatchedOf(db: Kysely<Database>, contact: string): Promise<number> {
  const result = await db.deleteFrom('inquiry_messages').where('inquiry_id', 'is', null).where('contact', '=', contact).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Retention: the unmatched messages received before `before`; a matched one goes with its inquiry. */
export async function purgeUnmatched(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('inquiry_messages').where('inquiry_id', 'is', null).where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export class KyselyConversationStore implements ConversationStore {
  constructor(private readonly db: Db) {}

  async queueReply(
    inquiryId: string, proposedToken: string, write: (context: ReplyContext) => { message: NewMessage; reply: OutgoingReply },
  ): Promise<NewMessage | undefined> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const row = await lockInquiry(tx, this.db.dialect, inquiryId);
      if (!row) return undefined;
      const token = row.reply_token ?? proposedToken;
      if (row.reply_token === null) await tx.updateTable('inquiries').set({ reply_token: token }).where('id', '=', inquiryId).execute();
      const thread = await tx.selectFrom('inquiry_messages').select(['direction', 'at', 'subject', 'message_id'])
        .where('inquiry_id', '=', inquiryId).orderBy('at').orderBy('id').execute();
      const { message, reply } = write({
        inquiry: storedInquiryOf(row), token,
        thread: thread.map((m) => ({ direction: m.direction, at: Number(m.at), subject: m.subject, messageId: m.message_id })),
      });
      await insertMessage(tx, message, inquiryId);
      await tx.insertInto('notification_jobs').values(noticeJobRow(inquiryId, 'reply', { type: 'reply', ref: message.id, data: reply }, message.at)).execute();
      await tx.updateTable('inquiries').set({ last_activity_at: message.at }).where('id', '=', inquiryId).execute();
      return message;
    });
  }

  async fileInbound(message: NewMessage, inquiryId: string | null, notify: readonly NotificationChannel[]): Promise<void> {
    await this.db.kysely.transaction().execute(async (tx) => {
      await insertMessage(tx, message, inquiryId);
      if (inquiryId !== null) await markAnswered(tx, inquiryId, conversationMessageOf(message), notify);
    });
  }

  async fileUnmatched(messageId: string, inquiryId: string, now: number, notify: readonly NotificationChannel[]): Promise<FileOutcome> {
    return this.db.kysely.transaction().execute(async (tx): Promise<FileOutcome> => {
      if (!(await lockInquiry(tx, this.db.dialect, inquiryId))) return 'no_inquiry';
      const row = await tx.selectFrom('inquiry_messages').selectAll().where('id', '=', messageId).where('inquiry_id', 'is', null).executeTakeFirst();
      if (!row) return 'no_message';
      await tx.updateTable('inquiry_messages').set({ inquiry_id: inquiryId }).where('id', '=', messageId).execute();
      const attachments = await tx.selectFrom('message_attachments').select(ATTACHMENT_INFO).where('message_id', '=', messageId).execute();
      // Told as it arrived; the inquiry's last activity is the filing.
      await markAnswered(tx, inquiryId, conversationMessageOfRow(row, attachments), notify);
      await tx.updateTable('inquiries').set({ last_activity_at: now }).where('id', '=', inquiryId).execute();
      return 'filed';
    });
  }

  async thread(inquiryId: string): Promise<StoredMessage[]> {
    return (await this.threads([inquiryId])).get(inquiryId) ?? [];
  }

  async threads(inquiryIds: readonly string[]): Promise<Map<string, StoredMessage[]>> {
    const rows = await chunked(inquiryIds, (chunk) => this.db.kysely.selectFrom('inquiry_messages').selectAll()
      .where('inquiry_id', 'in', chunk).orderBy('at').orderBy('id').execute());
    return groupBy(await withDetails(this.db.kysely, rows), (message) => message.inquiryId!);
  }

  async unmatched(limit: number): Promise<StoredMessage[]> {
    const rows = await this.db.kysely.selectFrom('inquiry_messages').selectAll()
      .where('inquiry_id', 'is', null).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return withDetails(this.db.kysely, rows);
  }

  async countUnmatched(): Promise<number> {
    const { count } = await this.db.kysely.selectFrom('inquiry_messages').select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('inquiry_id', 'is', null).executeTakeFirstOrThrow();
    return Number(count);
  }

  async attachment(id: string): Promise<StoredAttachment | undefined> {
    const row = await this.db.kysely.selectFrom('message_attachments').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...attachmentInfoOf(row as AttachmentInfoRow), content: Buffer.from(row.content) };
  }

  async inboundWithMessageId(messageId: string): Promise<{ id: string; inquiryId: string | null } | undefined> {
    const row = await this.db.kysely.selectFrom('inquiry_messages').select(['id', 'inquiry_id'])
      .where('message_id', '=', messageId).where('direction', '=', 'in').orderBy('at').executeTakeFirst();
    return row && { id: row.id, inquiryId: row.inquiry_id };
  }

  async inquiryOfToken(token: string): Promise<string | undefined> {
    return (await this.db.kysely.selectFrom('inquiries').select('id').where('reply_token', '=', token).executeTakeFirst())?.id;
  }

  async inquiryOfMessageIds(ids: readonly string[]): Promise<string | undefined> {
    if (ids.length === 0) return undefined;
    const rows = await this.db.kysely.selectFrom('inquiry_messages').select(['message_id', 'inquiry_id'])
      .where('message_id', 'in', [...ids]).where('inquiry_id', 'is not', null).execute();
    const byId = new Map(rows.map((row) => [row.message_id, row.inquiry_id!]));
    for (const id of ids) if (byId.has(id)) return byId.get(id);
    return undefined;
  }

  deleteUnmatchedOf(contact: string): Promise<number> {
    return deleteUnmatchedOf(this.db.kysely, contact);
  }

  purgeUnmatched(before: number): Promise<number> {
    return purgeUnmatched(this.db.kysely, before);
  }
}
