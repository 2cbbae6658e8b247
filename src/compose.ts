import type { Server } from 'node:http';
import pino from 'pino';
import type { TaskStore } from '@a2a-js/sdk/server';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { catalogImages } from './catalog/catalog.js';
import { loadCatalog } from './catalog/load.js';
import { ImageStore } from './images/image-store.js';
import type { Config } from './config/load.js';
import type { ObservabilityConfig } from './config/observability.js';
import type { RateLimitsConfig } from './config/rate-limits.js';
import type { StoreConfig } from './config/store.js';
import { LiveApp } from './live-app.js';
import { eventLoopPressure } from './http/load-shedding.js';
import type { ReadinessCheck } from './rest/health.js';
import { RateLimiter, type RateLimitEvents } from './rate-limit/limiter.js';
import { MemoryRateLimitStore } from './rate-limit/memory-store.js';
import type { RateLimitStore } from './rate-limit/store.js';
import type { RedisConnection } from './redis/connection.js';
import { RecentTasks } from './a2a/task-store.js';
import { openDatabase, type Db } from './store/db/database.js';
import { StoreReadiness } from './store/db/readiness.js';
import { KyselyInboxStore } from './store/inquiries/inbox.js';
import { KyselyOutboxStore } from './store/inquiries/outbox.js';
import { KyselyPipelineStore } from './store/inquiries/pipeline.js';
import { KyselyReportStore } from './store/inquiries/reports.js';
import { KyselyDigestStore } from './store/inquiries/digests.js';
import { DigestScheduler } from './inquiries/digest-scheduler.js';
import { SmtpDigestMailer } from './inquiries/notifiers/digest-mailer.js';
import { createInquiryService } from './inquiries/submit.js';
import { OutboxWorker } from './inquiries/outbox-worker.js';
import { noChannelWarning, notifiersFromConfig } from './inquiries/notifiers/from-config.js';
import { MonitoredNotifier } from './inquiries/notifiers/monitored.js';
import { acknowledgementNotifierFromConfig } from './inquiries/notifiers/acknowledgement.js';
import { replyNotifierFromConfig } from './inquiries/notifiers/reply.js';
import { createConversations } from './conversations/conversations.js';
import { createConsultations } from './consultations/consultations.js';
import { inquiryLink } from './consultations/inquiry-link.js';
import { KyselyBookingStore } from './store/consultations/bookings.js';
import { KyselyCalendarFeedStore } from './store/consultations/calendar-feeds.js';
import { KyselyInvitationJobStore } from './store/consultations/invitation-jobs.js';
import { invitationMailerFromConfig } from './consultations/invitation-mailer.js';
import { InvitationWorker } from './consultations/invitation-worker.js';
import { createStudioCalendar } from './consultations/studio-calendar.js';
import { BusyFeeds } from './consultations/busy-feeds.js';
import { KyselyConversationStore } from './store/conversations/conversations.js';
import { systemClock, type Clock } from './lib/clock.js';
import { studioTime, type StudioTime } from './lib/studio-time.js';
import { createOAuth } from './oauth/service.js';
import type { Metrics } from './observability/metrics.js';
import { stdoutDestination } from './observability/log-destination.js';
import { oauthStores, revocationFeed } from './store/oauth/stores.js';
import { argon2idHasher } from './operators/argon2-hasher.js';
import { createOperators } from './operators/service.js';
import { KyselyOperatorStore } from './store/operators/operators.js';

const REDIS_CONNECT_WAIT_MS = 2_000;

export interface Runtime {
  /** The app that answers requests now; `reload()` replaces it. */
  readonly app: FastifyInstance;
  /** The one listening HTTP server, which holds the limits on slow clients (src/http/server-limits.ts). */
  readonly httpServer: Server;
  logger: FastifyBaseLogger;
  /** Listens on the configured port and host, with the one server every app of this runtime answers on. */
  listen(): Promise<void>;
  /** Resolves once the database is reachable and migrated (inquiries and OAuth can write). */
  whenStoreReady(): Promise<void>;
  /**
   * Reads the content again and answers from it with the same adapters (database, limiter, OAuth, outbox).
   * Content that does not load is logged and the previous content kept. Resolves whether it was replaced.
   */
  reload(): Promise<boolean>;
  /** Stops accepting requests, lets in-flight ones finish, then closes every adapter. */
  close(): Promise<void>;
  /** What close() waits for now (undefined before it starts and once it is done): a slow shutdown names it. */
  readonly closing: string | undefined;
}

