import type { Reader } from './reader.js';

// Conversations by mail: where the homeowner's answers to the studio's replies arrive, and the secret the
// mail provider's hook (or the MTA's pipe) signs each raw message with. The replies themselves go out on
// SMTP_URL from INBOX_EMAIL_FROM (the notifications section): the reply channel is on when both are set.

export interface ConversationsConfig {
  /** INBOUND_EMAIL_ADDRESS: the mailbox answers reach; replies carry it plus-addressed with the inquiry's token as Reply-To. */
  inboundEmailAddress: string | undefined;
  /** INBOUND_EMAIL_SECRET (whsec_…): POST /inbound/email is answered only when it is set. */
  inboundEmailSecret: string | undefined;
}

function readInboundSecret(r: Reader): string | undefined {
  const value = r.raw('INBOUND_EMAIL_SECRET');
  if (value === undefined) return undefined;
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return r.fail('INBOUND_EMAIL_SECRET', 'must be a Standard Webhooks secret: whsec_ followed by base64');
  }
  return value;
}

export function readConversations(r: Reader): ConversationsConfig {
  return { inboundEmailAddress: r.email('INBOUND_EMAIL_ADDRESS'), inboundEmailSecret: readInboundSecret(r) };
}
