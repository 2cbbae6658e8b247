import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer, type TestServer } from './helpers/server.js';
import { eventually, openStore, postInquiry, validInquiry, type ErrorJson } from './helpers/inquiries.js';
import { createPgDatabase } from './helpers/postgres.js';
import { startSmtpSink, startWebhookReceiver, type ReceivedMail, type WebhookReceiver } from './helpers/inquiry-peers.js';

// Faults: the database going away and coming back, and the server killed with SIGKILL mid-burst.

/** A TCP forwarder to PostgreSQL that the test can cut and restore: the database "goes away". */
class SwitchablePgProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(readonly port: number) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(5432, '127.0.0.1');
      for (const s of [client, upstream]) { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); s.on('error', () => s.destroy()); }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

const database = await createPgDatabase('studio_inq_faults');
if (typeof database === 'string') console.log(`# skipping the database-unreachable test: ${database}`);

describe('the database unreachable', { skip: typeof database === 'string' ? database : false }, () => {
  let proxy: SwitchablePgProxy;
  let server: TestServer;
  let direct: pg.Client;
  before(async () => {
    if (typeof database === 'string') return;
    proxy = new SwitchablePgProxy(await freePort());
    const url = new URL(database.url);
    url.port = String(proxy.port);
    // The database is down when the service starts: it must start anyway.
    // The webhook points at a closed port: each inquiry gets an outbox job that stays owed.
    server = await startServer({
      DATABASE_URL: url.toString(), RATE_LIMIT_SCALE: '1000',
      INBOX_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`, INBOX_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
    }, { waitForStore: false });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  });
  after(async () => {
    if (typeof database === 'string') return;
    // Whatever `before` got to: a half-started suite must not leave a server keeping the file alive.
    await direct?.end();
    await server?.close();
    await proxy?.down();
    await database.drop();
  });

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

/** The real server as a child process, as an operator runs it. Every child goes into `children` at once,
 * so the suite kills it even when it never becomes ready; its stderr is kept for the failure message. */
async function spawnServer(env: Record<string, string>, children: ChildProcess[]): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, CONTENT_DIR: 'content', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200 ? true : undefined), 600);
  } catch {
    throw new Error(`the server did not become ready; its stderr:\n${stderr}`);
  }
  return { child, url };
}

/** Resolves when the child has exited; a child killed by a signal has signalCode set, not exitCode. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('SIGKILL during a burst of submissions', () => {
  let dir: string;
  let webhook: WebhookReceiver;
  const children: ChildProcess[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-kill-'));
    webhook = await startWebhookReceiver();
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await webhook.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every inquiry answered 200 is in the store after restart, and its notification is sent', async () => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, RATE_LIMIT_SCALE: '1000',
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret,
      // A job claimed by the killed server is taken again once its lease expires.
      OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '100', OUTBOX_LEASE_MS: '2000',
    };
    // The receiver is failing while the first server runs, so notifications are still owed at the kill.
    webhook.failNext(1_000_000);
    const first = await spawnServer(env, children);
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
        } catch {
          return; // the connection died with the server: that answer never came
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, send));
    await exited(first.child);
    assert.ok(acknowledged.length >= 25);

    webhook.failNext(0);
    const second = await spawnServer(env, children);
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
  it('retries until it is back; the mail then arrives exactly once per inquiry', async () => {
    const port = await freePort();
    const mails: ReceivedMail[] = [];
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`, INBOX_EMAIL_TO: 'studio@example.com',
      OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '100',
    });
    const db = openStore(server.config.databaseUrl);
    let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
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
      smtp = await startSmtpSink(port, mails);
      await eventually(async () => {
        const job = await db.kysely.selectFrom('notification_jobs').select('status').where('inquiry_id', '=', id).executeTakeFirst();
        return job?.status === 'done' || undefined;
      });
      assert.equal(mails.filter((m) => m.raw.includes(id)).length, 1);
      assert.deepEqual(mails[0]!.to, ['studio@example.com']);
    } finally {
      await db.close();
      await server.close();
      await smtp?.close();
    }
  });
});
