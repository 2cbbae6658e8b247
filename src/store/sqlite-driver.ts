import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

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
