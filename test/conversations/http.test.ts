import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONVERSATION_PATHS, INBOX_PATHS } from '../../src/contract/paths.js';
import type { Db } from '../../src/store/db/database.js';
import { addOperator, hiddenField, signIn, type InboxClient } from '../helpers/inbox.js';
import { newInboundSecret, postInbound, rawMessage } from '../helpers/inbound-mail.js';
import { eventually, openStore, postInquiry, validInquiry, type ErrorJson } from '../helpers/inquiries.js';
import { startSmtpSink, startWebhookReceiver, type SmtpSink, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { parseMail } from '../helpers/mail.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { studio } from '../helpers/cli.js';
import { requestToken } from '../helpers/oauth-helpers.js';

// A conversation over HTTP with real peers: an operator replies from the inbox (the loopback SMTP server
// receives it with its threading headers), the homeowner's answers come back signed to /inbound/email,
// and what is refused stores nothing.

const OPERATOR = 'ana@studio.example';

async function idOf(db: Db, email: string): Promise<string> {
  return (await db.kysely.selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
const INBOUND = 'answers@studio.example';

describe('a conversation with the homeowner', () => {
  const suite = suiteScope();
  let server: TestServer;
  let smtp: SmtpSink;
  let webhook: WebhookReceiver;
  let desk: InboxClient;
  let db: Db;
  const secret = newInboundSecret();
  let inquiryId = '';

  const messages = async () => Number((await db.kysely.selectFrom('inquiry_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const unread = async (id: string) => (await db.kysely.selectFrom('inquiries').select('unread').where('id', '=', id).executeTakeFirstOrThrow()).unread;
  const repliesSent = () => smtp.mails.filter((mail) => mail.envelope.rcptTo.some((r) => r.address === 'homeowner@example.org'));

  async function reply(text: string): Promise<void> {
    // Opened from a list view: the form carries the way back, and the page after the reply still leads there.
    const back = '/inbox?stage=proposal';
    const page = await desk.page(`/inbox/inquiries/${inquiryId}?back=${encodeURIComponent(back)}`);
    assert.match(page, /<textarea id="reply-text" name="text"/);
    assert.match(page, /<form class="inbox-form reply-form"[^>]*><input type="hidden" name="_csrf" value="[^"]+"><input type="hidden" name="back" value="\/inbox\?stage=proposal">/);
    const sent = await desk.post(`/inbox/inquiries/${inquiryId}/reply`, { text, back });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), `/inbox/inquiries/${inquiryId}?done=replied&back=${encodeURIComponent(back)}#h-conversation`);
  }

  before(async () => {
    smtp = await startSmtpSink();
    webhook = await startWebhookReceiver();
    server = await startServer(suite, {
      SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@studio.example', INBOX_EMAIL_FROM: 'studio@studio.example',
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret,
      INBOUND_EMAIL_ADDRESS: INBOUND, INBOUND_EMAIL_SECRET: secret,
      OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100',
    });
    db = openStore(server.config.databaseUrl);
    await addOperator(server, OPERATOR);
    desk = await signIn(server.url, OPERATOR);
    const posted = await postInquiry(server.url, '/api/v1/contact', validInquiry({ name: 'Hana Homeowner', email: 'homeowner@example.org' }));
    assert.equal(posted.status, 200);
    inquiryId = await idOf(db, 'homeowner@example.org');
    await desk.page(`/inbox/inquiries/${inquiryId}`);
  });

  after(async () => {
    await db?.close();
    await smtp?.close();
    await webhook?.close();
  });

  it('sends a reply through the outbox with a stable Message-ID and the token in Reply-To, and shows it sent', async () => {
    await reply('Thank you, Hana. Could we visit the site on Tuesday?');
    const mail = parseMail((await eventually(async () => repliesSent()[0])).raw);
    assert.match(mail.header('message-id')!, /^<reply\.[0-9a-f-]+@studio\.example>$/);
    assert.match(mail.header('reply-to')!, /^answers\+r-[a-z2-7]{26}@studio\.example$/);
    assert.equal(mail.header('in-reply-to'), undefined, 'the first message of the conversation answers nothing');
    assert.match(mail.header('subject')!, /^Re: Project inquiry from Hana Homeowner/);
    assert.match(mail.parts.get('text/plain')!, /visit the site on Tuesday/);
    assert.deepEqual(repliesSent()[0]!.envelope.rcptTo.map((r) => r.address), ['homeowner@example.org'], 'the envelope names the inquirer only');
    const page = await eventually(async () => {
      const text = await desk.page(`/inbox/inquiries/${inquiryId}`);
      return text.includes('message-sent">Sent<') ? text : undefined;
    });
    assert.match(page, /visit the site on Tuesday/);
  });

  it('files a signed answer by its token on the conversation, makes the inquiry unread and tells the webhook', async () => {
    const first = parseMail(repliesSent()[0]!.raw);
    const token = first.header('reply-to')!;
    await desk.page(`/inbox/inquiries/${inquiryId}`);
    assert.equal(await unread(inquiryId), 0);
    const answered = await postInbound(server.url, rawMessage({
      to: token, subject: `Re: ${first.header('subject')}`, messageId: '<answer-1@mail.example.org>',
      text: 'Tuesday works, at 10.\n\nOn Fri, Nov 27, 2026 the studio wrote:\n> Could we visit the site on Tuesday?\n',
    }), { secret });
    assert.equal(answered.status, 200);
    const filed = (await answered.json()) as { id: string; matched: boolean; inquiry_id: string };
    assert.deepEqual({ matched: filed.matched, inquiry_id: filed.inquiry_id }, { matched: true, inquiry_id: inquiryId });
    assert.equal(await unread(inquiryId), 1, 'the answer makes the inquiry unread');
    const again = await postInbound(server.url, rawMessage({ to: token, messageId: '<answer-1@mail.example.org>', text: 'Tuesday works, at 10.' }), { secret });
    assert.deepEqual(await again.json(), filed, 'the same message again (a provider\'s retry) is filed once');
    const told = await eventually(async () => webhook.received.find((w) => w.payload.type === 'inquiry.replied'));
    assert.equal(told.id, `${inquiryId}.${filed.id}`);
    assert.equal((told.payload.data as unknown as { inquiry_id: string }).inquiry_id, inquiryId);
    const page = await desk.page(`/inbox/inquiries/${inquiryId}`);
    assert.match(page, /Tuesday works, at 10\./);
    assert.match(page, /<details class="message-quoted"><summary>Quoted history<\/summary>/, 'the quoted history is folded');
  });

  it('threads the next reply after the answer, and the answer to it by In-Reply-To without the token', async () => {
    await reply('Good, see you then.');
    const second = parseMail((await eventually(async () => repliesSent()[1])).raw);
    const firstId = parseMail(repliesSent()[0]!.raw).header('message-id')!;
    assert.equal(second.header('in-reply-to'), '<answer-1@mail.example.org>');
    assert.equal(second.header('references')?.replace(/\s+/g, ' '), `${firstId} <answer-1@mail.example.org>`);
    const answered = await postInbound(server.url, rawMessage({
      to: 'studio@studio.example', inReplyTo: second.header('message-id'), text: 'One more thing: the gate code is 1234.',
    }), { secret });
    const filed = (await answered.json()) as { matched: boolean; inquiry_id: string };
    assert.deepEqual(filed, { ...filed, matched: true, inquiry_id: inquiryId });
    assert.match(await desk.page(`/inbox/inquiries/${inquiryId}`), /the gate code is 1234/);
  });

  it('keeps an attachment and lets an operator download it byte-equal, never inline', async () => {
    const content = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const answered = await postInbound(server.url, rawMessage({
      to: 'studio@studio.example', inReplyTo: '<answer-1@mail.example.org>', text: 'The survey is attached.',
      attachment: { filename: 'Survey plan ö.pdf', contentType: 'application/pdf', content },
    }), { secret });
    assert.equal(answered.status, 200);
    const page = await desk.page(`/inbox/inquiries/${inquiryId}`);
    const link = /<a href="(\/inbox\/attachments\/[^"]+)" download>Survey plan ö\.pdf<\/a> <span class="message-size">3 KB<\/span>/.exec(page);
    assert.ok(link, 'the attachment is a download link with its size');
    const download = await desk.get(link[1]!);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), content);
    assert.equal(download.headers.get('content-disposition'), 'attachment; filename="Survey plan _.pdf"; filename*=UTF-8\'\'Survey%20plan%20%C3%B6.pdf');
    assert.equal(download.headers.get('x-content-type-options'), 'nosniff');
    assert.match(download.headers.get('content-security-policy')!, /^sandbox/);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
  });

  it('refuses unsigned, badly signed and replayed messages with 401, storing nothing', async () => {
    const before = await messages();
    const raw = rawMessage({ to: INBOUND, text: 'Let me in.' });
    for (const [what, options] of [
      ['unsigned', {}],
      ['badly signed', { secret: newInboundSecret() }],
      ['replayed', { secret, signedAt: new Date(Date.now() - 10 * 60_000) }],
    ] as const) {
      const refused = await postInbound(server.url, raw, options);
      assert.equal(refused.status, 401, what);
      const body = (await refused.json()) as ErrorJson;
      assert.equal(body.code, 'invalid_signature', what);
      assert.equal(refused.headers.get('www-authenticate'), null);
    }
    assert.equal(await messages(), before);
  });

  it('answers malformed MIME with 400 and the reason, and attachments over 20 MB with 413, storing nothing', async () => {
    const before = await messages();
    const malformed = await postInbound(server.url, 'this is not a message', { secret });
    assert.equal(malformed.status, 400);
    const reason = (await malformed.json()) as ErrorJson;
    assert.equal(reason.code, 'invalid_message');
    assert.match(reason.error, /no blank line between its headers and its body/);
    const huge = await postInbound(server.url, rawMessage({
      to: INBOUND, text: 'The whole archive.', attachment: { filename: 'archive.zip', contentType: 'application/zip', content: Buffer.alloc(21 * 1024 * 1024, 7) },
    }), { secret });
    assert.equal(huge.status, 413);
    assert.equal(((await huge.json()) as ErrorJson).code, 'message_too_large');
    const notMail = await fetch(`${server.url}/inbound/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(notMail.status, 415);
    const oversized = await postInbound(server.url, 'x'.repeat(31 * 1024 * 1024), { secret });
    assert.equal(oversized.status, 413, 'a body over MAX_RAW_MESSAGE_BYTES is refused while it is read');
    assert.equal(((await oversized.json()) as ErrorJson).code, 'message_too_large');
    assert.equal(await messages(), before);
  });

  it('keeps unmatched mail in the Unmatched view, from where an operator files it on its inquiry', async () => {
    const answered = await postInbound(server.url, rawMessage({ from: 'Stranger <stranger@example.net>', to: INBOUND, subject: 'About my house', text: 'Is this the studio?' }), { secret });
    const filed = (await answered.json()) as { id: string; matched: boolean; inquiry_id: string | null };
    assert.deepEqual(filed, { id: filed.id, matched: false, inquiry_id: null });
    const unmatched = await desk.page(CONVERSATION_PATHS.unmatched);
    assert.match(unmatched, /Is this the studio\?/);
    assert.match(unmatched, /Stranger &lt;stranger@example\.net&gt;/);
    const unknown = await desk.post(`/inbox/unmatched/${filed.id}/file`, { inquiry: 'no-such-inquiry' });
    assert.equal(unknown.headers.get('location'), `${CONVERSATION_PATHS.unmatched}?done=no-inquiry`);
    const moved = await desk.post(`/inbox/unmatched/${filed.id}/file`, { inquiry: inquiryId });
    assert.equal(moved.status, 303);
    assert.doesNotMatch(await desk.page(CONVERSATION_PATHS.unmatched), /Is this the studio\?/);
    assert.match(await desk.page(`/inbox/inquiries/${inquiryId}?done=filed`), /Is this the studio\?[\s\S]*The message was filed on this inquiry/);
  });

  it('shows the thread in the read API, each outgoing message with its delivery status', async () => {
    const run = await studio(server.config.databaseUrl, 'clients', 'add', '--name', 'Studio CRM', '--scope', 'inquiries:read');
    const clientId = /^client_id: (\S+)$/m.exec(run.stdout)![1]!;
    const clientSecret = /^client_secret: (\S+)$/m.exec(run.stdout)![1]!;
    const token = await requestToken(server.url, { client_id: clientId, client_secret: clientSecret }, 'inquiries:read');
    const response = await fetch(`${server.url}/api/v1/inquiries/${inquiryId}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200);
    const { thread, notifications } = (await response.json()) as {
      thread: Array<{ direction: string; status: string | null; text: string; attachments: unknown[] }>; notifications: Array<{ channel: string }>;
    };
    assert.ok(!notifications.some((n) => n.channel === 'reply'), 'a reply\'s delivery is on its message, not among the notifications');
    assert.deepEqual(thread.map((m) => [m.direction, m.status]).slice(0, 3), [['out', 'done'], ['in', null], ['out', 'done']]);
    assert.ok(thread.some((m) => m.attachments.length === 1 && JSON.stringify(m.attachments[0]) === JSON.stringify({ filename: 'Survey plan ö.pdf', content_type: 'application/pdf', size: 3000 })));
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { title: string } }> } } }> };
    assert.deepEqual(Object.keys(document.webhooks), ['inquiry.received', 'inquiry.replied', 'inquiry.stage_changed']);
    assert.equal(document.webhooks['inquiry.replied']!.post.requestBody.content['application/json']!.schema.title, 'InquiryRepliedEvent');
  });

  it('refuses an empty reply and keeps the form with a notice', async () => {
    const page = await desk.page(`/inbox/inquiries/${inquiryId}`);
    assert.ok(hiddenField(page, '_csrf'));
    const sent = await desk.post(`/inbox/inquiries/${inquiryId}/reply`, { text: '   ' });
    assert.equal(sent.headers.get('location'), `/inbox/inquiries/${inquiryId}?done=reply-empty#h-conversation`);
    assert.match(await desk.page(`${INBOX_PATHS.list.replace(/$/, '')}/inquiries/${inquiryId}?done=reply-empty`), /Nothing was sent: the reply was empty\./);
  });
});

describe('without INBOUND_EMAIL_SECRET or a reply channel', () => {
  const suite = suiteScope();

  it('answers POST /inbound/email 404 and says on the inquiry page what turns replies on', async () => {
    const server = await startServer(suite, {});
    const refused = await postInbound(server.url, rawMessage({ to: INBOUND, text: 'Hello' }));
    assert.equal(refused.status, 404);
    assert.equal(((await refused.json()) as ErrorJson).code, 'not_found');
    await addOperator(server, OPERATOR);
    const desk = await signIn(server.url, OPERATOR);
    const posted = await postInquiry(server.url, '/api/v1/contact', validInquiry());
    assert.equal(posted.status, 200);
    const store = openStore(server.config.databaseUrl);
    const id = await idOf(store, 'ada@example.com');
    await store.close();
    const page = await desk.page(`/inbox/inquiries/${id}`);
    assert.match(page, /Replies from the inbox are off\. To answer from here, set SMTP_URL \(with INBOX_EMAIL_TO\) and INBOX_EMAIL_FROM/);
    assert.doesNotMatch(page, /<textarea id="reply-text"/);
  });
});
