// The one place that reads the environment. Every variable is parsed and checked here, once, at
// start-up; a bad value stops the start with a message that names the variable.
import { DEPRECATION_POLICY } from './contract/api.js';

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  /** Public origin, no trailing slash: every absolute URL and the OAuth issuer. */
  baseUrl: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  /** Origins allowed to POST inquiries, the BASE_URL origin first. */
  allowedOrigins: string[];
  contentDir: string;
  /** Where the image variants are kept (src/images/image-store.ts); created at start-up if missing. */
  imageCacheDir: string;
  logLevel: string;
  /** Multiplies every rate-limit policy; above 1 lifts the limits (benchmarks), never below 1 in production. */
  rateLimitScale: number;
  smtpUrl: string | undefined;
  inboxEmailTo: string | undefined;
  inboxEmailFrom: string | undefined;
  inboxWebhookUrl: string | undefined;
  inboxWebhookSecret: string | undefined;
  /** INQUIRY_ACK: each inquirer gets an acknowledgement email (at most one per address per hour). */
  inquiryAck: boolean;
  /** When POST /api/contact was deprecated, and when it goes away (RFC 9745 / RFC 8594). */
  legacyDeprecatedAt: Date;
  legacySunsetAt: Date;
  /** How often the outbox worker looks for due notification jobs. */
  outboxPollIntervalMs: number;
  /** First retry delay of a failed notification; doubles per attempt (capped at 1 h), with jitter. */
  outboxRetryBaseMs: number;
  /** How long a claimed job belongs to one worker; longer than the slowest delivery (SMTP waits up to 30 s). */
  outboxLeaseMs: number;
  /** Webhook requests the outbox keeps in flight at once: enough to hide a receiver's latency, few enough not to flood it. */
  outboxWebhookConcurrency: number;
  /** Optional Ed25519 private key (JWK JSON or PKCS#8 PEM) that replaces the keys kept in the database. */
  oauthSigningKey: string | undefined;
  /** The bearer token of GET /metrics; unset: no /metrics, nothing measured. */
  metricsToken: string | undefined;
  /** Slow clients (src/http/server-limits.ts): the whole request (0 = no limit), its headers, an idle kept-alive connection. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open connections beyond this are refused (0 = no limit). */
  maxConnections: number;
  /** Load shedding (src/http/load-shedding.ts): 503 while the event loop's mean delay or its utilization is above these (0 = not checked). */
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DEFAULT_LEGACY_DEPRECATED_AT = '2026-01-01T00:00:00Z';
/** Variables whose values can hold passwords or keys: a message about them never repeats the value. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'INBOX_WEBHOOK_SECRET', 'INBOX_WEBHOOK_URL', 'OAUTH_SIGNING_KEY', 'METRICS_TOKEN']);

/** The same day of the month, `months` later (UTC): calendar months, not a count of days. */
function addMonths(date: Date, months: number): Date {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

type Env = Record<string, string | undefined>;

/** Collects one problem per bad variable instead of stopping at the first. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  fail(name: string, rule: string): undefined {
    const got = SECRET_VARIABLES.has(name) ? 'value not shown' : `got ${JSON.stringify(this.env[name])}`;
    this.problems.push(`${name} ${rule} (${got})`);
    return undefined;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      return this.fail(name, `must be a whole number from ${min} to ${max}`) ?? fallback;
    }
    return n;
  }

  number(name: string, fallback: number, min: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) return this.fail(name, `must be a number of at least ${min}`) ?? fallback;
    return n;
  }

  flag(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(name, 'must be true or false') ?? fallback;
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!allowed.includes(value)) return this.fail(name, `must be one of ${allowed.join(', ')}`) ?? fallback;
    return value;
  }

  url(name: string, protocols: string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const parsed = parseUrl(value);
    if (!parsed || !protocols.includes(parsed.protocol)) {
      return this.fail(name, `must be a URL with scheme ${protocols.map((p) => p.slice(0, -1)).join(' or ')}`);
    }
    return value;
  }

  origin(name: string, value: string): string | undefined {
    const parsed = parseUrl(value);
    const isOrigin = parsed && ['http:', 'https:'].includes(parsed.protocol) && (parsed.pathname === '/' || parsed.pathname === '')
      && !parsed.search && !parsed.hash && !parsed.username;
    if (!isOrigin) return this.fail(name, 'must be an origin such as https://studio.example (scheme, host, optional port; no path)');
    return parsed.origin;
  }

  date(name: string, fallback: string): Date {
    const value = this.raw(name) ?? fallback;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return this.fail(name, 'must be a date (ISO 8601 or HTTP-date)') ?? new Date(fallback);
    return date;
  }

  email(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^[^\s@<>]+@[^\s@<>]+$/.test(value)) return this.fail(name, 'must be an email address');
    return value;
  }
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function readTrustProxy(reader: Reader): TrustProxy {
  const value = reader.raw('TRUST_PROXY');
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const addressOrCidr = /^(?:[\d.]+|[0-9a-f:]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;
  if (entries.length === 0 || !entries.every((e) => addressOrCidr.test(e))) {
    return reader.fail('TRUST_PROXY', 'must be true, false, a hop count, or a comma list of addresses/CIDRs') ?? false;
  }
  return entries;
}

function readDatabaseUrl(reader: Reader): string {
  const value = reader.raw('DATABASE_URL') ?? 'sqlite:./data/studio.db';
  if (/^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value)) return value;
  reader.fail('DATABASE_URL', 'must be sqlite:<path> or postgres://user@host:port/database');
  return 'sqlite:./data/studio.db';
}

/** The client limits; headers cannot take longer than the whole request (Node refuses that too). */
function readClientLimits(r: Reader): Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections'> {
  const requestTimeoutMs = r.integer('REQUEST_TIMEOUT_MS', 30_000, 0, 3_600_000);
  const headersTimeoutMs = r.integer('HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs || 10_000), 100, 3_600_000);
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) r.fail('HEADERS_TIMEOUT_MS', 'must not be longer than REQUEST_TIMEOUT_MS');
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: r.integer('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
    maxConnections: r.integer('MAX_CONNECTIONS', 10_000, 0, 1_000_000),
  };
}

