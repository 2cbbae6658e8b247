import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  InboundMessageError,
  MAX_ATTACHMENT_BYTES,
  parseInboundMessage,
  type InboundMessageFault,
} from '../../src/conversations/inbound-message.js';
import { splitQuotedHistory } from '../../src/conversations/quoted-history.js';

// A homeowner's raw answer read into an InboundMessage, over messages as Gmail, Outlook and an MTA
// write them; and every kind of malformed message refused with its reason.

const crlf = (...lines: string[]): Buffer => Buffer.from(lines.join('\r\n'));

const GMAIL = crlf(
  'Delivered-To: studio+r-abcdefghijklmnopqrstuvwxyz@example.com',
  'Return-Path: <anna@example.org>',
  'MIME-Version: 1.0',
  'From: =?UTF-8?Q?Anna_B=C3=B6hm?= <anna@example.org>',
  'Date: Tue, 3 Mar 2026 11:02:03 +0100',
  'Message-ID: <CAF=abc123@mail.gmail.com>',
  'In-Reply-To: <reply.42@example.com>',
  'References: <inquiry.7@example.com>',
  ' <reply.42@example.com>',
  'Subject: Re: Your kitchen =?UTF-8?Q?K=C3=BCche?=',
  'To: Studio Atelier <studio+r-abcdefghijklmnopqrstuvwxyz@example.com>',
  'Cc: bob@example.org, "Berg, Carl" <carl@example.org>',
  'Content-Type: multipart/alternative; boundary="000000000000a1b2c3"',
  '',
  '--000000000000a1b2c3',
  'Content-Type: text/plain; charset="UTF-8"',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Thursday works, the K=C3=BCche is ready to be measured.',
  '',
  'On Tue, 3 Mar 2026 at 10:00, Studio Atelier <studio@example.com> wrote:',
  '',
  '> Could we visit on Thursday?',
  '>',
  '',
  '--000000000000a1b2c3',
  'Content-Type: text/html; charset="UTF-8"',
  '',
  '<div dir="ltr">Thursday works</div><blockquote>Could we visit on Thursday?</blockquote>',
  '--000000000000a1b2c3--',
  '',
);

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000), Buffer.from([0x00, 0xff, 0x0d, 0x0a]), Buffer.from('\n%%EOF\n')]);
const base64Lines = (bytes: Buffer): string[] => bytes.toString('base64').match(/.{1,76}/g)!;

const OUTLOOK_WITH_PDF = crlf(
  'From: "Berg, Anna" <Anna.Berg@example.org>',
  'To: "studio+r-abcdefghijklmnopqrstuvwxyz@example.com" <studio+r-abcdefghijklmnopqrstuvwxyz@example.com>',
  'Subject: RE: Your kitchen',
  'Thread-Topic: Your kitchen',
  'Date: Wed, 4 Mar 2026 09:15:00 +0000',
  'Message-ID: <AM0PR01MB1234ABCD@AM0PR01MB1234.eurprd01.prod.outlook.com>',
  'References: <reply.42@example.com>',
  'In-Reply-To: <reply.42@example.com>',
  'Content-Type: multipart/mixed;',
  '\tboundary="_004_AM0PR01MB1234_"',
  'MIME-Version: 1.0',
  '',
  '--_004_AM0PR01MB1234_',
  'Content-Type: text/plain; charset="us-ascii"',
  'Content-Transfer-Encoding: 7bit',
  '',
  'Here are the floor plans.',
  '',
  '-----Original Message-----',
  'From: Studio Atelier <studio@example.com>',
  'Sent: Tuesday, March 3, 2026 10:00 AM',
  'Subject: Your kitchen',
  '',
  'Could you send the floor plans?',
  '',
  '--_004_AM0PR01MB1234_',
  'Content-Type: application/pdf; name="floor plans.pdf"',
  'Content-Disposition: attachment; filename="floor plans.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  ...base64Lines(PDF),
  '',
  '--_004_AM0PR01MB1234_--',
  '',
);

