import type { Reader } from './reader.js';

// The morning digest of the web inbox (src/inquiries/digest.ts): one mail a day to the studio.

export interface DigestConfig {
  /** INBOX_DIGEST: a mail each morning to INBOX_EMAIL_TO with new inquiries, replies waiting and stale leads. */
  inboxDigest: boolean;
  /** INBOX_DIGEST_HOUR: the studio's hour (STUDIO_TIME_ZONE, 0–23) from which the day's digest goes out. */
  inboxDigestHour: number;
}

export const DEFAULT_DIGEST_HOUR = 7;

export function readDigest(r: Reader): DigestConfig {
  const on = r.flag('INBOX_DIGEST', false);
  // The digest is an email: without the SMTP server and the studio's address it could never be sent.
  if (on && r.raw('SMTP_URL') === undefined) r.fail('SMTP_URL', 'is required when INBOX_DIGEST is true (the digest is an email)');
  if (on && r.raw('INBOX_EMAIL_TO') === undefined) r.fail('INBOX_EMAIL_TO', 'is required when INBOX_DIGEST is true (the address the digest goes to)');
  return { inboxDigest: on, inboxDigestHour: r.integer('INBOX_DIGEST_HOUR', DEFAULT_DIGEST_HOUR, 0, 23) };
}
