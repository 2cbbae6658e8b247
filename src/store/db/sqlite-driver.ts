import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// The SQLite driver, chosen by the Node-API version of the running Node. better-sqlite3 13 is built
// on Node-API 10 (Node 24, and recent 22 releases); its 12 line crashes Node 24 whenever the garbage
// collector frees one of its statements (node::ObjectWrap's cleanup hook). Node 20, end of life but
// still on the project's machines, has Node-API 9, where 13 crashes on the first query; there the 12
// line runs instead, installed as the optional dependency better-sqlite3-node20. Drop it with Node 20.
const require = createRequire(import.meta.url);
const NODE_API_OF_13 = 10;

/** better-sqlite3's Database class; import it from here, never from 'better-sqlite3' itself. */
export const SQLite: typeof BetterSqlite3 = Number(process.versions.napi) >= NODE_API_OF_13
  ? require('better-sqlite3') as typeof BetterSqlite3
  : require('better-sqlite3-node20') as typeof BetterSqlite3;

/** SQL texts whose statements are kept; past this the least recently used is dropped (a query whose text varies, `in (?, ?, …)`, cannot grow it without bound). */
const STATEMENTS_KEPT = 256;

/**
 * The database as Kysely's SQLite dialect uses it, each SQL text prepared once: Kysely's driver prepares
 * every query anew, and preparing was a tenth of a token request's time. A kept statement still being
 * iterated (a stream) is busy; the query then gets a statement of its own.
 */
export function preparingOnce(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Used last, dropped last: the batch inserts' many texts (one per batch size) never push out a hot query.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (kept) return statement;
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}
