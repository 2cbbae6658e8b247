import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageIdsIn, replyMessageId, threadIds } from '../../src/conversations/message-ids.js';
import { isReplyToken, newReplyToken, REPLY_TOKEN_LENGTH, replyToAddress, tokenIn } from '../../src/conversations/reply-token.js';

// The reply token in a plus-address, found again among an answer's recipients; the Message-IDs of the
// studio's replies and the ids that match an answer to its conversation.

test('a reply token is 26 lower-case base32 characters (130 bits), a new one each time', () => {
  const tokens = Array.from({ length: 200 }, () => newReplyToken());
  for (const token of tokens) assert.match(token, /^[a-z2-7]{26}$/);
  assert.equal(REPLY_TOKEN_LENGTH * 5 >= 128, true);
  assert.equal(new Set(tokens).size, tokens.length);
  // Every character of the alphabet turns up: the draw covers all 32, not a part of them.
  assert.equal(new Set(tokens.join('')).size, 32);
});

test('replyToAddress puts +r-<token> on the local part of the inbound address, replacing any detail', () => {
  const token = newReplyToken();
  assert.equal(replyToAddress('studio@mail.example.com', token), `studio+r-${token}@mail.example.com`);
  assert.equal(replyToAddress('studio+inbound@example.com', token), `studio+r-${token}@example.com`);
  assert.throws(() => replyToAddress('studio', token), TypeError);
  assert.throws(() => replyToAddress('studio@example.com', 'NOT-A-TOKEN'), TypeError);
});

test('tokenIn finds the token among the recipients, case-blind, and ignores other plus-detail', () => {
  const token = newReplyToken();
  const address = replyToAddress('studio@example.com', token);
  assert.equal(tokenIn(['anna@example.org', 'studio+news@example.com', address]), token);
  assert.equal(tokenIn([address.toUpperCase()]), token, 'a mail system upper-cased the address');
  assert.equal(tokenIn(['studio@example.com', 'studio+r-short@example.com']), undefined);
  assert.equal(tokenIn([]), undefined);
  assert.equal(isReplyToken(token), true);
  assert.equal(isReplyToken(token.toUpperCase()), false);
});

test('a reply Message-ID is stable and takes the domain of the sender', () => {
  assert.equal(replyMessageId('0192f3a0-7c1d-7000-8000-00000000abcd', 'Studio@Mail.Example.COM'), '<reply.0192f3a0-7c1d-7000-8000-00000000abcd@mail.example.com>');
  assert.equal(replyMessageId('42', 'studio@example.com'), replyMessageId('42', 'studio@example.com'));
  assert.throws(() => replyMessageId('a b', 'studio@example.com'), TypeError);
  assert.throws(() => replyMessageId('42', 'studio'), TypeError);
});

test('message ids are read from folded, commented or bare header values', () => {
  assert.deepEqual(messageIdsIn('<a@x>\r\n <b@y>  <c@z>'), ['<a@x>', '<b@y>', '<c@z>']);
  assert.deepEqual(messageIdsIn("<a@x> (Anna's message)"), ['<a@x>']);
  assert.deepEqual(messageIdsIn('bare@x'), ['<bare@x>']);
  assert.deepEqual(messageIdsIn(['<a@x>', '<b@y>']), ['<a@x>', '<b@y>']);
  assert.deepEqual(messageIdsIn(''), []);
  assert.deepEqual(messageIdsIn(undefined), []);
});

test('threadIds: In-Reply-To first, then References newest first, each once', () => {
  assert.deepEqual(threadIds('<r2@studio>', ['<inq@studio>', '<r1@studio>', '<a1@home>', '<r2@studio>']), [
    '<r2@studio>',
    '<a1@home>',
    '<r1@studio>',
    '<inq@studio>',
  ]);
  assert.deepEqual(threadIds(undefined, ['<inq@studio>', '<r1@studio>']), ['<r1@studio>', '<inq@studio>']);
  assert.deepEqual(threadIds(undefined, []), []);
});
