import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pino from 'pino';
import { PATHS } from '../src/contract/paths.js';
import { uuidv7 } from '../src/inquiries/ids.js';
import { openDatabase } from '../src/store/db/database.js';
import { inquiryRow } from '../src/store/inquiries/rows.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import type { NotificationJobsTable } from '../src/store/db/schema.js';
import { startSilentServer, startSmtpSink, startWebhookReceiver, type SmtpSink, type WebhookReceiver } from '../test/helpers/inquiry-peers.js';
import { inquiryBody } from './inquiries.js';
import { BENCH_SECONDS, START_ARGS, startProcess, type BenchRow, type ServerProcess } from './lib.js';

// The outbox against local receivers (an SMTP sink and a webhook receiver on loopback, in this process):
// (a) a backlog written to the database before the service starts, timed until every job is delivered;
// (b) the webhook's latency (inquiry committed -> webhook received) with the SMTP server healthy, then
// hung (it accepts the connection and never greets); (c) deliveries per second against inquiries per
// second under sustained POST load. OUTBOX_BENCH_SERVER runs another build (e.g. main's dist/main.js),
// OUTBOX_BENCH_CASES a subset of the cases (`c`, `a,b`).

/** What `npm start` runs (its node arguments too), or the build OUTBOX_BENCH_SERVER names with the same arguments. */
const SERVER = process.env.OUTBOX_BENCH_SERVER ? [...START_ARGS.slice(0, -1), process.env.OUTBOX_BENCH_SERVER] : START_ARGS;
const BACKLOG_JOBS = Number(process.env.OUTBOX_BACKLOG ?? 30_000);
const LATENCY_INQUIRIES = 300;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHANNELS = ['email', 'webhook'] as const;

interface Peers { sink: SmtpSink; hook: WebhookReceiver; delivered(): number }

async function startPeers(): Promise<Peers> {
  const sink = await startSmtpSink();
  const hook = await startWebhookReceiver();
  return { sink, hook, delivered: () => sink.mails.length + hook.received.length };
}

function channelEnv(smtpUrl: string, hook: Pick<WebhookReceiver, 'url' | 'secret'>): Record<string, string> {
  return { SMTP_URL: smtpUrl, INBOX_EMAIL_TO: 'studio@example.com', INBOX_WEBHOOK_URL: hook.url, INBOX_WEBHOOK_SECRET: hook.secret };
}

/** The service on a SQLite file of its own, rate limits lifted; resolves once the inbox takes writes. */
async function startService(databaseFile: string, env: Record<string, string>): Promise<ServerProcess> {
  return startProcess(SERVER, { DATABASE_URL: `sqlite:${databaseFile}`, LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '1000000000', ...env }, PATHS.ready);
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Inquiries with a pending job per channel, written in a few transactions as the service would have. */
export async function seedBacklog(databaseFile: string, inquiries: number): Promise<void> {
  const db = openDatabase(`sqlite:${databaseFile}`, pino({ level: 'silent' }));
  await migrateToLatest(db);
  const now = Date.now();
  for (let start = 0; start < inquiries; start += 500) {
    const rows = Array.from({ length: Math.min(500, inquiries - start) }, (_, i) => {
      const receivedAt = now - inquiries + start + i;
      const id = uuidv7(receivedAt);
      const inquiry = JSON.parse(inquiryBody()) as Parameters<typeof inquiryRow>[0]['inquiry'];
      return inquiryRow({ id, receivedAt, inquiry, spam: false, clientIp: '203.0.113.9', userAgent: undefined, channel: 'api', clientId: undefined, fingerprint: id });
    });
    const jobs: NotificationJobsTable[] = rows.flatMap((row) => CHANNELS.map((channel) => ({
      id: `${row.id}:${channel}`, inquiry_id: row.id, channel, event: 'inquiry.received', ref: '', payload: null, status: 'pending' as const, attempts: 0,
      created_at: row.received_at, next_attempt_at: row.received_at, locked_until: null, last_error: null, delivered_at: null,
    })));
    await db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('inquiries').values(rows).execute();
      await tx.insertInto('notification_jobs').values(jobs).execute();
    });
  }
  await db.close();
}

