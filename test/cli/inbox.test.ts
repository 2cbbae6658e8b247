import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { studio, studioWith } from '../helpers/cli.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { countInquiries, eventually, openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyPipelineStore } from '../../src/store/inquiries/pipeline.js';
import { addOperator } from '../helpers/inbox.js';

// The operator command `studio`, run as a child process against the server's own DATABASE_URL.

/** RFC 4180 rows (quoted cells may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  return rows;
}

/** The ids of a `studio inbox list` output: the first column of the rows under the header. */
function listedIds(stdout: string): string[] {
  const [header, ...rows] = stdout.trimEnd().split('\n');
  assert.match(header!, /^ID /);
  return rows.map((line) => line.split(' ')[0]!);
}

describe('studio command', () => {
  const suite = suiteScope();
  let server: TestServer;
  let db: Db;
  let webhook: WebhookReceiver;
  const ids: string[] = [];
  let spamId = '';
  before(async () => {
    webhook = await startWebhookReceiver();
    server = await startServer(suite, { INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret, OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100' });
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    const bodies = [validInquiry({ name: 'First Person' }), validInquiry({ name: '=HYPERLINK("http://x")', message: 'Line one, "quoted"\nLine two' }), validInquiry({ name: 'Third Person', language: 'es' })];
    for (const body of bodies) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', body)).status, 200);
      ids.push((await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).executeTakeFirstOrThrow()).id);
    }
    // The honeypot is the HTML form's own: a bot's submission arrives through the form route.
    const spam = validInquiry({ website: 'bot' });
    assert.equal((await postInquiry(server.url, '/contact', spam, { type: 'form' })).status, 200);
    spamId = (await db.kysely.selectFrom('inquiries').select('id').where('spam', '=', 1).executeTakeFirstOrThrow()).id;
    await eventually(async () => webhook.received.length >= 3 || undefined);
    // The receiver records a webhook before answering it; the worker marks the job done only after the
    // answer. The `--status done` filter below needs every job done, not only every webhook received.
    await eventually(async () => {
      const jobs = await db.kysely.selectFrom('notification_jobs').select('status').execute();
      return (jobs.length === ids.length && jobs.every((j) => j.status === 'done')) || undefined;
    });
  });
  after(async () => { await webhook.close(); });

  it('migrate applies migrations to a fresh database, then has nothing to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-cli-'));
    try {
      const url = `sqlite:${join(dir, 'fresh.db')}`;
      const first = await studio(url, 'migrate');
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /applied 001_inquiries/);
      const second = await studio(url, 'migrate');
      assert.equal(second.code, 0);
      assert.match(second.stdout, /up to date/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('inbox list shows a header row, then the newest first, with filters', async () => {
    const all = await studio(server.config.databaseUrl, 'inbox', 'list');
    assert.equal(all.code, 0, all.stderr);
    const [header, ...rows] = all.stdout.trimEnd().split('\n');
    assert.match(header!, /^ID +RECEIVED +STATE +LOCATION +BUDGET +PHASE +NOTIFICATIONS +FROM$/);
    assert.deepEqual(rows.map((line) => line.split(' ')[0]), [spamId, ...[...ids].reverse()]);
    // Columns line up under their titles.
    assert.ok(rows.every((line) => line.indexOf(' miami ') === header!.indexOf('LOCATION') - 1), all.stdout);
    // Columns are two spaces apart: a time has single spaces in it.
    assert.deepEqual(rows.map((line) => line.split(/ {2,}/)[2]), ['spam', 'new', 'new', 'new'], 'a filled honeypot arrives in spam');
    assert.ok(rows.every((line) => / \d{2}:\d{2} E[SD]T  /.test(line)), 'received in the studio\'s zone, New York by default');
    const spamOnly = await studio(server.config.databaseUrl, 'inbox', 'list', '--spam');
    assert.deepEqual(listedIds(spamOnly.stdout), [spamId]);
    assert.match(spamOnly.stdout.split('\n')[1]!, /^\S+ {2,}\d+ \w{3} \d{4}, \d{2}:\d{2} E[SD]T {2,}spam /);
    assert.deepEqual(listedIds((await studio(server.config.databaseUrl, 'inbox', 'list', '--state', 'spam')).stdout), [spamId]);
    assert.deepEqual(listedIds((await studio(server.config.databaseUrl, 'inbox', 'list', '--state', 'new')).stdout), [...ids].reverse());
    const noSpam = await studio(server.config.databaseUrl, 'inbox', 'list', '--no-spam', '--limit', '2');
    assert.deepEqual(listedIds(noSpam.stdout), [ids[2], ids[1]]);
    const future = await studio(server.config.databaseUrl, 'inbox', 'list', '--since', '2999-01-01');
    assert.equal(future.stdout.trim(), 'No inquiries match.');
    const recent = await studio(server.config.databaseUrl, 'inbox', 'list', '--since', '1h', '--status', 'done');
    assert.equal(listedIds(recent.stdout).length, 3);
  });

  it('inbox list --search finds every word in the name, email or message, in any letter case', async () => {
    const search = async (words: string) => {
      const run = await studio(server.config.databaseUrl, 'inbox', 'list', '--search', words);
      assert.equal(run.code, 0, run.stderr);
      return run.stdout.trim() === 'No inquiries match.' ? [] : listedIds(run.stdout);
    };
    assert.deepEqual(await search('hyperlink'), [ids[1]], 'in the name');
    assert.deepEqual(await search('QUOTED  line'), [ids[1]], 'every word, across lines of the message');
    assert.deepEqual(await search('third ADA@EXAMPLE'), [ids[2]], 'a word in the name, a word in the email');
    assert.deepEqual(await search('quoted third'), [], 'every word must occur');
    assert.deepEqual(await search('%'), [], 'a % is a percent sign, not a wildcard');
    assert.deepEqual(await search('_'), [], 'an _ is an underscore, not a wildcard');
  });

  it('an option that needs a value never takes the next option as its value', async () => {
    for (const args of [['--limit', '--spam'], ['--since', '--no-spam'], ['--spam=yes'], ['--limit'], ['--colour'], ['extra']]) {
      const run = await studio(server.config.databaseUrl, 'inbox', 'list', ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /^studio inbox: /, args.join(' '));
      assert.match(run.stderr, /studio inbox <command>/, 'the usage follows the message');
    }
    const ambiguous = await studio(server.config.databaseUrl, 'inbox', 'list', '--limit', '--spam');
    assert.match(ambiguous.stderr, /--limit/);
    const inline = await studio(server.config.databaseUrl, 'inbox', 'list', '--limit=1', '--spam');
    assert.equal(inline.code, 0, inline.stderr);
    assert.deepEqual(listedIds(inline.stdout), [spamId]);
  });

  it('inbox show prints every field and the notifications; an unknown id exits 4', async () => {
    const shown = await studio(server.config.databaseUrl, 'inbox', 'show', ids[1]!);
    assert.equal(shown.code, 0, shown.stderr);
    for (const text of ['=HYPERLINK', 'ada@example.com', 'miami', '3m-10m', 'pre-planning', 'Line two', 'webhook: done']) assert.ok(shown.stdout.includes(text), text);
    assert.match(shown.stdout, /^state: +new \(as it arrived\)$/m);
    assert.match(shown.stdout, /^spam: +no$/m);
    assert.match(shown.stdout, /^language: +en$/m, 'no language said: English');
    assert.match((await studio(server.config.databaseUrl, 'inbox', 'show', ids[2]!)).stdout, /^language: +es$/m);
    const missing = await studio(server.config.databaseUrl, 'inbox', 'show', 'no-such-id');
    assert.equal(missing.code, 4);
  });

  it('inbox export writes CSV (quoted, formula-safe) and JSON', async () => {
    const csv = await studio(server.config.databaseUrl, 'inbox', 'export', '--format', 'csv', '--no-spam');
    assert.equal(csv.code, 0, csv.stderr);
    assert.equal(csv.stderr, '', 'piped, standard error gets no progress line');
    const [header, ...rows] = parseCsv(csv.stdout);
    assert.deepEqual(header!.slice(0, 3), ['id', 'received_at', 'name']);
    assert.equal(rows.length, 3);
    const tricky = rows.find((r) => r[0] === ids[1])!;
    assert.equal(tricky[header!.indexOf('name')], `'=HYPERLINK("http://x")`);
    assert.equal(tricky[header!.indexOf('message')], 'Line one, "quoted"\nLine two');
    assert.deepEqual(['state', 'state_changed_at', 'state_changed_by'].map((column) => tricky[header!.indexOf(column)]), ['new', '', '']);
    assert.deepEqual(['folder', 'unread', 'stage', 'assignee'].map((column) => tricky[header!.indexOf(column)]), ['inbox', 'true', 'new', ''], 'where it stands in the pipeline');
    assert.deepEqual(ids.map((id) => rows.find((r) => r[0] === id)![header!.indexOf('language')]), ['en', 'en', 'es'], 'the language to answer in');
    const json = await studio(server.config.databaseUrl, 'inbox', 'export', '--format', 'json');
    assert.equal(json.stderr, '', 'piped, standard error gets no progress line');
    const records = JSON.parse(json.stdout) as Array<{ id: string; spam: boolean; name: string; language: string; state: string; state_changed_at: string | null }>;
    assert.equal(records.length, 4);
    assert.equal(records.find((r) => r.id === spamId)?.spam, true);
    assert.equal(records.find((r) => r.id === spamId)?.state, 'spam');
    assert.equal(records.find((r) => r.id === ids[0])?.state_changed_at, null);
    assert.equal(records.find((r) => r.id === ids[1])?.name, '=HYPERLINK("http://x")');
    assert.deepEqual(ids.map((id) => records.find((r) => r.id === id)?.language), ['en', 'en', 'es']);
  });

  it('inbox list, show and export read times in STUDIO_TIME_ZONE across a clock change, and --since takes its day', async () => {
    const la = { DATABASE_URL: server.config.databaseUrl, STUDIO_TIME_ZONE: 'America/Los_Angeles' };
    const moved = ids.slice(0, 3);
    const original = await db.kysely.selectFrom('inquiries').select(['id', 'received_at']).where('id', 'in', moved).execute();
    // 1 Nov 2026: Los Angeles goes back from 02:00 PDT to 01:00 PST at 09:00 UTC, so 01:30 comes twice.
    const times = [Date.UTC(2026, 10, 1, 6, 0), Date.UTC(2026, 10, 1, 8, 30), Date.UTC(2026, 10, 1, 9, 30)];
    for (const [i, at] of times.entries()) await db.kysely.updateTable('inquiries').set({ received_at: at }).where('id', '=', moved[i]!).execute();
    try {
      assert.match((await studioWith(la, 'inbox', 'show', moved[0]!)).stdout, /^received_at: 31 Oct 2026, 23:00 PDT$/m);
      assert.match((await studioWith(la, 'inbox', 'show', moved[1]!)).stdout, /^received_at: 1 Nov 2026, 01:30 PDT$/m);
      assert.match((await studioWith(la, 'inbox', 'show', moved[2]!)).stdout, /^received_at: 1 Nov 2026, 01:30 PST$/m);
      const day = await studioWith(la, 'inbox', 'list', '--no-spam', '--since', '2026-11-01');
      assert.equal(day.code, 0, day.stderr);
      assert.deepEqual(listedIds(day.stdout), [moved[2], moved[1]], 'the 1st of November from midnight in Los Angeles (07:00 UTC)');
      assert.match(day.stdout, new RegExp(`^${moved[2]}  1 Nov 2026, 01:30 PST  `, 'm'));
      const newYork = await studio(server.config.databaseUrl, 'inbox', 'list', '--no-spam', '--since', '2026-11-01');
      assert.deepEqual(listedIds(newYork.stdout), [moved[2], moved[1], moved[0]], 'in New York, the default, 06:00 UTC is already the 1st');
      const json = await studioWith(la, 'inbox', 'export', '--format', 'json', '--no-spam');
      const records = JSON.parse(json.stdout) as Array<{ id: string; received_at: string }>;
      assert.deepEqual(moved.map((id) => records.find((r) => r.id === id)?.received_at),
        ['2026-10-31T23:00:00-07:00', '2026-11-01T01:30:00-07:00', '2026-11-01T01:30:00-08:00']);
      assert.deepEqual(records.map((r) => Date.parse(r.received_at)).filter((ms) => times.includes(ms)).length, 3, 'each still the same instant to a machine');
      const csv = parseCsv((await studioWith(la, 'inbox', 'export', '--format', 'csv', '--no-spam')).stdout);
      assert.equal(csv.find((row) => row[0] === moved[2])?.[1], '2026-11-01T01:30:00-08:00');
      const refused = await studioWith({ ...la, STUDIO_TIME_ZONE: 'Pacific Time' }, 'inbox', 'list');
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /STUDIO_TIME_ZONE must be an IANA time zone/);
    } finally {
      for (const row of original) await db.kysely.updateTable('inquiries').set({ received_at: row.received_at }).where('id', '=', row.id).execute();
    }
  });

  it('inbox retry re-queues failed notifications, which the server then sends', async () => {
    await db.kysely.updateTable('notification_jobs').set({ status: 'failed', last_error: 'webhook delivery failed: 500' }).where('inquiry_id', '=', ids[0]!).execute();
    const failed = await studio(server.config.databaseUrl, 'inbox', 'list', '--status', 'failed');
    assert.deepEqual(listedIds(failed.stdout), [ids[0]]);
    const before = webhook.received.filter((w) => w.id === ids[0]).length;
    const retried = await studio(server.config.databaseUrl, 'inbox', 'retry');
    assert.equal(retried.code, 0, retried.stderr);
    assert.match(retried.stdout, /Re-queued 1 failed notification/);
    await eventually(async () => webhook.received.filter((w) => w.id === ids[0]).length > before || undefined);
  });

  it('inbox not-spam marks a flagged inquiry genuine and queues its notification, which the server sends', async () => {
    const env = { DATABASE_URL: server.config.databaseUrl, INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret };
    assert.ok(!webhook.received.some((w) => w.id === spamId), 'spam is not notified when it arrives');
    const marked = await studioWith(env, 'inbox', 'not-spam', spamId);
    assert.equal(marked.code, 0, marked.stderr);
    assert.match(marked.stdout, /genuine and queued its webhook notification/);
    const delivered = await eventually(async () => webhook.received.find((w) => w.id === spamId));
    assert.equal(delivered.payload.type, 'inquiry.received');
    const again = await studioWith(env, 'inbox', 'not-spam', spamId);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /not flagged as spam; nothing changed/);
    const jobs = await db.kysely.selectFrom('notification_jobs').select('channel').where('inquiry_id', '=', spamId).execute();
    assert.deepEqual(jobs, [{ channel: 'webhook' }], 'queued once');
    assert.equal((await studio(server.config.databaseUrl, 'inbox', 'list', '--spam')).stdout.trim(), 'No inquiries match.');
    const shown = await studio(server.config.databaseUrl, 'inbox', 'show', spamId);
    assert.match(shown.stdout, new RegExp(`^state: +read, set by cli:${userInfo().username} at \\d+ \\w{3} \\d{4}, \\d{2}:\\d{2} E[SD]T$`, 'm'), 'out of spam, into read');
    assert.match(shown.stdout, /^spam: +yes \(honeypot filled\)$/m, 'the honeypot fact stays');
    assert.equal((await studioWith(env, 'inbox', 'not-spam', 'no-such-id')).code, 4);
    assert.equal((await studioWith(env, 'inbox', 'not-spam')).code, 2);
  });

  it('inbox mark files an inquiry in a state, as the operator; out of spam it queues only the missing notifications', async () => {
    const env = { DATABASE_URL: server.config.databaseUrl, INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret };
    const archived = await studioWith(env, 'inbox', 'mark', ids[1]!, 'archived');
    assert.equal(archived.code, 0, archived.stderr);
    assert.equal(archived.stdout.trim(), `Inquiry ${ids[1]} is now archived.`);
    assert.deepEqual(listedIds((await studio(server.config.databaseUrl, 'inbox', 'list', '--state', 'archived')).stdout), [ids[1]]);
    const shown = await studio(server.config.databaseUrl, 'inbox', 'show', ids[1]!);
    assert.match(shown.stdout, new RegExp(`^state: +archived, set by cli:${userInfo().username} at \\d+ \\w{3} \\d{4}, \\d{2}:\\d{2} E[SD]T$`, 'm'));
    const again = await studioWith(env, 'inbox', 'mark', ids[1]!, 'archived');
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout.trim(), `Inquiry ${ids[1]} is already archived; nothing changed.`);

    // Into spam and out again: its webhook job exists already, so nothing is queued twice.
    const jobsOf = async (id: string) => (await db.kysely.selectFrom('notification_jobs').select('channel').where('inquiry_id', '=', id).execute()).map((j) => j.channel);
    assert.equal((await studioWith(env, 'inbox', 'mark', ids[1]!, 'spam')).code, 0);
    const back = await studioWith(env, 'inbox', 'mark', ids[1]!, 'read');
    assert.equal(back.stdout.trim(), `Inquiry ${ids[1]} is now read.`);
    assert.deepEqual(await jobsOf(ids[1]!), ['webhook']);

    // A honeypot inquiry filed elsewhere than spam is notified, once.
    const bot = validInquiry({ website: 'bot' });
    assert.equal((await postInquiry(server.url, '/contact', bot, { type: 'form' })).status, 200);
    const botId = (await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(bot.message)).executeTakeFirstOrThrow()).id;
    const out = await studioWith(env, 'inbox', 'mark', botId, 'archived');
    assert.equal(out.stdout.trim(), `Inquiry ${botId} is now archived; its webhook notification is queued, and the server's outbox worker sends it.`);
    await eventually(async () => webhook.received.find((w) => w.id === botId));
    assert.deepEqual(await jobsOf(botId), ['webhook']);
    await studioWith(env, 'inbox', 'mark', botId, 'new');
    assert.equal((await db.kysely.selectFrom('inquiries').select('spam').where('id', '=', botId).executeTakeFirstOrThrow()).spam, 1, 'the honeypot fact never changes');

    assert.equal((await studioWith(env, 'inbox', 'mark', 'no-such-id', 'read')).code, 4);
    for (const args of [[ids[1]!], [ids[1]!, 'deleted'], [ids[1]!, 'read', 'extra'], []]) {
      const run = await studioWith(env, 'inbox', 'mark', ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /studio inbox <command>/);
    }
    await db.kysely.deleteFrom('notification_jobs').where('inquiry_id', '=', botId).execute();
    await db.kysely.deleteFrom('inquiries').where('id', '=', botId).execute();
  });

  it('inbox delete --email erases every inquiry of that address, in any case, with its jobs and keys', async () => {
    const mine = [validInquiry({ email: 'Grace.Hopper@Example.com' }), validInquiry({ email: 'grace.hopper@example.COM', phone: '' })];
    const other = validInquiry({ email: 'grace.hopper@example.org' });
    for (const [i, body] of [...mine, other].entries()) {
      const response = await postInquiry(server.url, '/api/v1/contact', body, { headers: { 'Idempotency-Key': `erase-${i}-${Date.now()}` } });
      assert.equal(response.status, 200);
    }
    const idsOf = async (bodies: typeof mine) => (await db.kysely.selectFrom('inquiries').select('id')
      .where('message', 'in', bodies.map((b) => String(b.message))).execute()).map((r) => r.id);
    const graceIds = await idsOf(mine);
    assert.equal(graceIds.length, 2);
    const left = async (table: 'notification_jobs' | 'idempotency_keys') =>
      (await db.kysely.selectFrom(table).select('inquiry_id').where('inquiry_id', 'in', graceIds).execute()).length;
    assert.deepEqual([await left('notification_jobs'), await left('idempotency_keys')], [2, 2]);
    const before = await countInquiries(db);
    const erased = await studio(server.config.databaseUrl, 'inbox', 'delete', '--email', 'GRACE.HOPPER@example.com');
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /Deleted 2 inquiries of that address/);
    assert.equal(await countInquiries(db), before - 2);
    assert.deepEqual(await idsOf(mine), []);
    assert.equal((await idsOf([other])).length, 1, 'another address stays');
    assert.deepEqual([await left('notification_jobs'), await left('idempotency_keys')], [0, 0]);
    const none = await studio(server.config.databaseUrl, 'inbox', 'delete', '--email', 'nobody@example.net');
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /Deleted 0 inquiries/);
    for (const args of [['--email'], ['--email', 'a@b.c', 'some-id'], ['id-1', 'id-2'], []]) {
      assert.equal((await studio(server.config.databaseUrl, 'inbox', 'delete', ...args)).code, 2, args.join(' '));
    }
  });

  it('inbox purge --dry-run lists what it would delete and deletes nothing', async () => {
    await db.kysely.updateTable('inquiries').set({ received_at: Date.now() - 500 * 86_400_000 }).where('id', '=', ids[1]!).execute();
    const before = await countInquiries(db);
    const dry = await studio(server.config.databaseUrl, 'inbox', 'purge', '--older-than', '365d', '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    const lines = dry.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^ID +RECEIVED/);
    assert.deepEqual(lines.slice(1, -1).map((line) => line.split(' ')[0]), [ids[1]]);
    assert.match(lines.at(-1)!, /^Would delete 1 inquiry received before \d+ \w{3} \d{4}, \d{2}:\d{2} E[SD]T; nothing was deleted\.$/);
    assert.equal(await countInquiries(db), before);
    await db.kysely.updateTable('inquiries').set({ received_at: Date.now() }).where('id', '=', ids[1]!).execute();
  });

  it('inbox delete removes one inquiry; purge removes the old ones only', async () => {
    const before = await countInquiries(db);
    const deleted = await studio(server.config.databaseUrl, 'inbox', 'delete', ids[2]!);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(await countInquiries(db), before - 1);
    assert.equal((await studio(server.config.databaseUrl, 'inbox', 'delete', ids[2]!)).code, 4);
    await db.kysely.updateTable('inquiries').set({ received_at: Date.now() - 400 * 86_400_000 }).where('id', '=', ids[0]!).execute();
    const purged = await studio(server.config.databaseUrl, 'inbox', 'purge', '--older-than', '365d');
    assert.equal(purged.code, 0, purged.stderr);
    assert.match(purged.stdout, /Deleted 1 inquiry/);
    assert.equal(await countInquiries(db), before - 2);
    const jobs = await db.kysely.selectFrom('notification_jobs').select('id').where('inquiry_id', 'in', [ids[0]!, ids[2]!]).execute();
    assert.equal(jobs.length, 0);
  });

  it('inbox stage and assign work the pipeline as the operator; show prints stage, assignee, notes and activities', async () => {
    const env = { DATABASE_URL: server.config.databaseUrl, INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret };
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry({ message: 'A boathouse, word pipeline' }))).status, 200);
    const id = (await db.kysely.selectFrom('inquiries').select('id').where('message', '=', 'A boathouse, word pipeline').executeTakeFirstOrThrow()).id;
    const me = `cli:${userInfo().username}`;
    const moved = await studioWith(env, 'inbox', 'stage', id, 'contacted');
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(moved.stdout, new RegExp(`^Inquiry ${id} is now at stage contacted; its inquiry.stage_changed webhook is queued`));
    const told = await eventually(async () => webhook.received.find((w) => w.payload.type === 'inquiry.stage_changed' && (w.payload.data as unknown as { inquiry_id: string }).inquiry_id === id));
    assert.deepEqual({ ...told.payload.data, changed_at: undefined }, { inquiry_id: id, from: 'new', to: 'contacted', by: me, changed_at: undefined });
    assert.match((await studioWith(env, 'inbox', 'stage', id, 'contacted')).stdout, /at stage contacted already; nothing changed/);
    const bad = await studio(server.config.databaseUrl, 'inbox', 'stage', id, 'client');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /the stage must be one of new, contacted, consultation, proposal, won, lost/);

    const stranger = await studio(server.config.databaseUrl, 'inbox', 'assign', id, 'mallory@example.com');
    assert.equal(stranger.code, 1);
    assert.match(stranger.stderr, /No operator has the address mallory@example\.com/);
    await addOperator(server, 'grace@harbor.example');
    const assigned = await studio(server.config.databaseUrl, 'inbox', 'assign', id, 'Grace@Harbor.example');
    assert.equal(assigned.code, 0, assigned.stderr);
    assert.equal(assigned.stdout.trim(), `Inquiry ${id} is now assigned to Grace@Harbor.example.`);
    await new KyselyPipelineStore(db).addNote(id, 'grace@harbor.example', 'Called.\nSite visit Tuesday.', Date.now());

    const shown = await studio(server.config.databaseUrl, 'inbox', 'show', id);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^stage: +contacted$/m);
    assert.match(shown.stdout, /^assignee: +grace@harbor\.example$/m);
    assert.match(shown.stdout, /^notes:\n {2}\d+ \w{3} \d{4}, \d\d:\d\d E[SD]T {2}grace@harbor\.example:\n {4}Called\.\n {4}Site visit Tuesday\.$/m);
    assert.match(shown.stdout, new RegExp(`^activities:\\n.*  ${me}: stage new -> contacted\\n.*  ${me}: assignee \\(nobody\\) -> grace@harbor\\.example$`, 'm'));
    const unassigned = await studio(server.config.databaseUrl, 'inbox', 'assign', id, 'none');
    assert.equal(unassigned.stdout.trim(), `Inquiry ${id} is now assigned to nobody.`);
    assert.equal((await studio(server.config.databaseUrl, 'inbox', 'stage', 'no-such-id', 'won')).code, 4);
    assert.equal((await studio(server.config.databaseUrl, 'inbox', 'assign', 'no-such-id', 'none')).code, 4);
  });

  it('usage mistakes exit 2 with the usage text', async () => {
    for (const args of [[], ['nope'], ['inbox'], ['inbox', 'export', '--format', 'xml'], ['inbox', 'purge'], ['inbox', 'purge', '--older-than', 'a year'],
      ['inbox', 'list', '--status', 'lost'], ['inbox', 'list', '--state', 'lost'], ['inbox', 'list', '--state', 'new', '--no-spam'], ['inbox', 'purge', '--older-than', '--dry-run'], ['migrate', 'now'], ['clients', 'list', '--all'], ['keys', 'rotate', 'now']]) {
      const run = await studio(server.config.databaseUrl, ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stdout + run.stderr, /studio/);
    }
    const help = await studio(server.config.databaseUrl, 'inbox', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /purge --older-than/);
    assert.match(help.stdout, /delete --email <address>/);
    assert.match(help.stdout, /not-spam <id>/);
    assert.match(help.stdout, /mark <id> new\|read\|archived\|spam/);
  });

  it('an inbox command named like an Object.prototype member is unknown (exit 2)', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const run = await studio(server.config.databaseUrl, 'inbox', name);
      assert.equal(run.code, 2, name);
      assert.match(run.stderr, new RegExp(`unknown inbox command "${name}"`));
    }
  });

  it('a database it cannot reach exits 1', async () => {
    const run = await studio('postgres://postgres@127.0.0.1:1/none', 'inbox', 'list');
    assert.equal(run.code, 1);
    assert.match(run.stderr, /studio: failed/);
  });
});
