import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { loadConfig, ConfigError } from '../../src/config/load.js';
import { gatherDigest, digestMail } from '../../src/inquiries/digest.js';
import { weekBounds, weeklyReport } from '../../src/inquiries/reports.js';
import { studioTime } from '../../src/lib/studio-time.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyDigestStore } from '../../src/store/inquiries/digests.js';
import { KyselyReportStore } from '../../src/store/inquiries/reports.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { addOperator, signIn, type InboxClient } from '../helpers/inbox.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { eventually, openStore } from '../helpers/inquiries.js';
import { parseMail } from '../helpers/mail.js';
import { seedInquiry, seedMessage, seedStageChange } from '../helpers/pipeline-seed.js';
import { studioWith } from '../helpers/cli.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The reports (inquiries per week in the studio's weeks, split by location, budget and phase; the funnel)
// and the morning digest: the use cases over the store on SQLite and PostgreSQL, the page, its Markdown
// twin and the CSV over HTTP, and the digest to a loopback SMTP server under the test's clock, sent once
// a studio day by two services on one database. The studio is in New York, whose clocks went back on
// Sunday 1 November 2026: the week of 26 October is 169 hours long.

const ZONE = 'America/New_York';
const time = studioTime(ZONE);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Friday 27 November 2026, 10:00 EST: this week began Monday 23 November; the first of the 26, Monday 1 June. */
const NOW = Date.UTC(2026, 10, 27, 15);

/** The weeks' inquiries, as the tests below count them (indexes of the 26 weeks from 1 June). */
async function seedWeeks(db: Db): Promise<void> {
  // Sunday 1 Nov 23:30 EST: still the week of 26 Oct (7 × 24 h of UTC from its start would say the next).
  await seedInquiry(db, { at: Date.UTC(2026, 10, 2, 4, 30), location: 'miami', budget: 'under-1m' });
  // Monday 2 Nov 00:00 EST: the next week's first moment.
  await seedInquiry(db, { at: Date.UTC(2026, 10, 2, 5), location: 'hamptons', stage: 'contacted' });
  // Sunday 25 Oct 23:59 EDT, and Monday 26 Oct 00:00 EDT.
  await seedInquiry(db, { at: Date.UTC(2026, 9, 26, 3, 59), location: 'other', stage: 'consultation' });
  await seedInquiry(db, { at: Date.UTC(2026, 9, 26, 4), location: 'miami', budget: 'over-10m', stage: 'proposal' });
  // This week: one won, one lost after its consultation (archived is not spam: counted).
  await seedInquiry(db, { at: Date.UTC(2026, 10, 25, 14), location: 'miami', stage: 'won' });
  const lost = await seedInquiry(db, { at: Date.UTC(2026, 10, 24, 14), location: 'hamptons', folder: 'archived', stage: 'lost' });
  await seedStageChange(db, lost, Date.UTC(2026, 10, 24, 16), 'new', 'consultation');
  await seedStageChange(db, lost, Date.UTC(2026, 10, 24, 18), 'consultation', 'lost');
  // Left out: spam (even won), and before the first week.
  await seedInquiry(db, { at: Date.UTC(2026, 10, 10, 14), location: 'miami', folder: 'spam', stage: 'won' });
  await seedInquiry(db, { at: Date.UTC(2026, 5, 1, 3, 59), location: 'miami', stage: 'won' });
}

