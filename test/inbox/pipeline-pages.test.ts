import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { addOperator, hiddenField, signIn, type InboxClient } from '../helpers/inbox.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { eventually, openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The pipeline on an inquiry's page through a listening server: the stage and assignee controls, notes
// (added, refused with the text kept, edited and deleted by their author only), the timeline in the
// studio's time, the person's other inquiries, read and unread apart from the folder, "Mark unread"
// back to the list the operator came from, CSRF, and a stage change told once on the webhook channel.

const DESK = 'desk@harbor.example';
const COLLEAGUE = 'Sam@Harbor.example';
const MINUTE = 60_000;

const path = (id: string, route: string = INBOX_PATHS.inquiry) => route.replace(':id', encodeURIComponent(id));
const notePath = (id: string, noteId: string, route: string = INBOX_PATHS.note) => path(id, route).replace(':noteId', noteId);
/** Every note id a page shows an edit form for, in page order. */
const editableNotes = (page: string) => [...page.matchAll(/action="\/inbox\/inquiries\/[^/]+\/notes\/([^/"]+)"/g)].map((m) => m[1]!);
const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

describe('the pipeline on the inquiry page', () => {
  const suite = suiteScope();
  let server: TestServer;
  let webhook: WebhookReceiver;
  let desk: InboxClient;
  let sam: InboxClient;
  let db: Db;
  let now = Date.UTC(2026, 10, 20, 17, 0);

  async function submit(email: string, word: string): Promise<string> {
    now += MINUTE;
    const response = await postInquiry(server.url, '/api/v1/contact', validInquiry({ email, message: `A house by the water, word ${word}` }));
    assert.equal(response.status, 200, await response.text());
    const [entry] = await new KyselyInboxStore(db).list({ search: word });
    return entry!.id;
  }

  before(async () => {
    webhook = await startWebhookReceiver();
    server = await startServer(suite, {
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret, OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100',
      STUDIO_TIME_ZONE: 'America/New_York',
    }, { clock: () => now });
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    await addOperator(server, DESK);
    await addOperator(server, COLLEAGUE);
    desk = await signIn(server.url, DESK);
    sam = await signIn(server.url, COLLEAGUE);
  });

  after(async () => {
    await webhook?.close();
  });

  it('shows the stage and assignee controls with every operator, and no notes yet', async () => {
    const id = await submit('ada@example.com', 'controls');
    const page = await desk.page(path(id));
    assert.match(page, /<select id="stage" name="stage"><option value="new" selected>New<\/option><option value="contacted">Contacted/);
    assert.match(page, /<option value="" selected>Nobody<\/option><option value="desk@harbor.example">desk@harbor.example \(me\)<\/option><option value="sam@harbor.example">/);
    assert.match(page, /No notes or changes yet\./);
    assert.match(page, /stage <strong>New<\/strong> · Unassigned/);
  });

  it('refuses a form without the session\'s CSRF token, and changes nothing', async () => {
    const id = await submit('csrf@example.com', 'forged');
    const forged = await desk.post(path(id, INBOX_PATHS.stage), { _csrf: 'x'.repeat(43), stage: 'won' });
    assert.equal(forged.status, 403);
    const note = await desk.post(path(id, INBOX_PATHS.notes), { _csrf: '', text: 'forged note' });
    assert.equal(note.status, 403);
    const page = await desk.page(path(id));
    assert.match(page, /stage <strong>New<\/strong>/);
    assert.ok(!page.includes('forged note'));
  });

  it('a stage change answers 303 with a notice, queues exactly one webhook job, and the receiver gets a signed inquiry.stage_changed', async () => {
    const id = await submit('stage@example.com', 'staged');
    await eventually(async () => webhook.received.some((w) => w.payload.type === 'inquiry.received' && w.payload.data.id === id) || undefined);
    now += MINUTE;
    const moved = await desk.post(path(id, INBOX_PATHS.stage), { stage: 'consultation' });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.get('location'), `${path(id)}?done=stage-told`);
    const page = await desk.page(moved.headers.get('location')!);
    assert.match(page, /Stage changed; the webhook tells the studio’s tools\./);
    assert.match(page, /<strong>desk@harbor\.example<\/strong> moved it from New to Consultation <span class="timeline-when"><time datetime="2026-11-20T12:\d\d:00-05:00">20 Nov 2026, 12:\d\d EST<\/time>/);
    const jobs = await db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', id).where('event', '=', 'inquiry.stage_changed').execute();
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0]!.channel, 'webhook');
    const told = await eventually(async () => webhook.received.find((w) => w.payload.type === 'inquiry.stage_changed' && (w.payload.data as unknown as { inquiry_id: string }).inquiry_id === id));
    assert.deepEqual(told.payload.data, { inquiry_id: id, from: 'new', to: 'consultation', by: DESK, changed_at: new Date(now).toISOString() });
    assert.equal(told.id, `${id}.${jobs[0]!.ref}`, 'the webhook-id names the inquiry and the activity');
    const log = await eventually(async () => {
      const text = await desk.page(path(id));
      return /<td data-label="Channel">webhook: inquiry\.stage_changed<\/td><td data-label="Status">Delivered<\/td>/.test(text) ? text : undefined;
    });
    assert.ok(log, 'the delivery log names the event its webhook told');
    const again = await desk.post(path(id, INBOX_PATHS.stage), { stage: 'consultation' });
    assert.equal(again.headers.get('location'), `${path(id)}?done=stage-unchanged`);
    assert.equal((await db.kysely.selectFrom('notification_jobs').select('id').where('inquiry_id', '=', id).where('event', '=', 'inquiry.stage_changed').execute()).length, 1);
  });

  it('assigns to an operator (any letter case) or to nobody, refuses an address that is no operator, and records each change', async () => {
    const id = await submit('assign@example.com', 'assigned');
    now += MINUTE;
    const assigned = await desk.post(path(id, INBOX_PATHS.assignee), { assignee: 'SAM@harbor.example' });
    assert.equal(assigned.headers.get('location'), `${path(id)}?done=assigned`);
    const stranger = await desk.post(path(id, INBOX_PATHS.assignee), { assignee: 'mallory@example.com' });
    assert.equal(stranger.headers.get('location'), `${path(id)}?done=unknown-operator`);
    let page = await desk.page(stranger.headers.get('location')!);
    assert.match(page, /Not assigned: there is no operator with that address\./);
    assert.match(page, /Assigned to sam@harbor\.example/);
    assert.match(page, /<option value="sam@harbor.example" selected>/);
    now += MINUTE;
    await desk.post(path(id, INBOX_PATHS.assignee), { assignee: '' });
    page = await desk.page(path(id));
    assert.match(page, /· Unassigned ·/);
    const timeline = [...page.matchAll(/<li class="timeline-activity"><p><strong>([^<]+)<\/strong> ([^<]+) <span/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(timeline, ['desk@harbor.example assigned it to sam@harbor.example', 'desk@harbor.example unassigned it (was sam@harbor.example)']);
  });

  it('notes: added, a 10,001-character one refused with a clear message and its text kept, edited ("edited") and deleted by their author only', async () => {
    const id = await submit('notes@example.com', 'noted');
    const added = await desk.post(path(id, INBOX_PATHS.notes), { text: '  Called, site visit Tuesday <b>9am</b>.\nBring the plans.  ' });
    assert.equal(added.status, 303);
    assert.equal(added.headers.get('location'), `${path(id)}?done=note-added`);
    let page = await desk.page(path(id));
    assert.match(page, /<div class="note-text">Called, site visit Tuesday &lt;b&gt;9am&lt;\/b&gt;\.\nBring the plans\.<\/div>/);
    const [noteId] = editableNotes(page);
    assert.ok(noteId, 'the author gets an edit form');

    const long = `Start ${'x'.repeat(10_001 - 6)}`;
    const refused = await desk.post(path(id, INBOX_PATHS.notes), { text: long });
    assert.equal(refused.status, 400);
    const refusedPage = await refused.text();
    assert.match(refusedPage, /The note is 10,001 characters long; a note takes at most 10,000\./);
    assert.ok(refusedPage.includes(`>${long}</textarea>`), 'the text is kept in the form');
    assert.match(refusedPage, /aria-invalid="true"/);
    assert.equal(editableNotes(await desk.page(path(id))).length, 1, 'nothing was stored');

    // Another operator sees the note without its forms, and cannot edit or delete it by posting anyway.
    const samPage = await sam.page(path(id));
    assert.match(samPage, /Called, site visit Tuesday/);
    assert.deepEqual(editableNotes(samPage), []);
    const samEdit = await sam.post(notePath(id, noteId), { text: 'Sam was here' });
    assert.equal(samEdit.headers.get('location'), `${path(id)}?done=note-not-yours`);
    const samDelete = await sam.post(notePath(id, noteId, INBOX_PATHS.noteDelete));
    assert.equal(samDelete.headers.get('location'), `${path(id)}?done=note-not-yours`);
    page = await desk.page(path(id));
    assert.match(page, /Called, site visit Tuesday/);
    assert.ok(!page.includes('Sam was here'));

    now += MINUTE;
    const edited = await desk.post(notePath(id, noteId), { text: 'Called twice.' });
    assert.equal(edited.headers.get('location'), `${path(id)}?done=note-edited`);
    page = await desk.page(path(id));
    assert.match(page, /<div class="note-text">Called twice\.<\/div>/);
    assert.match(page, /<span class="note-edited" title="[^"]+EST">edited<\/span>/);
    const emptyEdit = await desk.post(notePath(id, noteId), { text: '   ' });
    assert.equal(emptyEdit.status, 400);
    assert.match(await emptyEdit.text(), /<details open><summary>Edit<\/summary>/);

    // 10,000 characters of three UTF-8 bytes each: about 90 KB as a form, above the service's 64 KB default.
    const wide = await desk.post(path(id, INBOX_PATHS.notes), { text: '家'.repeat(10_000) });
    assert.equal(wide.status, 303, 'a note at its limit in any script fits the form');
    const wideId = editableNotes(await desk.page(path(id))).find((n) => n !== noteId)!;
    assert.equal((await desk.post(notePath(id, wideId, INBOX_PATHS.noteDelete))).status, 303);

    const deleted = await desk.post(notePath(id, noteId, INBOX_PATHS.noteDelete));
    assert.equal(deleted.headers.get('location'), `${path(id)}?done=note-deleted`);
    assert.match(await desk.page(deleted.headers.get('location')!), /Note deleted\.[\s\S]*No notes or changes yet\./);
    const gone = await desk.post(notePath(id, noteId, INBOX_PATHS.noteDelete));
    assert.equal(gone.headers.get('location'), `${path(id)}?done=note-gone`);
  });

  it('the timeline merges notes and changes in time order; the Markdown twin has it too', async () => {
    const id = await submit('timeline@example.com', 'timeline');
    now += MINUTE;
    await desk.post(path(id, INBOX_PATHS.stage), { stage: 'contacted' });
    now += MINUTE;
    await desk.post(path(id, INBOX_PATHS.notes), { text: 'Sent the brochure.' });
    now += MINUTE;
    await sam.post(path(id, INBOX_PATHS.stage), { stage: 'proposal' });
    const page = await desk.page(path(id));
    const order = ['moved it from New to Contacted', 'Sent the brochure.', 'moved it from Contacted to Proposal'].map((text) => page.indexOf(text));
    assert.ok(order.every((at) => at > 0) && order[0]! < order[1]! && order[1]! < order[2]!, `in time order: ${order.join(', ')}`);
    assert.match(page, /<strong>sam@harbor\.example<\/strong> moved it from Contacted to Proposal/);
    const markdown = await desk.page(path(id), 200, 'text/markdown');
    assert.match(markdown, /## Notes and activity/);
    assert.match(markdown, /Stage: Proposal · Unassigned/);
    assert.match(markdown, /EST: desk@harbor\.example noted:\n\n {4}> Sent the brochure\./);
  });

  it('lists the person\'s other inquiries (the same address in any letter case), with date, stage and folder', async () => {
    const first = await submit('Eve@Example.com', 'evefirst');
    const second = await submit('eve@example.com', 'evesecond');
    await desk.post(path(first, INBOX_PATHS.stage), { stage: 'won' });
    await desk.post(path(first, INBOX_PATHS.state), { state: 'archived' });
    const page = await desk.page(path(second));
    assert.match(page, /<h2 id="h-others">Other inquiries from this person<\/h2>/);
    assert.match(page, new RegExp(`<li><a href="${path(first)}"><time [^>]+>[^<]+EST</time></a> · Won · in Archived</li>`));
    assert.ok(!page.includes(`<a href="${path(second)}">`), 'not itself');
    assert.ok(!(await desk.page(path((await submit('solo@example.com', 'solo'))))).includes('h-others'));
  });

  it('opening an unread inquiry marks it read without moving it; "Mark unread" keeps the folder and returns to the list it came from', async () => {
    const id = await submit('folder@example.com', 'folders');
    await desk.post(path(id, INBOX_PATHS.state), { state: 'archived' });
    await db.kysely.updateTable('inquiries').set({ unread: 1 }).where('id', '=', id).execute();
    const back = `${INBOX_PATHS.list}?state=archived&q=folders`;
    const page = await desk.page(`${path(id)}?back=${encodeURIComponent(back)}`);
    let entry = (await new KyselyInboxStore(db).find(id))!;
    assert.deepEqual([entry.folder, entry.unread], ['archived', false]);
    assert.match(page, /<a href="\/inbox\?state=archived&amp;q=folders">← Back to the list<\/a>/);
    assert.equal(decode(hiddenField(page, 'back')), back);
    const marked = await desk.post(path(id, INBOX_PATHS.unread), { unread: 'true', back });
    assert.equal(marked.status, 303);
    assert.equal(marked.headers.get('location'), `${back}&done=marked-unread`);
    entry = (await new KyselyInboxStore(db).find(id))!;
    assert.deepEqual([entry.folder, entry.unread], ['archived', true]);
    // No safe `back` (another origin): the inquiry's own folder.
    await desk.page(path(id));
    const elsewhere = await desk.post(path(id, INBOX_PATHS.unread), { unread: 'true', back: 'https://evil.example/inbox' });
    assert.equal(elsewhere.headers.get('location'), `${INBOX_PATHS.list}?state=archived&done=marked-unread`);
    const head = await desk.request(path(id), { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal((await new KyselyInboxStore(db).find(id))!.unread, true, 'a HEAD looks without opening');
  });
});
