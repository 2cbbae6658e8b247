import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { uuidv7 } from '../../src/inquiries/ids.js';
import { addNote, assignTo, deleteNote, editNote, markUnread, moveStage, type PipelineDeps } from '../../src/inquiries/pipeline.js';
import type { InquiryRecord } from '../../src/inquiries/ports.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { KyselyPipelineStore } from '../../src/store/inquiries/pipeline.js';
import { inquiryRow } from '../../src/store/inquiries/rows.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { suiteScope } from '../helpers/server.js';

// The pipeline store and its use cases on SQLite and PostgreSQL alike: stage changes recorded and told on
// the webhook channel once, assignment only to operators, the unread flag apart from the folder, notes
// that only their author edits or deletes, the last activity, and one person's inquiries found together.

let tick = Date.UTC(2026, 2, 1);
const nextTime = () => (tick += 1_000);

function recordOf(email = 'ada@example.com', spam = false): InquiryRecord {
  const receivedAt = nextTime();
  const id = uuidv7(receivedAt);
  return {
    id, receivedAt, spam, fingerprint: `fp-${id}`, channel: 'form', clientIp: '203.0.113.7', userAgent: undefined, clientId: undefined,
    inquiry: { name: 'Ada Lovelace', email, message: 'A house by the sea.', location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en' },
  };
}

function pipelineSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  let deps: PipelineDeps;
  let wakes = 0;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
    deps = {
      pipeline: new KyselyPipelineStore(db), channels: ['email', 'webhook'], clock: () => tick,
      operators: { emails: async () => ['Grace@Studio.example', 'ada.ops@studio.example'] }, wake: () => { wakes += 1; },
    };
  });

  async function stored(email?: string, spam?: boolean): Promise<string> {
    const record = recordOf(email, spam);
    await db.kysely.insertInto('inquiries').values(inquiryRow(record)).execute();
    return record.id;
  }

  const jobsOf = (id: string) => db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', id).execute();

  it('a stage change is recorded, bumps the last activity and queues one inquiry.stage_changed job on the webhook channel', async () => {
    const id = await stored();
    const wakesBefore = wakes;
    nextTime();
    assert.equal(await moveStage(deps, id, 'contacted', 'grace@studio.example'), 'changed');
    assert.equal(await moveStage(deps, id, 'contacted', 'grace@studio.example'), 'unchanged');
    const entry = (await inbox.find(id))!;
    assert.equal(entry.stage, 'contacted');
    assert.equal(entry.lastActivityAt, tick);
    const { activities } = await deps.pipeline.history(id);
    assert.equal(activities.length, 1);
    assert.deepEqual({ ...activities[0], id: undefined }, { id: undefined, at: tick, actor: 'grace@studio.example', kind: 'stage', from: 'new', to: 'contacted' });
    const jobs = await jobsOf(id);
    assert.equal(jobs.length, 1, 'the webhook only, once');
    assert.equal(jobs[0]!.channel, 'webhook');
    assert.equal(jobs[0]!.event, 'inquiry.stage_changed');
    assert.equal(jobs[0]!.ref, activities[0]!.id);
    assert.deepEqual(JSON.parse(jobs[0]!.payload!), { from: 'new', to: 'contacted', by: 'grace@studio.example', at: tick });
    assert.equal(wakes, wakesBefore + 1, 'the worker is woken once');
  });

  it('no webhook configured, or an inquiry in spam: the stage changes and nothing is queued', async () => {
    const id = await stored();
    assert.equal(await moveStage({ ...deps, channels: ['email'] }, id, 'proposal', 'cli:ada'), 'changed');
    const spam = await stored('spam@example.com', true);
    assert.equal(await moveStage(deps, spam, 'lost', 'cli:ada'), 'changed');
    assert.deepEqual(await jobsOf(id), []);
    assert.deepEqual(await jobsOf(spam), []);
    assert.equal(await moveStage(deps, 'no-such-id', 'won', 'cli:ada'), 'not_found');
  });

  it('assigns to an operator who exists (any letter case), to nobody, and refuses anyone else', async () => {
    const id = await stored();
    assert.equal(await assignTo(deps, id, ' GRACE@studio.example ', 'cli:ada'), 'changed');
    assert.equal((await inbox.find(id))!.assignee, 'grace@studio.example');
    assert.equal(await assignTo(deps, id, 'grace@studio.example', 'cli:ada'), 'unchanged');
    assert.equal(await assignTo(deps, id, 'mallory@example.com', 'cli:ada'), 'unknown_operator');
    assert.equal(await assignTo(deps, id, null, 'cli:ada'), 'changed');
    assert.equal((await inbox.find(id))!.assignee, null);
    const { activities } = await deps.pipeline.history(id);
    assert.deepEqual(activities.map((a) => [a.kind, a.from, a.to]), [['assignee', null, 'grace@studio.example'], ['assignee', 'grace@studio.example', null]]);
    assert.equal(await assignTo(deps, 'no-such-id', null, 'cli:ada'), 'not_found');
  });

  it('read and unread never move the folder, record no activity and leave the last activity', async () => {
    const id = await stored();
    await inbox.setState(id, 'archived', 'cli:ada', nextTime(), []);
    const before = (await inbox.find(id))!;
    nextTime();
    assert.equal(await markUnread(deps, id, false, 'grace@studio.example'), 'changed');
    assert.equal(await markUnread(deps, id, false, 'grace@studio.example'), 'unchanged');
    let entry = (await inbox.find(id))!;
    assert.deepEqual([entry.folder, entry.unread, entry.lastActivityAt], ['archived', false, before.lastActivityAt]);
    assert.equal(await markUnread(deps, id, true, 'grace@studio.example'), 'changed');
    entry = (await inbox.find(id))!;
    assert.deepEqual([entry.folder, entry.unread], ['archived', true]);
    assert.equal((await deps.pipeline.history(id)).activities.length, 1, 'the archive only');
  });

  it('notes: trimmed, 1 to 10,000 characters, no control characters; only the author edits or deletes', async () => {
    const id = await stored();
    assert.deepEqual(await addNote(deps, id, '  Called, site visit Tuesday.\n\tBring the plans.  ', 'grace@studio.example'), { kind: 'changed' });
    assert.equal((await addNote(deps, id, '   ', 'grace@studio.example')).kind, 'invalid');
    const long = await addNote(deps, id, 'x'.repeat(10_001), 'grace@studio.example');
    assert.equal(long.kind, 'invalid');
    assert.match((long as { problem: string }).problem, /10,001 characters.*at most 10,000/);
    assert.equal((await addNote(deps, id, 'é'.repeat(10_000), 'grace@studio.example')).kind, 'changed', 'characters, not bytes');
    assert.equal((await addNote(deps, id, 'bell\u0007', 'grace@studio.example')).kind, 'invalid');
    assert.equal((await addNote(deps, 'no-such-id', 'hello', 'grace@studio.example')).kind, 'not_found');
    const [note] = (await deps.pipeline.history(id)).notes;
    assert.equal(note!.text, 'Called, site visit Tuesday.\n\tBring the plans.');
    assert.equal(note!.editedAt, null);

    const at = nextTime();
    assert.equal((await editNote(deps, id, note!.id, 'Someone else', 'ada.ops@studio.example')).kind, 'not_author');
    assert.equal(await deleteNote(deps, id, note!.id, 'ada.ops@studio.example'), 'not_author');
    assert.equal((await editNote(deps, id, note!.id, 'Called twice.', 'grace@studio.example')).kind, 'changed');
    const edited = (await deps.pipeline.history(id)).notes[0]!;
    assert.deepEqual([edited.text, edited.editedAt], ['Called twice.', at]);
    assert.equal((await inbox.find(id))!.lastActivityAt, at);
    const other = await stored();
    assert.equal(await deleteNote(deps, other, note!.id, 'grace@studio.example'), 'not_found', 'a note belongs to its inquiry');
    assert.equal(await deleteNote(deps, id, note!.id, 'grace@studio.example'), 'changed');
    assert.equal((await deps.pipeline.history(id)).notes.length, 1);
    assert.equal((await deps.pipeline.notesOf([id, other])).get(other)!.length, 0);
  });

  it('one person\'s inquiries are found together by the comparable address; erasure takes notes and activities along', async () => {
    const first = await stored('Eve@Example.com');
    const second = await stored(' eve@example.COM');
    const stranger = await stored('bob@example.com');
    const found = await deps.pipeline.ofContacts(['eve@example.com']);
    assert.deepEqual(found.map((c) => c.id), [second, first], 'newest first');
    assert.ok(!found.some((c) => c.id === stranger));
    await addNote(deps, first, 'A note', 'grace@studio.example');
    await moveStage(deps, first, 'won', 'grace@studio.example');
    assert.equal(await inbox.delete(first), true);
    const left = await deps.pipeline.history(first);
    assert.deepEqual([left.notes.length, left.activities.length], [0, 0]);
    assert.deepEqual(await jobsOf(first), []);
  });
}

await onEachDialect((dialect) => `inquiry pipeline on ${dialect}`, 'studio_inbox_pipeline', pipelineSuite);
