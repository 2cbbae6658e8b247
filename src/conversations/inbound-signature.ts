import { createHmac, timingSafeEqual } from 'node:crypto';
import { seconds, systemClock, type Clock } from '../lib/clock.js';

// The signature on an inbound message: the mail provider's hook or the MTA pipe signs the raw message as
// a Standard Webhook (https://www.standardwebhooks.com) with INBOUND_EMAIL_SECRET, the scheme the
// service's own webhook notifier signs with (the standardwebhooks package). Verified here over the raw
// bytes rather than with that package's verify(): it signs `${id}.${timestamp}.${payload}` as a string,
// and turns a Buffer into one with toString(), UTF-8, which maps every byte sequence that is not UTF-8
// to U+FFFD. A message in ISO-8859-1 or with an 8-bit part would then be checked as another text, and
// two different bodies would carry the same signature. The spec signs the body's bytes: so do we, with
// the same key, the same HMAC-SHA256 and the same tolerance; for a UTF-8 body the result is the
// package's own (test/conversations/inbound-signature.test.ts signs with it).

/** How far webhook-timestamp may be from now, either way: the package's own tolerance (it does not export it). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';

export type SignatureFault = 'unsigned' | 'bad-timestamp' | 'replayed' | 'bad-signature';

/** A refused message: `fault` for the caller, `message` one line that says why (no secret, no signature in it). */
export class InboundSignatureError extends Error {
  constructor(
    readonly fault: SignatureFault,
    reason: string,
  ) {
    super(reason);
    this.name = 'InboundSignatureError';
  }
}

export interface InboundVerifier {
  /** Throws InboundSignatureError unless `headers` sign `body` with the secret within the tolerance; returns webhook-id (to de-duplicate on). */
  verify(body: Uint8Array, headers: Readonly<Record<string, string | string[] | undefined>>): string;
}

/** A verifier for INBOUND_EMAIL_SECRET (`whsec_<base64>`, as the package takes it). */
export function inboundVerifier(secret: string, clock: Clock = systemClock): InboundVerifier {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  if (key.length === 0) throw new TypeError('the inbound email secret is empty');
  return {
    verify(body, headers) {
      const id = single(headers, 'webhook-id');
      const timestamp = single(headers, 'webhook-timestamp');
      const signatures = single(headers, 'webhook-signature');
      if (!id || !timestamp || !signatures) {
        throw new InboundSignatureError('unsigned', 'the message is not signed (webhook-id, webhook-timestamp and webhook-signature are required)');
      }
      if (!/^\d{1,12}$/.test(timestamp)) throw new InboundSignatureError('bad-timestamp', 'webhook-timestamp is not a number of seconds');
      if (Math.abs(seconds(clock()) - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
        throw new InboundSignatureError('replayed', `webhook-timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now (a replay, or a clock far off)`);
      }
      const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
      // Several signatures may be sent, space-separated (a secret being rotated): one v1 match is enough.
      const matches = signatures.split(' ').some((versioned) => {
        const [version, signature] = versioned.split(',');
        if (version !== 'v1' || !signature) return false;
        const given = Buffer.from(signature, 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!matches) throw new InboundSignatureError('bad-signature', 'no webhook-signature matches the message');
      return id;
    },
  };
}

/** A header's one value, whichever case its name came in (Node gives lower case; a test or a proxy may not). */
function single(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
