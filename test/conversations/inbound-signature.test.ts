import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { inboundVerifier, InboundSignatureError, SIGNATURE_TOLERANCE_SECONDS } from '../../src/conversations/inbound-signature.js';

// The Standard Webhooks signature over the raw message: the package's own signatures verify, anything
// unsigned, badly signed or stale is refused with its reason, and a body that is not UTF-8 is checked byte for byte.

const SECRET = `whsec_${Buffer.from('inbound-email-secret-of-32-bytes').toString('base64')}`;
const NOW = Date.UTC(2026, 2, 3, 10, 0, 0);
const verifier = inboundVerifier(SECRET, () => NOW);
const RAW = Buffer.from('From: Anna <anna@example.org>\r\nSubject: Re: kitchen\r\n\r\nThursday works.\r\n');

function signed(body: Buffer | string, at = NOW, id = 'msg_1'): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, new Date(at), body) };
}

function refusal(body: Uint8Array, headers: Record<string, string>): string {
  try {
    verifier.verify(body, headers);
  } catch (error) {
    assert.ok(error instanceof InboundSignatureError);
    assert.doesNotMatch(error.message, /\n/);
    return error.fault;
  }
  assert.fail('verified');
}

test('a message signed by the standardwebhooks package verifies, and gives its webhook-id', () => {
  assert.equal(verifier.verify(RAW, signed(RAW.toString())), 'msg_1');
  // Header names in any case, several signatures (a secret being rotated) with one that matches.
  const headers = signed(RAW.toString());
  assert.equal(verifier.verify(RAW, { 'Webhook-Id': headers['webhook-id']!, 'WEBHOOK-TIMESTAMP': headers['webhook-timestamp']!, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }), 'msg_1');
});

test('an unsigned message is refused', () => {
  assert.equal(refusal(RAW, {}), 'unsigned');
  const { 'webhook-signature': _, ...withoutSignature } = signed(RAW.toString());
  assert.equal(refusal(RAW, withoutSignature), 'unsigned');
});

test('a bad signature, another body or another id is refused', () => {
  assert.equal(refusal(RAW, { ...signed(RAW.toString()), 'webhook-signature': 'v1,bm90IHRoZSBzaWduYXR1cmU=' }), 'bad-signature');
  assert.equal(refusal(Buffer.concat([RAW, Buffer.from('x')]), signed(RAW.toString())), 'bad-signature');
  assert.equal(refusal(RAW, { ...signed(RAW.toString()), 'webhook-id': 'msg_2' }), 'bad-signature');
  assert.equal(refusal(RAW, { ...signed(RAW.toString()), 'webhook-signature': signed(RAW.toString())['webhook-signature']!.replace('v1,', 'v2,') }), 'bad-signature');
  const otherSecret = new Webhook(`whsec_${Buffer.from('another-secret-another-secret-32').toString('base64')}`);
  assert.equal(refusal(RAW, { ...signed(RAW.toString()), 'webhook-signature': otherSecret.sign('msg_1', new Date(NOW), RAW.toString()) }), 'bad-signature');
});

test('a timestamp outside the tolerance (a replay) is refused, one inside it verifies', () => {
  const limit = SIGNATURE_TOLERANCE_SECONDS * 1000;
  assert.equal(refusal(RAW, signed(RAW.toString(), NOW - limit - 1000)), 'replayed');
  assert.equal(refusal(RAW, signed(RAW.toString(), NOW + limit + 1000)), 'replayed');
  assert.equal(verifier.verify(RAW, signed(RAW.toString(), NOW - limit)), 'msg_1');
  assert.equal(refusal(RAW, { ...signed(RAW.toString()), 'webhook-timestamp': 'yesterday' }), 'bad-timestamp');
});

test('a body that is not UTF-8 is verified over its bytes, which the package cannot do', () => {
  // ISO-8859-1 "Küche" (0xFC) in an 8-bit body, signed over its bytes as the spec says.
  const latin1 = Buffer.concat([Buffer.from('From: anna@example.org\r\nContent-Transfer-Encoding: 8bit\r\n\r\nK'), Buffer.from([0xfc]), Buffer.from('che\r\n')]);
  const timestamp = String(Math.floor(NOW / 1000));
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const overBytes = createHmac('sha256', key).update(`msg_1.${timestamp}.`).update(latin1).digest('base64');
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${overBytes}` };
  assert.equal(verifier.verify(latin1, headers), 'msg_1');
  // Another byte where 0xFC was: the package, decoding both to U+FFFD, could not tell them apart; the bytes do.
  const forged = Buffer.from(latin1);
  forged[forged.indexOf(0xfc)] = 0xfd;
  assert.equal(forged.toString(), latin1.toString(), 'the two bodies are one text to the package');
  assert.equal(refusal(forged, headers), 'bad-signature');
});

test('an empty secret is refused at construction', () => {
  assert.throws(() => inboundVerifier('whsec_'), TypeError);
});
