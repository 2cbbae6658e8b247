import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { EXPORT_COLUMNS } from '../../src/inquiries/export.js';
import type { InboxEntry, NotificationState } from '../../src/inquiries/ports.js';
import { deliveryState } from '../../src/inbox/entry-view.js';
import { replyHref } from '../../src/inbox/inquiry-page.js';
import { addOperator, signIn, type InboxClient } from '../helpers/inbox.js';
import { startSmtpSink, startWebhookReceiver, type SmtpSink, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { eventually, postInquiry, validInquiry, type Body } from '../helpers/inquiries.js';
import { createPgDatabase } from '../helpers/postgres.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The operators' web inbox pages through a listening server with a real SQLite database, an operator
// added by the operator command, a loopback SMTP server and webhook receiver as the notification
// channels, and the service's one clock under the test's hand (so days, retries and the 24-hour
// horizon of a notification are reached without waiting): the list and its folders, search, filters
// and pages; one inquiry with its delivery log and every action; exports; erasure; Markdown twins; and
// the 400 and 404 pages. PostgreSQL answers the list and the search once more. The studio is in Los
// Angeles (STUDIO_TIME_ZONE, not the default New York): times read in its zone, and days are its days.

const OPERATOR = 'desk@harbor.example';
const DAY = 24 * 60 * 60 * 1000;
const MARKDOWN = 'text/markdown';

/** The inquiry ids a list page links to, in page order. */
function listedIds(page: string): string[] {
  return [...page.matchAll(/<a class="row-link" href="\/inbox\/inquiries\/([^"?]+)[^"]*"/g)].map((m) => decodeURIComponent(m[1]!));
}

/** The href of a link by its text. */
function linkTo(page: string, text: string): string | undefined {
  const href = new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(page)?.[1];
  return href?.replaceAll('&amp;', '&');
}

function entry(overrides: Partial<InboxEntry>, notifications: Array<Partial<NotificationState>> = []): InboxEntry {
  return {
    id: 'x', name: 'A', email: 'a@example.com', phone: null, message: 'hello there', location: 'miami', budget: '1m-3m', phase: 'unsure', language: 'en',
    receivedAt: new Date(0), spam: false, folder: 'inbox', unread: true, triage: { state: 'new', changedAt: null, changedBy: null },
    stage: 'new', assignee: null, lastActivityAt: 0, contact: 'a@example.com', channel: 'api', clientIp: '::1',
    userAgent: null, clientId: null,
    notifications: notifications.map((n) => ({ channel: 'email', event: 'inquiry.received', status: 'pending', attempts: 0, lastError: null, nextAttemptAt: 0, deliveredAt: null, ...n })),
    ...overrides,
  };
}

describe('delivery state at a glance', () => {
  it('is the worst of the jobs: failed, retrying, sending, else delivered; held or none without jobs', () => {
    assert.equal(deliveryState(entry({}, [{ status: 'done' }, { status: 'done', channel: 'webhook' }])), 'delivered');
    assert.equal(deliveryState(entry({}, [{ status: 'done' }, { status: 'pending' }])), 'sending');
    assert.equal(deliveryState(entry({}, [{ status: 'pending', attempts: 2, lastError: 'timeout' }, { status: 'done' }])), 'retrying');
    assert.equal(deliveryState(entry({}, [{ status: 'pending', attempts: 0, lastError: 'lease expired' }])), 'retrying');
    assert.equal(deliveryState(entry({}, [{ status: 'failed' }, { status: 'pending', attempts: 3 }])), 'failed');
    assert.equal(deliveryState(entry({ triage: { state: 'spam', changedAt: null, changedBy: null } })), 'held');
    assert.equal(deliveryState(entry({})), 'none');
  });

  it('a reply link fills in the subject, percent-encoded', () => {
    assert.equal(replyHref('o+brien@example.com', 'Harbor & Hedge'), 'mailto:o%2Bbrien@example.com?subject=Re%3A%20your%20inquiry%20to%20Harbor%20%26%20Hedge');
  });
});

