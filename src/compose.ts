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

const REDIS_CONNECT_WAIT_MS = 2_000;

export interface Runtime {
  app: FastifyInstance;
  logger: FastifyBaseLogger;
  /** Stops accepting requests, lets in-flight ones finish, then closes every adapter. */
  close(): Promise<void>;
}

/** JSON lines on stdout. */
export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel }) as FastifyBaseLogger;
}

/** The composition root: config -> adapters -> app. The only place that picks implementations. */
export async function compose(config: Config, logger = createLogger(config)): Promise<Runtime> {
  const catalog = await loadCatalog(config.contentDir);
  const readiness: ReadinessCheck[] = [];

  const db = openDatabase(config.databaseUrl, logger);
  readiness.push({ name: 'database', check: () => db.ping() });
  await migrateToLatest(db);

  let rateStore: RateLimitStore = new MemoryRateLimitStore();
  if (config.redisUrl) {
    const redisStore = new RedisRateLimitStore(config.redisUrl, rateStore, logger);
    readiness.push({ name: 'redis', check: () => redisStore.ping() });
    if (!(await redisStore.waitUntilConnected(REDIS_CONNECT_WAIT_MS))) logger.warn('Redis not reachable at start; rate limits count in process until it is');
    rateStore = redisStore;
  }
  const limiter = new RateLimiter(rateStore, config.rateLimitScale);

  const app = await buildApp({ config, catalog, limiter, readiness, logger });
  return {
    app,
    logger,
    async close() {
      await app.close();
      await limiter.close();
      await db.close();
    },
  };
}
