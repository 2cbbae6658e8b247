import type { Reader } from './reader.js';

// The database every instance shares: an embedded SQLite file by default, PostgreSQL for several instances.

export interface StoreConfig {
  databaseUrl: string;
}

const DEFAULT_DATABASE_URL = 'sqlite:./data/studio.db';

export function readStore(reader: Reader): StoreConfig {
  const value = reader.raw('DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  if (/^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value)) return { databaseUrl: value };
  reader.fail('DATABASE_URL', 'must be sqlite:<path> or postgres://user@host:port/database');
  return { databaseUrl: DEFAULT_DATABASE_URL };
}
