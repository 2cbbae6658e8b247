import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { EmailNotifier } from '../../src/inquiries/notifiers/email.js';
import { FAILURE_PROBE_INTERVAL_MS, MonitoredNotifier } from '../../src/inquiries/notifiers/monitored.js';
import { RECEIVED, type StoredInquiry } from '../../src/inquiries/ports.js';
import { studioWith } from '../helpers/cli.js';
import { eventually, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startSilentServer, startSmtpSink, startWebhookReceiver, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { freePort, startServer } from '../helpers/server.js';

// Notification health: the start warning when no channel is on, and each channel in /readyz (the SMTP
// server probed at start and after a failed delivery, the webhook's last delivery), never making the
// service unready: inquiries are stored either way.

interface ChannelEntry { status: string; required?: boolean; error?: string; checked_at?: string; via?: string; latency_ms: number }
interface ReadyBody { status: string; checks: Record<string, ChannelEntry> }

async function readiness(url: string): Promise<{ code: number; body: ReadyBody }> {
  const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(20_000) });
  return { code: response.status, body: await response.json() as ReadyBody };
}

/** Polls /readyz until the channel's entry satisfies `wanted`; returns that report. */
async function channelBecomes(url: string, channel: string, wanted: (entry: ChannelEntry) => boolean, attempts = 300) {
  return eventually(async () => {
    const report = await readiness(url);
    const entry = report.body.checks[channel];
    return entry && wanted(entry) ? report : undefined;
  }, attempts);
}

/**
 * An SMTP server that answers every probe and refuses recipients while `refuse` is set; counts the
 * probes (sessions that ended without a MAIL FROM) and the mails.
 */
