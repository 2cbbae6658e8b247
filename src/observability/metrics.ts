import { Counter, Histogram, Registry } from 'prom-client';
import { ALL_RATE_LIMIT_POLICIES, type RateLimitPolicyName } from '../contract/rate-limits.js';
import { DELIVERY_OUTCOMES, type InquiryEvents, type OutboxEvents } from '../inquiries/events.js';
import { SUBMISSION_CHANNELS } from '../inquiries/inquiry-service.js';
import type { NotificationChannel } from '../inquiries/ports.js';
import type { OAuthEvents } from '../oauth/events.js';
import { TOKEN_REJECTION_CODES } from '../oauth/token-rejection.js';
import type { RateLimitEvents } from '../rate-limit/limiter.js';
import { collectOutboxQueue, type OutboxQueue } from './outbox-queue.js';
import { collectProcessMetrics } from './process.js';

/**
 * The service's metrics in one registry: the observers the use cases are given (they never see
 * prom-client), the HTTP request histogram, and what is read at scrape time (process, outbox queue).
 * Created once per process by the composition root, which is why the registry is not prom-client's
 * global one: each composed service (tests compose several in one process) has its own.
 */
export interface Metrics {
  registry: Registry;
  inquiries: InquiryEvents;
  outbox: OutboxEvents;
  oauth: OAuthEvents;
  rateLimits: RateLimitEvents;
  /** One answered request: its route pattern ("unmatched" when none), method, status and duration. */
  requestDone(route: string, method: string, status: number, seconds: number): void;
}

/** Around the durations of this service: reads take about a millisecond, a durable inquiry a few. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function counter<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** The metrics of one process; `channels` are the configured notification channels, `queue` the outbox read at scrape time. */
export function createMetrics(options: { channels: readonly NotificationChannel[]; queue: OutboxQueue }): Metrics {
  const registry = new Registry();
  collectProcessMetrics(registry);
  collectOutboxQueue(registry, options.channels, options.queue);

  const requests = new Histogram({
    name: 'studio_http_request_duration_seconds', help: 'Time from request to answer, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status_code'] as const, buckets: DURATION_BUCKETS, registers: [registry],
  });
  const accepted = counter(registry, 'studio_inquiries_accepted_total', 'Inquiries answered 200, by submission channel.', ['channel']);
  const refused = counter(registry, 'studio_inquiries_refused_total', 'Inquiry submissions refused, by channel and contract error code.', ['channel', 'code']);
  const deliveries = counter(registry, 'studio_notification_deliveries_total', 'Notification delivery attempts, by channel and outcome (delivered, retry, failed).', ['channel', 'outcome']);
  const tokens = counter(registry, 'studio_oauth_tokens_issued_total', 'OAuth access tokens issued.', []);
  const bearer = counter(registry, 'studio_bearer_verifications_total', 'Bearer tokens checked on the API, by result: valid, a rejection code, or unavailable.', ['result']);
  const limited = counter(registry, 'studio_rate_limit_refusals_total', 'Requests refused with 429, by rate-limit policy.', ['policy']);

  // Every known series starts at 0, so that a rate over the first event is not lost.
  for (const channel of SUBMISSION_CHANNELS) accepted.inc({ channel }, 0);
  for (const channel of options.channels) for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ channel, outcome }, 0);
  for (const result of ['valid', 'unavailable', ...Object.keys(TOKEN_REJECTION_CODES)]) bearer.inc({ result }, 0);
  for (const policy of Object.keys(ALL_RATE_LIMIT_POLICIES)) limited.inc({ policy }, 0);

  return {
    registry,
    inquiries: { accepted: (channel) => accepted.inc({ channel }), refused: (channel, code) => refused.inc({ channel, code }) },
    outbox: { delivery: (channel, outcome) => deliveries.inc({ channel, outcome }) },
    oauth: { tokenIssued: () => tokens.inc(), bearerChecked: (result) => bearer.inc({ result }) },
    rateLimits: { refused: (policy: RateLimitPolicyName) => limited.inc({ policy }) },
    requestDone: (route, method, status, seconds) => requests.observe({ route, method, status_code: status }, seconds),
  };
}