function readLoadShedding(r: Reader): Pick<Config, 'maxEventLoopDelayMs' | 'maxEventLoopUtilization'> {
  const maxEventLoopUtilization = r.number('MAX_EVENT_LOOP_UTILIZATION', 0, 0);
  if (maxEventLoopUtilization > 1) r.fail('MAX_EVENT_LOOP_UTILIZATION', 'must be a fraction from 0 to 1 (0 = not checked)');
  return { maxEventLoopDelayMs: r.integer('MAX_EVENT_LOOP_DELAY_MS', 1_000, 0, 600_000), maxEventLoopUtilization };
}

function readWebhookSecret(reader: Reader): string | undefined {
  const value = reader.raw('INBOX_WEBHOOK_SECRET');
  if (value === undefined) return undefined;
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return reader.fail('INBOX_WEBHOOK_SECRET', 'must be a Standard Webhooks secret: whsec_ followed by base64');
  }
  return value;
}

function readMetricsToken(reader: Reader): string | undefined {
  const value = reader.raw('METRICS_TOKEN');
  if (value === undefined || /^[\x21-\x7e]{16,}$/.test(value)) return value;
  return reader.fail('METRICS_TOKEN', 'must be at least 16 visible ASCII characters (e.g. openssl rand -hex 32)');
}

/**
 * An acknowledgement that can never be sent is a misconfiguration: it needs the SMTP server, and a sender
 * named on purpose. It goes to strangers, whose servers check that the sender's domain lets this server
 * send for it; the studio's own inbox may take mail from the guessed studio-api@<host>, they would not.
 */