async function refusal(raw: Buffer): Promise<{ fault: InboundMessageFault; message: string }> {
  try {
    await parseInboundMessage(raw);
  } catch (error) {
    assert.ok(error instanceof InboundMessageError, String(error));
    assert.doesNotMatch(error.message, /\n/);
    return { fault: error.fault, message: error.message };
  }
  assert.fail('the message was accepted');
}

test('a Gmail answer (multipart/alternative): ids, addresses, envelope, subject, date and the whole text', async () => {
  const message = await parseInboundMessage(GMAIL);
  assert.equal(message.messageId, '<CAF=abc123@mail.gmail.com>');
  assert.equal(message.inReplyTo, '<reply.42@example.com>');
  assert.deepEqual(message.references, ['<inquiry.7@example.com>', '<reply.42@example.com>']);
  assert.deepEqual(message.from, { address: 'anna@example.org', name: 'Anna Böhm' });
  assert.deepEqual(message.to, [{ address: 'studio+r-abcdefghijklmnopqrstuvwxyz@example.com', name: 'Studio Atelier' }]);
  assert.deepEqual(message.cc, [{ address: 'bob@example.org', name: '' }, { address: 'carl@example.org', name: 'Berg, Carl' }]);
  assert.deepEqual(message.deliveredTo, ['studio+r-abcdefghijklmnopqrstuvwxyz@example.com']);
  assert.equal(message.returnPath, 'anna@example.org');
  assert.equal(message.subject, 'Re: Your kitchen Küche');
  assert.equal(message.date?.toISOString(), '2026-03-03T10:02:03.000Z');
  // The text part, whole (quoted history included), not the HTML.
  assert.match(message.text, /^Thursday works, the Küche is ready to be measured\./);
  assert.match(message.text, /> Could we visit on Thursday\?/);
  assert.deepEqual(message.attachments, []);
  assert.equal(message.attachmentBytes, 0);
  assert.equal(splitQuotedHistory(message.text).visible, 'Thursday works, the Küche is ready to be measured.');
});

test('an Outlook answer with a PDF: the attachment byte for byte, its size counted', async () => {
  const message = await parseInboundMessage(OUTLOOK_WITH_PDF);
  assert.deepEqual(message.from, { address: 'Anna.Berg@example.org', name: 'Berg, Anna' });
  assert.equal(message.attachments.length, 1);
  const [pdf] = message.attachments;
  assert.equal(pdf!.filename, 'floor plans.pdf');
  assert.equal(pdf!.contentType, 'application/pdf');
  assert.equal(pdf!.inline, false);
  assert.equal(pdf!.size, PDF.length);
  assert.ok(pdf!.content.equals(PDF), 'the PDF comes out byte-equal');
  assert.equal(message.attachmentBytes, PDF.length);
  assert.equal(message.deliveredTo.length, 0);
  assert.equal(splitQuotedHistory(message.text).visible, 'Here are the floor plans.');
});

test('a base64 body in ISO-8859-1 is decoded to text; an inline image stays an attachment', async () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
  const raw = crlf(
    'From: anna@example.org',
    'To: studio@example.com',
    'Subject: =?ISO-8859-1?Q?R=E9ponse?=',
    'Content-Type: multipart/related; boundary="rel"',
    '',
    '--rel',
    'Content-Type: text/html; charset=ISO-8859-1',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('<p>La cuisine co\xfbte 40\xa0000 \x80, voir <img src="cid:plan@x"></p>', 'latin1').toString('base64'),
    '--rel',
    'Content-Type: image/png',
    'Content-ID: <plan@x>',
    'Content-Disposition: inline',
    'Content-Transfer-Encoding: base64',
    '',
    png.toString('base64'),
    '--rel--',
    '',
  );
  const message = await parseInboundMessage(raw);
  assert.equal(message.subject, 'Réponse');
  // HTML only: turned into text, the image left out of it (ISO-8859-1 has no € at 0x80: windows-1252 does, decoders differ).
  assert.match(message.text, /^La cuisine coûte 40\u00a0000 ., voir$/);
  assert.doesNotMatch(message.text, /cid:|<img|data:/);
  assert.equal(message.attachments.length, 1);
  assert.equal(message.attachments[0]!.inline, true);
  assert.ok(message.attachments[0]!.content.equals(png));
});

