import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { freePort, startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { countInquiries, eventually, openStore, postInquiry, validInquiry, type ErrorJson } from '../helpers/inquiries.js';
import { createPgDatabase } from '../helpers/postgres.js';
import { SwitchablePgProxy } from '../helpers/pg-proxy.js';
import { exited, isSocketError, spawnServer } from '../helpers/service-process.js';
import type { Db } from '../../src/store/db/database.js';
import { startSmtpSink, startWebhookReceiver, type ReceivedMail, type WebhookReceiver } from '../helpers/inquiry-peers.js';

// Faults: the database going away and coming back, a full disk under SQLite, the server killed with
// SIGKILL mid-burst, and the SMTP server down for a while.

const database = await createPgDatabase('studio_inq_faults');
if (typeof database === 'string') console.log(`# skipping the database-unreachable test: ${database}`);

describe('the database unreachable', { skip: typeof database === 'string' ? database : false }, () => {
  let proxy: SwitchablePgProxy;
  let server: TestServer;
  let direct: pg.Client;
  before(async () => {
    if (typeof database === 'string') return;
    proxy = new SwitchablePgProxy(await freePort());
    suite.after(() => proxy.down());
    // The database is down when the service starts: it must start anyway.
    // The webhook points at a closed port: each inquiry gets an outbox job that stays owed.
    server = await startServer(suite, {
      DATABASE_URL: proxy.urlFor(database.url), RATE_LIMIT_SCALE: '1000',
      INBOX_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`, INBOX_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
    }, { waitForStore: false });
    direct = new pg.Client({ connectionString: database.url });
    // `after` drops the database first, which ends this connection: that is expected, not a crash.
    direct.on('error', () => undefined);
    await direct.connect();
  });
  after(async () => {
    if (typeof database === 'string') return;
    // Whatever `before` got to (any of these may be unset): the database is dropped first, whatever
    // else fails, so no run leaves one behind; DROP ... WITH (FORCE) ends the server's connections.
    try {
      await database.drop();
    } finally {
      await direct?.end().catch(() => undefined);
    }
  });
  // After the hook above (node:test runs after hooks in order): the server closes, then the proxy goes down.
  const suite = suiteScope();

  const rows = async () => {
    const exists = await direct.query("select to_regclass('public.inquiries') as t");
    if (!exists.rows[0].t) return 0;
    return Number((await direct.query('select count(*) as n from inquiries')).rows[0].n);
  };

  async function assertUnavailable(route: string): Promise<void> {
    const response = await postInquiry(server.url, route, validInquiry());
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After is sent');
    const body = await response.json() as ErrorJson;
    assert.equal(body.code, 'inbox_unavailable');
    assert.equal(body.ok, false);
    assert.doesNotMatch(JSON.stringify(body), /ECONNREFUSED|127\.0\.0\.1|postgres/i, 'no driver message reaches the client');
    if (route === '/api/contact') assert.match(response.headers.get('deprecation') ?? '', /^@\d+$/);
  }

  it('starts without it: reads are 200, inquiries 503 with Retry-After, readiness 503', async () => {
    assert.equal((await fetch(`${server.url}/api/v1/projects`)).status, 200);
    assert.equal((await fetch(`${server.url}/api/v1`)).status, 200);
    assert.equal((await fetch(`${server.url}/readyz`)).status, 503);
    await assertUnavailable('/api/v1/contact');
    await assertUnavailable('/api/contact');
  });

  it('recovers without a restart once the database is back', async () => {
    await proxy.up();
    await eventually(async () => (await postInquiry(server.url, '/api/v1/contact', validInquiry())).status === 200 || undefined, 300);
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
  });

  it('answers 503 with nothing half-written when the database goes away later, and recovers again', async () => {
    const stored = await rows();
    await proxy.down();
    await assertUnavailable('/api/v1/contact');
    assert.equal((await fetch(`${server.url}/api/v1/services`)).status, 200);
    assert.equal(await rows(), stored);
    await proxy.up();
    await eventually(async () => (await postInquiry(server.url, '/api/v1/contact', validInquiry())).status === 200 || undefined, 300);
    assert.equal(await rows(), stored + 1);
    const orphans = await direct.query('select count(*) as n from inquiries i where not exists (select 1 from notification_jobs j where j.inquiry_id = i.id)');
    assert.equal(Number(orphans.rows[0].n), 0, 'every inquiry has its outbox job');
  });
});

/**
 * The SQLite inbox cannot write. Why a full tmpfs, and not a read-only file: tests run as root, and
 * root writes through chmod, so a read-only file or directory proves nothing here. A read-only
 * remount of the filesystem is refused (EBUSY) while the server holds the database open for writing,
 * a `mode=ro` URL would be a src change (DATABASE_URL takes a path), and `PRAGMA max_page_count` binds
 * only the connection that sets it. A small tmpfs mounted for this suite (root may mount one) and
 * filled to the last byte makes the server's own writes fail with SQLITE_FULL, as a full disk does.
 */
describe('the SQLite inbox on a full disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-full-'));
  let mountError: string | undefined;
  let db: Db | undefined;
  before(() => {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    } catch (error) {
      mountError = `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
      console.log(`# skipping the full-disk test: ${mountError}`);
    }
  });
  after(async () => {
    try {
      await db?.close();
    } finally {
      if (!mountError) execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 inbox_unavailable with Retry-After and writes nothing; accepts again once there is room', async (t) => {
    if (mountError) return t.skip(mountError);
    const databaseUrl = `sqlite:${join(dir, 'studio.db')}`;
    const server = await startServer(t, { DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '1000' });
    db = openStore(databaseUrl);
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const stored = await countInquiries(db);
    // Empty the WAL file (the next write must grow it), then take every byte left on the filesystem.
    const [checkpoint] = (await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely)).rows;
    assert.equal(checkpoint?.busy, 0, 'the WAL was checkpointed and truncated');
    const filler = join(dir, 'filler');
    fillFilesystem(filler);

    for (const route of ['/api/v1/contact', '/api/contact']) {
      const response = await postInquiry(server.url, route, validInquiry());
      assert.equal(response.status, 503);
      assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After is sent');
      const body = await response.json() as ErrorJson;
      assert.equal(body.ok, false);
      assert.equal(body.code, 'inbox_unavailable');
      assert.doesNotMatch(JSON.stringify(body), /SQLITE|full|disk/i, 'no driver message reaches the client');
    }
    assert.equal((await fetch(`${server.url}/api/v1/projects`)).status, 200, 'reads go on');

    rmSync(filler);
    assert.equal(await countInquiries(db), stored, 'nothing half-written');
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    assert.equal(await countInquiries(db), stored + 1);
  });
});

/** Writes `path` until the filesystem has no byte left (ENOSPC), in ever smaller pieces. */
function fillFilesystem(path: string): void {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x61);
      for (;;) {
        try {
          if (writeSync(fd, chunk) < size) break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe('SIGKILL during a burst of submissions', () => {
  let dir: string;
  let webhook: WebhookReceiver;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-kill-'));
    webhook = await startWebhookReceiver();
  });
  after(async () => {
    await webhook.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every inquiry answered 200 is in the store after restart, and its notification is sent', async (t) => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, RATE_LIMIT_SCALE: '1000',
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret,
      // A job claimed by the killed server is taken again once its lease expires.
      OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '100', OUTBOX_LEASE_MS: '2000',
    };
    // The receiver is failing while the first server runs, so notifications are still owed at the kill.
    webhook.failNext(1_000_000);
    const first = await spawnServer(t, env);
    const acknowledged: string[] = [];
    let killed = false;
    let attempts = 0;
    const send = async () => {
      while (!killed && attempts++ < 2_000) {
        const body = validInquiry();
        try {
          const response = await postInquiry(first.url, '/api/v1/contact', body);
          if (response.status === 200) acknowledged.push(String(body.message));
          if (acknowledged.length >= 25 && !killed) { killed = true; first.child.kill('SIGKILL'); }
        } catch (error) {
          // Only the connection dying with the server means "that answer never came"; anything else is a failure.
          if (!killed || !isSocketError(error)) throw error;
          return;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: 6 }, send));
    } finally {
      // Unconditionally (the burst may have ended or failed before the kill): waiting for the exit never hangs.
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
    assert.ok(acknowledged.length >= 25);

    webhook.failNext(0);
    const second = await spawnServer(t, env);
    const db = openStore(env.DATABASE_URL);
    try {
      const stored = new Set((await db.kysely.selectFrom('inquiries').select('message').execute()).map((r) => r.message));
      for (const message of acknowledged) assert.ok(stored.has(message), 'an acknowledged inquiry is in the store');
      await eventually(async () => {
        const notified = new Set(webhook.received.map((w) => (w.payload.data as unknown as { message: string }).message));
        return acknowledged.every((m) => notified.has(m)) || undefined;
      }, 300);
    } finally {
      await db.close();
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });
});

describe('the SMTP server down for a while', () => {
  it('retries until it is back; the mail then arrives exactly once per inquiry', async (t) => {
    const port = await freePort();
    const mails: ReceivedMail[] = [];
    let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    t.after(() => smtp?.close());
    const server = await startServer(t, {
      SMTP_URL: `smtp://127.0.0.1:${port}`, INBOX_EMAIL_TO: 'studio@example.com',
      OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '100',
    });
    const db = openStore(server.config.databaseUrl);
    try {
      const body = validInquiry();
      assert.equal((await postInquiry(server.url, '/api/v1/contact', body)).status, 200);
      const { id } = await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).executeTakeFirstOrThrow();
      const failedTwice = await eventually(async () => {
        const job = await db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', id).executeTakeFirst();
        return job && job.attempts >= 2 ? job : undefined;
      });
      assert.equal(failedTwice.status, 'pending');
      assert.match(failedTwice.last_error ?? '', /email/);
      assert.doesNotMatch(failedTwice.last_error ?? '', /ada@example\.com/);
      smtp = await startSmtpSink({ port, mails });
      await eventually(async () => {
        const job = await db.kysely.selectFrom('notification_jobs').select('status').where('inquiry_id', '=', id).executeTakeFirst();
        return job?.status === 'done' || undefined;
      });
      assert.equal(mails.filter((m) => m.raw.includes(id)).length, 1);
      assert.deepEqual(mails[0]!.to, ['studio@example.com']);
    } finally {
      await db.close();
    }
  });
});
