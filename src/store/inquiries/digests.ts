import { sql } from 'kysely';
import type { DigestItem, DigestStore } from '../../inquiries/report-ports.js';
import type { Db } from '../db/database.js';

// The morning digest's reads and its daily claim (src/inquiries/digest.ts) over Kysely, for SQLite and
// PostgreSQL. The claim is a row per studio day (migration 008_digests), inserted with on conflict do
// nothing: of several instances ticking at the same minute, one inserts it and sends.

const STALE_STAGES = ['contacted', 'proposal'] as const;

export class KyselyDigestStore implements DigestStore {
  constructor(private readonly db: Db) {}

  async receivedBetween(since: number, until: number): Promise<DigestItem[]> {
    const rows = await this.db.kysely.selectFrom('inquiries').select(['id', 'name', 'received_at as at', 'stage'])
      .where('folder', '!=', 'spam').where('received_at', '>=', since).where('received_at', '<', until)
      .orderBy('received_at').orderBy('id').execute();
    return rows.map(item);
  }

  async repliesWaiting(): Promise<DigestItem[]> {
    const rows = await this.db.kysely.selectFrom('inquiry_messages as m').innerJoin('inquiries as i', 'i.id', 'm.inquiry_id')
      .select(['i.id', 'i.name', 'm.at', 'i.stage'])
      .where('i.folder', '!=', 'spam').where('m.direction', '=', 'in')
      // The newest message of the inquiry (ties broken by id, so an inquiry is listed once).
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('inquiry_messages as n').select(sql.lit(1).as('one'))
        .whereRef('n.inquiry_id', '=', 'm.inquiry_id')
        .where((eb) => eb.or([eb('n.at', '>', eb.ref('m.at')), eb.and([eb('n.at', '=', eb.ref('m.at')), eb('n.id', '>', eb.ref('m.id'))])])))))
      .orderBy('m.at').orderBy('i.id').execute();
    return rows.map(item);
  }

  async staleLeads(before: number): Promise<DigestItem[]> {
    const rows = await this.db.kysely.selectFrom('inquiries').select(['id', 'name', 'last_activity_at as at', 'stage'])
      .where('folder', '!=', 'spam').where('stage', 'in', STALE_STAGES).where('last_activity_at', '<', before)
      .orderBy('last_activity_at').orderBy('id').execute();
    return rows.map(item);
  }

  async lastSentAt(): Promise<number | undefined> {
    const row = await this.db.kysely.selectFrom('digests').select((eb) => eb.fn.max('sent_at').as('at')).executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  async claim(day: string, now: number, staleAfterMs: number): Promise<boolean> {
    const inserted = await this.db.kysely.insertInto('digests').values({ day, claimed_at: now, sent_at: null })
      .onConflict((conflict) => conflict.column('day').doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // A holder that neither sent nor released (it died mid-send): the day is taken over after a while.
    const taken = await this.db.kysely.updateTable('digests').set({ claimed_at: now })
      .where('day', '=', day).where('sent_at', 'is', null).where('claimed_at', '<', now - staleAfterMs).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  async markSent(day: string, now: number): Promise<void> {
    await this.db.kysely.updateTable('digests').set({ sent_at: now }).where('day', '=', day).execute();
  }

  async release(day: string): Promise<void> {
    await this.db.kysely.deleteFrom('digests').where('day', '=', day).where('sent_at', 'is', null).execute();
  }
}

function item(row: { id: string; name: string; at: number; stage: string }): DigestItem {
  return { id: row.id, name: row.name, at: Number(row.at), stage: row.stage };
}
