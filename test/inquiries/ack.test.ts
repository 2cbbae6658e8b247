import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../../src/catalog/load.js';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import { uuidv7 } from '../../src/inquiries/ids.js';
import type { CommitRequest, StoredInquiry } from '../../src/inquiries/ports.js';
import { AcknowledgementNotifier, type Studio } from '../../src/inquiries/notifiers/acknowledgement.js';
import { DeliveryError } from '../../src/inquiries/notifiers/delivery-error.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { studio } from '../helpers/cli.js';
import { eventually, openStore, postInquiry, racingOn, validInquiry, type Body } from '../helpers/inquiries.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/inquiry-peers.js';
import { parseMail } from '../helpers/mail.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { startServer, suiteScope, type Cleanups, type TestServer } from '../helpers/server.js';

// INQUIRY_ACK, the acknowledgement to the inquirer: its configuration, the mail against a real SMTP server
// on loopback, the service end to end (what gets one, what does not, and that it never carries anything
// submitted), and the store's one-per-address-per-hour rule on SQLite and PostgreSQL, concurrent commits
// included.

const HOUR = INQUIRY_POLICY.acknowledgementIntervalSeconds * 1000;
const STUDIO_INBOX = 'inbox@studio.example';
const SENDER = 'hello@studio.example';
const SMTP_ON = { SMTP_URL: 'smtp://127.0.0.1:2525', INBOX_EMAIL_TO: STUDIO_INBOX, INBOX_EMAIL_FROM: SENDER };

function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
}

describe('INQUIRY_ACK configuration', () => {
  it('is off by default, true or false when set, and any other value is refused by name', () => {
    assert.equal(loadConfig({}).inquiryAck, false);
    assert.equal(loadConfig({ ...SMTP_ON, INQUIRY_ACK: 'true' }).inquiryAck, true);
    assert.equal(loadConfig({ INQUIRY_ACK: 'false' }).inquiryAck, false);
    for (const value of ['yes', '1', 'TRUE', 'on']) {
      assert.deepEqual(configProblems({ ...SMTP_ON, INQUIRY_ACK: value }), [`INQUIRY_ACK must be true or false (got ${JSON.stringify(value)})`]);
    }
  });

  it('refuses to start when an acknowledgement could never be sent: no SMTP_URL, or no sender named', () => {
    const noSmtp = configProblems({ INQUIRY_ACK: 'true', INBOX_EMAIL_FROM: SENDER });
    assert.equal(noSmtp.length, 1);
    assert.match(noSmtp[0]!, /^SMTP_URL is required when INQUIRY_ACK is true/);
    const noFrom = configProblems({ INQUIRY_ACK: 'true', SMTP_URL: SMTP_ON.SMTP_URL, INBOX_EMAIL_TO: STUDIO_INBOX });
    assert.equal(noFrom.length, 1);
    assert.match(noFrom[0]!, /^INBOX_EMAIL_FROM is required when INQUIRY_ACK is true/);
  });
});

// ---------------------------------------------------------------------------------------------------

function storedInquiry(overrides: Partial<StoredInquiry> = {}): StoredInquiry {
  const receivedAt = Date.UTC(2026, 10, 23, 14, 5, 33);
  return {
    id: uuidv7(receivedAt), name: 'Eve\r\nBcc: evil@attacker.example', email: 'stranger@victim.example', phone: '+1 555 0100 999',
    message: 'You won a prize! Claim it at https://phish.example/claim before midnight.',
    location: 'hamptons', budget: 'over-10m', phase: 'permitted', language: 'en', receivedAt: new Date(receivedAt), ...overrides,
  };
}

/** Every submitted value that is not the recipient's address: none may appear anywhere in the mail. */
function submittedText(inquiry: StoredInquiry | Body): string[] {
  return [inquiry.name, inquiry.phone, inquiry.message, inquiry.location, inquiry.budget, inquiry.phase]
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => [value, ...value.split(/\s+/).filter((word) => word.length >= 4)]);
}

function assertCarriesNothingSubmitted(mail: ReceivedMail, inquiry: StoredInquiry | Body): void {
  const parsed = parseMail(mail.raw);
  const everything = `${mail.raw}\n${[...parsed.parts.values()].join('\n')}\n${parsed.header('subject')}\n${parsed.header('from')}`;
  for (const value of submittedText(inquiry)) assert.ok(!everything.includes(value), `the mail does not contain ${JSON.stringify(value)}`);
}