async function startPickySmtp() {
  const peer = { url: '', refuse: true, probes: 0, mails: 0, accepted: 0, close: async () => undefined as void };
  const mailing = new Set<string>();
  const server = new SMTPServer({
    logger: false, disabledCommands: ['STARTTLS', 'AUTH'],
    onClose(session) { if (!mailing.delete(session.id)) peer.probes += 1; },
    onMailFrom(_address, session, callback) { peer.mails += 1; mailing.add(session.id); callback(); },
    onRcptTo(_address, _session, callback) {
      callback(peer.refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) { stream.resume(); stream.on('end', () => { peer.accepted += 1; callback(); }); },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  peer.close = () => new Promise((resolve) => server.close(() => resolve()));
  return peer;
}

const validStoredInquiry: StoredInquiry = {
  id: '0196a1b2-0000-7000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com', phone: null,
  message: 'A house by the sea.', location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en', receivedAt: new Date(Date.UTC(2026, 3, 1)),
};

const FAST_OUTBOX = { OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '200', RATE_LIMIT_SCALE: '100' };

describe('notification health in /readyz', () => {
  it('reports a working SMTP server and webhook, and a failed webhook delivery, while staying ready', async (t) => {
    const sink = await startSmtpSink();
    const webhook: WebhookReceiver = await startWebhookReceiver();
    t.after(() => sink.close());
    t.after(() => webhook.close());
    const server = await startServer(t, {
      SMTP_URL: sink.url, INBOX_EMAIL_TO: 'studio@example.com',
      // The retry waits 2-4 s: the failure stays in the report (cached for 1 s) long enough to be read.
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret, ...FAST_OUTBOX, OUTBOX_RETRY_BASE_MS: '4000',
    });
    const probed = await channelBecomes(server.url, 'email', (e) => e.status === 'up');
    assert.equal(probed.code, 200);
    assert.equal(probed.body.status, 'ready');
    assert.equal(probed.body.checks.email!.via, 'probe');
    assert.equal(probed.body.checks.email!.required, false);
    assert.ok(!Number.isNaN(Date.parse(probed.body.checks.email!.checked_at!)));
    assert.deepEqual(probed.body.checks.webhook, { status: 'unknown', latency_ms: probed.body.checks.webhook!.latency_ms, required: false }, 'no delivery yet');
    assert.equal(probed.body.checks.database!.required, undefined, 'the database entry keeps its shape');
    assert.equal(sink.mails.length, 0, 'the probe sends no mail');

    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const delivered = await channelBecomes(server.url, 'webhook', (e) => e.status === 'up');
    assert.equal(delivered.body.checks.webhook!.via, 'delivery');

    webhook.failNext(1);
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const failed = await channelBecomes(server.url, 'webhook', (e) => e.status === 'down');
    assert.equal(failed.code, 200, 'a channel that is down does not make the instance unready');
    assert.equal(failed.body.status, 'ready');
    assert.deepEqual([failed.body.checks.webhook!.error, failed.body.checks.webhook!.via], ['HTTP 500', 'delivery']);
    // The outbox retries; the next delivery that goes through shows the channel up again.
    await channelBecomes(server.url, 'webhook', (e) => e.status === 'up');
  });

  it('an SMTP server that accepts and never greets shows as down within the greeting timeout; /readyz never waits for it', async (t) => {
    const silent = await startSilentServer();
    // Default timeouts: what an operator gets without tuning SMTP_URL.
    t.after(() => silent.close());
    const server = await startServer(t, { SMTP_URL: silent.url, INBOX_EMAIL_TO: 'studio@example.com' });
    const first = await readiness(server.url);
    assert.equal(first.code, 200);
    assert.equal(first.body.checks.email!.status, 'unknown', 'answered while the probe still waits for a greeting');
    const down = await channelBecomes(server.url, 'email', (e) => e.status === 'down');
    assert.equal(down.code, 200);
    assert.equal(down.body.status, 'ready');
    assert.equal(down.body.checks.database!.status, 'up');
    assert.match(down.body.checks.email!.error!, /^ETIMEDOUT at CONN$/);
    assert.equal(down.body.checks.email!.via, 'probe');
    assert.ok(silent.connections >= 1);
  });

  it('a delivery the SMTP server refuses shows as down although a probe passes, and up after the next one goes through', async (t) => {
    const picky = await startPickySmtp();
    t.after(() => picky.close());
    const server = await startServer(t, { SMTP_URL: picky.url, INBOX_EMAIL_TO: 'studio@example.com', ...FAST_OUTBOX, OUTBOX_RETRY_BASE_MS: '500' });
    await channelBecomes(server.url, 'email', (e) => e.status === 'up' && e.via === 'probe');
    const probesAtStart = picky.probes;
    assert.equal(probesAtStart, 1);
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
    const refused = await channelBecomes(server.url, 'email', (e) => e.status === 'down');
    assert.match(refused.body.checks.email!.error!, /550 at RCPT/);
    assert.equal(refused.code, 200);
    // The failure made the service probe the server again; the probe passes, the report stays down.
    await eventually(async () => (picky.probes > probesAtStart) || undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await readiness(server.url)).body.checks.email!.status, 'down');
    picky.refuse = false;
    const recovered = await channelBecomes(server.url, 'email', (e) => e.status === 'up');
    assert.equal(recovered.body.checks.email!.via, 'delivery');
    assert.ok(picky.accepted >= 1);
  });

  it('a channel failing every delivery is probed once per interval, not once per failure', async () => {
    let now = Date.UTC(2026, 3, 1);
    let probes = 0;
    const refusing = {
      channel: 'webhook' as const,
      deliver: async () => { throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }); },
      verify: async () => { probes += 1; },
    };
    const notifier = new MonitoredNotifier(refusing, { clock: () => now });
    const fail = () => notifier.deliver(validStoredInquiry, RECEIVED).then(() => assert.fail('refused'), () => undefined);
    for (let i = 0; i < 20; i++) await fail();
    assert.equal(probes, 1);
    now += FAILURE_PROBE_INTERVAL_MS;
    await fail();
    assert.equal(probes, 2);
    await notifier.close();
  });

  it('probes a server that was down again until it answers, so its recovery shows without a delivery', async () => {
    const port = await freePort();
    const notifier = new MonitoredNotifier(new EmailNotifier({
      smtpUrl: `smtp://127.0.0.1:${port}`, to: 'studio@example.com', baseUrl: 'http://127.0.0.1:3000',
    }), { recheckMs: 100 });
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      await notifier.probe();
      const down = notifier.report();
      assert.equal(down.status, 'down');
      assert.match(down.error!, /ECONNREFUSED/);
      sink = await startSmtpSink({ port });
      const up = await eventually(async () => (notifier.report().status === 'up' ? notifier.report() : undefined));
      assert.equal(up.via, 'probe');
    } finally {
      await notifier.close();
      await sink?.close();
    }
  });
});

