import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/load.js';
import { eventually, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { apiCall, registerClient, requestToken, TestClock } from '../helpers/oauth-helpers.js';
import { freePort, startServer, suiteScope, type TestServer } from '../helpers/server.js';

// GET /metrics against a real service whose inquiries go to an SMTP server on loopback. The body is
// held to the Prometheus text format (0.0.4) by a strict parser below, and the counters and gauges must
// move with what the test does: inquiries accepted and refused, deliveries retried and delivered, the
// outbox queue filling and draining, tokens issued and bearer tokens refused, 429s by policy.

const TOKEN = 'metrics-token-for-the-test-0123456789';

// ---------------------------------------------------------------------------------------------------
// A strict reader of the Prometheus text exposition format: every line is a HELP, a TYPE or a sample;
// each family is declared once, before its samples, and its samples are contiguous; names, label names,
// escapes and values follow the format; a histogram's buckets are cumulative and end at +Inf = _count.

interface Sample { name: string; labels: Record<string, string>; value: number }
interface Family { type: string; help: string; samples: Sample[] }

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    assert.ok(match, `label syntax: ${text}`);
    assert.ok(!Object.hasOwn(labels, match[1]!), `label ${match[1]} twice: ${text}`);
    labels[match[1]!] = match[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case; prom-client writes "Nan". */
function parseValue(text: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  assert.match(text, /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/, `sample value ${text}`);
  return Number(text);
}

/** The family a sample name belongs to (a histogram's _bucket, _sum and _count are its own). */
function familyOf(families: Map<string, Family>, name: string): string | undefined {
  if (families.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return ['histogram', 'summary'].includes(families.get(base)?.type ?? '') ? base : undefined;
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name === `${name}_bucket`)) {
    const { le, ...rest } = sample.labels;
    assert.ok(le !== undefined, `${name}_bucket without le`);
    const key = JSON.stringify(rest);
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of series) {
    const counts = buckets.map((b) => b.value);
    assert.deepEqual(counts, [...counts].sort((a, b) => a - b), `${name} buckets cumulative ${key}`);
    assert.equal(buckets.at(-1)!.labels.le, '+Inf');
    const count = family.samples.find((s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key);
    assert.equal(count?.value, counts.at(-1), `${name}_count = +Inf bucket ${key}`);
  }
}

function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  let current: string | undefined;
  assert.ok(text.endsWith('\n'), 'the body ends with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      assert.match(name, METRIC_NAME);
      if (current !== name && current !== undefined) closed.add(current);
      assert.ok(!closed.has(name), `${name} declared again after its samples`);
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        assert.ok(TYPES.has(rest), `type of ${name}: ${rest}`);
        assert.equal(family.samples.length, 0, `TYPE of ${name} before its samples`);
        family.type = rest;
      } else {
        family.help = rest;
      }
      families.set(name, family);
      current = name;
      continue;
    }
    assert.ok(!line.startsWith('#') || line.startsWith('# '), `comment syntax: ${line}`);
    if (line.startsWith('# ')) continue;
    const sample = SAMPLE.exec(line);
    assert.ok(sample, `sample syntax: ${line}`);
    const name = familyOf(families, sample[1]!);
    assert.ok(name, `sample of an undeclared family: ${line}`);
    assert.equal(name, current, `samples of ${name} are contiguous`);
    families.get(name)!.samples.push({ name: sample[1]!, labels: parseLabels(sample[2] ?? ''), value: parseValue(sample[3]!) });
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

// ---------------------------------------------------------------------------------------------------

type Scrape = Map<string, Family>;

/** The value of the one sample of `name` with exactly these labels; undefined when there is none. */
function value(scrape: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  const family = scrape.get(familyOf(scrape, name) ?? name);
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return family?.samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value;
}

const FAMILIES = {
  studio_http_request_duration_seconds: 'histogram',
  studio_inquiries_accepted_total: 'counter',
  studio_inquiries_refused_total: 'counter',
  studio_outbox_pending_jobs: 'gauge',
  studio_outbox_oldest_due_job_age_seconds: 'gauge',
  studio_notification_deliveries_total: 'counter',
  studio_oauth_tokens_issued_total: 'counter',
  studio_bearer_verifications_total: 'counter',
  studio_rate_limit_refusals_total: 'counter',
  studio_event_loop_utilization_ratio: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  process_cpu_seconds_total: 'counter',
  process_resident_memory_bytes: 'gauge',
} as const;

describe('GET /metrics', () => {
  const suite = suiteScope();
  let server: TestServer;
  let smtpPort: number;
  let sink: SmtpSink | undefined;
  const clock = new TestClock();

  const scrape = async (): Promise<Scrape> => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4; charset=utf-8$/);
    return parsePrometheus(await response.text());
  };
  const email = { channel: 'email' };

  before(async () => {
    // The SMTP server is not up yet: the first delivery fails, and its job waits in the queue.
    smtpPort = await freePort();
    server = await startServer(suite, {
      METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, INBOX_EMAIL_TO: 'inbox@studio.example',
      // The worker only polls when an inquiry wakes it (the interval is 10 minutes), so the queue holds still.
      OUTBOX_POLL_INTERVAL_MS: '600000', OUTBOX_RETRY_BASE_MS: '60000',
    }, { clock: clock.now });
  });
  after(async () => {
    await sink?.close();
  });

  it('answers the Prometheus text format with every family, each typed, all at 0', async () => {
    const metrics = await scrape();
    for (const [name, type] of Object.entries(FAMILIES)) assert.equal(metrics.get(name)?.type, type, `${name} is a ${type}`);
    assert.equal(value(metrics, 'studio_inquiries_accepted_total', { channel: 'api' }), 0);
    assert.equal(value(metrics, 'studio_outbox_pending_jobs', email), 0);
    assert.equal(value(metrics, 'studio_notification_deliveries_total', { ...email, outcome: 'delivered' }), 0);
    assert.equal(value(metrics, 'studio_bearer_verifications_total', { result: 'token_revoked' }), 0);
    assert.equal(value(metrics, 'studio_rate_limit_refusals_total', { policy: 'inquiry' }), 0);
  });

  it('counts an accepted inquiry, its failed delivery, and the job waiting in the queue', async () => {
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const metrics = await eventually(async () => {
      const now = await scrape();
      return value(now, 'studio_notification_deliveries_total', { ...email, outcome: 'retry' }) === 1 ? now : undefined;
    });
    assert.equal(value(metrics, 'studio_inquiries_accepted_total', { channel: 'api' }), 1);
    assert.equal(value(metrics, 'studio_outbox_pending_jobs', email), 1);
    assert.equal(value(metrics, 'studio_outbox_oldest_due_job_age_seconds', email), 0, 'its next attempt is not due yet');
  });

  it('counts each refusal once, under its channel and code, whether the route or the use case refused it', async () => {
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry({ budget: undefined }))).status, 400);
    assert.equal((await postInquiry(server.url, '/api/contact', validInquiry(), { headers: { Origin: 'https://elsewhere.example' } })).status, 403);
    // The Idempotency-Key is checked by the use case, after the route's own checks.
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: { 'Idempotency-Key': 'two words' } })).status, 400);
    const metrics = await scrape();
    assert.equal(value(metrics, 'studio_inquiries_refused_total', { channel: 'api', code: 'missing_field' }), 1);
    assert.equal(value(metrics, 'studio_inquiries_refused_total', { channel: 'legacy', code: 'origin_not_allowed' }), 1);
    assert.equal(value(metrics, 'studio_inquiries_refused_total', { channel: 'api', code: 'invalid_request' }), 1);
    assert.equal(value(metrics, 'studio_inquiries_accepted_total', { channel: 'api' }), 1);
  });

  it('shows how long the due job has waited, then the queue draining once the SMTP server answers', async () => {
    clock.advance(120);
    const waiting = await scrape();
    assert.equal(value(waiting, 'studio_outbox_pending_jobs', email), 1);
    const age = value(waiting, 'studio_outbox_oldest_due_job_age_seconds', email)!;
    assert.ok(age >= 60 && age <= 120, `the job has been due for ${age} s`);

    sink = await startSmtpSink({ port: smtpPort });
    // A second inquiry wakes the worker, which delivers both due jobs.
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const drained = await eventually(async () => {
      const now = await scrape();
      return value(now, 'studio_notification_deliveries_total', { ...email, outcome: 'delivered' }) === 2 ? now : undefined;
    });
    assert.equal(sink.mails.length, 2);
    assert.equal(value(drained, 'studio_inquiries_accepted_total', { channel: 'api' }), 2);
    assert.equal(value(drained, 'studio_outbox_pending_jobs', email), 0);
    assert.equal(value(drained, 'studio_outbox_oldest_due_job_age_seconds', email), 0);
    assert.equal(value(drained, 'studio_notification_deliveries_total', { ...email, outcome: 'failed' }), 0);
  });

  it('counts a 429 under its policy and as a refused inquiry', async () => {
    // Five requests have counted against the inquiry bucket (5 per 15 minutes): this one is over.
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 429);
    const metrics = await scrape();
    assert.equal(value(metrics, 'studio_rate_limit_refusals_total', { policy: 'inquiry' }), 1);
    assert.equal(value(metrics, 'studio_inquiries_refused_total', { channel: 'api', code: 'rate_limited' }), 1);
  });

  it('counts tokens issued and bearer tokens by result, and times requests by route pattern', async () => {
    const client = await registerClient(server.url);
    const token = await requestToken(server.url, client);
    assert.equal((await apiCall(server.url, `Bearer ${token}`)).status, 200);
    assert.equal((await apiCall(server.url, 'Bearer not-a-jwt')).status, 401);
    assert.equal((await fetch(`${server.url}/projects/no-such-project-${Date.now()}`)).status, 404);
    const metrics = await scrape();
    assert.equal(value(metrics, 'studio_oauth_tokens_issued_total'), 1);
    assert.equal(value(metrics, 'studio_bearer_verifications_total', { result: 'valid' }), 1);
    assert.equal(value(metrics, 'studio_bearer_verifications_total', { result: 'token_malformed' }), 1);
    assert.ok(value(metrics, 'studio_http_request_duration_seconds_count', { route: '/api/v1/projects', method: 'GET', status_code: '200' })! >= 1);
    assert.ok(value(metrics, 'studio_http_request_duration_seconds_count', { route: '/oauth/token', method: 'POST', status_code: '200' })! >= 1);
    // Unmatched addresses are one series, never one per raw URL.
    const routes = metrics.get('studio_http_request_duration_seconds')!.samples.map((s) => s.labels.route);
    assert.ok(routes.includes('unmatched'));
    assert.ok(!routes.some((route) => route?.includes('no-such-project')));
  });

  it('refuses a missing or wrong token with 401 and a Bearer challenge, without counting it as an API bearer', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}X`, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await fetch(`${server.url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
      assert.equal(response.status, 401, authorization);
      assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer /);
      assert.equal(((await response.json()) as { code: string }).code, 'invalid_token');
    }
    assert.equal(value(await scrape(), 'studio_bearer_verifications_total', { result: 'token_malformed' }), 1);
  });

  it('answers other methods 405 like the probes, is not limited, and is no operation of the API', async () => {
    const post = await fetch(`${server.url}/metrics`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), (await fetch(`${server.url}/healthz`, { method: 'POST' })).headers.get('allow'));
    const scraped = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(scraped.headers.get('ratelimit-limit'), null);
    assert.equal(scraped.headers.get('cache-control'), 'no-store');
    assert.doesNotMatch(await (await fetch(`${server.url}/openapi.json`)).text(), /\/metrics/);
    assert.doesNotMatch(await (await fetch(`${server.url}/api/v1`)).text(), /\/metrics/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('does not exist', async () => {
    assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
    assert.equal((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status, 404);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 visible ASCII characters, and a bad one is not echoed', () => {
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short-secret' }), (error: Error) => {
      assert.match(error.message, /METRICS_TOKEN must be at least 16/);
      assert.doesNotMatch(error.message, /short-secret/);
      return true;
    });
    assert.equal(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
    // At the edges of the rule: one character short, a space, a character outside ASCII; exactly 16 loads.
    for (const token of ['x'.repeat(15), `${'a'.repeat(15)} `, 'tökén-0123456789']) {
      assert.throws(() => loadConfig({ METRICS_TOKEN: token }), /METRICS_TOKEN/, JSON.stringify(token));
    }
    assert.equal(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken, 'x'.repeat(16));
  });
});