/** What tests may replace in the composed service. */
export interface ComposeOptions {
  /** The one clock of the service (token times and key retirement, inquiry ids, idempotency windows, outbox backoff). */
  clock?: Clock;
  /** Replaces the rate-limit store that REDIS_URL would pick (fault injection). */
  rateLimitStore?: RateLimitStore;
  /** How often the morning digest's scheduler looks at the clock (a minute when not given). */
  digestTickMs?: number;
}

/** JSON lines on stdout, handed over once per turn of the event loop (src/observability/log-destination.ts). */
export function createLogger(config: Pick<ObservabilityConfig, 'logLevel'>): FastifyBaseLogger {
  return pino({ level: config.logLevel }, stdoutDestination()) as FastifyBaseLogger;
}

/**
 * The database, migrated in the background and retried until it answers: the service starts and
 * serves reads while it is down, and writes answer 503 until the store is ready.
 */
function openStore(config: StoreConfig, logger: FastifyBaseLogger): { db: Db; store: StoreReadiness; check: ReadinessCheck } {
  const db = openDatabase(config.databaseUrl, logger);
  const store = new StoreReadiness(db, logger);
  store.start();
  const check = async () => {
    if (!store.ready) throw new Error('migrations not applied yet');
    await db.ping();
  };
  return { db, store, check: { name: 'database', check } };
}

/** INBOX_DIGEST: the morning digest's scheduler, started and stopped with the service; none when off. */
function digestScheduler(
  config: Config, db: Db, parts: { clock: Clock; time: StudioTime; logger: FastifyBaseLogger; ready: Promise<void> }, options: ComposeOptions,
): { scheduler: DigestScheduler; mailer: SmtpDigestMailer } | undefined {
  if (!config.inboxDigest || !config.smtpUrl || !config.inboxEmailTo) return undefined;
  const mailer = new SmtpDigestMailer({ smtpUrl: config.smtpUrl, to: config.inboxEmailTo, from: config.inboxEmailFrom, baseUrl: config.baseUrl });
  const scheduler = new DigestScheduler({
    store: new KyselyDigestStore(db), mailer, time: parts.time, baseUrl: config.baseUrl, hour: config.inboxDigestHour,
    clock: parts.clock, log: parts.logger, ready: parts.ready, tickMs: options.digestTickMs,
  });
  return { scheduler, mailer };
}

/** A notification channel in the readiness report, read from memory, never making the service unready. */
function notificationCheck(notifier: MonitoredNotifier): ReadinessCheck {
  return { name: notifier.channel, required: false, check: async () => notifier.report() };
}

/** REDIS_URL: the one connection of the stores it shares between instances (rate limits, A2A tasks); none without it. */
async function openRedis(config: RateLimitsConfig, logger: FastifyBaseLogger): Promise<RedisConnection | undefined> {
  if (!config.redisUrl) return undefined;
  // Adapters a configuration may leave out are loaded only when it names them (ioredis here, prom-client below).
  const { RedisConnection } = await import('./redis/connection.js');
  const redis = new RedisConnection(config.redisUrl, logger);
  if (!(await redis.waitUntilConnected(REDIS_CONNECT_WAIT_MS))) logger.warn('Redis not reachable at start; rate limits and A2A tasks are kept in process until it is');
  return redis;
}

/** In-process counting, or Redis shared by every instance (falling back to the process while it is away). */
async function createLimiter(
  config: RateLimitsConfig, redis: RedisConnection | undefined, logger: FastifyBaseLogger, options: ComposeOptions, events?: RateLimitEvents,
): Promise<RateLimiter> {
  const memory = options.rateLimitStore ?? new MemoryRateLimitStore();
  if (!redis || options.rateLimitStore) return new RateLimiter(memory, config.rateLimitScale, events);
  const { RedisRateLimitStore } = await import('./redis/rate-limit-store.js');
  return new RateLimiter(new RedisRateLimitStore(redis.client, memory, logger), config.rateLimitScale, events);
}

/** The A2A tasks: in process, or in Redis shared by every instance (kept in process while it is away). */
async function createTaskStore(redis: RedisConnection | undefined, clock: Clock, logger: FastifyBaseLogger): Promise<TaskStore> {
  const recent = new RecentTasks(clock);
  if (!redis) return recent;
  const { RedisTaskStore } = await import('./redis/a2a-task-store.js');
  return new RedisTaskStore(redis.client, recent, logger);
}

/**
 * The composition root: config -> adapters -> app. The only place that picks implementations, and the only
 * one that sees the whole configuration: each factory is given its section (src/config/).
 */
