import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SQLite } from '../../src/store/db/sqlite-driver.js';

// The SQLite driver is better-sqlite3 13 where Node-API 10 exists (Node 24, recent 22 releases) and its
// 12 line below (Node 20): each crashes the other's Node. CI runs this on the machine's Node 20 and on Node 24.
const require = createRequire(import.meta.url);

describe('the SQLite driver', () => {
  it(`is the line this Node can run (Node ${process.version}, Node-API ${process.versions.napi})`, () => {
    const modern = Number(process.versions.napi) >= 10;
    const name = modern ? 'better-sqlite3' : 'better-sqlite3-node20';
    assert.equal(SQLite, require(name));
    const { version } = require(`${name}/package.json`) as { version: string };
    assert.match(version, modern ? /^13\./ : /^12\./);
  });

  it('opens a database, writes, reads back and closes', () => {
    const db = new SQLite(':memory:');
    db.exec('create table note (text text not null)');
    const insert = db.prepare('insert into note (text) values (?)');
    for (const text of ['one', 'two']) insert.run(text);
    assert.deepEqual(db.prepare('select text from note order by text').all(), [{ text: 'one' }, { text: 'two' }]);
    db.close();
  });
});
