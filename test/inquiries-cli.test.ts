import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { studio } from './helpers/cli.js';
import { startServer, type TestServer } from './helpers/server.js';
import { countInquiries, eventually, openStore, postInquiry, validInquiry } from './helpers/inquiries.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/inquiry-peers.js';
import type { Db } from '../src/store/database.js';

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

describe('studio command', () => {
  let server: TestServer;
  let db: Db;
  let webhook: WebhookReceiver;
  const ids: string[] = [];
  let spamId = '';
  before(async () => {
    webhook = await startWebhookReceiver();
    server = await startServer({ INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret, OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100' });
    db = openStore(server.config.databaseUrl);
    const bodies = [validInquiry({ name: 'First Person' }), validInquiry({ name: '=HYPERLINK("http://x")', message: 'Line one, "quoted"\nLine two' }), validInquiry({ name: 'Third Person' })];
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
  after(async () => {
    await db.close();
    await server.close();
    await webhook.close();
  });

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

  it('inbox list shows the newest first, with filters', async () => {
    const all = await studio(server.config.databaseUrl, 'inbox', 'list');
    assert.equal(all.code, 0, all.stderr);
    const listed = all.stdout.trim().split('\n').map((line) => line.split(' ')[0]);
    assert.deepEqual(listed, [spamId, ...[...ids].reverse()]);
    const spamOnly = await studio(server.config.databaseUrl, 'inbox', 'list', '--spam');
    assert.deepEqual(spamOnly.stdout.trim().split('\n').map((line) => line.split(' ')[0]), [spamId]);
    assert.match(spamOnly.stdout, /SPAM/);
    const noSpam = await studio(server.config.databaseUrl, 'inbox', 'list', '--no-spam', '--limit', '2');
    assert.deepEqual(noSpam.stdout.trim().split('\n').map((line) => line.split(' ')[0]), [ids[2], ids[1]]);
    const future = await studio(server.config.databaseUrl, 'inbox', 'list', '--since', '2999-01-01');
    assert.match(future.stdout, /No inquiries match/);
    const recent = await studio(server.config.databaseUrl, 'inbox', 'list', '--since', '1h', '--status', 'done');
    assert.equal(recent.stdout.trim().split('\n').length, 3);
  });

  it('inbox show prints every field and the notifications; an unknown id exits 4', async () => {
    const shown = await studio(server.config.databaseUrl, 'inbox', 'show', ids[1]!);
    assert.equal(shown.code, 0, shown.stderr);
    for (const text of ['=HYPERLINK', 'ada@example.com', 'miami', '3m-10m', 'pre-planning', 'Line two', 'webhook: done']) assert.ok(shown.stdout.includes(text), text);
    const missing = await studio(server.config.databaseUrl, 'inbox', 'show', 'no-such-id');
    assert.equal(missing.code, 4);
  });

  it('inbox export writes CSV (quoted, formula-safe) and JSON', async () => {
    const csv = await studio(server.config.databaseUrl, 'inbox', 'export', '--format', 'csv', '--no-spam');
    assert.equal(csv.code, 0, csv.stderr);
    const [header, ...rows] = parseCsv(csv.stdout);
    assert.deepEqual(header!.slice(0, 3), ['id', 'received_at', 'name']);
    assert.equal(rows.length, 3);
    const tricky = rows.find((r) => r[0] === ids[1])!;
    assert.equal(tricky[header!.indexOf('name')], `'=HYPERLINK("http://x")`);
    assert.equal(tricky[header!.indexOf('message')], 'Line one, "quoted"\nLine two');
    const json = await studio(server.config.databaseUrl, 'inbox', 'export', '--format', 'json');
    const records = JSON.parse(json.stdout) as Array<{ id: string; spam: boolean; name: string }>;
    assert.equal(records.length, 4);
    assert.equal(records.find((r) => r.id === spamId)?.spam, true);
    assert.equal(records.find((r) => r.id === ids[1])?.name, '=HYPERLINK("http://x")');
  });

  it('inbox retry re-queues failed notifications, which the server then sends', async () => {
    await db.kysely.updateTable('notification_jobs').set({ status: 'failed', last_error: 'webhook delivery failed: 500' }).where('inquiry_id', '=', ids[0]!).execute();
    const failed = await studio(server.config.databaseUrl, 'inbox', 'list', '--status', 'failed');
    assert.deepEqual(failed.stdout.trim().split('\n').map((line) => line.split(' ')[0]), [ids[0]]);
    const before = webhook.received.filter((w) => w.id === ids[0]).length;
    const retried = await studio(server.config.databaseUrl, 'inbox', 'retry');
    assert.equal(retried.code, 0, retried.stderr);
    assert.match(retried.stdout, /Re-queued 1 failed notification/);
    await eventually(async () => webhook.received.filter((w) => w.id === ids[0]).length > before || undefined);
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

  it('usage mistakes exit 2 with the usage text', async () => {
    for (const args of [[], ['nope'], ['inbox'], ['inbox', 'export', '--format', 'xml'], ['inbox', 'purge'], ['inbox', 'purge', '--older-than', 'a year'], ['inbox', 'list', '--status', 'lost']]) {
      const run = await studio(server.config.databaseUrl, ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stdout + run.stderr, /studio/);
    }
    const help = await studio(server.config.databaseUrl, 'inbox', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /purge --older-than/);
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
