import { sequentialUuidv7 } from '../../inquiries/ids.js';
import type { Transaction } from 'kysely';
import type { Stage } from '../../contract/inquiry.js';
import type {
  Activity, ContactInquiry, InquiryHistory, Note, NoteOutcome, NotificationChannel, PipelineOutcome, PipelineStore,
} from '../../inquiries/ports.js';
import type { Db } from '../db/database.js';
import type { Database, InquiryActivitiesTable, InquiryNotesTable } from '../db/schema.js';
import { lockInquiry, recordActivity } from './activities.js';
import { noticeJobRow } from './rows.js';

// The pipeline store port (src/inquiries/ports.ts) over Kysely, for SQLite and PostgreSQL. Every write
// takes the inquiry's row first (lockInquiry): of two operators changing one inquiry at once, the second
// reads what the first wrote, so an activity's "from" is always the value it replaced.

type Tx = Transaction<Database>;

function activityOf(row: InquiryActivitiesTable): Activity {
  return { id: row.id, at: row.at, actor: row.actor, kind: row.kind, from: row.from_value, to: row.to_value };
}

function noteOf(row: InquiryNotesTable): Note {
  return { id: row.id, author: row.author, at: row.created_at, editedAt: row.edited_at, text: row.text };
}

const touch = (tx: Tx, id: string, now: number) => tx.updateTable('inquiries').set({ last_activity_at: now }).where('id', '=', id).execute();

export class KyselyPipelineStore implements PipelineStore {
  constructor(private readonly db: Db) {}

  /** One transaction over the locked row; `write` says what it did (undefined: there is no such inquiry). */
  private locked<T>(id: string, write: (tx: Tx, row: NonNullable<Awaited<ReturnType<typeof lockInquiry>>>) => Promise<T>): Promise<T | undefined> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const row = await lockInquiry(tx, this.db.dialect, id);
      return row ? write(tx, row) : undefined;
    });
  }

  async setStage(id: string, stage: Stage, by: string, now: number, notify: NotificationChannel[]): Promise<PipelineOutcome> {
    const outcome = await this.locked(id, async (tx, row): Promise<PipelineOutcome> => {
      if (row.stage === stage) return 'unchanged';
      await tx.updateTable('inquiries').set({ stage }).where('id', '=', id).execute();
      const ref = await recordActivity(tx, id, now, { actor: by, kind: 'stage', from_value: row.stage, to_value: stage });
      // Spam was never told to the studio's tools: its later events are not either.
      const channels = row.folder === 'spam' ? [] : notify;
      if (channels.length > 0) {
        const notice = { type: 'inquiry.stage_changed', ref, data: { from: row.stage, to: stage, by, at: now } } as const;
        await tx.insertInto('notification_jobs').values(channels.map((channel) => noticeJobRow(id, channel, notice, now))).execute();
      }
      return 'changed';
    });
    return outcome ?? 'not_found';
  }

  async assign(id: string, assignee: string | null, by: string, now: number): Promise<PipelineOutcome> {
    const outcome = await this.locked(id, async (tx, row): Promise<PipelineOutcome> => {
      if (row.assignee === assignee) return 'unchanged';
      await tx.updateTable('inquiries').set({ assignee }).where('id', '=', id).execute();
      await recordActivity(tx, id, now, { actor: by, kind: 'assignee', from_value: row.assignee, to_value: assignee });
      return 'changed';
    });
    return outcome ?? 'not_found';
  }

  async setUnread(id: string, unread: boolean, by: string, now: number): Promise<PipelineOutcome> {
    const outcome = await this.locked(id, async (tx, row): Promise<PipelineOutcome> => {
      if ((row.unread === 1) === unread) return 'unchanged';
      await tx.updateTable('inquiries').set({ unread: unread ? 1 : 0, state_changed_at: now, state_changed_by: by }).where('id', '=', id).execute();
      return 'changed';
    });
    return outcome ?? 'not_found';
  }

  addNote(id: string, author: string, text: string, now: number): Promise<string | undefined> {
    return this.locked(id, async (tx) => {
      const noteId = sequentialUuidv7(now);
      await tx.insertInto('inquiry_notes').values({ id: noteId, inquiry_id: id, author, created_at: now, edited_at: null, text }).execute();
      await touch(tx, id, now);
      return noteId;
    });
  }

  /** The note's author decides; the note is read under the inquiry's lock, so a delete cannot slip in between. */
  private async ownNote(tx: Tx, id: string, noteId: string, author: string): Promise<NoteOutcome> {
    const note = await tx.selectFrom('inquiry_notes').select('author').where('id', '=', noteId).where('inquiry_id', '=', id).executeTakeFirst();
    if (!note) return 'not_found';
    return note.author === author ? 'changed' : 'not_author';
  }

  async editNote(id: string, noteId: string, author: string, text: string, now: number): Promise<NoteOutcome> {
    const outcome = await this.locked(id, async (tx): Promise<NoteOutcome> => {
      const own = await this.ownNote(tx, id, noteId, author);
      if (own !== 'changed') return own;
      await tx.updateTable('inquiry_notes').set({ text, edited_at: now }).where('id', '=', noteId).execute();
      await touch(tx, id, now);
      return 'changed';
    });
    return outcome ?? 'not_found';
  }

  async deleteNote(id: string, noteId: string, author: string, now: number): Promise<NoteOutcome> {
    const outcome = await this.locked(id, async (tx): Promise<NoteOutcome> => {
      const own = await this.ownNote(tx, id, noteId, author);
      if (own !== 'changed') return own;
      await tx.deleteFrom('inquiry_notes').where('id', '=', noteId).execute();
      await touch(tx, id, now);
      return 'changed';
    });
    return outcome ?? 'not_found';
  }

  async history(id: string): Promise<InquiryHistory> {
    const [notes, activities] = await Promise.all([
      this.db.kysely.selectFrom('inquiry_notes').selectAll().where('inquiry_id', '=', id).orderBy('created_at').orderBy('id').execute(),
      this.db.kysely.selectFrom('inquiry_activities').selectAll().where('inquiry_id', '=', id).orderBy('at').orderBy('id').execute(),
    ]);
    return { notes: notes.map(noteOf), activities: activities.map(activityOf) };
  }

  async notesOf(ids: readonly string[]): Promise<Map<string, Note[]>> {
    const notes = new Map<string, Note[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return notes;
    const rows = await this.db.kysely.selectFrom('inquiry_notes').selectAll().where('inquiry_id', 'in', [...ids])
      .orderBy('created_at').orderBy('id').execute();
    for (const row of rows) notes.get(row.inquiry_id)?.push(noteOf(row));
    return notes;
  }

  async ofContacts(contacts: readonly string[]): Promise<ContactInquiry[]> {
    if (contacts.length === 0) return [];
    const rows = await this.db.kysely.selectFrom('inquiries').select(['id', 'contact', 'received_at', 'stage', 'folder'])
      .where('contact', 'in', [...new Set(contacts)]).orderBy('received_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => ({ id: row.id, contact: row.contact, receivedAt: row.received_at, stage: row.stage, folder: row.folder }));
  }
}
