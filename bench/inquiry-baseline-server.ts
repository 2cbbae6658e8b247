import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase, sqliteFileOf } from '../src/store/db/database.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import { SQLite } from '../src/store/db/sqlite-driver.js';
import pino from 'pino';
import { GroupCommitter } from '../src/lib/group-committer.js';

// The ceiling of the durable-inquiry benchmark: a bare Fastify server that INSERTs the inquiry row into
// the studio's own schema (migrated with the studio's migrations, so the same indexes), on the same store
// (DATABASE_URL: SQLite in WAL with synchronous=FULL through the studio's driver, or PostgreSQL through
// pg), answering 200 after the commit. POST /each commits each request on its own; POST /group is the
// simplest group commit: what arrives while a commit runs goes in the next one, one multi-row INSERT.

const url = process.env.DATABASE_URL!;
const migrated = openDatabase(url, pino({ level: 'silent' }));
await migrateToLatest(migrated);
await migrated.close();

const COLUMNS = ['id', 'received_at', 'name', 'email', 'phone', 'message', 'location', 'budget', 'phase', 'client_ip', 'user_agent', 'channel', 'client_id', 'spam', 'fingerprint'];
type Row = unknown[];

function rowOf(body: Record<string, string>, ip: string): Row {
  return [randomUUID(), Date.now(), body.name, body.email, body.phone ?? null, body.message, body.location, body.budget, body.phase, ip, null, 'api', null, 0, randomUUID()];
}

/** `insert(rows)` writes the rows in one transaction. */
function storeOf(): { insert(rows: Row[]): Promise<void> } {
  const file = sqliteFileOf(url);
  if (file !== undefined) {
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const statement = db.prepare(`insert into inquiries (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
    const insertAll = db.transaction((rows: Row[]) => { for (const row of rows) statement.run(row); });
    return { insert: async (rows) => insertAll(rows) };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async insert(rows) {
      const values = rows.map((_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
      await pool.query(`insert into inquiries (${COLUMNS.join(', ')}) values ${values.join(', ')}`, rows.flat());
    },
  };
}

const store = storeOf();
// The studio's own group committer, over the bare INSERT.
const group = new GroupCommitter<Row, void>(async (rows) => {
  await store.insert(rows);
  return rows.map(() => ({ status: 'fulfilled', value: undefined }));
}, 100);

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/each', async (request) => {
  await store.insert([rowOf(request.body as Record<string, string>, request.ip)]);
  return { ok: true };
});
app.post('/group', async (request) => {
  await group.submit(rowOf(request.body as Record<string, string>, request.ip));
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
