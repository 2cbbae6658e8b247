import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { loadConfig } from '../../src/config/load.js';
import { EmailNotifier, emailNotifierFromConfig } from '../../src/inquiries/notifiers/email.js';
import { DeliveryError } from '../../src/inquiries/notifiers/delivery-error.js';
import { WebhookNotifier, webhookNotifierFromConfig } from '../../src/inquiries/notifiers/webhook.js';
import type { StoredInquiry } from '../../src/inquiries/ports.js';
import { parseMail, type ParsedMail } from '../helpers/mail.js';
import { freePort } from '../helpers/server.js';
import { newWebhookSecret, startSmtpSink, startWebhookReceiver, type ReceivedMail, type SmtpSink, type WebhookReceiver } from '../helpers/inquiry-peers.js';

// The notifiers against real peers on loopback (test/helpers/inquiry-peers.ts): an SMTP server that
// requires the credentials of the SMTP URL, and an HTTP receiver that verifies signatures with the
// standardwebhooks package, exactly as a studio's own receiver would.

const STUDIO = 'inbox@studio.example';
const SENDER = 'notifications@studio.example';
const SMTP_USER = 'mailer';
const SMTP_PASS = 'p@ss:word/1';
const SMTP_CREDENTIALS = { user: SMTP_USER, pass: SMTP_PASS };

function inquiry(overrides: Partial<StoredInquiry> = {}): StoredInquiry {
  return {
    id: randomUUID(),
    name: "Zoë Ångström-O'Brien",
    email: 'zoe@client.example',
    phone: '+1 305 555 0100',
    message: 'Oceanfront residence, 9,000 sq ft.\nPool & spa <b>first</b>, then the guest house.',
    location: 'miami',
    budget: '3m-10m',
    phase: 'permitted',
    language: 'en',
    receivedAt: new Date('2026-11-22T01:02:03.456Z'),
    ...overrides,
  };
}

