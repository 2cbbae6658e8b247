import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from '../../src/store/db/migrations/index.js';
import type { InboxQuery } from '../../src/inquiries/ports.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { DIALECT_LABELS, onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { inquiryRow, messageRow, noteRow } from '../helpers/inquiry-rows.js';
import { suiteScope } from '../helpers/server.js';
import { openStore } from '../helpers/inquiries.js';
import type { InquiriesTable } from '../../src/store/db/schema.js';

// The inbox's search over everything an inquiry holds (migration 009_search), on both stores: the
// inquiry's name, email and message, its notes and its messages' subjects and text; every word must
// occur, anywhere in that text, in any letter case, with % _ \ as themselves. Rows are seeded with Kysely.

/**
 * A word no other test's rows hold (letters only: the trigram index sees it whole). Never a j or an o: a tag
 * holding "jo" (one in about thirty) would itself match the short word "jo" searched below, in every row.
 */
const unique = (): string => `w${randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghiklmnqrs'[Number(d)]!)}`;

function searchSuite({ dialect, url, another }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
  });

  async function addInquiry(overrides: Partial<InquiriesTable> = {}): Promise<string> {
    const row = inquiryRow(overrides);
    await db.kysely.insertInto('inquiries').values(row).execute();
    return row.id;
  }

  /** The ids a search finds, newest first (every page). */
  async function found(search: string, query: InboxQuery = {}): Promise<string[]> {
    return (await inbox.list({ ...query, search })).map((entry) => entry.id);
  }

  it('finds a word in a note, in an incoming message\'s text and in a subject', async () => {
    const [inNote, inText, inSubject] = [unique(), unique(), unique()];
    const a = await addInquiry();
    const b = await addInquiry();
    const c = await addInquiry();
    await db.kysely.insertInto('inquiry_notes').values(noteRow(a, `Called, site visit Tuesday ${inNote}.`)).execute();
    await db.kysely.insertInto('inquiry_messages').values(messageRow(b, 'Re: your inquiry', `We would love a ${inText} pool.`)).execute();
    await db.kysely.insertInto('inquiry_messages').values(messageRow(c, `Plans for ${inSubject}`, 'See attached.', { direction: 'out' })).execute();
    assert.deepEqual(await found(inNote), [a]);
    assert.deepEqual(await found(inText), [b]);
    assert.deepEqual(await found(inSubject), [c]);
    assert.deepEqual(await found(inNote.slice(2, 8)), [a], 'a part of a word is found (substring)');
  });

  it('every word must occur, and the words may be spread over the inquiry, its notes and its messages', async () => {
    const [inMessage, inNote, inReply, nowhere] = [unique(), unique(), unique(), unique()];
    const spread = await addInquiry({ message: `A ${inMessage} addition.` });
    const onlyOne = await addInquiry({ message: `Another ${inMessage}.` });
    await db.kysely.insertInto('inquiry_notes').values(noteRow(spread, `note ${inNote}`)).execute();
    await db.kysely.insertInto('inquiry_messages').values(messageRow(spread, 'Re', `reply ${inReply}`)).execute();
    assert.deepEqual(await found(inMessage), [onlyOne, spread]);
    assert.deepEqual(await found(`${inMessage} ${inNote} ${inReply}`), [spread]);
    assert.deepEqual(await found(`${inMessage.toUpperCase()}   ${inReply}`), [spread]);
    assert.deepEqual(await found(`${inMessage} ${nowhere}`), []);
  });

  it('takes % _ and \\ as themselves, in long and in short words', async () => {
    const tag = unique();
    const percent = await addInquiry({ message: `${tag} 100% sure` });
    await addInquiry({ message: `${tag} 1000 sure` });
    const underscore = await addInquiry({ message: `${tag} file a_b.pdf` });
    await addInquiry({ message: `${tag} file axb.pdf` });
    const backslash = await addInquiry({ message: `${tag} C:\\plans` });
    await addInquiry({ message: `${tag} C:plans` });
    assert.deepEqual(await found(`${tag} 00%`), [percent]);
    assert.deepEqual(await found(`${tag} %`), [percent], 'a one-character %');
    assert.deepEqual(await found(`${tag} a_b`), [underscore]);
    assert.deepEqual(await found(`${tag} _`), [underscore], 'a one-character _');
    assert.deepEqual(await found(`${tag} C:\\p`), [backslash]);
    assert.deepEqual(await found(`${tag} \\`), [backslash], 'a one-character \\');
    assert.deepEqual(await found(`${tag} "`), [], 'a quote is a character, not FTS syntax');
  });

  it('finds any letter case, non-ASCII letters too, in long and in short words', async () => {
    const tag = unique();
    const accented = await addInquiry({ name: 'Zoé Núñez', message: `${tag} message` });
    const upper = await addInquiry({ message: `${tag} message` });
    await db.kysely.insertInto('inquiry_notes').values(noteRow(upper, 'ÉLAN VITAL, ÉA')).execute();
    assert.deepEqual(await found(`${tag} ZOÉ`), [accented]);
    assert.deepEqual(await found(`${tag} núÑEZ`), [accented]);
    assert.deepEqual(await found(`${tag} élan`), [upper]);
    assert.deepEqual(await found(`${tag} É`), [upper, accented], 'one letter: é in Zoé, É in the note');
    assert.deepEqual(await found(`${tag} éa`), [upper]);
    assert.deepEqual(await found(`${tag} ñ`), [accented]);
  });

  it('finds short words (under three characters) in the inquiry, a note and a message', async () => {
    const tag = unique();
    const inName = await addInquiry({ name: 'Jo Q', message: `${tag}` });
    const inNote = await addInquiry({ message: `${tag}` });
    const inMessage = await addInquiry({ message: `${tag}` });
    await addInquiry({ message: `${tag}` });
    await db.kysely.insertInto('inquiry_notes').values(noteRow(inNote, 'a 4br with a view')).execute();
    await db.kysely.insertInto('inquiry_messages').values(messageRow(inMessage, 'Moving to NY', 'soon')).execute();
    assert.deepEqual(await found(`${tag} jo`), [inName]);
    assert.deepEqual(await found(`${tag} 4B`), [inNote]);
    assert.deepEqual(await found(`${tag} ny`), [inMessage]);
  });

  it('a note or message edited or deleted is found by what it says now', async () => {
    const [before, after, inMessage] = [unique(), unique(), unique()];
    const id = await addInquiry();
    const note = noteRow(id, `first ${before}`);
    const message = messageRow(id, 'Re', `text ${inMessage}`);
    await db.kysely.insertInto('inquiry_notes').values(note).execute();
    await db.kysely.insertInto('inquiry_messages').values(message).execute();
    assert.deepEqual(await found(before), [id]);
    await db.kysely.updateTable('inquiry_notes').set({ text: `edited ${after}`, edited_at: Date.now() }).where('id', '=', note.id).execute();
    assert.deepEqual(await found(before), []);
    assert.deepEqual(await found(after), [id]);
    await db.kysely.deleteFrom('inquiry_notes').where('id', '=', note.id).execute();
    assert.deepEqual(await found(after), []);
    assert.deepEqual(await found(inMessage), [id]);
    await db.kysely.deleteFrom('inquiry_messages').where('id', '=', message.id).execute();
    assert.deepEqual(await found(inMessage), []);
  });

  it('an unmatched message is not found with any inquiry until it is filed on one', async () => {
    const word = unique();
    const id = await addInquiry();
    const message = messageRow(null, 'Hello', `no token ${word}`);
    await db.kysely.insertInto('inquiry_messages').values(message).execute();
    assert.deepEqual(await found(word), []);
    await db.kysely.updateTable('inquiry_messages').set({ inquiry_id: id }).where('id', '=', message.id).execute();
    assert.deepEqual(await found(word), [id]);
  });

  it('combines with the views and filters, and pages by keyset', async () => {
    const word = unique();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addInquiry({ folder: i === 4 ? 'spam' : 'inbox', stage: i % 2 === 0 ? 'won' : 'new' }));
    for (const id of ids) await db.kysely.insertInto('inquiry_notes').values(noteRow(id, `note ${word}`)).execute();
    const newestFirst = [...ids].reverse();
    const first = await inbox.page({ search: word, exceptFolder: 'spam' }, 2);
    assert.deepEqual(first.entries.map((e) => e.id), newestFirst.slice(1, 3));
    const second = await inbox.page({ search: word, exceptFolder: 'spam' }, 2, first.next);
    assert.deepEqual(second.entries.map((e) => e.id), newestFirst.slice(3, 5));
    assert.equal(second.next, undefined);
    assert.deepEqual(await found(word, { stage: 'won', exceptFolder: 'spam' }), [ids[2], ids[0]]);
    assert.deepEqual(await found(word, { folder: 'spam' }), [ids[4]]);
    const counts = await inbox.counts({ search: word }, 'ana@studio.example');
    assert.deepEqual(counts.folders, { inbox: { total: 4, unread: 4 }, archived: { total: 0, unread: 0 }, spam: { total: 1, unread: 1 } });
    assert.deepEqual(counts.stages.won, 2);
  });

  it('a word found in many inquiries pages newest first, whatever order they were stored in', async () => {
    // Over 500 matches: SQLite walks the newest rows instead of looking every match up (inbox-queries.ts).
    const [word, rare] = [unique(), unique()];
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 900 }, (_, i) => inquiryRow({
      // Stored oldest-last for a third of them, so the index's numbers do not follow received_at.
      received_at: base + (i % 3 === 0 ? 900 - i : i) * 60_000 + (i % 7),
      message: i % 3 === 2 ? 'nothing to find' : `about ${word}${i % 50 === 0 ? ` ${rare}` : ''}`,
      folder: i % 10 === 0 ? 'spam' : 'inbox', stage: i % 4 === 0 ? 'won' : 'new',
    }));
    for (let start = 0; start < rows.length; start += 150) await db.kysely.insertInto('inquiries').values(rows.slice(start, start + 150)).execute();
    const expected = (keep: (row: InquiriesTable) => boolean) => rows.filter((row) => row.message.includes(word) && keep(row))
      .sort((a, b) => b.received_at - a.received_at || (a.id < b.id ? 1 : -1)).map((row) => row.id);
    async function everyPage(query: InboxQuery): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await inbox.page(query, 50, cursor);
        ids.push(...page.entries.map((entry) => entry.id));
        cursor = page.next;
      } while (cursor !== undefined);
      return ids;
    }
    assert.deepEqual(await everyPage({ search: word, exceptFolder: 'spam' }), expected((row) => row.folder !== 'spam'));
    assert.deepEqual(await everyPage({ search: word.toUpperCase(), stage: 'won' }), expected((row) => row.stage === 'won'));
    assert.deepEqual(await everyPage({ search: `${word} ${rare}` }), expected((row) => row.message.includes(rare)));
    assert.deepEqual(await everyPage({ search: `${word} ab` }), expected(() => true), 'a short word ("ab" of "about") with it');
  });

  it('after erasure nothing of the inquiry remains in any search table', async () => {
    const [inMessage, inNote, inReply] = [unique(), unique(), unique()];
    const email = `${unique()}@example.com`;
    const id = await addInquiry({ email, message: `A ${inMessage} house.` });
    await db.kysely.insertInto('inquiry_notes').values(noteRow(id, `note ${inNote}`)).execute();
    await db.kysely.insertInto('inquiry_messages').values(messageRow(id, 'Re', `reply ${inReply}`)).execute();
    assert.deepEqual(await found(inNote), [id]);
    const erased = await inbox.deleteMany(await inbox.idsWhereEmail((address) => address === email));
    assert.equal(erased, 1);
    for (const word of [inMessage, inNote, inReply]) {
      assert.deepEqual(await found(word), []);
      assert.equal(await indexed(word), 0, `"${word}" is in no search table`);
    }
    if (dialect === 'sqlite') {
      const keys = await sql<{ n: number }>`select count(*) as n from inquiry_search_keys where inquiry_id = ${id}`.execute(db.kysely);
      assert.equal(Number(keys.rows[0]!.n), 0);
    }
  });

  /** How many rows of the search tables hold `word`, read from the tables themselves. */
  async function indexed(word: string): Promise<number> {
    const result = dialect === 'postgres'
      ? await sql<{ n: number }>`select count(*) as n from inquiry_search where body like ${`%${word}%`}`.execute(db.kysely)
      : await sql<{ n: number }>`select count(*) as n from inquiry_search where inquiry_search match ${`"${word}"`}`.execute(db.kysely);
    return Number(result.rows[0]!.n);
  }

  it('migration 009 indexes and counts what was stored before it, and comes down again', async () => {
    const target = await another();
    const old = openStore(target.url);
    try {
      const migrator = new Migrator({
        db: old.kysely, provider: { getMigrations: async () => migrations },
        migrationTableName: 'studio_migrations', migrationLockTableName: 'studio_migrations_lock',
      });
      assert.equal((await migrator.migrateTo('007_conversations')).error, undefined);
      const [inNote, inMessage] = [unique(), unique()];
      // Rows as 007 stored them: the language column came with 011.
      const before011 = (row: ReturnType<typeof inquiryRow>) => { const { language: _added, ...rest } = row; return rest as typeof row; };
      const row = before011(inquiryRow({ assignee: 'ana@studio.example', unread: 0 }));
      await old.kysely.insertInto('inquiries').values([row, before011(inquiryRow({ folder: 'spam' }))]).execute();
      await old.kysely.insertInto('inquiry_notes').values(noteRow(row.id, inNote)).execute();
      await old.kysely.insertInto('inquiry_messages').values(messageRow(row.id, 'Re', inMessage)).execute();
      assert.equal((await migrator.migrateToLatest()).error, undefined);
      const store = new KyselyInboxStore(old);
      assert.deepEqual((await store.list({ search: `${inNote} ${inMessage}` })).map((e) => e.id), [row.id]);
      const counts = await store.counts({}, 'ana@studio.example');
      assert.deepEqual(counts.folders, { inbox: { total: 1, unread: 0 }, archived: { total: 0, unread: 0 }, spam: { total: 1, unread: 1 } });
      assert.equal(counts.mine, 1);
      assert.equal((await migrator.migrateTo('007_conversations')).error, undefined, '009 comes down');
      for (const table of ['inquiry_search', 'inquiry_counts']) {
        await assert.rejects(sql`select count(*) from ${sql.table(table)}`.execute(old.kysely), `${table} is gone`);
      }
      await old.kysely.insertInto('inquiry_notes').values(noteRow(row.id, 'no trigger left to fail')).execute();
    } finally {
      await old.close();
      await target.drop();
    }
  });
}

await onEachDialect((dialect) => `inbox search (${DIALECT_LABELS[dialect]})`, 'studio_search', searchSuite);