export async function compose(config: Config, logger: FastifyBaseLogger = createLogger(config), options: ComposeOptions = {}): Promise<Runtime> {
  // Once per process: a content reload keeps the cache, its encodes under way and its limit on them.
  const images = await ImageStore.open(config.imageCacheDir, logger);
  const catalog = await loadCatalog(config.contentDir, images.sources);
  const { db, store, check: databaseCheck } = openStore(config, logger);
  const clock = options.clock ?? systemClock;
  // The studio's zone (STUDIO_TIME_ZONE), for the times its people read: the web inbox, the studio's email.
  const time = studioTime(config.studioTimeZone);
  const studioNotifiers = notifiersFromConfig(config);
  if (studioNotifiers.length === 0) logger.warn(noChannelWarning());
  // INQUIRY_ACK: delivered by the outbox like the studio's channels, but queued by the store per address.
  const acknowledgement = acknowledgementNotifierFromConfig(config, () => live.catalog.site);
  // Each delivery's outcome (and the SMTP server's answer to a probe) is reported by /readyz.
  // The operators' replies from the inbox (SMTP_URL and INBOX_EMAIL_FROM): a lane of the outbox like the others.
  const reply = replyNotifierFromConfig(config, () => live.catalog.site.name);
  const notifiers = [...studioNotifiers, ...(acknowledgement ? [acknowledgement] : []), ...(reply ? [reply] : [])]
    .map((notifier) => new MonitoredNotifier(notifier, { clock }));
  const outboxStore = new KyselyOutboxStore(db);
  // Once per process: a registry must not register its instruments twice (the app is rebuilt on reload).
  const metrics: Metrics | undefined = config.metricsToken
    ? (await import('./observability/metrics.js')).createMetrics({
      channels: notifiers.map((n) => n.channel), queue: { pendingByChannel: () => outboxStore.pendingByChannel(), clock },
    })
    : undefined;
  const redis = await openRedis(config, logger);
  const limiter = await createLimiter(config, redis, logger, options, metrics?.rateLimits);
  // Once per process, like the limiter: a content reload keeps the tasks waiting for their follow-ups.
  const a2aTasks = await createTaskStore(redis, clock, logger);

  const inbox = new KyselyInboxStore(db);
  const pipeline = new KyselyPipelineStore(db);
  const outbox = new OutboxWorker({
    outbox: outboxStore, inbox, notifiers, log: logger, ready: store.whenReady(), clock, events: metrics?.outbox,
    pollIntervalMs: config.outboxPollIntervalMs, retryBaseMs: config.outboxRetryBaseMs, leaseMs: config.outboxLeaseMs,
  });
  const conversations = createConversations({
    store: new KyselyConversationStore(db), clock, wake: () => outbox.wake(),
    replyChannel: reply ? { from: config.inboxEmailFrom!, inboundAddress: config.inboundEmailAddress } : undefined,
    notify: studioNotifiers.filter((n) => n.channel === 'webhook').map((n) => n.channel), inboundSecret: config.inboundEmailSecret,
  });
  const inquiries = createInquiryService({
    inbox, storeReady: () => store.ready, limiter, allowedOrigins: config.allowedOrigins,
    channels: studioNotifiers.map((n) => n.channel), acknowledge: acknowledgement !== undefined,
    outbox, log: logger, clock, events: metrics?.inquiries,
  });
  const oauth = await createOAuth({
    issuer: config.baseUrl, stores: oauthStores(db), signingKey: config.oauthSigningKey, logger, clock, storeReady: store.whenReady(), events: metrics?.oauth,
    revocationFeed: revocationFeed(db, config.databaseUrl, logger),
  });

  // Consultations: the content's schedule is read on every call (a reload changes it); a booking moves its
  // inquiry's stage through the pipeline as an operator's change would, told on the webhook the same way.
  // Invitations go by the studio's SMTP server to both sides; without one (or without the studio's address)
  // none is queued, as no mail channel would ever send it.
  const bookings = new KyselyBookingStore(db);
  const content = () => ({ site: live.catalog.site, consultations: live.catalog.consultations });
  const invitationMailer = invitationMailerFromConfig(config, content);
  const invitations = invitationMailer && new InvitationWorker({
    jobs: new KyselyInvitationJobStore(db), mailer: invitationMailer, log: logger, ready: store.whenReady(), clock,
    pollIntervalMs: config.outboxPollIntervalMs, retryBaseMs: config.outboxRetryBaseMs, leaseMs: config.outboxLeaseMs,
  });
  // CALENDAR_BUSY_URLS: the studio's own calendars, read in the background; a feed that fails keeps its last good copy.
  const busy = config.calendarBusyUrls.length > 0 ? new BusyFeeds({
    urls: config.calendarBusyUrls, zone: config.studioTimeZone, horizonDays: config.consultationHorizonDays,
    refreshMinutes: config.calendarRefreshMinutes, log: logger, clock,
  }) : undefined;
  const consultations = createConsultations({
    store: bookings, busy, schedule: () => live.catalog.consultations, zone: config.studioTimeZone,
    horizonDays: config.consultationHorizonDays, limiter, allowedOrigins: config.allowedOrigins, storeReady: () => store.ready,
    baseUrl: config.baseUrl, log: logger, clock, wake: () => invitations?.wake(),
    invite: { homeowner: invitations !== undefined, studio: invitations !== undefined },
    inquiries: inquiryLink(inbox, { pipeline, channels: studioNotifiers.map((n) => n.channel), clock, wake: () => outbox.wake() }),
  });

  const calendar = createStudioCalendar({
    bookings, feeds: new KyselyCalendarFeedStore(db), content, baseUrl: config.baseUrl, zone: config.studioTimeZone, clock,
  });

  // The web inbox's operators: sessions are rows of the same database, so a sign-out or a removal holds on every instance at once.
  const operators = createOperators({ store: new KyselyOperatorStore(db), limiter, hasher: argon2idHasher, clock });

  // Like the notification channels, a busy calendar is reported by /readyz but never makes the service unready.
  const readiness = [
    databaseCheck, ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []), ...notifiers.map(notificationCheck),
    ...(busy?.feeds ?? []).map((feed) => ({ name: feed.name, required: false, check: async () => feed.report() })),
    ...(invitations ? [{ name: 'invitations', required: false, check: async () => invitations.report() }] : []),
  ];
  // Everything above is made once per process; a content reload builds a new app from the same pieces.
  const pressure = eventLoopPressure(config, logger);
  // The web inbox's actions: taking an inquiry out of spam queues jobs for the studio's channels (never the
  // acknowledgement, which the store queues once per address per hour), a retry re-queues failed ones.
  const inboxOutbox = {
    channels: studioNotifiers.map((n) => n.channel), requeueFailed: (now: number, id: string) => outboxStore.requeueFailed(now, id), wake: () => outbox.wake(),
  };
  let closing: string | undefined;
  const live = new LiveApp({ config, limiter, readiness, logger, inquiries, inbox, pipeline, reports: new KyselyReportStore(db), oauth, operators, metrics, pressure, outbox: inboxOutbox, conversations, consultations, calendar, a2aTasks, clock, time, images }, logger);
  await live.start(catalog);
  outbox.start();
  invitations?.start();
  // Not awaited: the start does not wait on the studio's calendars; /readyz says so until their first read.
  void busy?.start();
  const digest = digestScheduler(config, db, { clock, time, logger, ready: store.whenReady() }, options);
  digest?.scheduler.start();
  for (const notifier of notifiers) notifier.start();
  return {
    get app() { return live.app; },
    get httpServer() { return live.httpServer; },
    logger,
    // Pressure is sampled once the server listens: the start's own work (building the site) is not load.
    async listen() {
      await live.listen(config.port, config.host);
      pressure?.start();
      // After listening: the variants a visitor asks for first are made on request, the rest in the background.
      images.warm(catalogImages(live.catalog));
    },
    whenStoreReady: () => store.whenReady(),
    reload: () => live.reload(),
    get closing() { return closing; },
    // Requests first (they may still write), then the workers, then the connections they use.
    async close() {
      const steps: [string, () => unknown][] = [
        ['in-flight requests', () => live.close()],
        ['image encodes under way', () => images.close()],
        ['deliveries in flight', () => { pressure?.stop(); store.stop(); return outbox.stop(); }],
        ['busy calendars', () => busy?.stop()],
        ['invitations in flight', async () => { await invitations?.stop(); await invitationMailer?.close(); }],
        ['the morning digest', async () => { await digest?.scheduler.stop(); await digest?.mailer.close(); }],
        ['notification channels', () => Promise.all(notifiers.map((n) => n.close?.()))],
        ['OAuth revocation feed', () => oauth.close()],
        ['rate-limit store', () => limiter.close()],
        ['Redis', () => redis?.close()],
        ['database', () => db.close()],
      ];
      for (const [step, run] of steps) {
        closing = step;
        await run();
      }
      closing = undefined;
    },
  };
}
