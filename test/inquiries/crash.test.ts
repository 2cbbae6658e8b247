import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { freePort } from '../helpers/server.js';
import { exited, isSocketError, spawnServer } from '../helpers/service-process.js';

// Group commit must not weaken what 200 means: the built service (its bundle, as `npm start` runs dist/main.js)
// on SQLite is killed with SIGKILL in the middle of a burst of concurrent submissions, started again on
// the same file, and every inquiry that was answered 200 must be there, by its id, with its jobs. Each
// submission carries its own Idempotency-Key, whose row names the id the inquiry was stored under.

const SENDERS = 24;
/** Answers to wait for before the kill: enough for the burst to be in full flow, batches under way. */
const ACKNOWLEDGED_BEFORE_KILL = 150;

describe('SIGKILL of the built service during a burst (SQLite, group commit)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'studio-crash-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('every inquiry answered 200 is stored after a restart, under the id it was given, with its jobs', async (t) => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, RATE_LIMIT_SCALE: '1000000',
      INBOX_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`, INBOX_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, INBOX_EMAIL_TO: 'studio@example.com', OUTBOX_RETRY_BASE_MS: '3600000',
    };
    const first = await spawnServer(t, env);
    const acknowledged: string[] = [];
    let killed = false;
    let unanswered = 0;
    const send = async () => {
      while (!killed) {
        const key = randomUUID();
        try {
          const response = await postInquiry(first.url, '/api/v1/contact', validInquiry(), { headers: { 'idempotency-key': key } });
          assert.equal(response.status, 200, 'every submission before the kill is accepted');
          acknowledged.push(key);
          if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed) { killed = true; first.child.kill('SIGKILL'); }
        } catch (error) {
          // Only the connection dying with the server means "that answer never came"; anything else is a failure.
          if (!killed || !isSocketError(error)) throw error;
          unanswered += 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: SENDERS }, send));
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
    assert.ok(acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL);
    console.log(`${acknowledged.length} answered 200 before the kill, ${unanswered} in flight without an answer`);

    const second = await spawnServer(t, env);
    const db = openStore(env.DATABASE_URL);
    try {
      const keys = await db.kysely.selectFrom('idempotency_keys').select(['key', 'inquiry_id']).execute();
      const idOf = new Map(keys.map((k) => [k.key, k.inquiry_id]));
      const ids = new Set((await db.kysely.selectFrom('inquiries').select('id').execute()).map((r) => r.id));
      const jobs = await db.kysely.selectFrom('notification_jobs').select(['inquiry_id', 'channel']).execute();
      const channels = new Map<string, string[]>();
      for (const job of jobs) channels.set(job.inquiry_id, [...(channels.get(job.inquiry_id) ?? []), job.channel].sort());
      for (const key of acknowledged) {
        const id = idOf.get(key);
        assert.ok(id !== undefined, `the key of an acknowledged inquiry is stored (${key})`);
        assert.ok(ids.has(id), `the acknowledged inquiry ${id} is stored`);
        assert.deepEqual(channels.get(id), ['email', 'webhook'], `inquiry ${id} has its jobs`);
      }
    } finally {
      await db.close();
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });
});