describe('inbox pages on SQLite', () => {
  const suite = suiteScope();
  let server: TestServer;
  let smtp: SmtpSink;
  let webhook: WebhookReceiver;
  let desk: InboxClient;
  let now = Date.UTC(2026, 10, 1, 9, 30);
  let submitted = 0;
  const ids = new Map<string, string>();

  /** Submits through the API (or the form with its honeypot), and remembers the stored id by `key`. */
  async function submit(key: string, body: Body, channel: 'api' | 'form' = 'api'): Promise<string> {
    submitted += 1;
    const path = channel === 'api' ? '/api/v1/contact' : '/contact';
    const response = await postInquiry(server.url, path, body, { type: channel === 'api' ? 'json' : 'form', headers: { 'x-forwarded-for': `198.51.100.${submitted % 250}` } });
    assert.equal(response.status, 200, await response.text());
    // A second apart: the newest-first order of the assertions does not rest on ids made in the same millisecond.
    now += 1000;
    const list = await desk?.page(`${INBOX_PATHS.list}?q=${encodeURIComponent(String(body.message).split(' ').at(-1)!)}`);
    const id = list ? listedIds(list)[0] : undefined;
    if (id) ids.set(key, id);
    return id ?? '';
  }

  /** Until `count` mails and as many webhooks have arrived. */
  const notified = (count: number) => eventually(async () => (smtp.mails.length >= count && webhook.received.length >= count) || undefined);

  before(async () => {
    smtp = await startSmtpSink();
    webhook = await startWebhookReceiver();
    server = await startServer(suite, {
      SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@harbor.example', INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret,
      OUTBOX_POLL_INTERVAL_MS: '50', OUTBOX_RETRY_BASE_MS: '60000', RATE_LIMIT_SCALE: '100', TRUST_PROXY: 'true',
      STUDIO_TIME_ZONE: 'America/Los_Angeles',
    }, { clock: () => now });
    await addOperator(server, OPERATOR);
    desk = await signIn(server.url, OPERATOR);
    // Three days apart, for the date filters; the rest arrive on the 20th.
    await submit('old', validInquiry({ name: 'Olive Early', email: 'olive@example.org', location: 'hamptons', budget: 'over-10m', phase: 'permitted', message: 'A barn conversion in Sagaponack, first word quince' }));
    // Its notifications go out before the clock jumps: days later, their leases would have ended mid-delivery.
    await notified(1);
    // Sessions follow the same clock: days later the operator signs in again.
    now = Date.UTC(2026, 10, 10, 15, 0);
    desk = await signIn(server.url, OPERATOR);
    await submit('middle', validInquiry({ name: 'Mina Middle', email: 'Mina@Example.net', location: 'other', budget: 'undisclosed', phase: 'unsure', language: 'es', message: '=HYPERLINK("http://evil.example","click")\nsecond line <b>bold</b> & more, word marmalade' }));
    await notified(2);
    now = Date.UTC(2026, 10, 20, 12, 0);
    desk = await signIn(server.url, OPERATOR);
    await submit('ada', validInquiry({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'A beach house on a narrow lot.\nLine two of it, word lighthouse' }));
    await submit('mina2', validInquiry({ name: 'Mina Again', email: 'mina@example.net', message: 'Another project, a pool house, word pomegranate' }));
    await submit('bot', validInquiry({ name: 'Bot Filled', email: 'bot@spam.example', website: 'https://spam.example', message: 'Cheap things for sale, word honeypot' }), 'form');
    await notified(4);
  });

  after(async () => {
    await smtp?.close();
    await webhook?.close();
  });

  it('lists every folder with its count, newest first, and each row with its notification state', async () => {
    await eventually(async () => ((await desk.page(INBOX_PATHS.list)).match(/>Delivered</g)?.length === 4) || undefined);
    const inbox = await desk.page(INBOX_PATHS.list);
    assert.deepEqual(listedIds(inbox), ['mina2', 'ada', 'middle', 'old'].map((k) => ids.get(k)), 'the inbox folder, spam apart');
    const all = await desk.page(`${INBOX_PATHS.list}?q=word`);
    assert.deepEqual(listedIds(all), ['bot', 'mina2', 'ada', 'middle', 'old'].map((k) => ids.get(k)), 'a search names spam too');
    assert.match(inbox, /Inbox <span class="count">4</);
    assert.match(inbox, /Unread <span class="count">4</);
    assert.match(inbox, /Spam <span class="count">1</);
    assert.match(inbox, /All <span class="count">4</);
    assert.ok(all.includes('<time datetime="2026-11-20T04:00:00-08:00">20 Nov 2026, 04:00 PST</time>'), 'noon UTC is 4 a.m. in Los Angeles');
    // 1 Nov 2026 09:30 UTC: half an hour after the clocks went back from 02:00 PDT to 01:00 PST.
    assert.ok(all.includes('<time datetime="2026-11-01T01:30:00-08:00">1 Nov 2026, 01:30 PST</time>'), 'the second 01:30 of the day clocks go back');
    assert.ok(all.includes('<span class="nowrap">The Hamptons</span> · <span class="nowrap">Over $10M</span>'));
    assert.match(all, /badge-held">Held</, 'the honeypot inquiry was never notified');
    // The one inquiry to answer in Spanish says so on its row; those in English say nothing.
    assert.deepEqual([...inbox.matchAll(/<span class="tag tag-language">([^<]+)<\/span>/g)].map((m) => m[1]), ['Spanish (es)']);
    assert.match(inbox, /<span class="row-email">Mina@Example.net<\/span> <span class="tag tag-language">Spanish \(es\)<\/span>/);
    assert.match(inbox, /<caption>Inbox, 4 inquiries, newest first<\/caption>/);
    const spam = await desk.page(`${INBOX_PATHS.list}?state=spam`);
    assert.deepEqual(listedIds(spam), [ids.get('bot')]);
    assert.match(spam, /aria-current="page">Spam/);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?state=read`)), []);
  });

  it('searches name, email and message, every word, any letter case; filters by location, budget, phase and day', async () => {
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=LIGHTHOUSE`)), [ids.get('ada')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=mina%40example.net`)), [ids.get('mina2'), ids.get('middle')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=mina+pomegranate`)), [ids.get('mina2')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=Olive`)), [ids.get('old')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?location=hamptons&budget=&phase=`)), [ids.get('old')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?budget=undisclosed&phase=unsure`)), [ids.get('middle')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?since=2026-11-02&until=2026-11-10`)), [ids.get('middle')]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?until=2026-11-01`)), [ids.get('old')], 'until includes its whole day');
    const filtered = await desk.page(`${INBOX_PATHS.list}?state=new&q=mina&location=other`);
    assert.match(filtered, /New <span class="count">1</, 'the counts follow the filter');
    assert.match(filtered, /<option value="other" selected>Elsewhere<\/option>/, 'the form shows the filter');
    assert.match(filtered, /name="q" type="search" value="mina"/);
    assert.equal(linkTo(filtered, 'Export CSV'), `${INBOX_PATHS.exportCsv}?state=new&q=mina&location=other`);
  });

  it('pages through 55 matches with the keyset cursor, 50 at a time, keeping the search', async () => {
    const paged: string[] = [];
    for (let i = 0; i < 55; i += 1) {
      now += 1000;
      await postInquiry(server.url, '/api/v1/contact', validInquiry({ message: `Paging inquiry number ${i}, word zeppelin` }), { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    const first = await desk.page(`${INBOX_PATHS.list}?q=zeppelin`);
    paged.push(...listedIds(first));
    assert.equal(paged.length, 50);
    assert.equal(linkTo(first, '← Newest'), undefined, 'the first page has no way back');
    const older = linkTo(first, 'Older →');
    assert.ok(older !== undefined && older.startsWith(`${INBOX_PATHS.list}?q=zeppelin&cursor=`), older);
    const second = await desk.page(older);
    paged.push(...listedIds(second));
    assert.equal(new Set(paged).size, 55, 'no row twice, none left out');
    assert.equal(linkTo(second, 'Older →'), undefined);
    assert.equal(linkTo(second, '← Newest'), `${INBOX_PATHS.list}?q=zeppelin`);
    const md = await desk.page(`${INBOX_PATHS.list}?q=zeppelin`, 200, MARKDOWN);
    assert.match(md, /\[Older →\]\(\/inbox\?q=zeppelin&cursor=/);
  });

  it('answers a bad query with a 400 page that names the parameter, on the list and the exports', async () => {
    const cases: Array<[string, RegExp]> = [
      ['state=bogus', /&quot;bogus&quot; is not a folder/],
      ['location=mars', /&quot;mars&quot; is not a location: use one of miami, hamptons, other/],
      ['since=yesterday', /&quot;yesterday&quot; is not a date of the form YYYY-MM-DD/],
      ['until=2026-02-30', /The field &quot;until&quot; names a day the calendar lacks \(2026-02-30\)/],
      ['state=new&state=read', /&quot;state&quot; was given more than once/],
      [`q=${'x'.repeat(201)}`, /longer than 200 characters/],
    ];
    for (const [query, message] of cases) {
      for (const path of [INBOX_PATHS.list, INBOX_PATHS.exportCsv]) {
        const response = await desk.get(`${path}?${query}`);
        const text = await response.text();
        assert.equal(response.status, 400, `${path}?${query}`);
        assert.match(text, message, `${path}?${query}`);
        assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      }
    }
    assert.match(await desk.page(`${INBOX_PATHS.list}?state=bogus`, 400, MARKDOWN), /^# This list cannot be shown/);
  });

  it('shows one inquiry: every field, escaped, its channel, triage and delivery log; opening files it as read', async () => {
    const id = ids.get('middle')!;
    const page = await desk.page(`/inbox/inquiries/${id}`);
    assert.match(page, /<h1>Mina Middle<\/h1>/);
    assert.match(page, /<div class="inquiry-message">=HYPERLINK\(&quot;http:\/\/evil.example&quot;,&quot;click&quot;\)\nsecond line &lt;b&gt;bold&lt;\/b&gt; &amp; more/);
    for (const text of ['Mina@Example.net', '+1 305 555 0100', 'Elsewhere', 'Budget undisclosed', 'Not sure yet', '10 Nov 2026, 07:00 PST', '<dd>API</dd>', '198.51.100.2', '<dd>empty</dd>', id]) {
      assert.ok(page.includes(text), text);
    }
    assert.match(page, /href="mailto:Mina@Example.net\?subject=Re%3A%20your%20inquiry%20to%20Harbor%20%26%20Hedge%20Design-Build"/);
    assert.match(page, /<caption>Delivery log<\/caption>/);
    assert.match(page, /<td data-label="Channel">email<\/td><td data-label="Status">Delivered<\/td><td data-label="Attempts">1<\/td>/);
    assert.match(page, /<td data-label="Channel">webhook<\/td><td data-label="Status">Delivered<\/td>/);
    assert.match(page, new RegExp(`In Read: filed by ${OPERATOR} on 20 Nov 2026`));
    const list = await desk.page(`${INBOX_PATHS.list}?state=read`);
    assert.deepEqual(listedIds(list), [id], 'opened, it moved from new to read');
    const md = await desk.page(`/inbox/inquiries/${id}`, 200, MARKDOWN);
    assert.match(md, /^# Mina Middle\n/);
    assert.match(md, /## Message\n\n> =HYPERLINK\("http:\/\/evil.example","click"\) {2}\n> second line \\<b\\>bold\\<\/b\\> & more, word marmalade/);
    assert.match(md, /- \*\*Channel:\*\* API/);
    assert.match(page, /<dt>Language<\/dt><dd>Spanish \(es\)<\/dd>/);
    assert.match(md, /- \*\*Language:\*\* Spanish \(es\)/);
    assert.match(await desk.page(`/inbox/inquiries/${ids.get('ada')!}`), /<dt>Language<\/dt><dd>English \(en\)<\/dd>/);
    assert.match(md, /\| email \| Delivered \| 1 \|/);
  });

  it('names the OAuth client of an inquiry that came with its bearer token', async () => {
    const registered = await fetch(`${server.url}/oauth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Acme <CRM>', grant_types: ['client_credentials'] }),
    });
    const client = await registered.json() as { client_id: string; client_secret: string };
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }),
      headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { access_token: accessToken } = await token.json() as { access_token: string };
    const sent = await postInquiry(server.url, '/api/v1/contact', validInquiry({ message: 'Through an agent, word quokka' }), { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(sent.status, 200);
    const [id] = listedIds(await desk.page(`${INBOX_PATHS.list}?q=quokka`));
    const page = await desk.page(`/inbox/inquiries/${id}`);
    assert.ok(page.includes(`<dd>API, with a token of OAuth client “Acme &lt;CRM&gt;” (${client.client_id})</dd>`), 'the name, escaped');
  });

  it('files an inquiry: read, unread, archive, back to the inbox, spam; each a 303 with a notice, recorded with the operator', async () => {
    const id = ids.get('ada')!;
    const state = (value: string) => desk.post(`/inbox/inquiries/${id}/state`, { state: value });
    const archived = await state('archived');
    assert.equal(archived.status, 303);
    assert.equal(archived.headers.get('location'), `/inbox/inquiries/${id}?done=archive`);
    const shown = await desk.page(archived.headers.get('location')!);
    assert.match(shown, /<p class="form-status inbox-notice" role="status">Archived.<\/p>/);
    assert.match(shown, /In Archived: filed by desk@harbor.example/);
    assert.match(shown, />Move to inbox</);
    assert.equal((await state('read')).headers.get('location'), `/inbox/inquiries/${id}?done=inbox`);
    const unread = await state('new');
    assert.equal(unread.headers.get('location'), '/inbox?done=unread', 'unread goes back to the list, not to the page that would open it');
    assert.match(await desk.page(unread.headers.get('location')!), /role="status">Marked as unread./);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?state=new&q=lighthouse`)), [id]);
    assert.equal((await state('spam')).headers.get('location'), `/inbox/inquiries/${id}?done=spam`);
    assert.equal((await state('spam')).headers.get('location'), `/inbox/inquiries/${id}?done=unchanged`);
    const exported = JSON.parse(await desk.page(`${INBOX_PATHS.exportJson}?q=lighthouse`)) as Array<Record<string, unknown>>;
    assert.equal(exported[0]!.state, 'spam');
    assert.equal(exported[0]!.state_changed_by, OPERATOR);
    assert.equal((await desk.post(`/inbox/inquiries/${id}/state`, { state: 'flagged' })).status, 400);
    assert.equal((await desk.post(`/inbox/inquiries/${id}/state`, { state: 'read', _csrf: '' })).status, 403, 'no CSRF token, nothing changed');
    assert.equal((await desk.post('/inbox/inquiries/no-such-id/state', { state: 'read' })).status, 404);
  });

  it('not spam queues the notifications the honeypot held back: the email reaches the SMTP server', async () => {
    const id = ids.get('bot')!;
    assert.equal(smtp.mails.some((mail) => mail.raw.includes(id)), false, 'held while in spam');
    const page = await desk.page(`/inbox/inquiries/${id}`);
    assert.match(page, /<dd>filled in: it arrived as spam<\/dd>/);
    assert.match(page, /badge-held">Held<\/span> in spam, nobody was notified/);
    const moved = await desk.post(`/inbox/inquiries/${id}/state`, { state: 'read' });
    assert.equal(moved.headers.get('location'), `/inbox/inquiries/${id}?done=not-spam`);
    const mail = await eventually(async () => smtp.mails.find((m) => m.raw.includes(id)));
    assert.deepEqual(mail.to, ['studio@harbor.example']);
    assert.match(mail.raw, /Bot Filled/);
    await eventually(async () => webhook.received.find((w) => w.payload.data.id === id));
    const after = await desk.page(`/inbox/inquiries/${id}?done=not-spam`);
    assert.match(after, /role="status">Moved out of spam: its notifications are on their way./);
    assert.match(after, /In Read: filed by desk@harbor.example/);
  });

  it('shows a failing notification as retrying, then failed after 24 hours; retry re-queues it and it is delivered', async () => {
    webhook.failNext(1_000);
    const id = await submit('flaky', validInquiry({ message: 'A notification that fails, word kumquat' }));
    await eventually(async () => ((await desk.page(`${INBOX_PATHS.list}?q=kumquat`)).includes('badge-retrying">Retrying<')) || undefined);
    const retrying = await desk.page(`/inbox/inquiries/${id}`);
    assert.match(retrying, /<td data-label="Channel">webhook<\/td><td data-label="Status">Pending<\/td><td data-label="Attempts">1<\/td>/);
    assert.match(retrying, /HTTP 500/, 'the last error');
    assert.doesNotMatch(retrying, /Retry failed notifications/, 'nothing to retry by hand yet');
    // A day and an hour later the next attempt fails too, past the horizon: the job is kept as failed.
    now += DAY + 60 * 60 * 1000;
    desk = await signIn(server.url, OPERATOR);
    await eventually(async () => ((await desk.page(`${INBOX_PATHS.list}?q=kumquat`)).includes('badge-failed">Failed<')) || undefined);
    const failed = await desk.page(`/inbox/inquiries/${id}`);
    assert.match(failed, /<td data-label="Status">Failed<\/td>/);
    webhook.failNext(0);
    const retried = await desk.post(`/inbox/inquiries/${id}/retry`);
    assert.equal(retried.headers.get('location'), `/inbox/inquiries/${id}?done=retried`);
    await eventually(async () => webhook.received.find((w) => w.payload.data.id === id));
    await eventually(async () => ((await desk.page(`/inbox/inquiries/${id}`)).includes('badge-delivered">Delivered<')) || undefined);
    assert.equal((await desk.post(`/inbox/inquiries/${id}/retry`)).headers.get('location'), `/inbox/inquiries/${id}?done=nothing-to-retry`);
    assert.equal((await desk.post('/inbox/inquiries/no-such-id/retry')).status, 404);
  });

  it('deletes an inquiry after a confirmation page', async () => {
    const id = ids.get('mina2')!;
    const confirm = await desk.page(`/inbox/inquiries/${id}/delete`);
    assert.match(confirm, /<h1>Delete this inquiry\?<\/h1>/);
    assert.match(confirm, /Mina Again &lt;mina@example.net&gt;/);
    assert.match(confirm, new RegExp(`<form method="post" action="/inbox/inquiries/${id}/delete">`));
    assert.match(await desk.page(`/inbox/inquiries/${id}/delete`, 200, MARKDOWN), /^# Delete this inquiry\?/);
    assert.equal((await desk.page(`/inbox/inquiries/${id}`)).includes('Mina Again'), true, 'the confirmation page deleted nothing');
    const deleted = await desk.post(`/inbox/inquiries/${id}/delete`);
    assert.equal(deleted.status, 303);
    assert.equal(deleted.headers.get('location'), '/inbox?done=deleted');
    assert.match(await desk.page('/inbox?done=deleted'), /role="status">The inquiry was deleted, with its notifications.</);
    await desk.page(`/inbox/inquiries/${id}`, 404);
    await desk.page(`/inbox/inquiries/${id}/delete`, 404);
    assert.equal((await desk.post(`/inbox/inquiries/${id}/delete`)).status, 404);
  });

  it('exports the current filter as CSV, spreadsheet-safe as the operator command, and as JSON, as downloads', async () => {
    const csv = await desk.get(`${INBOX_PATHS.exportCsv}?q=marmalade`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="inquiries-2026-11-21.csv"');
    assert.equal(csv.headers.get('cache-control'), 'no-store');
    const text = await csv.text();
    const lines = text.split('\r\n');
    assert.equal(lines[0], EXPORT_COLUMNS.join(','));
    assert.ok(lines[1]!.startsWith(`${ids.get('middle')},2026-11-10T07:00:00-08:00,Mina Middle,Mina@Example.net,'+1 305 555 0100,"'=HYPERLINK(""http://evil.example"",""click"")\nsecond line`), lines[1]);
    assert.equal(text.endsWith('\r\n'), true);
    const json = await desk.get(`${INBOX_PATHS.exportJson}?state=read`);
    assert.equal(json.headers.get('content-disposition'), 'attachment; filename="inquiries-2026-11-21.json"');
    const records = await json.json() as Array<Record<string, unknown>>;
    assert.deepEqual(records.map((r) => r.id), listedIds(await desk.page(`${INBOX_PATHS.list}?state=read`)));
    assert.deepEqual(Object.keys(records[0]!), [...EXPORT_COLUMNS]);
    const languageOf = async (word: string) => ((await (await desk.get(`${INBOX_PATHS.exportJson}?q=${word}`)).json()) as Array<Record<string, unknown>>)[0]?.language;
    assert.deepEqual([await languageOf('marmalade'), await languageOf('lighthouse')], ['es', 'en'], 'the language to answer in');
    assert.ok(lines[1]!.includes(',other,undisclosed,unsure,es,false,'), 'the CSV says it after the phase');
    const all = await (await desk.get(INBOX_PATHS.exportCsv)).text();
    assert.equal(all.trimEnd().split('\r\n').filter((line) => /^[0-9a-f]{8}-/.test(line)).length >= 60, true, 'every page, not only the first 50');
  });

  it('erases one address after showing how many inquiries it has, every letter case alike', async () => {
    assert.match(await desk.page(INBOX_PATHS.erase), /<label for="erase-email">Email address<\/label>/);
    const counted = await desk.post(INBOX_PATHS.erase, { email: 'MINA@example.NET' });
    const countPage = await counted.text();
    assert.equal(counted.status, 200);
    assert.match(countPage, /<strong>MINA@example.NET<\/strong> has sent <strong>1 inquiry<\/strong>/);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=marmalade`)), [ids.get('middle')], 'counting deleted nothing');
    const erased = await desk.post(INBOX_PATHS.erase, { email: 'MINA@example.NET', confirm: 'yes' });
    assert.match(await erased.text(), /role="status">Deleted 1 inquiry of MINA@example.NET.</);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=mina`)), []);
    assert.match(await (await desk.post(INBOX_PATHS.erase, { email: 'nobody@example.com' })).text(), /There is no inquiry from nobody@example.com/);
    const bad = await desk.post(INBOX_PATHS.erase, { email: 'not an address' });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /aria-invalid="true" aria-describedby="erase-error"/);
    assert.match(await desk.page(INBOX_PATHS.erase, 200, MARKDOWN), /^# Erase a person’s inquiries/);
    assert.equal((await desk.post(INBOX_PATHS.erase, { email: 'ada@example.com', _csrf: 'forged' })).status, 403);
  });

  it('answers Markdown twins of the list to a signed-in session, and 404 for an unknown inquiry', async () => {
    const md = await desk.get(`${INBOX_PATHS.list}?q=lighthouse`, MARKDOWN);
    assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
    const text = await md.text();
    assert.match(text, /^# Search results\n/);
    assert.match(text, /Folders: \*\*Every folder \(1\)\*\* · \[Inbox \(0\)\]\(\/inbox\?folder=inbox&q=lighthouse\) · .* · \[Spam \(1\)\]/, 'filed in spam by the test above');
    assert.match(text, /Filtered by Search: lighthouse\n/);
    assert.match(text, /\| Received \| From \| Project \| Stage \| Assignee \| Notifications \| Message \|/);
    assert.match(text, new RegExp(`\\| 20 Nov 2026, 04:00 PST \\| \\[Ada Lovelace\\]\\(/inbox/inquiries/${ids.get('ada')}\\?back=%2Finbox%3Fq%3Dlighthouse\\) ada@example.com \\*\\*unread\\*\\* \\(in Spam\\) \\|`));
    const missing = await desk.get('/inbox/inquiries/01234567-0000-7000-8000-000000000000');
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /There is no such page in the inbox/);
    const anonymous = await fetch(`${server.url}${INBOX_PATHS.list}`, { headers: { accept: MARKDOWN }, redirect: 'manual' });
    assert.equal(anonymous.status, 303, 'no session, no Markdown');
  });

  it('reads a filter\'s day as the studio\'s, from midnight in Los Angeles, and names an export by the studio\'s day', async () => {
    // 22 Nov 07:30 UTC is still the evening of the 21st in Los Angeles.
    now = Date.UTC(2026, 10, 22, 7, 30);
    desk = await signIn(server.url, OPERATOR);
    const late = await submit('late', validInquiry({ name: 'Late Evening', email: 'late@example.org', message: 'Called after dinner, word nightjar' }));
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=nightjar&since=2026-11-21&until=2026-11-21`)), [late]);
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=nightjar&since=2026-11-22`)), [], 'a UTC day would hold it');
    assert.deepEqual(listedIds(await desk.page(`${INBOX_PATHS.list}?q=nightjar&until=2026-11-20`)), []);
    assert.match(await desk.page(`/inbox/inquiries/${late}`), /<time datetime="2026-11-21T23:30:00-08:00">21 Nov 2026, 23:30 PST<\/time>/);
    const csv = await desk.get(`${INBOX_PATHS.exportCsv}?q=nightjar`);
    assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="inquiries-2026-11-21.csv"');
    assert.ok((await csv.text()).includes(`${late},2026-11-21T23:30:00-08:00,Late Evening,`));
  });
});

