import { randomBytes } from 'node:crypto';

// The reply token: a random name per inquiry, carried in the local part of the studio's Reply-To
// (`studio+r-<token>@example.com`), so an answer finds its inquiry even when the homeowner's mailer
// drops In-Reply-To and References. The token is the only thing an answer needs to be filed under an
// inquiry, so it is unguessable (130 random bits), and written in lower-case base32 (a–z, 2–7): some
// mail systems lower-case local parts, and plus-addressing keeps every mail in the one inbound mailbox.

/** RFC 4648's base32 alphabet, lower-cased. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 26 characters of 5 bits each: 130 bits, at least the 128 asked of a secret. */
export const REPLY_TOKEN_LENGTH = 26;
/** What marks the token in a local part: `+r-`, so other plus-detail (`studio+news@`) is not read as one. */
const TAG = 'r-';
const TOKEN_IN_ADDRESS = new RegExp(`\\+${TAG}([${ALPHABET}]{${REPLY_TOKEN_LENGTH}})@`);
const TOKEN = new RegExp(`^[${ALPHABET}]{${REPLY_TOKEN_LENGTH}}$`);

/** A new reply token. Each random byte gives one character (its low 5 bits: 256 is a multiple of 32, so uniform). */
export function newReplyToken(): string {
  return [...randomBytes(REPLY_TOKEN_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
}

export function isReplyToken(value: string): boolean {
  return TOKEN.test(value);
}

/**
 * The address an answer to the inquiry of `token` is sent to: INBOUND_EMAIL_ADDRESS with `+r-<token>`
 * as its plus-detail (any detail it had is replaced, so the mailbox is the same).
 */
export function replyToAddress(inboundAddress: string, token: string): string {
  if (!isReplyToken(token)) throw new TypeError('not a reply token');
  const at = inboundAddress.lastIndexOf('@');
  if (at <= 0 || at === inboundAddress.length - 1) throw new TypeError(`not an address: ${JSON.stringify(inboundAddress)}`);
  const mailbox = inboundAddress.slice(0, at).split('+')[0]!;
  return `${mailbox}+${TAG}${token}${inboundAddress.slice(at)}`;
}

/**
 * The reply token among an answer's recipients (To, Cc, Delivered-To…), the first found in the order
 * given; matched case-blind, since a mail system on the way may have upper- or lower-cased the address.
 */
export function tokenIn(addresses: Iterable<string>): string | undefined {
  for (const address of addresses) {
    const found = TOKEN_IN_ADDRESS.exec(address.toLowerCase());
    if (found) return found[1];
  }
  return undefined;
}
