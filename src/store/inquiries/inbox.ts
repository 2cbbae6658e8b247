import type { Transaction } from 'kysely';
import { placeOf, type TriageState } from '../../contract/inquiry.js';
import { lockInquiry, recordActivity } from './activities.js';
import type { CommitOutcome, CommitRequest, CountQuery, InboxCounts, InboxEntry, InboxFilter, InboxPage, InboxQuery, InboxStore, NotificationChannel, StateChangeOutcome, StoredInquiry } from '../../inquiries/ports.js';
import { GroupCommitter } from '../../lib/group-committer.js';
import type { Db } from '../db/database.js';
import { commitBatch } from './inbox-commit.js';
import {
  countUnread, countViews, deleteInquiry, deleteWhere, findInquiry, idsWhereEmail, listInquiries, pageInquiries, purgeInquiries,
} from './inbox-queries.js';
import { jobRows, storedInquiryOf } from './rows.js';
import { deleteUnmatchedOf, purgeUnmatched } from '../conversations/conversations.js';
import type { Database } from '../db/schema.js';

// The inbox store port (src/inquiries/ports.ts) over Kysely, for SQLite and PostgreSQL.

type Tx = Transaction<Database>;

/**
 * Most inquiries one transaction commits: enough for every request a loaded instance holds at once,
 * and a bound on the statements' parameters (19 per inquiry; SQLite takes 32,766, PostgreSQL 65,535).
 */
const MAX_BATCH = 100;

/**
 * Batches under way at once. SQLite has one connection, on which a commit runs without leaving the event
 * loop: one. On PostgreSQL a commit is a few round trips, during which the next batch can go out on
 * another pooled connection (fingerprints' advisory locks and the keys' primary key keep them apart, as
 * they keep instances apart). Four took 5–13 % more than two under the bench, and leave six of the
 * pool's ten connections to the rest (the outbox, the inbox pages, OAuth).
 */
const CONCURRENT_BATCHES = { sqlite: 1, postgres: 4 } as const;

/** The jobs an inquiry taken out of spam has none for yet; a channel it has a job for (any status) keeps it. */
async function queueMissingJobs(tx: Tx, inquiryId: string, notify: NotificationChannel[], queuedAt: number): Promise<void> {
  if (notify.length === 0) return;
  await tx.insertInto('notification_jobs').values(jobRows(inquiryId, notify, queuedAt))
    .onConflict((conflict) => conflict.columns(['inquiry_id', 'channel', 'ref']).doNothing()).execute();
}

export class KyselyInboxStore implements InboxStore {
  private readonly committer: GroupCommitter<CommitRequest, CommitOutcome>;

  constructor(private readonly db: Db) {
    this.committer = new GroupCommitter((requests) => commitBatch(db, requests), MAX_BATCH, CONCURRENT_BATCHES[db.dialect]);
  }

  /** Concurrent commits share a transaction (group commit): see ./inbox-commit.ts. */
  async commit(request: CommitRequest): Promise<CommitOutcome> {
    return this.committer.submit(request);
  }

  async load(id: string): Promise<StoredInquiry | undefined> {
    const row = await this.db.kysely.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    return row && storedInquiryOf(row);
  }

  list(filter?: InboxFilter): Promise<InboxEntry[]> {
    return listInquiries(this.db, filter);
  }

  find(id: string): Promise<InboxEntry | undefined> {
    return findInquiry(this.db.kysely, id);
  }

  delete(id: string): Promise<boolean> {
    return deleteInquiry(this.db.kysely, id);
  }

  /** The inquiries received before then (their conversations with them), and the unmatched mail received before then. */
  async purge(before: number): Promise<number> {
    const purged = await purgeInquiries(this.db.kysely, before);
    await purgeUnmatched(this.db.kysely, before);
    return purged;
  }

  deleteUnmatchedOf(contact: string): Promise<number> {
    return deleteUnmatchedOf(this.db.kysely, contact);
  }

  idsWhereEmail(matches: (email: string) => boolean): Promise<string[]> {
    return idsWhereEmail(this.db.kysely, matches);
  }

  deleteMany(ids: string[]): Promise<number> {
    return deleteWhere(this.db.kysely, ids);
  }

  page(query: InboxQuery, limit: number, cursor?: string): Promise<InboxPage> {
    return pageInquiries(this.db, query, limit, cursor);
  }

  unreadCount(): Promise<number> {
    return countUnread(this.db);
  }

  counts(query: CountQuery, me: string): Promise<InboxCounts> {
    return countViews(this.db, query, me);
  }

  /**
   * One transaction over the locked row: the folder and unread flag the word names (archived and spam
   * keep the flag), who set them when, an activity when the folder changes, and out of spam the jobs the
   * spam folder held back.
   */
  async setState(id: string, state: TriageState, by: string, now: number, notify: NotificationChannel[]): Promise<StateChangeOutcome> {
    return this.db.kysely.transaction().execute(async (tx): Promise<StateChangeOutcome> => {
      const row = await lockInquiry(tx, this.db.dialect, id);
      if (!row) return 'not_found';
      const place = placeOf(state);
      const unread = place.unread ?? row.unread === 1;
      if (row.folder === place.folder && (row.unread === 1) === unread) return 'unchanged';
      await tx.updateTable('inquiries')
        .set({ folder: place.folder, unread: unread ? 1 : 0, state_changed_at: now, state_changed_by: by })
        .where('id', '=', id).execute();
      if (row.folder !== place.folder) {
        await recordActivity(tx, id, now, { actor: by, kind: 'folder', from_value: row.folder, to_value: place.folder });
        if (row.folder === 'spam') await queueMissingJobs(tx, id, notify, now);
      }
      return 'changed';
    });
  }
}
