import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadCatalog } from './catalog/load.js';
import type { Config } from './config.js';
import type { ReadinessCheck } from './http/health.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { MemoryRateLimitStore } from './rate-limit/memory-store.js';
import { RedisRateLimitStore } from './rate-limit/redis-store.js';
import type { RateLimitStore } from './rate-limit/store.js';
import { openDatabase } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import type { Clock } from './oauth/clock.js';
import { createOAuth } from './oauth/service.js';

export interface Runtime {
  app: FastifyInstance;
  logger: FastifyBaseLogger;
  /** Stops accepting requests, lets in-flight ones finish, then closes every adapter. */
  close(): Promise<void>;
}

/** What tests may replace in the composed service. */
export interface ComposeOptions {
  /** The OAuth clock (token times, expiry, key retirement). */
  clock?: Clock;
}

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel }) as FastifyBaseLogger;
}

/** The composition root: config -> adapters -> app. The only place that picks implementations. */
export async function compose(config: Config, logger: FastifyBaseLogger = createLogger(config), options: ComposeOptions = {}): Promise<Runtime> {
  const catalog = await loadCatalog(config.contentDir);
  const readiness: ReadinessCheck[] = [];

  const db = openDatabase(config.databaseUrl, logger);
  readiness.push({ name: 'database', check: () => db.ping() });
  await migrateToLatest(db);

  let rateStore: RateLimitStore = new MemoryRateLimitStore();
  if (config.redisUrl) {
    const redisStore = new RedisRateLimitStore(config.redisUrl, rateStore, logger);
    readiness.push({ name: 'redis', check: () => redisStore.ping() });
    rateStore = redisStore;
  }
  const limiter = new RateLimiter(rateStore, config.rateLimitScale);

  const oauth = await createOAuth({ config, db, logger, clock: options.clock });

  const app = await buildApp({ config, catalog, limiter, readiness, logger, oauth });
  return {
    app,
    logger,
    async close() {
      await app.close();
      oauth.close();
      await limiter.close();
      await db.close();
    },
  };
}