const ACK_HEADERS = new Set([
  'from', 'to', 'reply-to', 'subject', 'message-id', 'auto-submitted', 'x-auto-response-suppress', 'date',
  'mime-version', 'content-type', 'content-transfer-encoding', 'content-language',
]);

describe('the acknowledgement mail (real SMTP server on loopback)', () => {
  let sink: SmtpSink;
  let notifier: AcknowledgementNotifier;
  const studioNow: Studio = { name: 'Harbor & Hedge Design-Build', email: 'studio@harbor.example' };
  before(async () => {
    sink = await startSmtpSink();
    notifier = new AcknowledgementNotifier({ smtpUrl: sink.url, from: SENDER, baseUrl: 'https://studio.example', studio: () => studioNow });
  });
  after(async () => {
    await notifier.close();
    await sink.close();
  });

  it('goes to the inquirer alone, from the studio, replies to the studio, marked as an automatic reply', async () => {
    const inquiry = storedInquiry();
    await notifier.deliver(inquiry);
    const mail = sink.mails.at(-1)!;
    assert.equal(mail.envelope.mailFrom && mail.envelope.mailFrom.address, SENDER);
    assert.deepEqual(mail.to, ['stranger@victim.example']);
    const parsed = parseMail(mail.raw);
    assert.deepEqual([...parsed.headers.keys()].filter((name) => !ACK_HEADERS.has(name)), []);
    assert.equal(parsed.header('to'), 'stranger@victim.example');
    assert.equal(parsed.header('from'), '"Harbor & Hedge Design-Build" <hello@studio.example>');
    assert.equal(parsed.header('reply-to'), 'studio@harbor.example');
    assert.equal(parsed.header('subject'), 'We received your inquiry — Harbor & Hedge Design-Build');
    assert.equal(parsed.header('auto-submitted'), 'auto-generated');
    assert.equal(parsed.header('x-auto-response-suppress'), 'All');
    assert.equal(parsed.header('message-id'), `<acknowledgement-${inquiry.id}@studio.example>`);
    assert.equal(parsed.header('content-language'), 'en');
    assert.deepEqual([...parsed.parts.keys()], ['text/plain'], 'plain text only');
  });

  it('is fixed text: the date received, the studio\'s address, the reference, and nothing the inquirer typed', async () => {
    const inquiry = storedInquiry();
    await notifier.deliver(inquiry);
    const mail = sink.mails.at(-1)!;
    const text = parseMail(mail.raw).parts.get('text/plain')!;
    // 14:05 UTC, in New York: the studio's zone when STUDIO_TIME_ZONE is not set.
    assert.match(text, /It reached the studio on Monday, November 23, 2026 at 09:05 EST, and we will answer it at this address\./);
    assert.ok(text.includes('write to studio@harbor.example'), text);
    assert.ok(text.includes(`Reference: ${inquiry.id}`), text);
    assert.ok(text.includes('https://studio.example'), text);
    assertCarriesNothingSubmitted(mail, inquiry);
    assert.doesNotMatch(mail.raw, /^(bcc|cc):/im);
  });

  it('is written in the inquiry\'s language: a Spanish inquiry gets its subject, text and date in Spanish', async () => {
    const inquiry = storedInquiry({ language: 'es' });
    await notifier.deliver(inquiry);
    const mail = sink.mails.at(-1)!;
    const parsed = parseMail(mail.raw);
    assert.equal(parsed.header('subject'), 'Recibimos su consulta — Harbor & Hedge Design-Build');
    assert.equal(parsed.header('content-language'), 'es');
    const text = parsed.parts.get('text/plain')!;
    assert.match(text, /^Hola:$/m);
    assert.match(text, /Su consulta llegó al estudio el lunes, 23 de noviembre de 2026, a las 09:05 EST, y le responderemos a esta misma dirección\./);
    assert.ok(text.includes('escríbanos a studio@harbor.example'), text);
    assert.ok(text.includes(`Referencia: ${inquiry.id}`), text);
    assert.ok(text.includes('https://studio.example/es/'), 'points to the Spanish site');
    assert.doesNotMatch(text, /\b(the|we|your|inquiry|Monday|November)\b/i, 'not a word of English');
    assertCarriesNothingSubmitted(mail, inquiry);
    // A stored language the site no longer has (or never had) is written in English.
    await notifier.deliver(storedInquiry({ language: 'constructor' as never }));
    assert.equal(parseMail(sink.mails.at(-1)!.raw).header('subject'), 'We received your inquiry — Harbor & Hedge Design-Build');
  });

  it('is the same mail on a retry, and names the studio as its content names it at the time of sending', async () => {
    const inquiry = storedInquiry();
    await notifier.deliver(inquiry);
    const renamed = { ...studioNow };
    const own = new AcknowledgementNotifier({ smtpUrl: sink.url, from: SENDER, baseUrl: 'https://studio.example', studio: () => renamed });
    try {
      renamed.name = 'Harbor Studio';
      await own.deliver(inquiry);
    } finally {
      await own.close();
    }
    const [first, retry] = sink.mails.slice(-2).map((m) => parseMail(m.raw));
    assert.equal(retry!.header('message-id'), first!.header('message-id'));
    assert.equal(retry!.header('subject'), 'We received your inquiry — Harbor Studio');
  });

  it('refuses, without sending, a recipient that is not a plain address', async () => {
    const before = sink.mails.length;
    const error = await notifier.deliver(storedInquiry({ email: 'a@b.example>, c@d.example' })).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof DeliveryError, String(error));
    assert.equal(error.channel, 'acknowledgement');
    assert.equal(sink.mails.length, before);
  });
});