function smtpUrl(port: number, pass = SMTP_PASS): string {
  return `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;
}

function emailNotifier(port: number, extra: Partial<ConstructorParameters<typeof EmailNotifier>[0]> = {}): EmailNotifier {
  return new EmailNotifier({ smtpUrl: smtpUrl(port), to: STUDIO, from: SENDER, baseUrl: 'https://studio.example', ...extra });
}

async function deliverAndRead(peer: SmtpSink, notifier: EmailNotifier, item: StoredInquiry): Promise<ReceivedMail & { mail: ParsedMail }> {
  const before = peer.mails.length;
  await notifier.deliver(item);
  assert.equal(peer.mails.length, before + 1, 'exactly one mail per delivery');
  const received = peer.mails.at(-1)!;
  return { ...received, mail: parseMail(received.raw) };
}

const EXPECTED_HEADERS = new Set([
  'from', 'to', 'reply-to', 'subject', 'message-id', 'x-inquiry-id', 'auto-submitted', 'date', 'mime-version',
  'content-type', 'content-transfer-encoding',
]);

describe('email notifier (real SMTP server on loopback)', () => {
  let peer: SmtpSink;
  let notifier: EmailNotifier;
  before(async () => {
    peer = await startSmtpSink({ credentials: SMTP_CREDENTIALS });
    notifier = emailNotifier(peer.port);
  });
  after(async () => {
    await notifier.close();
    await peer.close();
  });

  it('sends one mail to the studio only, Reply-To the inquirer, with a stable Message-ID', async () => {
    const item = inquiry();
    const { envelope, mail } = await deliverAndRead(peer, notifier, item);
    assert.equal(envelope.mailFrom && envelope.mailFrom.address, SENDER);
    assert.deepEqual(envelope.rcptTo.map((r) => r.address), [STUDIO]);
    assert.equal(mail.header('from'), SENDER);
    assert.equal(mail.header('to'), STUDIO);
    assert.match(mail.header('reply-to') ?? '', /^"?Zoë Ångström-O'Brien"? <zoe@client\.example>$/);
    assert.equal(mail.header('subject'), "Project inquiry from Zoë Ångström-O'Brien: Miami, $3M to $10M");
    assert.equal(mail.header('message-id'), `<inquiry-${item.id}@studio.example>`);
    assert.equal(mail.header('x-inquiry-id'), item.id);
  });

  it('puts every field in both the plain-text and the HTML body, HTML-escaped in the latter', async () => {
    const item = inquiry();
    const { mail } = await deliverAndRead(peer, notifier, item);
    const text = mail.parts.get('text/plain') ?? '';
    const html = mail.parts.get('text/html') ?? '';
    // 01:02 UTC on the 22nd is the evening before in New York, the studio's zone unless configured.
    for (const value of [item.name, item.email, item.phone!, item.message, item.location, item.budget, item.phase,
      '21 Nov 2026, 20:02 EST', item.id]) {
      assert.ok(text.includes(value), `text body has ${JSON.stringify(value)}`);
    }
    for (const value of ['Zoë Ångström-O&#39;Brien', item.email, item.phone!, item.location, item.budget, item.phase,
      '21 Nov 2026, 20:02 EST', item.id, 'Pool &amp; spa &lt;b&gt;first&lt;/b&gt;, then the guest house.']) {
      assert.ok(html.includes(value), `HTML body has ${JSON.stringify(value)}`);
    }
    assert.ok(!html.includes('<b>first</b>'), 'inquirer text never becomes markup');
    assert.ok(text.includes('Phone:') && !text.includes('not given'));
    assert.match(text, /^Received:\s+21 Nov 2026, 20:02 EST$/m);
    assert.match(text, /^Language:\s+English \(en\)$/m, 'the language to answer in');
    assert.match((await deliverAndRead(peer, notifier, inquiry({ language: 'es' }))).mail.parts.get('text/plain') ?? '', /^Language:\s+Spanish \(es\)$/m);
  });

  it('says "not given" for an absent phone', async () => {
    const { mail } = await deliverAndRead(peer, notifier, inquiry({ phone: null }));
    assert.match(mail.parts.get('text/plain') ?? '', /^Phone:\s+not given$/m);
  });

  it('shows a stored enum value without a label, even one named like an Object.prototype member, as itself', async () => {
    const odd = inquiry({ location: 'constructor', budget: 'toString', phase: '__proto__', language: 'valueOf' } as unknown as Partial<StoredInquiry>);
    const { mail } = await deliverAndRead(peer, notifier, odd);
    const text = mail.parts.get('text/plain') ?? '';
    assert.match(text, /^Location:\s+Unknown \(constructor\)$/m);
    assert.match(text, /^Budget:\s+Unknown \(toString\)$/m);
    assert.match(text, /^Phase:\s+Unknown \(__proto__\)$/m);
    assert.match(text, /^Language:\s+Unknown \(valueOf\)$/m);
    assert.equal(mail.header('subject'), "Project inquiry from Zoë Ångström-O'Brien: constructor, toString");
    assert.doesNotMatch(text + (mail.parts.get('text/html') ?? ''), /function|native code/);
  });

  it('lets no header or recipient be injected through name or phone (CR LF)', async () => {
    const item = inquiry({
      name: 'Eve\r\nBcc: evil@example.com\r\nX-Injected: name',
      phone: '555\r\nX-Injected: phone\nCc: evil2@example.com',
    });
    const { envelope, mail } = await deliverAndRead(peer, notifier, item);
    assert.deepEqual(envelope.rcptTo.map((r) => r.address), [STUDIO]);
    assert.deepEqual(mail.rawHeaderLines.filter((line) => /^(bcc|cc|x-injected)\s*:/i.test(line)), []);
    assert.deepEqual([...mail.headers.keys()].filter((name) => !EXPECTED_HEADERS.has(name)), []);
    assert.equal(mail.header('subject'), 'Project inquiry from Eve Bcc: evil@example.com X-Injected: name: Miami, $3M to $10M');
    const replyTo = mail.header('reply-to') ?? '';
    assert.ok(replyTo.endsWith('<zoe@client.example>'), replyTo);
    assert.ok(replyTo.includes('Eve Bcc: evil@example.com X-Injected: name'), 'the name stays inside the display name');
    assert.match(mail.parts.get('text/plain') ?? '', /^Phone:\s+555 X-Injected: phone Cc: evil2@example\.com$/m);
  });

  it('drops Reply-To (but still delivers) when the email field is not a plain address', async () => {
    const item = inquiry({ email: 'zoe@client.example\r\nBcc: evil@example.com' });
    const { envelope, mail } = await deliverAndRead(peer, notifier, item);
    assert.deepEqual(envelope.rcptTo.map((r) => r.address), [STUDIO]);
    assert.equal(mail.header('reply-to'), undefined);
    assert.deepEqual(mail.rawHeaderLines.filter((line) => /^bcc\s*:/i.test(line)), []);
    assert.ok((mail.parts.get('text/plain') ?? '').includes('zoe@client.example Bcc: evil@example.com'));
  });

  it('defaults the sender to studio-api@<BASE_URL host>', async () => {
    const own = emailNotifier(peer.port, { from: undefined, baseUrl: 'https://atelier.example:8443' });
    try {
      const item = inquiry();
      const { envelope, mail } = await deliverAndRead(peer, own, item);
      assert.equal(envelope.mailFrom && envelope.mailFrom.address, 'studio-api@atelier.example');
      assert.equal(mail.header('from'), 'studio-api@atelier.example');
      assert.equal(mail.header('message-id'), `<inquiry-${item.id}@atelier.example>`);
    } finally {
      await own.close();
    }
  });

  it('is built from SMTP_URL, INBOX_EMAIL_TO, INBOX_EMAIL_FROM and STUDIO_TIME_ZONE, and is off without SMTP_URL', async () => {
    assert.equal(emailNotifierFromConfig(loadConfig({})), undefined);
    const own = emailNotifierFromConfig(loadConfig({
      SMTP_URL: smtpUrl(peer.port), INBOX_EMAIL_TO: 'desk@atelier.example', INBOX_EMAIL_FROM: 'robot@atelier.example',
      STUDIO_TIME_ZONE: 'America/Los_Angeles',
    }));
    assert.ok(own);
    try {
      const { envelope, mail } = await deliverAndRead(peer, own, inquiry());
      assert.deepEqual(envelope.rcptTo.map((r) => r.address), ['desk@atelier.example']);
      assert.equal(mail.header('from'), 'robot@atelier.example');
      assert.match(mail.parts.get('text/plain') ?? '', /^Received:\s+21 Nov 2026, 17:02 PST$/m, 'in STUDIO_TIME_ZONE');
      const summer = await deliverAndRead(peer, own, inquiry({ receivedAt: new Date('2026-07-04T19:00:00Z') }));
      assert.match(summer.mail.parts.get('text/plain') ?? '', /^Received:\s+4 Jul 2026, 12:00 PDT$/m, 'daylight time in summer');
      assert.ok((summer.mail.parts.get('text/html') ?? '').includes('<td>4 Jul 2026, 12:00 PDT</td>'));
    } finally {
      await own.close();
    }
  });

  it('rejects with the SMTP code, and without the password, when the credentials are wrong', async () => {
    const wrong = new EmailNotifier({ smtpUrl: smtpUrl(peer.port, 'nope'), to: STUDIO, from: SENDER, baseUrl: 'https://studio.example' });
    try {
      const before = peer.mails.length;
      const error = await wrong.deliver(inquiry()).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof DeliveryError, String(error));
      assert.equal(error.channel, 'email');
      assert.equal(error.status, 535);
      assert.match(error.message, /^email delivery failed: EAUTH 535/);
      assert.ok(!error.message.includes('nope') && !error.message.includes(SMTP_USER));
      assert.equal(peer.mails.length, before);
    } finally {
      await wrong.close();
    }
  });
});

describe('email notifier when the SMTP server is down', () => {
  it('rejects while nothing listens, then delivers once the server is up', async () => {
    const port = await freePort();
    const notifier = emailNotifier(port);
    let peer: SmtpSink | undefined;
    try {
      const item = inquiry();
      const error = await notifier.deliver(item).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof DeliveryError, String(error));
      assert.equal(error.channel, 'email');
      assert.match(error.message, /^email delivery failed: ESOCKET ECONNREFUSED at CONN$/);
      assert.ok(!error.message.includes(item.name) && !error.message.includes(item.email));

      peer = await startSmtpSink({ port, credentials: SMTP_CREDENTIALS });
      const { mail } = await deliverAndRead(peer, notifier, item);
      assert.equal(mail.header('message-id'), `<inquiry-${item.id}@studio.example>`);
      assert.equal(peer.mails.length, 1);
    } finally {
      await notifier.close();
      await peer?.close();
    }
  });

  it('gives up on a server that accepts the connection but never greets (greeting timeout)', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => { sockets.add(socket); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as { port: number };
    const notifier = emailNotifier(port, { timeouts: { greetingMs: 200 } });
    try {
      const error = await notifier.deliver(inquiry()).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof DeliveryError, String(error));
      assert.match(error.message, /^email delivery failed: ETIMEDOUT/);
    } finally {
      await notifier.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

async function rejection(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof DeliveryError, `expected a DeliveryError, got ${String(error)}`);
  assert.equal(error.channel, 'webhook');
  return error;
}

describe('webhook notifier (real HTTP receiver on loopback)', () => {
  let peer: WebhookReceiver;
  const secret = newWebhookSecret();
  let notifier: WebhookNotifier;
  before(async () => {
    peer = await startWebhookReceiver({ secret });
    notifier = new WebhookNotifier({ url: peer.url, secret });
  });
  after(async () => { await peer.close(); });

  it('POSTs a Standard Webhooks signed inquiry.received event that the receiver can verify', async () => {
    peer.answer = { status: 204 };
    const item = inquiry();
    await notifier.deliver(item);
    const request = peer.requests.at(-1)!;
    assert.equal(request.url, '/hooks/inquiries');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.match(request.headers['user-agent'] ?? '', /^studio-api\//);
    assert.equal(request.headers['webhook-id'], item.id);
    assert.match(String(request.headers['webhook-timestamp']), /^\d{10}$/);
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    assert.deepEqual(payload, {
      type: 'inquiry.received',
      timestamp: item.receivedAt.toISOString(),
      data: {
        id: item.id, name: item.name, email: item.email, phone: item.phone, message: item.message,
        location: item.location, budget: item.budget, phase: item.phase, language: item.language, received_at: item.receivedAt.toISOString(),
      },
    });
    assert.deepEqual(Object.keys(JSON.parse(request.body) as object), ['type', 'timestamp', 'data']);
  });

  it('is built from INBOX_WEBHOOK_URL and INBOX_WEBHOOK_SECRET, and is off without them', async () => {
    assert.equal(webhookNotifierFromConfig(loadConfig({})), undefined);
    const own = webhookNotifierFromConfig(loadConfig({ INBOX_WEBHOOK_URL: peer.url, INBOX_WEBHOOK_SECRET: secret }));
    assert.ok(own);
    peer.answer = { status: 202 };
    const item = inquiry();
    await own.deliver(item);
    const request = peer.requests.at(-1)!;
    assert.equal(request.headers['webhook-id'], item.id);
    assert.ok(new Webhook(secret).verify(request.body, request.headers as Record<string, string>));
  });

  it('sends phone as null when absent', async () => {
    peer.answer = { status: 200 };
    await notifier.deliver(inquiry({ phone: null }));
    const body = JSON.parse(peer.requests.at(-1)!.body) as { data: Record<string, unknown> };
    assert.ok('phone' in body.data);
    assert.equal(body.data.phone, null);
  });

  it('fails verification with another secret or a tampered body', async () => {
    peer.answer = { status: 204 };
    await notifier.deliver(inquiry());
    const request = peer.requests.at(-1)!;
    const headers = request.headers as Record<string, string>;
    assert.throws(() => new Webhook(newWebhookSecret()).verify(request.body, headers), WebhookVerificationError);
    const tampered = request.body.replace('"budget":"3m-10m"', '"budget":"over-10m"');
    assert.notEqual(tampered, request.body);
    assert.throws(() => new Webhook(secret).verify(tampered, headers), WebhookVerificationError);
  });

  it('rejects on a 500 with a message naming the status and nothing else', async () => {
    peer.answer = { status: 500 };
    const item = inquiry();
    const error = await rejection(notifier.deliver(item));
    assert.equal(error.message, 'webhook delivery failed: HTTP 500');
    assert.equal(error.status, 500);
    assert.equal(peer.requests.at(-1)!.headers['webhook-id'], item.id);
  });

  it('then succeeds on retry with the same webhook-id and body', async () => {
    peer.answer = { status: 500 };
    const item = inquiry();
    await rejection(notifier.deliver(item));
    const first = peer.requests.at(-1)!;
    peer.answer = { status: 200 };
    await notifier.deliver(item);
    const second = peer.requests.at(-1)!;
    assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
    assert.equal(second.body, first.body);
  });

  it('signs its clock\'s time into webhook-timestamp: a receiver refuses a send time ten minutes old', async () => {
    peer.answer = { status: 204 };
    const sentAt = Date.now() - 10 * 60_000;
    const stale = new WebhookNotifier({ url: peer.url, secret, clock: () => sentAt });
    const error = await rejection(stale.deliver(inquiry()));
    assert.equal(error.status, 400);
    assert.equal(peer.requests.at(-1)!.headers['webhook-timestamp'], String(Math.floor(sentAt / 1000)));
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const target = `${new URL(peer.url).origin}/elsewhere`;
    peer.answer = { status: 302, location: target };
    const before = peer.requests.length;
    const error = await rejection(notifier.deliver(inquiry()));
    assert.equal(error.message, 'webhook delivery failed: HTTP 302');
    assert.equal(peer.requests.length, before + 1);
    assert.ok(!peer.requests.some((r) => r.url === '/elsewhere'), 'the Location was never requested');
  });

  it('rejects when the receiver does not answer in time', async () => {
    peer.answer = { status: null };
    const impatient = new WebhookNotifier({ url: peer.url, secret, timeoutMs: 200 });
    const error = await rejection(impatient.deliver(inquiry()));
    assert.equal(error.message, 'webhook delivery failed: timed out after 200 ms');
  });

  it('rejects with the socket error code when nothing listens', async () => {
    const closed = new WebhookNotifier({ url: `http://127.0.0.1:${await freePort()}/hooks`, secret });
    const error = await rejection(closed.deliver(inquiry()));
    assert.equal(error.message, 'webhook delivery failed: ECONNREFUSED');
    assert.equal(error.status, undefined);
  });
});