const database = await createPgDatabase('inbox_pages');
if (typeof database === 'string') console.log(`# skipping the PostgreSQL pass of the inbox list: ${database}`);

describe('inbox list on PostgreSQL', { skip: typeof database === 'string' ? database : false }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let desk: InboxClient;

  before(async () => {
    if (typeof database === 'string') return;
    server = await startServer(suite, { DATABASE_URL: database.url, RATE_LIMIT_SCALE: '100' });
    await addOperator(server, OPERATOR);
    desk = await signIn(server.url, OPERATOR);
  });
  after(async () => {
    if (typeof database !== 'string') await database.drop();
  });

  it('lists, counts, searches any letter case and filters', async () => {
    for (const [i, body] of [
      validInquiry({ name: 'Zoë Ångström', email: 'zoe@example.org', message: 'Ein Haus am Meer, ÜBERGROSS and 100% sure_thing' }),
      validInquiry({ name: 'Ned Other', location: 'other', language: 'es', message: 'A studio in the woods, with a view' }),
    ].entries()) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', body, { headers: { 'x-forwarded-for': `192.0.2.${i}` } })).status, 200);
    }
    const all = await desk.page(INBOX_PATHS.list);
    assert.equal(listedIds(all).length, 2);
    assert.deepEqual([...all.matchAll(/<span class="tag tag-language">([^<]+)<\/span>/g)].map((m) => m[1]), ['Spanish (es)'], 'read back from PostgreSQL');
    assert.match(all, /New <span class="count">2</);
    assert.equal(listedIds(await desk.page(`${INBOX_PATHS.list}?q=%C3%BCbergross`)).length, 1, 'PostgreSQL folds every script');
    assert.equal(listedIds(await desk.page(`${INBOX_PATHS.list}?q=100%25`)).length, 1, '% means itself');
    assert.equal(listedIds(await desk.page(`${INBOX_PATHS.list}?q=zoe%40example.org`)).length, 1);
    assert.equal(listedIds(await desk.page(`${INBOX_PATHS.list}?location=other`)).length, 1);
    assert.equal(listedIds(await desk.page(`${INBOX_PATHS.list}?state=spam`)).length, 0);
  });
});