await onEachDialect((dialect) => `reports and digest store on ${dialect}`, 'reports', (database: DialectDatabase) => {
  const suite = suiteScope();
  let db: Db;
  before(async () => {
    db = await openMigrated(suite, database.url);
    await seedWeeks(db);
  });

  it('has 26 weeks from Monday midnight in the studio zone, 169 hours long across the change', () => {
    const bounds = weekBounds(NOW, ZONE);
    assert.equal(bounds.length, 27);
    assert.equal(bounds[0], Date.UTC(2026, 5, 1, 4));
    assert.equal(bounds[21], Date.UTC(2026, 9, 26, 4));
    assert.equal(bounds[22]! - bounds[21]!, 169 * HOUR);
    assert.equal(bounds[26], Date.UTC(2026, 10, 30, 5));
  });

  it('counts per week by location, across the clock change, spam and earlier weeks left out', async () => {
    const report = await weeklyReport(new KyselyReportStore(db), time, NOW, 'location');
    assert.equal(report.weeks.length, 26);
    assert.deepEqual(report.values, ['miami', 'hamptons', 'other']);
    const byStart = new Map(report.weeks.map((week) => [week.start, week]));
    assert.deepEqual(byStart.get('2026-10-19')!.counts, { miami: 0, hamptons: 0, other: 1 });
    assert.deepEqual(byStart.get('2026-10-26')!.counts, { miami: 2, hamptons: 0, other: 0 });
    assert.deepEqual(byStart.get('2026-11-02')!.counts, { miami: 0, hamptons: 1, other: 0 });
    assert.equal(byStart.get('2026-11-09')!.total, 0, 'the spam inquiry is not counted');
    assert.deepEqual(byStart.get('2026-11-23')!.counts, { miami: 1, hamptons: 1, other: 0 });
    assert.equal(byStart.get('2026-06-01')!.total, 0, 'a minute before the first week is not in it');
    assert.equal(report.weeks.reduce((sum, week) => sum + week.total, 0), 6);
    assert.equal(byStart.get('2026-10-26')!.label, '26 Oct 2026');
  });

  it('splits by budget and by phase', async () => {
    const budget = await weeklyReport(new KyselyReportStore(db), time, NOW, 'budget');
    const week = budget.weeks.find((w) => w.start === '2026-10-26')!;
    assert.deepEqual(week.counts, { 'under-1m': 1, '1m-3m': 0, '3m-10m': 0, 'over-10m': 1, undisclosed: 0 });
    const phase = await weeklyReport(new KyselyReportStore(db), time, NOW, 'phase');
    assert.deepEqual(phase.weeks.find((w) => w.start === '2026-11-23')!.counts, { 'pre-planning': 0, permitted: 0, unsure: 2 });
  });

  it('has the funnel: at or past a stage now, or moved there once; lost aside', async () => {
    const { funnel } = await weeklyReport(new KyselyReportStore(db), time, NOW, 'location');
    assert.deepEqual(funnel.map((step) => [step.stage, step.count]), [['new', 6], ['consultation', 4], ['won', 1]]);
    assert.equal(funnel[1]!.fromPrevious, 4 / 6);
    assert.equal(funnel[2]!.fromPrevious, 1 / 4);
    assert.equal(funnel[2]!.fromNew, 1 / 6);
    assert.equal(funnel[0]!.fromPrevious, null);
  });

  describe('the digest store', () => {
    let digestDb: Db;
    const ids: Record<string, string> = {};
    before(async () => {
      const own = await database.another();
      suite.after(() => own.drop());
      digestDb = await openMigrated(suite, own.url);
      ids.fresh = await seedInquiry(digestDb, { at: NOW - 2 * HOUR, name: 'Fresh Lead' });
      ids.older = await seedInquiry(digestDb, { at: NOW - 30 * HOUR, name: 'Yesterday Lead' });
      await seedInquiry(digestDb, { at: NOW - HOUR, name: 'Spam Lead', folder: 'spam' });
      ids.waiting = await seedInquiry(digestDb, { at: NOW - 40 * DAY, name: 'Waiting Homeowner', stage: 'contacted', lastActivityAt: NOW - DAY });
      await seedMessage(digestDb, ids.waiting, NOW - 3 * DAY, 'out');
      await seedMessage(digestDb, ids.waiting, NOW - 2 * DAY, 'in');
      ids.answered = await seedInquiry(digestDb, { at: NOW - 40 * DAY, name: 'Answered Homeowner', stage: 'proposal', lastActivityAt: NOW - DAY });
      await seedMessage(digestDb, ids.answered, NOW - 3 * DAY, 'in');
      await seedMessage(digestDb, ids.answered, NOW - 2 * DAY, 'out');
      ids.stale = await seedInquiry(digestDb, { at: NOW - 40 * DAY, name: 'Stale Lead', stage: 'contacted', lastActivityAt: NOW - 8 * DAY });
      await seedInquiry(digestDb, { at: NOW - 40 * DAY, name: 'Recent Proposal', stage: 'proposal', lastActivityAt: NOW - 6 * DAY });
      await seedInquiry(digestDb, { at: NOW - 40 * DAY, name: 'Quiet Consultation', stage: 'consultation', lastActivityAt: NOW - 30 * DAY });
    });

    it('finds the new inquiries of the last 24 h, the replies waiting and the stale leads', async () => {
      const digest = await gatherDigest(new KyselyDigestStore(digestDb), time, NOW);
      assert.deepEqual(digest.received.map((item) => item.name), ['Fresh Lead']);
      assert.deepEqual(digest.waiting.map((item) => [item.name, item.at]), [['Waiting Homeowner', NOW - 2 * DAY]]);
      assert.deepEqual(digest.stale.map((item) => [item.name, item.stage]), [['Stale Lead', 'contacted']]);
      const mail = digestMail(digest, time, 'https://studio.example');
      assert.match(mail.text, /- Fresh Lead, arrived 27 Nov 2026, 08:00 EST\n {2}https:\/\/studio\.example\/inbox\/inquiries\//);
      assert.ok(mail.text.includes(`https://studio.example/inbox/inquiries/${ids.stale}`));
      assert.match(mail.html, /<li><a href="https:\/\/studio\.example\/inbox\/inquiries\/[^"]+">Waiting Homeowner<\/a>, answered 25 Nov 2026, 10:00 EST<\/li>/);
      assert.equal(mail.subject, 'Inbox digest, 27 Nov 2026: 1 new inquiry, 1 reply waiting, 1 stale lead');
    });

    it('claims a day once, again after a release, and takes over a claim left unsent', async () => {
      const store = new KyselyDigestStore(digestDb);
      assert.equal(await store.claim('2026-11-27', NOW, 600_000), true);
      assert.equal(await store.claim('2026-11-27', NOW + 1_000, 600_000), false);
      await store.release('2026-11-27');
      assert.equal(await store.claim('2026-11-27', NOW + 2_000, 600_000), true);
      assert.equal(await store.claim('2026-11-27', NOW + 700_000, 600_000), true, 'a holder that neither sent nor released is taken over');
      await store.markSent('2026-11-27', NOW + 700_000);
      assert.equal(await store.claim('2026-11-27', NOW + DAY, 600_000), false, 'a sent day stays sent');
      assert.equal(await store.lastSentAt(), NOW + 700_000);
      const since = (await gatherDigest(store, time, NOW + DAY)).since;
      assert.equal(since, NOW + 700_000, 'the next digest starts where the last one ended');
    });
  });
});

describe('the reports page and CSV', () => {
  const suite = suiteScope();
  let server: TestServer;
  let desk: InboxClient;
  before(async () => {
    server = await startServer(suite, { STUDIO_TIME_ZONE: ZONE }, { clock: () => NOW });
    const db = openStore(server.config.databaseUrl);
    await seedWeeks(db);
    await db.close();
    await addOperator(server, 'desk@studio.example');
    desk = await signIn(server.url, 'desk@studio.example');
  });

  it('draws the weeks as an SVG image with its table and the funnel, linked from the inbox', async () => {
    assert.match(await desk.page(INBOX_PATHS.list), /<a href="\/inbox\/reports">Reports<\/a>/);
    const page = await desk.page(INBOX_PATHS.reports);
    assert.match(page, /<svg class="report-chart" role="img" aria-labelledby="chart-title chart-desc" viewBox="0 0 \d+ \d+" width="100%"/);
    assert.match(page, /<title id="chart-title">Inquiries per week by location, 26 weeks<\/title>/);
    assert.match(page, /<desc id="chart-desc">6 inquiries from the week of 1 Jun 2026 to this week/);
    assert.match(page, /<a href="\/inbox\/reports\?split=location" aria-current="page">By location<\/a>/);
    assert.match(page, /<th scope="col">Miami<\/th><th scope="col">The Hamptons<\/th><th scope="col">Elsewhere<\/th><th scope="col">Total<\/th>/);
    assert.match(page, /<tr><th scope="row">26 Oct 2026<\/th><td>2<\/td><td>0<\/td><td>0<\/td><td>2<\/td><\/tr>/);
    assert.match(page, /<tr><th scope="row">2 Nov 2026<\/th><td>0<\/td><td>1<\/td><td>0<\/td><td>1<\/td><\/tr>/);
    assert.equal([...page.matchAll(/<tr><th scope="row">\d+ \w+ 2026<\/th>/g)].length, 26);
    // Two Miami bars' segments in the week of 26 Oct: the chart draws what the table says.
    assert.match(page, /<title>Week of 26 Oct 2026: Miami 2<\/title>/);
    assert.match(page, /<ul class="report-legend"><li>.*?Miami<\/li><li>.*?The Hamptons<\/li><li>.*?Elsewhere<\/li><\/ul>/);
    assert.match(page, /<th scope="row">Consultation<\/th><td>4<\/td><td>67%<\/td><td>67%<\/td>/);
    assert.match(page, /<th scope="row">Won<\/th><td>1<\/td><td>25%<\/td><td>17%<\/td>/);
  });

  it('splits by budget and phase through its links, and refuses another split', async () => {
    const budget = await desk.page(`${INBOX_PATHS.reports}?split=budget`);
    assert.match(budget, /aria-current="page">By budget</);
    assert.match(budget, /<tr><th scope="row">26 Oct 2026<\/th><td>1<\/td><td>0<\/td><td>0<\/td><td>1<\/td><td>0<\/td><td>2<\/td><\/tr>/);
    const phase = await desk.page(`${INBOX_PATHS.reports}?split=phase`);
    assert.match(phase, /<tr><th scope="row">23 Nov 2026<\/th><td>0<\/td><td>0<\/td><td>2<\/td><td>2<\/td><\/tr>/);
    await desk.page(`${INBOX_PATHS.reports}?split=email`, 400);
  });

  it('has a Markdown twin with the same figures', async () => {
    const markdown = await desk.page(INBOX_PATHS.reports, 200, 'text/markdown');
    assert.match(markdown, /^# Reports/);
    assert.match(markdown, /\| 26 Oct 2026 \| 2 \| 0 \| 0 \| 2 \|/);
    assert.match(markdown, /\| Consultation \| 4 \| 67% \| 67% \|/);
  });

  it('downloads the same figures as CSV: a row per week and value', async () => {
    const response = await desk.get(`${INBOX_PATHS.reportsCsv}?split=location`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="inquiries-by-location-2026-11-27.csv"');
    const lines = (await response.text()).split('\r\n');
    assert.equal(lines.at(-1), '');
    assert.equal(lines[0], 'week_start,split,value,inquiries');
    assert.equal(lines.length - 2, 26 * 3);
    assert.ok(lines.includes('2026-10-26,location,miami,2'));
    assert.ok(lines.includes('2026-11-02,location,hamptons,1'));
    assert.ok(lines.includes('2026-11-09,location,miami,0'), 'spam is not counted');
  });

  it('is for signed-in operators only', async () => {
    for (const path of [INBOX_PATHS.reports, INBOX_PATHS.reportsCsv]) {
      const response = await fetch(server.url + path, { redirect: 'manual' });
      assert.equal(response.status, 303);
    }
  });
});

describe('the morning digest', () => {
  const suite = suiteScope();
  let smtp: SmtpSink;
  let now = Date.UTC(2026, 10, 27, 11, 58); // 06:58 EST
  const clock = () => now;
  const digestEnv = (databaseUrl?: string): Record<string, string> => ({
    STUDIO_TIME_ZONE: ZONE, INBOX_DIGEST: 'true', INBOX_DIGEST_HOUR: '7', SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@studio.example',
    INBOX_EMAIL_FROM: 'inbox@studio.example', BASE_URL: 'https://studio.example', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  before(async () => { smtp = await startSmtpSink(); });
  after(() => smtp.close());

  it('is checked at start: INBOX_DIGEST needs SMTP_URL and INBOX_EMAIL_TO, the hour 0–23', () => {
    assert.throws(() => loadConfig({ INBOX_DIGEST: 'true' }), (error: unknown) =>
      error instanceof ConfigError && /SMTP_URL is required when INBOX_DIGEST/.test(error.message) && /INBOX_EMAIL_TO is required when INBOX_DIGEST/.test(error.message));
    assert.throws(() => loadConfig({ INBOX_DIGEST_HOUR: '24' }), /INBOX_DIGEST_HOUR must be a whole number from 0 to 23/);
    assert.equal(loadConfig({}).inboxDigestHour, 7);
  });

  it('goes out once at the hour with two services on one database, and again the next day', async (t) => {
    const first = await startServer(t, digestEnv(), { clock, digestTickMs: 40 });
    const db = openStore(first.config.databaseUrl);
    const fresh = await seedInquiry(db, { at: now - 3 * HOUR, name: 'Morning Person' });
    await seedInquiry(db, { at: now - 8 * DAY, name: 'Slow Proposal', stage: 'proposal' });
    await db.close();
    await startServer(t, digestEnv(first.config.databaseUrl), { clock, digestTickMs: 40 });
    await pause(400);
    assert.equal(smtp.mails.length, 0, 'nothing before 07:00');
    now = Date.UTC(2026, 10, 27, 12); // 07:00 EST
    await eventually(async () => (smtp.mails.length > 0 ? true : undefined));
    await pause(500);
    assert.equal(smtp.mails.length, 1, 'one digest however many instances tick');
    const mail = parseMail(smtp.mails[0]!.raw);
    assert.deepEqual(smtp.mails[0]!.to, ['studio@studio.example']);
    assert.equal(mail.header('from'), 'inbox@studio.example');
    assert.equal(mail.header('subject'), 'Inbox digest, 27 Nov 2026: 1 new inquiry, 0 replies waiting, 1 stale lead');
    const text = mail.parts.get('text/plain')!;
    assert.match(text, /New inquiries since 26 Nov 2026, 07:00 EST \(1\)\n- Morning Person, arrived 27 Nov 2026, 03:58 EST\n/);
    assert.ok(text.includes(`https://studio.example/inbox/inquiries/${fresh}`));
    assert.match(text, /Stale leads: contacted or proposal, no activity for 7 days \(1\)\n- Slow Proposal, proposal, last activity 19 Nov 2026, 06:58 EST/);
    assert.match(mail.parts.get('text/html')!, /<h2>Replies waiting: the homeowner answered last \(0\)<\/h2>/);

    now = Date.UTC(2026, 10, 28, 11, 59); // 06:59 EST the next day
    await pause(300);
    assert.equal(smtp.mails.length, 1);
    now = Date.UTC(2026, 10, 28, 12, 1);
    await eventually(async () => (smtp.mails.length > 1 ? true : undefined));
    await pause(400);
    assert.equal(smtp.mails.length, 2);
    assert.match(parseMail(smtp.mails[1]!.raw).parts.get('text/plain')!, /New inquiries since 27 Nov 2026, 07:00 EST \(0\)\nNo new inquiry\./);
  });

  it('releases the day when the send fails, and sends once the server answers', async (t) => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.close();
    const mails = smtp.mails.length;
    now = Date.UTC(2026, 11, 1, 13); // 08:00 EST, 1 Dec
    const server = await startServer(t, { ...digestEnv(), SMTP_URL: `smtp://127.0.0.1:${port}` }, { clock, digestTickMs: 40 });
    const db = openStore(server.config.databaseUrl);
    t.after(() => db.close());
    await pause(400);
    assert.equal((await db.kysely.selectFrom('digests').selectAll().execute()).filter((row) => row.sent_at !== null).length, 0);
    const back = await startSmtpSink({ port });
    t.after(() => back.close());
    await eventually(async () => (back.mails.length > 0 ? true : undefined));
    const rows = await db.kysely.selectFrom('digests').selectAll().execute();
    assert.deepEqual(rows.map((row) => [row.day, row.sent_at]), [['2026-12-01', now]]);
    assert.equal(smtp.mails.length, mails);
  });

  it('sends nothing when INBOX_DIGEST is off', async (t) => {
    const before = smtp.mails.length;
    now = Date.UTC(2026, 11, 2, 13);
    const { INBOX_DIGEST: _, ...off } = digestEnv();
    const server = await startServer(t, off, { clock, digestTickMs: 40 });
    const db = openStore(server.config.databaseUrl);
    await seedInquiry(db, { at: now - HOUR, name: 'Nobody Told' });
    await pause(500);
    assert.equal(smtp.mails.length, before);
    assert.equal((await db.kysely.selectFrom('digests').selectAll().execute()).length, 0);
    await db.close();
  });

  it('studio inbox digest prints today\'s digest, and --send mails it without taking the day', async (t) => {
    const server = await startServer(t, { STUDIO_TIME_ZONE: ZONE });
    const db = openStore(server.config.databaseUrl);
    t.after(() => db.close());
    const id = await seedInquiry(db, { at: Date.now() - HOUR, name: 'Command Line Lead' });
    const env = { DATABASE_URL: server.config.databaseUrl, BASE_URL: 'https://studio.example', STUDIO_TIME_ZONE: ZONE };
    const printed = await studioWith(env, 'inbox', 'digest');
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stdout, /^Subject: Inbox digest, .*: 1 new inquiry, 0 replies waiting, 0 stale leads\n/);
    assert.match(printed.stdout, new RegExp(`- Command Line Lead, arrived \\d+ \\w+ \\d{4}, \\d{2}:\\d{2} E[SD]T\\n  https://studio\\.example/inbox/inquiries/${id}`));
    const before = smtp.mails.length;
    const sent = await studioWith({ ...env, SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@studio.example' }, 'inbox', 'digest', '--send');
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(smtp.mails.length, before + 1);
    assert.match(parseMail(smtp.mails.at(-1)!.raw).parts.get('text/plain')!, /Command Line Lead/);
    assert.equal((await db.kysely.selectFrom('digests').selectAll().execute()).length, 0, 'the scheduled digest still goes out');
    const usage = await studioWith(env, 'inbox', 'digest', '--later');
    assert.equal(usage.code, 2);
  });
});
