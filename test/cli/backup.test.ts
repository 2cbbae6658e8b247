import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from '../../src/store/db/sqlite-driver.js';
import { studio } from '../helpers/cli.js';
import { eventually, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// `studio backup`: a consistent copy of the SQLite store, taken while the server writes to it.

describe('studio backup', () => {
  const suite = suiteScope();
  let server: TestServer;
  let dir: string;
  before(async () => {
    server = await startServer(suite, { RATE_LIMIT_SCALE: '1000' });
    dir = mkdtempSync(join(tmpdir(), 'studio-backup-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database while inquiries are being written; the copy is whole and holds them', async () => {
    const accepted: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const body = validInquiry();
        const status = (await postInquiry(server.url, '/api/v1/contact', body)).status;
        if (status !== 200) throw new Error(`the writer's inquiry was answered ${status}`);
        accepted.push(String(body.message));
      }
    })();
    // Bounded: a writer that fails makes this wait fail with its reason instead of hanging the suite.
    await Promise.race([eventually(async () => accepted.length >= 20 || undefined), writer]);
    assert.ok(accepted.length >= 20, 'the writer stopped early');
    const beforeBackup = [...accepted];
    const target = join(dir, 'copy.db');
    const run = await studio(server.config.databaseUrl, 'backup', target);
    const duringBackup = accepted.length;
    writing = false;
    await writer;
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Backed up .* to .*copy\.db \(\d+ bytes\)/);
    assert.equal(run.stderr, '', 'piped, standard error gets no progress line');
    assert.ok(duringBackup > beforeBackup.length, 'the server went on writing while the backup ran');

    const copy = new SQLite(target, { readonly: true, fileMustExist: true });
    try {
      assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
      const messages = new Set((copy.prepare('select message from inquiries').all() as Array<{ message: string }>).map((r) => r.message));
      for (const message of beforeBackup) assert.ok(messages.has(message), 'every inquiry accepted before the backup is in the copy');
      const jobs = copy.prepare('select count(*) as n from notification_jobs').get() as { n: number };
      assert.equal(jobs.n, 0, 'no channel configured: no jobs');
    } finally {
      copy.close();
    }
  });

  it('never overwrites a file', async () => {
    const target = join(dir, 'taken.db');
    writeFileSync(target, 'precious');
    const run = await studio(server.config.databaseUrl, 'backup', target);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /exists; studio backup never overwrites/);
    assert.equal(readFileSync(target, 'utf8'), 'precious');
  });

  it('refuses a missing database instead of creating an empty one, and usage mistakes', async () => {
    const missing = join(dir, 'nowhere', 'studio.db');
    const run = await studio(`sqlite:${missing}`, 'backup', join(dir, 'empty-copy.db'));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /No database at/);
    assert.equal(existsSync(missing), false);
    assert.equal(existsSync(join(dir, 'empty-copy.db')), false);
    assert.equal((await studio(server.config.databaseUrl, 'backup')).code, 2);
    assert.equal((await studio(server.config.databaseUrl, 'backup', 'a.db', 'b.db')).code, 2);
  });

  it('points to pg_dump for PostgreSQL and exits 2', async () => {
    const run = await studio('postgres://studio@127.0.0.1:5432/test', 'backup', join(dir, 'pg.db'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /pg_dump --format=custom/);
    assert.equal(existsSync(join(dir, 'pg.db')), false);
  });
});
