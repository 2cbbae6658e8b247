import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { checkPage, chromiumSkip, launchChromium, signInOperator } from '../helpers/chromium.js';
import { addOperator } from '../helpers/inbox.js';
import { newInboundSecret, postInbound, rawMessage } from '../helpers/inbound-mail.js';
import { eventually, openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { parseMail } from '../helpers/mail.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// A conversation in Chromium, on a desktop and on a phone: an operator opens an inquiry, writes a reply
// (the loopback SMTP server receives it), sees it sent, then sees the homeowner's signed answer with its
// attachment beside it; the unmatched view too. axe-core checks each page; screenshots go to /tmp/shots.

const SHOTS = '/tmp/shots';
const OPERATOR = 'studio-desk@harbor.example';


describe('a conversation in the inbox, in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let smtp: SmtpSink;
  let browser: Browser;
  const secret = newInboundSecret();

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpSink();
    server = await startServer(suite, {
      SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@harbor.example', INBOX_EMAIL_FROM: 'studio@harbor.example',
      INBOUND_EMAIL_ADDRESS: 'answers@harbor.example', INBOUND_EMAIL_SECRET: secret,
      OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100', STUDIO_TIME_ZONE: 'America/New_York',
    });
    await addOperator(server, OPERATOR);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await smtp?.close();
  });

  const shoot = (page: Page, shot: string) => checkPage(page, `${SHOTS}/conversation-${shot}.png`);

  async function visit(width: number, suffix: string, email: string): Promise<void> {
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry({ name: `Hana ${suffix}`, email, message: 'A house on the bay with a studio for painting.' }))).status, 200);
    const db = openStore(server.config.databaseUrl);
    const { id } = await db.kysely.selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db.close();
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInOperator(page, server.url, OPERATOR);

    await page.goto(`${server.url}/inbox/inquiries/${id}`);
    await page.fill('#reply-text', 'Thank you, Hana. Could we visit the site on Tuesday at 10?');
    await Promise.all([page.waitForURL(/done=replied/), page.click('button:has-text("Send reply")')]);
    assert.match(await page.locator('.inbox-notice').textContent() ?? '', /Your reply is queued/);
    const mail = parseMail((await eventually(async () => smtp.mails.find((m) => m.envelope.rcptTo.some((r) => r.address === email)))).raw);
    await eventually(async () => {
      await page.reload();
      return (await page.locator('.message-out .message-state').textContent()) === 'Sent' || undefined;
    });
    await shoot(page, `replied${suffix}`);

    const answered = await postInbound(server.url, rawMessage({
      from: `Hana <${email}>`, to: mail.header('reply-to')!, subject: mail.header('subject'),
      text: 'Tuesday at 10 works. The gate code is 4711.\n\nOn Fri, 27 Nov 2026, the studio wrote:\n> Could we visit the site on Tuesday at 10?\n',
      attachment: { filename: 'site-survey.pdf', contentType: 'application/pdf', content: Buffer.alloc(240_000, 1) },
    }), { secret });
    assert.equal(answered.status, 200);
    await page.reload();
    assert.match(await page.locator('.message-in .message-text').first().textContent() ?? '', /The gate code is 4711\./);
    assert.equal(await page.locator('.message-in details').getAttribute('open'), null, 'the quoted history is folded');
    assert.match(await page.locator('.message-in .message-attachments').textContent() ?? '', /site-survey\.pdf 240 KB/);
    await shoot(page, `answered${suffix}`);

    await postInbound(server.url, rawMessage({ from: `Someone <someone-${suffix}@example.net>`, to: 'answers@harbor.example', subject: 'Do you build pools?', text: 'Hello, do you build pools too?' }), { secret });
    await page.goto(`${server.url}/inbox/unmatched`);
    assert.match(await page.locator('main').textContent() ?? '', /do you build pools too\?/);
    await shoot(page, `unmatched${suffix}`);
    await context.close();
  }

  it('at 1280 px: an operator replies, sees it sent, then sees the homeowner’s answer', async () => {
    await visit(1280, '', 'hana@example.org');
  });

  it('at 390 px, the same on a phone', async () => {
    await visit(390, '-phone', 'hana.phone@example.org');
  });
});
