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
import { StoreReadiness } from './store/readiness.js';
import { createInquiryService } from './inquiries/submit.js';
import { OutboxWorker } from './inquiries/outbox-worker.js';
import type { Notifier } from './inquiries/notifier.js';
import { emailNotifierFromConfig } from './inquiries/notifiers/email.js';
import { webhookNotifierFromConfig } from './inquiries/notifiers/webhook.js';

export interface Runtime {
  app: FastifyInstance;
  logger: FastifyBaseLogger;
  /** Stops accepting requests, lets in-flight ones finish, then closes every adapter. */
  close(): Promise<void>;
}

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel }) as FastifyBaseLogger;
}

/** The composition root: config -> adapters -> app. The only place that picks implementations. */
export async function compose(config: Config, logger: FastifyBaseLogger = createLogger(config)): Promise<Runtime> {
  const catalog = await loadCatalog(config.contentDir);
  const readiness: ReadinessCheck[] = [];

  const db = openDatabase(config.databaseUrl, logger);
  // Migrations run in the background, retried until the database answers: the service starts and
  // serves reads while it is down, and inquiries answer 503 until the inbox is ready.
  const store = new StoreReadiness(db, logger);
  store.start();
  readiness.push({
    name: 'database',
    async check() {
      if (!store.ready) throw new Error('migrations not applied yet');
      await db.ping();
    },
  });

  let rateStore: RateLimitStore = new MemoryRateLimitStore();
  if (config.redisUrl) {
    const redisStore = new RedisRateLimitStore(config.redisUrl, rateStore, logger);
    readiness.push({ name: 'redis', check: () => redisStore.ping() });
    rateStore = redisStore;
  }
  const limiter = new RateLimiter(rateStore, config.rateLimitScale);

  const notifiers = buildNotifiers(config);
  const outbox = new OutboxWorker({
    db: db.kysely, dialect: db.dialect, notifiers, log: logger, ready: store.whenReady(),
    pollIntervalMs: config.outboxPollIntervalMs, retryBaseMs: config.outboxRetryBaseMs, leaseMs: config.outboxLeaseMs,
  });
  const inquiries = createInquiryService({
    db: db.kysely, storeReady: () => store.ready, limiter, allowedOrigins: config.allowedOrigins,
    channels: notifiers.map((n) => n.channel), onJobsQueued: () => outbox.wake(), log: logger,
  });

  const app = await buildApp({ config, catalog, limiter, readiness, logger, inquiries });
  outbox.start();
  return {
    app,
    logger,
    async close() {
      await app.close();
      store.stop();
      await outbox.stop();
      await Promise.all(notifiers.map((n) => n.close?.()));
      await limiter.close();
      await db.close();
    },
  };
}

/** The configured notifiers: email when SMTP_URL is set, the webhook when INBOX_WEBHOOK_URL is. */
function buildNotifiers(config: Config): Notifier[] {
  return [emailNotifierFromConfig(config), webhookNotifierFromConfig(config)].filter((n): n is NonNullable<typeof n> => n !== undefined);
}