test('HTML without a text part inside multipart/mixed is turned into text too', async () => {
  const raw = crlf(
    'From: anna@example.org',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Hello <b>studio</b></p><script>alert(1)</script>',
    '--b--',
    '',
  );
  const message = await parseInboundMessage(raw);
  assert.match(message.text, /Hello STUDIO|Hello studio/);
  assert.doesNotMatch(message.text, /<p>|<b>/);
});

test('an mbox "From " line, as an MTA pipe writes it, is read past; LF line ends are fine', async () => {
  const raw = Buffer.from('From anna@example.org  Tue Mar  3 10:02:03 2026\nFrom: anna@example.org\nSubject: hi\n\nThursday.\n');
  const message = await parseInboundMessage(raw);
  assert.deepEqual(message.from, { address: 'anna@example.org', name: '' });
  assert.equal(message.text.trim(), 'Thursday.');
});

test('a message without Message-ID, Date or subject still reads, with those left undefined or empty', async () => {
  const message = await parseInboundMessage(crlf('From: anna@example.org', 'Date: not a date', '', 'Hi'));
  assert.equal(message.messageId, undefined);
  assert.equal(message.inReplyTo, undefined);
  assert.deepEqual(message.references, []);
  assert.equal(message.date, undefined);
  assert.equal(message.subject, '');
});

test('malformed messages are refused, each with its reason', async () => {
  const cases: [string, Buffer, InboundMessageFault, RegExp][] = [
    ['empty', Buffer.alloc(0), 'empty', /empty/],
    ['blank', Buffer.from('\r\n \r\n'), 'empty', /empty/],
    ['an image', Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1')]), 'not-text', /binary/],
    ['no blank line', crlf('From: anna@example.org', 'Subject: hi'), 'no-separator', /blank line/],
    ['a body without headers', Buffer.from('Hello studio, any news?\r\n\r\nAnna\r\n'), 'bad-headers', /header line 1/],
    ['a broken header', crlf('From: anna@example.org', 'Subject hi', '', 'x'), 'bad-headers', /header line 2/],
    ['a fold first', crlf(' From: anna@example.org', '', 'x'), 'bad-headers', /header line 1/],
    ['no From', crlf('To: studio@example.com', 'Subject: hi', '', 'x'), 'no-from', /From/],
    ['a From without an address', crlf('From: Anna', '', 'x'), 'no-from', /From/],
    ['multipart without a boundary', crlf('From: anna@example.org', 'Content-Type: multipart/mixed', '', '--x', '', 'hi', '--x--'), 'no-boundary', /no boundary/],
    ['a boundary that never occurs', crlf('From: anna@example.org', 'Content-Type: multipart/mixed; boundary="zz"', '', '--x', '', 'hi', '--x--'), 'no-boundary', /never occurs/],
  ];
  for (const [name, raw, fault, reason] of cases) {
    const refused = await refusal(raw);
    assert.equal(refused.fault, fault, name);
    assert.match(refused.message, reason, name);
  }
});

test('attachments over MAX_ATTACHMENT_BYTES are refused as too large, the total in the reason', async () => {
  const big = Buffer.alloc(MAX_ATTACHMENT_BYTES / 2 + 1, 0x41);
  const part = (name: string): string =>
    ['--b', `Content-Type: application/octet-stream; name="${name}"`, 'Content-Disposition: attachment', 'Content-Transfer-Encoding: base64', '', base64Lines(big).join('\r\n')].join('\r\n');
  const raw = crlf('From: anna@example.org', 'Content-Type: multipart/mixed; boundary="b"', '', '--b', '', 'two files', part('a.bin'), part('b.bin'), '--b--', '');
  const refused = await refusal(raw);
  assert.equal(refused.fault, 'attachments-too-large');
  assert.match(refused.message, new RegExp(`${2 * big.length} bytes`));
});