/** (a) Seconds from the service's spawn to the last of BACKLOG_JOBS deliveries, and jobs per second. */
async function backlog(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-outbox-bench-'));
  const peers = await startPeers();
  const inquiries = Math.ceil(BACKLOG_JOBS / CHANNELS.length);
  const jobs = inquiries * CHANNELS.length;
  await seedBacklog(join(dir, 'outbox.db'), inquiries);
  const started = performance.now();
  const server = await startService(join(dir, 'outbox.db'), channelEnv(peers.sink.url, peers.hook));
  try {
    const drained = await until(() => peers.delivered() >= jobs, 120_000);
    const seconds = (performance.now() - started) / 1000;
    return [`| (a) backlog of ${jobs} jobs | ${drained ? seconds.toFixed(1) : `> ${seconds.toFixed(0)} (${peers.delivered()} delivered)`} s | ${Math.round(peers.delivered() / seconds)} jobs/s | spawn to last delivery; ${peers.sink.mails.length} mails, ${peers.hook.received.length} webhooks |`];
  } finally {
    await server.stop();
    await peers.sink.close();
    await peers.hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

/** (b) Milliseconds from each 200 to its webhook's arrival, for inquiries sent four at a time. */
async function webhookLatencies(smtpUrl: (peers: Peers) => string): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-outbox-bench-'));
  const peers = await startPeers();
  const server = await startService(join(dir, 'outbox.db'), channelEnv(smtpUrl(peers), peers.hook));
  const committed = new Map<string, number>();
  try {
    let next = 0;
    const sender = async () => {
      while (next < LATENCY_INQUIRIES) {
        next += 1;
        const body = inquiryBody();
        const response = await fetch(`${server.url}${PATHS.contact}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.arrayBuffer();
        if (response.status === 200) committed.set((JSON.parse(body) as { message: string }).message, Date.now());
      }
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    await until(() => peers.hook.received.length >= committed.size, 60_000);
    // webhook-id is the inquiry id: the first accepted attempt of each is when it arrived.
    const arrivedAt = new Map(peers.hook.attempts.filter((a) => a.status === 204).reverse().map((a) => [a.id, a.at]));
    const arrived = new Map(peers.hook.received.map((r) => [(r.payload.data as unknown as { message: string }).message, arrivedAt.get(r.id)]));
    return [...committed].map(([message, at]) => (arrived.get(message) ?? Date.now()) - at);
  } finally {
    await server.stop();
    await peers.sink.close();
    await peers.hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function latency(): Promise<string[]> {
  const healthy = await webhookLatencies((peers) => peers.sink.url);
  const silent = await startSilentServer();
  try {
    const hung = await webhookLatencies(() => silent.url);
    const row = (label: string, ms: number[]) => `| (b) webhook latency, SMTP ${label} | median ${quantile(ms, 0.5)} ms | p99 ${quantile(ms, 0.99)} ms | ${ms.length} inquiries, committed -> webhook received |`;
    return [row('healthy', healthy), row('hung (never greets)', hung),
      `| (b) hung / healthy | ${(quantile(hung, 0.5) / Math.max(1, quantile(healthy, 0.5))).toFixed(2)} × median | | target: median under 2000 ms with SMTP hung |`];
  } finally {
    await silent.close();
  }
}

interface RemotePeers { smtpUrl: string; hookUrl: string; hookSecret: string }

/** How many mails and webhooks the receivers of bench/peers-server.ts have taken so far. */
async function deliveredTo(peers: ServerProcess): Promise<{ mails: number; webhooks: number; total: number }> {
  const { mails, webhooks } = await (await fetch(`${peers.url}/delivered`)).json() as { mails: number; webhooks: number };
  return { mails, webhooks, total: mails + webhooks };
}

/**
 * (c) Inquiries, jobs and deliveries per second while autocannon posts inquiries for BENCH_SECONDS. The
 * receivers run in a process of their own (bench/peers-server.ts), as the studio's would.
 */
async function sustained(): Promise<{ lines: string[]; row: BenchRow }> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-outbox-bench-'));
  const peers = await startProcess('bench/peers-server.ts', {});
  const { smtpUrl, hookUrl, hookSecret } = await (await fetch(`${peers.url}/peers`)).json() as RemotePeers;
  const server = await startService(join(dir, 'outbox.db'), channelEnv(smtpUrl, { url: hookUrl, secret: hookSecret }));
  try {
    const before = await deliveredTo(peers);
    const started = performance.now();
    const result = await autocannon({
      url: `${server.url}${PATHS.contact}`, connections: CONNECTIONS, duration: BENCH_SECONDS, method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: inquiryBody() }) }],
    });
    const seconds = (performance.now() - started) / 1000;
    const during = await deliveredTo(peers);
    const delivered = during.total - before.total;
    const accepted = result['2xx'];
    const queued = accepted * CHANNELS.length;
    const drainStarted = performance.now();
    const drained = await until(async () => (await deliveredTo(peers)).total - before.total >= queued, 300_000);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const lines = [
      `| (c) intake under load | ${(accepted / seconds).toFixed(0)} inquiries/s | ${(queued / seconds).toFixed(0)} jobs/s queued | ${CONNECTIONS} connections, ${seconds.toFixed(1)} s |`,
      `| (c) deliveries during the load | ${(delivered / seconds).toFixed(0)} deliveries/s | ${(delivered / Math.max(1, accepted)).toFixed(2)} × inquiries, ${(delivered / Math.max(1, queued)).toFixed(2)} × jobs | ${during.mails - before.mails} mails, ${during.webhooks - before.webhooks} webhooks; backlog at the end: ${queued - delivered} jobs, ${drained ? `drained ${drainSeconds.toFixed(1)} s later` : 'not drained in 300 s'} |`,
    ];
    const row: BenchRow = { name: `POST ${PATHS.contact}, email + webhook to local receivers`, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
    return { lines, row };
  } finally {
    await server.stop();
    await peers.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  // OUTBOX_BENCH_CASES=c (or a,b) measures those cases only.
  const cases = (process.env.OUTBOX_BENCH_CASES ?? 'a,b,c').split(',');
  const lines = [...cases.includes('a') ? await backlog() : [], ...cases.includes('b') ? await latency() : []];
  const { lines: load, row } = cases.includes('c') ? await sustained() : { lines: [], row: undefined };
  console.log(`\n## outbox (node ${SERVER.join(' ')})\n\n| case | figure | rate | note |\n| --- | ---: | ---: | --- |\n${[...lines, ...load].join('\n')}`);
  return row ? [row] : [];
}