describe('the Prometheus text reader of these tests', () => {
  it('reads the format and refuses what it does not allow', () => {
    const read = parsePrometheus('# HELP a_total What a counts.\n# TYPE a_total counter\na_total{x="q\\"uote",y="1"} 2\n');
    assert.deepEqual(read.get('a_total'), { type: 'counter', help: 'What a counts.', samples: [{ name: 'a_total', labels: { x: 'q"uote', y: '1' }, value: 2 }] });
    const refused = [
      'a_total 1\n', // no TYPE nor HELP: undeclared
      '# TYPE a counter\na 1', // no final line feed
      '# TYPE a counter\na{x="1} 1\n', // unterminated label value
      '# TYPE a counter\na{x="1",x="2"} 1\n', // a label twice
      '# TYPE a counter\na 1x\n', // not a number
      '# TYPE a counter\n# TYPE b gauge\na 1\n', // samples of a after b began
      '# TYPE a counter\na 1\n# TYPE a counter\n', // declared again
      '# TYPE a widget\n', // unknown type
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n', // buckets not cumulative
      '# TYPE h histogram\nh_bucket{le="1"} 1\nh_count 1\n', // no +Inf bucket
    ];
    for (const text of refused) assert.throws(() => parsePrometheus(text), JSON.stringify(text));
  });
});
