import type { TSchema } from 'typebox';
import { InquiryReceivedEvent, InquiryRepliedEvent, InquiryStageChangedEvent } from '../contract/conversation.js';
import { plainSchema } from '../contract/schema-helpers.js';

// The document's top-level `webhooks` (OpenAPI 3.1): what the webhook channel (INBOX_WEBHOOK_URL) POSTs,
// each event's body from the contract's schema, the one the notifier's payloads are typed from
// (src/inquiries/notifiers/webhook.ts), so a CRM can follow an inquiry without reading our code.

const SIGNATURE_HEADERS = [
  ['webhook-id', 'Stable per event: de-duplicate on it (delivery is at least once).'],
  ['webhook-timestamp', 'Seconds since the epoch when this attempt was signed; refuse one far from now.'],
  ['webhook-signature', 'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with INBOX_WEBHOOK_SECRET (Standard Webhooks).'],
] as const;

function webhook(operationId: string, summary: string, schema: TSchema): object {
  const body = plainSchema(schema);
  return {
    post: {
      operationId,
      summary,
      description: `${String(body.description ?? '')} Signed per Standard Webhooks (https://www.standardwebhooks.com); retried with backoff until a 2xx.`,
      tags: ['inquiries'],
      parameters: SIGNATURE_HEADERS.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: {
        '2XX': { description: 'Received: not sent again.' },
        default: { description: 'Any other answer (or none within 10 seconds): sent again later.' },
      },
    },
  };
}

export function webhookDocs(): Record<string, object> {
  return {
    'inquiry.received': webhook('inquiryReceived', 'A new inquiry', InquiryReceivedEvent),
    'inquiry.replied': webhook('inquiryReplied', 'The homeowner answered', InquiryRepliedEvent),
    'inquiry.stage_changed': webhook('inquiryStageChanged', 'The inquiry moved to another stage', InquiryStageChangedEvent),
  };
}
