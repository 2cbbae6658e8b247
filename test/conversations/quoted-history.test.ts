import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TRIMMED_TEXT, splitQuotedHistory } from '../../src/conversations/quoted-history.js';

// Trimming an answer for display: what the homeowner wrote stays visible; quoted history and signatures go to `quoted`.

test('a Gmail answer: the "On … wrote:" block and its > lines are quoted', () => {
  const text = [
    'Thursday works for us, the garden gate will be open.',
    '',
    'Anna',
    '',
    'On Tue, 3 Mar 2026 at 10:00, Studio Atelier <studio@example.com> wrote:',
    '> Dear Anna,',
    '> could we visit the site on Thursday?',
    '>',
    '> Studio Atelier',
  ].join('\n');
  const { visible, quoted } = splitQuotedHistory(text);
  assert.equal(visible, 'Thursday works for us, the garden gate will be open.\n\nAnna');
  assert.match(quoted, /^On Tue, 3 Mar 2026 at 10:00, Studio Atelier <studio@example.com> wrote:/);
  assert.match(quoted, /> could we visit the site on Thursday\?/);
});

test('an Outlook answer: "-----Original Message-----" and everything below it are quoted', () => {
  const text = [
    'Yes, please send the quote by Friday.',
    '',
    '-----Original Message-----',
    'From: Studio Atelier <studio@example.com>',
    'Sent: Tuesday, March 3, 2026 10:00 AM',
    'To: Anna Berg <anna@example.org>',
    'Subject: Your kitchen',
    '',
    'Dear Anna, shall we send the quote?',
  ].join('\r\n');
  const { visible, quoted } = splitQuotedHistory(text);
  assert.equal(visible, 'Yes, please send the quote by Friday.');
  assert.match(quoted, /-----Original Message-----/);
  assert.match(quoted, /Dear Anna, shall we send the quote\?/);
});

test('a newer Outlook answer: the "From: … Sent: …" block without a rule is quoted', () => {
  const text = [
    'Budget is around 40k.',
    '',
    'From: Studio Atelier <studio@example.com>',
    'Sent: Tuesday, March 3, 2026 10:00 AM',
    'To: Anna Berg <anna@example.org>',
    'Subject: Your kitchen',
    '',
    'What budget do you have in mind?',
  ].join('\n');
  const { visible, quoted } = splitQuotedHistory(text);
  assert.equal(visible, 'Budget is around 40k.');
  assert.match(quoted, /^From: Studio Atelier/);
  assert.match(quoted, /What budget do you have in mind\?/);
});

test('a signature after "-- " is trimmed', () => {
  const { visible, quoted } = splitQuotedHistory('The plans look great.\n\n-- \nAnna Berg\n+44 20 7946 0000');
  assert.equal(visible, 'The plans look great.');
  assert.match(quoted, /Anna Berg\n\+44 20 7946 0000/);
});

test('an answer with nothing quoted is visible whole', () => {
  const text = 'Thanks!\n\nWe would like a larger window in the loft > 1.2 m wide.';
  assert.deepEqual(splitQuotedHistory(text), { visible: text, quoted: '' });
});

test('an answer that is all quotation is shown whole rather than blank', () => {
  const text = 'On Tue, 3 Mar 2026 at 10:00, Studio <studio@example.com> wrote:\n> Any news?';
  assert.deepEqual(splitQuotedHistory(text), { visible: text, quoted: '' });
});

test('a text past MAX_TRIMMED_TEXT is shown whole, untouched by the parser', () => {
  const text = `Long answer\n\n${'x'.repeat(MAX_TRIMMED_TEXT)}\n\n-- \nAnna`;
  assert.deepEqual(splitQuotedHistory(text), { visible: text, quoted: '' });
});
