import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import { preparingOnce, SQLite } from '../../src/store/db/sqlite-driver.js';
import { silentLogger } from '../helpers/inquiries.js';

// SQLite statements are prepared once per SQL text and kept (src/store/db/sqlite-driver.ts): a kept
// statement must give each query its own answer, also while another query still iterates it.

describe('SQLite statements prepared once', () => {
  let db: Db;

  before(async () => {
    db = openDatabase('sqlite::memory:', silentLogger);
    await sql`create table t (id integer primary key, name text not null)`.execute(db.kysely);
    await db.kysely.insertInto('t' as never).values([1, 2, 3].map((id) => ({ id, name: `n${id}` })) as never).execute();
  });

  after(async () => {
    await db.close();
  });

  const names = (id: number) => sql<{ name: string }>`select name from t where id >= ${id} order by id`.execute(db.kysely)
    .then(({ rows }) => rows.map((row) => row.name));

  it('answers the same SQL text with each query\'s own parameters, and sees writes made since', async () => {
    assert.deepEqual(await names(2), ['n2', 'n3']);
    assert.deepEqual(await names(3), ['n3']);
    await sql`update t set name = 'changed' where id = 3`.execute(db.kysely);
    assert.deepEqual(await names(3), ['changed']);
  });

  it('gives a query its own statement while the kept one is still being iterated', () => {
    // Kysely runs one query at a time on the SQLite connection; a direct user of the driver may not.
    const raw = new SQLite(':memory:');
    const database = preparingOnce(raw);
    raw.exec("create table t (id integer primary key); insert into t values (1), (2)");
    const text = 'select id from t order by id';
    const iterating = database.prepare(text).iterate([]) as IterableIterator<{ id: number }>;
    assert.equal(iterating.next().value?.id, 1);
    assert.deepEqual(database.prepare(text).all([]), [{ id: 1 }, { id: 2 }]);
    assert.equal(iterating.next().value?.id, 2);
    assert.equal(iterating.next().done, true);
    assert.equal(database.prepare(text), database.prepare(text), 'a statement no longer busy is the kept one');
    database.close();
  });

  it('keeps a statement in use while many other texts come and go', () => {
    const raw = new SQLite(':memory:');
    const database = preparingOnce(raw);
    const hot = 'select 1 as v';
    const kept = database.prepare(hot);
    for (let i = 0; i < 1_000; i++) {
      database.prepare(`select ${i} as v`);
      assert.equal(database.prepare(hot), kept, `the hot statement was dropped after ${i} other texts`);
    }
    database.close();
  });

  it('keeps answering past the number of statements it keeps', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql<{ v: number }>`select ${sql.lit(i)} as v`.execute(db.kysely);
      assert.equal(rows[0]!.v, i);
    }
    assert.deepEqual(await names(1), ['n1', 'n2', 'changed']);
  });
});
