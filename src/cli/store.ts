import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase, type Db } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';

/** Opens the configured database (migrated to the latest version) for one command, and closes it after. */
export async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const logger = pino({ level: 'error' }, pino.destination(2)) as FastifyBaseLogger;
  const db = openDatabase(config.databaseUrl, logger);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
