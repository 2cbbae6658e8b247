import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InboundFiled } from '../contract/conversation.js';
import { ApiError } from '../contract/errors.js';
import { INBOUND_EMAIL_PATH } from '../contract/paths.js';
import { ErrorBody } from '../contract/responses.js';
import { RefOf } from '../contract/schema-helpers.js';
import type { Conversations } from '../conversations/conversations.js';
import { MAX_ATTACHMENT_BYTES } from '../conversations/inbound-message.js';
import { SIGNATURE_TOLERANCE_SECONDS } from '../conversations/inbound-signature.js';
import { receiveMessage } from '../conversations/receive.js';
import { sendApiError } from '../http/errors.js';

// POST /inbound/email: one raw message (message/rfc822) from the mail provider's inbound hook or an MTA
// pipe, signed as a Standard Webhook with INBOUND_EMAIL_SECRET. The signature is checked over the raw
// bytes before anything reads them; then the message is parsed, matched and filed (src/conversations/).

export const RAW_MESSAGE_TYPE = 'message/rfc822';

const error = (description: string) => RefOf(ErrorBody, { description });
const signatureHeader = (description: string) => ({ type: 'string', description });

const DESCRIPTION = [
  'Takes one raw RFC 5322 message, as a mail provider\'s inbound hook or an MTA pipe delivers it: a homeowner\'s answer to a reply sent from the studio\'s inbox.',
  `The request is a Standard Webhook (https://www.standardwebhooks.com) signed over the raw bytes with INBOUND_EMAIL_SECRET: webhook-id, webhook-timestamp (within ${SIGNATURE_TOLERANCE_SECONDS} seconds of now) and webhook-signature (v1, HMAC-SHA256).`,
  'The message is matched to its inquiry by the reply token in its recipients (INBOUND_EMAIL_ADDRESS plus-addressed), else by In-Reply-To/References; one that matches nothing is kept in the inbox\'s Unmatched view.',
  `Its attachments (at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB together) are kept for the studio's operators. Every refusal stores nothing.`,
].join(' ');

export const INBOUND_EMAIL_SCHEMA = {
  operationId: 'receiveInboundEmail',
  summary: 'File a homeowner\'s answer (raw email)',
  description: DESCRIPTION,
  tags: ['inbound'],
  security: [],
  headers: {
    type: 'object',
    properties: {
      'webhook-id': signatureHeader('The delivery\'s id (Standard Webhooks).'),
      'webhook-timestamp': signatureHeader('Seconds since the epoch when it was signed.'),
      'webhook-signature': signatureHeader('v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">, space-separated when several.'),
    },
  },
  body: { content: { [RAW_MESSAGE_TYPE]: { schema: { description: 'One raw RFC 5322 message, as received.' } } } },
  response: {
    200: { ...InboundFiled, description: 'Filed: on its inquiry (matched) or in the Unmatched view.' },
    400: error('The message cannot be read (code invalid_message; the message says why), or a header is invalid (invalid_request).'),
    401: error('Unsigned, badly signed, or signed too long ago (replayed): code invalid_signature. Nothing was stored.'),
    404: error('Inbound email is not configured (INBOUND_EMAIL_SECRET is unset): code not_found.'),
    413: error('The message is larger than a message with 20 MB of attachments can be, or its attachments come to more: code message_too_large.'),
    415: error('The body is not message/rfc822: code unsupported_media_type.'),
    500: error('Internal error: code internal_error.'),
  },
};

function notConfigured(): ApiError {
  return new ApiError('not_found', {
    message: 'Inbound email is not configured on this service.',
    hint: 'The studio sets INBOUND_EMAIL_SECRET (and INBOUND_EMAIL_ADDRESS) to take answers by mail; see the configuration guide.',
  });
}

export function registerInboundEmail(scope: FastifyInstance, conversations: Conversations): void {
  scope.post(INBOUND_EMAIL_PATH, { schema: INBOUND_EMAIL_SCHEMA }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!conversations.verifier) return sendApiError(reply, notConfigured());
    const raw = request.body as Buffer;
    conversations.verifier.verify(raw, request.headers);
    const received = await receiveMessage(conversations.receiving, raw);
    return reply.send({ id: received.id, matched: received.inquiryId !== null, inquiry_id: received.inquiryId });
  });
}