function readInquiryAck(reader: Reader, smtpUrl: string | undefined): boolean {
  const on = reader.flag('INQUIRY_ACK', false);
  if (on && !smtpUrl) reader.fail('SMTP_URL', 'is required when INQUIRY_ACK is true (the acknowledgement is an email)');
  if (on && reader.raw('INBOX_EMAIL_FROM') === undefined) {
    reader.fail('INBOX_EMAIL_FROM', 'is required when INQUIRY_ACK is true: acknowledgements go to inquirers, whose mail servers check the sender\'s domain');
  }
  return on;
}

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const port = r.integer('PORT', 3000, 0, 65535);
  const baseUrl = r.origin('BASE_URL', r.raw('BASE_URL') ?? `http://localhost:${port}`) ?? `http://localhost:${port}`;
  const extraOrigins = (r.raw('ALLOWED_ORIGINS') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    .map((origin) => r.origin('ALLOWED_ORIGINS', origin))
    .filter((origin): origin is string => origin !== undefined);
  const legacyDeprecatedAt = r.date('LEGACY_DEPRECATED_AT', DEFAULT_LEGACY_DEPRECATED_AT);
  const earliestSunset = addMonths(legacyDeprecatedAt, DEPRECATION_POLICY.minimumSupportMonths);
  const legacySunsetAt = r.date('LEGACY_SUNSET', earliestSunset.toISOString());
  if (legacySunsetAt < earliestSunset) {
    r.fail('LEGACY_SUNSET', `must be at least ${DEPRECATION_POLICY.minimumSupportMonths} months after LEGACY_DEPRECATED_AT (contract: Versioning)`);
  }
  const webhookUrl = r.url('INBOX_WEBHOOK_URL', ['http:', 'https:']);
  const webhookSecret = readWebhookSecret(r);
  if (webhookUrl && !webhookSecret) r.fail('INBOX_WEBHOOK_SECRET', 'is required when INBOX_WEBHOOK_URL is set');
  const smtpUrl = r.url('SMTP_URL', ['smtp:', 'smtps:']);
  const inboxEmailTo = r.email('INBOX_EMAIL_TO');
  if (smtpUrl && !inboxEmailTo) r.fail('INBOX_EMAIL_TO', 'is required when SMTP_URL is set');

  const config: Config = {
    port,
    host: r.raw('HOST') ?? '0.0.0.0',
    baseUrl,
    databaseUrl: readDatabaseUrl(r),
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    trustProxy: readTrustProxy(r),
    allowedOrigins: [...new Set([baseUrl, ...extraOrigins])],
    contentDir: r.raw('CONTENT_DIR') ?? './content',
    imageCacheDir: r.raw('IMAGE_CACHE_DIR') ?? './data/image-cache',
    logLevel: r.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    rateLimitScale: r.number('RATE_LIMIT_SCALE', 1, 1),
    smtpUrl,
    inboxEmailTo,
    inboxEmailFrom: r.email('INBOX_EMAIL_FROM'),
    inboxWebhookUrl: webhookUrl,
    inboxWebhookSecret: webhookSecret,
    inquiryAck: readInquiryAck(r, smtpUrl),
    legacyDeprecatedAt,
    legacySunsetAt,
    oauthSigningKey: r.raw('OAUTH_SIGNING_KEY'),
    outboxPollIntervalMs: r.integer('OUTBOX_POLL_INTERVAL_MS', 2_000, 10, 600_000),
    outboxRetryBaseMs: r.integer('OUTBOX_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    outboxLeaseMs: r.integer('OUTBOX_LEASE_MS', 120_000, 1_000, 3_600_000),
    outboxWebhookConcurrency: r.integer('OUTBOX_WEBHOOK_CONCURRENCY', 64, 1, 256),
    metricsToken: readMetricsToken(r),
    ...readClientLimits(r),
    ...readLoadShedding(r),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