describe('start warning', () => {
  const logLines: string[] = [];
  const logger = () => pino({ level: 'info' }, new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } })) as FastifyBaseLogger;

  it('warns once, naming what to set, when neither email nor webhook is configured', async (t) => {
    const server = await startServer(t, {}, { logger: logger() });
    const warnings = logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.msg.includes('notification channel'));
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.level, 40, 'level warn');
    for (const variable of ['SMTP_URL', 'INBOX_EMAIL_TO', 'INBOX_WEBHOOK_URL', 'INBOX_WEBHOOK_SECRET']) assert.match(warnings[0]!.msg, new RegExp(variable));
    const { body } = await readiness(server.url);
    assert.deepEqual(Object.keys(body.checks), ['database'], 'no channel, no channel entries');
  });

  it('is silent when a channel is configured', async (t) => {
    logLines.length = 0;
    const webhook = await startWebhookReceiver();
    t.after(() => webhook.close());
    await startServer(t, { INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret }, { logger: logger() });
    assert.ok(logLines.length > 0, 'the logger is heard');
    assert.ok(!logLines.some((line) => line.includes('notification channel')), logLines.join('\n'));
  });
});

describe('studio notify test', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let webhook: WebhookReceiver;
  let email: Record<string, string>;
  let hook: Record<string, string>;
  before(async () => {
    sink = await startSmtpSink();
    webhook = await startWebhookReceiver();
    email = { SMTP_URL: sink.url, INBOX_EMAIL_TO: 'studio@example.com' };
    hook = { INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret };
  });
  after(async () => {
    await sink.close();
    await webhook.close();
  });

  it('sends a mail and a webhook marked as a test through the configured channels, and exits 0', async () => {
    const run = await studioWith({ ...email, ...hook }, 'notify', 'test');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), ['email: sent to studio@example.com', 'webhook: sent']);
    assert.equal(sink.mails.length, 1);
    assert.deepEqual(sink.mails[0]!.to, ['studio@example.com']);
    assert.match(sink.mails[0]!.raw, /^Subject: Project inquiry from TEST from studio notify test/m);
    assert.match(sink.mails[0]!.raw, /notify-test@example\.invalid/);
    assert.equal(webhook.received.length, 1, 'signed as a real one: the receiver verified it');
    const { payload } = webhook.received[0]!;
    assert.equal(payload.type, 'inquiry.received');
    assert.match(payload.data.name, /^TEST /);
  });

  it('names the channel that is not configured and what to set', async () => {
    const run = await studioWith(hook, 'notify', 'test');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), ['email: not configured (set SMTP_URL and INBOX_EMAIL_TO)', 'webhook: sent']);
  });

  it('exits 1 with the reason when a configured channel fails', async () => {
    const closedPort = await freePort();
    webhook.failNext(1);
    const run = await studioWith({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, INBOX_EMAIL_TO: 'studio@example.com', ...hook }, 'notify', 'test');
    assert.equal(run.code, 1);
    assert.deepEqual(run.stdout.trim().split('\n'), ['email: failed: ESOCKET ECONNREFUSED at CONN', 'webhook: failed: HTTP 500']);
    const halfway = await studioWith({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, INBOX_EMAIL_TO: 'studio@example.com', ...hook }, 'notify', 'test');
    assert.equal(halfway.code, 1, 'one channel failing is enough');
    assert.match(halfway.stdout, /^webhook: sent$/m);
  });

  it('exits 1 when no channel is configured, and 2 on usage mistakes', async () => {
    const none = await studioWith({}, 'notify', 'test');
    assert.equal(none.code, 1);
    assert.match(none.stdout, /^email: not configured/m);
    assert.match(none.stdout, /^webhook: not configured \(set INBOX_WEBHOOK_URL and INBOX_WEBHOOK_SECRET\)$/m);
    assert.match(none.stderr, /No notification channel is configured/);
    for (const args of [[], ['send'], ['test', 'now'], ['test', '--email']]) {
      assert.equal((await studioWith({}, 'notify', ...args)).code, 2, args.join(' '));
    }
    const help = await studioWith({}, 'notify', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /studio notify test/);
  });
});