// ---------------------------------------------------------------------------------------------------

let ipCounter = 0;
/** A distinct client address per request (TRUST_PROXY is on): the inquiry bucket never refuses these tests. */
function freshClient(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter}` };
}

interface Service {
  server: TestServer;
  db: Db;
  sink: SmtpSink;
  /** The service's clock (ms), moved by the tests. */
  clock: { now: number };
}

/** The service, its SMTP sink and a handle on its store, all closed when `t` ends. */
async function startService(t: Cleanups, env: Record<string, string>): Promise<Service> {
  const sink = await startSmtpSink();
  t.after(() => sink.close());
  const clock = { now: Date.UTC(2026, 10, 23, 14, 5, 33) };
  const server = await startServer(t, {
    TRUST_PROXY: 'true', SMTP_URL: sink.url, INBOX_EMAIL_TO: STUDIO_INBOX, INBOX_EMAIL_FROM: SENDER,
    OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '100', ...env,
  }, { clock: () => clock.now });
  const db = openStore(server.config.databaseUrl);
  t.after(() => db.close());
  return { server, db, sink, clock };
}

/** Submits, then waits until every job of the stored inquiry is delivered; returns its id and channels. */
async function submitAndSettle(service: Service, body: Body, path = '/api/v1/contact'): Promise<{ id: string; channels: string[] }> {
  const response = await postInquiry(service.server.url, path, body, { type: path === '/contact' ? 'form' : 'json', headers: freshClient() });
  assert.equal(response.status, 200);
  const row = await service.db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).executeTakeFirstOrThrow();
  const jobs = await eventually(async () => {
    const all = await service.db.kysely.selectFrom('notification_jobs').select(['channel', 'status']).where('inquiry_id', '=', row.id).execute();
    return all.every((job) => job.status === 'done') ? all : undefined;
  });
  return { id: row.id, channels: jobs.map((job) => job.channel).sort() };
}

function mailsTo(sink: SmtpSink, address: string): ReceivedMail[] {
  return sink.mails.filter((mail) => mail.to.includes(address));
}

async function acknowledgementRow(db: Db, address: string) {
  return db.kysely.selectFrom('acknowledgements').selectAll().where('address', '=', address).executeTakeFirst();
}

describe('with INQUIRY_ACK=true (a listening service on SQLite)', () => {
  const suite = suiteScope();
  let service: Service;
  before(async () => { service = await startService(suite, { INQUIRY_ACK: 'true', METRICS_TOKEN: 'metrics-token-of-the-ack-test', STUDIO_TIME_ZONE: 'America/Los_Angeles' }); });

  it('a submission reaches the studio, and its sender gets one acknowledgement carrying nothing submitted', async () => {
    const body = validInquiry({ name: 'Quentin Zebulon-Marsh', email: 'quentin@client.example', phone: '+1 212 555 0199' });
    const { id, channels } = await submitAndSettle(service, body);
    assert.deepEqual(channels, ['acknowledgement', 'email']);
    const studioMail = service.sink.mails.find((mail) => mail.to.includes(STUDIO_INBOX) && mail.raw.includes(id));
    assert.ok(studioMail, 'the studio got its email');
    assert.match(parseMail(studioMail.raw).parts.get('text/plain') ?? '', /^Received:\s+23 Nov 2026, 06:05 PST$/m, 'the studio reads its own time');
    const acks = mailsTo(service.sink, 'quentin@client.example');
    assert.equal(acks.length, 1);
    assert.deepEqual(acks[0]!.to, ['quentin@client.example'], 'the acknowledgement goes to the sender alone');
    const site = (await loadCatalog('content')).site;
    const parsed = parseMail(acks[0]!.raw);
    assert.equal(parsed.header('subject'), `We received your inquiry — ${site.name}`);
    assert.equal(parsed.header('message-id'), `<acknowledgement-${id}@studio.example>`);
    const text = parsed.parts.get('text/plain')!;
    assert.match(text, /It reached the studio on Monday, November 23, 2026 at 06:05 PST, and we will answer it at this address\./, 'in STUDIO_TIME_ZONE');
    assert.ok(text.includes(site.email), 'names the studio\'s contact address');
    assertCarriesNothingSubmitted(acks[0]!, body);
    assert.equal((await acknowledgementRow(service.db, 'quentin@client.example'))?.inquiry_id, id);
  });

  it('a submission in Spanish (the form\'s hidden language field) is acknowledged in Spanish, in the studio\'s zone', async () => {
    const body = validInquiry({ email: 'lucia@client.example', language: 'es' });
    const { id } = await submitAndSettle(service, body, '/contact');
    const [ack] = mailsTo(service.sink, 'lucia@client.example');
    assert.ok(ack, 'acknowledged');
    const site = (await loadCatalog('content')).site;
    const parsed = parseMail(ack.raw);
    assert.equal(parsed.header('subject'), `Recibimos su consulta — ${site.name}`);
    const text = parsed.parts.get('text/plain')!;
    assert.match(text, /el lunes, 23 de noviembre de 2026, a las 06:05 PST/);
    assert.ok(text.includes(`Referencia: ${id}`), text);
    const stored = await service.db.kysely.selectFrom('inquiries').select('language').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(stored.language, 'es');
    const studioMail = service.sink.mails.find((mail) => mail.to.includes(STUDIO_INBOX) && mail.raw.includes(id));
    assert.match(parseMail(studioMail!.raw).parts.get('text/plain') ?? '', /^Language:\s+Spanish \(es\)$/m, 'the studio is told which language to answer in');
  });

  it('a second submission from the same address within the hour is stored and notified, but not acknowledged again', async () => {
    await submitAndSettle(service, validInquiry({ email: 'rosa@client.example' }));
    service.clock.now += HOUR - 60_000;
    // Another spelling of the same mailbox is the same address.
    const second = await submitAndSettle(service, validInquiry({ email: '  Rosa@Client.EXAMPLE ' }));
    assert.deepEqual(second.channels, ['email'], 'the studio is told; no acknowledgement job is queued');
    assert.ok(service.sink.mails.some((mail) => mail.to.includes(STUDIO_INBOX) && mail.raw.includes(second.id)));
    assert.equal(mailsTo(service.sink, 'rosa@client.example').length, 1);
    assert.equal(mailsTo(service.sink, 'Rosa@Client.EXAMPLE').length, 0);
  });

  it('after the hour the same address is acknowledged again; a different address gets its own at once', async () => {
    const first = await submitAndSettle(service, validInquiry({ email: 'sam@client.example' }));
    service.clock.now += HOUR + 1;
    const later = await submitAndSettle(service, validInquiry({ email: 'sam@client.example' }));
    assert.deepEqual(later.channels, ['acknowledgement', 'email']);
    const other = await submitAndSettle(service, validInquiry({ email: 'tess@client.example' }));
    assert.deepEqual(other.channels, ['acknowledgement', 'email']);
    assert.equal(mailsTo(service.sink, 'sam@client.example').length, 2);
    assert.equal(mailsTo(service.sink, 'tess@client.example').length, 1);
    assert.notEqual(first.id, later.id);
    assert.equal((await acknowledgementRow(service.db, 'sam@client.example'))?.inquiry_id, later.id);
  });

  it('a honeypot submission gets no acknowledgement (nor any notification), and leaves the address unrecorded', async () => {
    const body = validInquiry({ email: 'bot-target@victim.example', website: 'http://spam.example' });
    const { channels } = await submitAndSettle(service, body, '/contact');
    assert.deepEqual(channels, []);
    // The next genuine inquiry from that address is acknowledged: the bot's did not use up the hour.
    const genuine = await submitAndSettle(service, validInquiry({ email: 'bot-target@victim.example' }));
    assert.deepEqual(genuine.channels, ['acknowledgement', 'email']);
    assert.equal(mailsTo(service.sink, 'bot-target@victim.example').length, 1);
  });

  it('the acknowledgement channel is in the readiness report and the delivery metrics', async () => {
    const ready = await (await fetch(`${service.server.url}/readyz`)).json() as { checks: Record<string, { status: string; required?: boolean }> };
    assert.equal(ready.checks.acknowledgement?.required, false);
    assert.equal(ready.checks.acknowledgement?.status, 'up', 'the acknowledgements above were delivered');
    const metrics = await (await fetch(`${service.server.url}/metrics`, { headers: { Authorization: 'Bearer metrics-token-of-the-ack-test' } })).text();
    const delivered = /^studio_notification_deliveries_total\{channel="acknowledgement",outcome="delivered"\} (\d+)$/m.exec(metrics);
    assert.ok(delivered && Number(delivered[1]) >= 5, 'counted under its own channel');
    assert.match(metrics, /^studio_outbox_pending_jobs\{channel="acknowledgement"\} 0$/m);
  });

  it('erasure by email (`studio inbox delete --email`) forgets the address\'s acknowledgement too', async () => {
    await submitAndSettle(service, validInquiry({ email: 'uma@client.example' }));
    assert.ok(await acknowledgementRow(service.db, 'uma@client.example'));
    const run = await studio(service.server.config.databaseUrl, 'inbox', 'delete', '--email', 'UMA@client.example');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await acknowledgementRow(service.db, 'uma@client.example'), undefined);
    const left = await service.db.kysely.selectFrom('inquiries').select('id').where('email', '=', 'uma@client.example').execute();
    assert.deepEqual(left, []);
  });
});

describe('without INQUIRY_ACK (the default)', () => {
  const suite = suiteScope();
  let service: Service;
  before(async () => { service = await startService(suite, {}); });

  it('the studio is notified and the sender gets nothing; no address is recorded', async () => {
    const { channels } = await submitAndSettle(service, validInquiry({ email: 'vera@client.example' }));
    assert.deepEqual(channels, ['email']);
    assert.equal(mailsTo(service.sink, 'vera@client.example').length, 0);
    assert.deepEqual(await service.db.kysely.selectFrom('acknowledgements').selectAll().execute(), []);
    const ready = await (await fetch(`${service.server.url}/readyz`)).json() as { checks: Record<string, unknown> };
    assert.equal(ready.checks.acknowledgement, undefined);
  });
});

// ---------------------------------------------------------------------------------------------------

let sequence = 0;
/** A commit of a fresh inquiry from `address` received at `receivedAt`, asking for an acknowledgement. */
function commitFrom(address: string, receivedAt: number, overrides: Partial<CommitRequest> & { fingerprint?: string } = {}): CommitRequest {
  sequence += 1;
  const id = uuidv7(receivedAt);
  return {
    record: {
      id, receivedAt, spam: false, fingerprint: overrides.fingerprint ?? `fingerprint-${id}`, channel: 'api',
      clientIp: '203.0.113.9', userAgent: undefined, clientId: undefined,
      inquiry: { name: 'Ada Lovelace', email: address, message: `A house by the sea, ${sequence}.`, location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en' },
    },
    notify: ['email'],
    acknowledge: { address, notBefore: receivedAt - HOUR },
    idempotency: undefined,
    duplicateSince: receivedAt - INQUIRY_POLICY.duplicateWindowSeconds * 1000,
    ...overrides,
  };
}

async function acknowledgementJobs(db: Db, address: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('notification_jobs').innerJoin('inquiries', 'inquiries.id', 'notification_jobs.inquiry_id')
    .select('inquiries.id').where('notification_jobs.channel', '=', 'acknowledgement').where('inquiries.email', '=', address).execute();
  return rows.map((row) => row.id);
}

function storeSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
  });

  it('queues one job per address per hour, recording the inquiry it was sent for', async () => {
    const now = Date.UTC(2026, 10, 1);
    const first = commitFrom('one@client.example', now);
    assert.equal((await inbox.commit(first)).kind, 'stored');
    assert.equal((await inbox.commit(commitFrom('one@client.example', now + HOUR))).kind, 'stored');
    const later = commitFrom('one@client.example', now + HOUR + 1);
    assert.equal((await inbox.commit(later)).kind, 'stored');
    assert.deepEqual((await acknowledgementJobs(db, 'one@client.example')).sort(), [first.record.id, later.record.id].sort());
    const row = await acknowledgementRow(db, 'one@client.example');
    assert.deepEqual({ at: Number(row?.acknowledged_at), inquiry: row?.inquiry_id }, { at: now + HOUR + 1, inquiry: later.record.id });
  });

  it('never for a duplicate or a replay of an Idempotency-Key, even when the address is due one', async () => {
    const now = Date.UTC(2026, 10, 2);
    // Stored before INQUIRY_ACK was turned on: the address has no acknowledgement yet.
    const original = commitFrom('two@client.example', now, { acknowledge: undefined, idempotency: { key: `k-${now}`, bodyHash: 'h', notBefore: now - HOUR } });
    assert.equal((await inbox.commit(original)).kind, 'stored');
    const duplicate = commitFrom('two@client.example', now + 1, { fingerprint: original.record.fingerprint });
    assert.equal((await inbox.commit(duplicate)).kind, 'duplicate');
    const replay = commitFrom('two@client.example', now + 2, { idempotency: original.idempotency });
    assert.equal((await inbox.commit(replay)).kind, 'replayed');
    assert.deepEqual(await acknowledgementJobs(db, 'two@client.example'), []);
    assert.equal(await acknowledgementRow(db, 'two@client.example'), undefined);
  });

  it('deleting the inquiry it was sent for forgets the address (foreign key, cascade)', async () => {
    const now = Date.UTC(2026, 10, 3);
    const sent = commitFrom('three@client.example', now);
    await inbox.commit(sent);
    assert.ok(await acknowledgementRow(db, 'three@client.example'));
    assert.equal(await inbox.deleteMany([sent.record.id]), 1);
    assert.equal(await acknowledgementRow(db, 'three@client.example'), undefined);
  });

  it('a batch (one store\'s concurrent commits) acknowledges each address once, for its first inquiry', async () => {
    const now = Date.UTC(2026, 10, 5);
    const addresses = ['four@client.example', 'five@client.example', 'four@client.example', 'six@client.example', 'five@client.example'];
    const commits = addresses.map((address, i) => commitFrom(address, now + i));
    // Submitted in one turn: the store's group committer takes them into one transaction.
    const outcomes = await Promise.all(commits.map((c) => inbox.commit(c)));
    assert.deepEqual(outcomes.map((o) => o.kind), ['stored', 'stored', 'stored', 'stored', 'stored']);
    for (const [address, first] of [['four@client.example', 0], ['five@client.example', 1], ['six@client.example', 3]] as const) {
      assert.deepEqual(await acknowledgementJobs(db, address), [commits[first]!.record.id], address);
      assert.equal((await acknowledgementRow(db, address))?.inquiry_id, commits[first]!.record.id, address);
    }
  });

  it('commits for one address at the same instant queue one acknowledgement', async () => {
    const now = Date.UTC(2026, 10, 4);
    // One store per commit, as on four instances: one store's concurrent commits share a transaction.
    const instances = Array.from({ length: 4 }, () => new KyselyInboxStore(db));
    for (let round = 0; round < 5; round++) {
      const address = `race-${round}@client.example`;
      const commits = instances.map(() => commitFrom(address, now + round));
      await racingOn(db, 'acknowledgements', commits.length, () => Promise.all(commits.map((c, i) => instances[i]!.commit(c))));
      assert.equal(await db.kysely.selectFrom('inquiries').select('id').where('email', '=', address).execute().then((r) => r.length), 4);
      assert.equal((await acknowledgementJobs(db, address)).length, 1, `round ${round}: one acknowledgement`);
    }
  });
}

await onEachDialect((dialect) => `the once-an-hour rule in the inbox store on ${dialect}`, 'studio_ack', storeSuite);
