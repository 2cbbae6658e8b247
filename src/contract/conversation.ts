import { Type, type Static, type TSchema } from 'typebox';
import { NOTIFICATION_STATUSES } from './inquiry.js';
import { LOCALES } from './locales.js';
import { StringEnum } from './schema-helpers.js';

// Conversations: an operator's reply from the inbox, the homeowner's answers by mail, and how the read
// API and the webhook show a message. The one source of these shapes: the routes validate with them,
// the OpenAPI document shows them, and the webhook notifier's payloads are typed from them.

/** Longest reply an operator may send from the inbox: a long letter, not a document (attach one by mail). */
export const MAX_REPLY_TEXT_LENGTH = 20_000;

const time = (description: string) => Type.String({ format: 'date-time', description });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageAttachmentInfo = Type.Object({
  filename: Type.String({ description: 'As the sender named it ("attachment" when it had no name).' }),
  content_type: Type.String({ description: 'As the sender declared it.' }),
  size: Type.Integer({ minimum: 0, description: 'Decoded bytes.' }),
}, { title: 'MessageAttachment' });

/** One message of an inquiry's conversation, as the read API shows it. */
export const ThreadMessage = Type.Object({
  direction: StringEnum(['in', 'out'] as const, { description: 'in: the homeowner\'s answer; out: the studio\'s reply from the inbox.' }),
  at: time('When it was received (in) or queued (out).'),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String({ description: 'The whole text, quoted history included.' }),
  status: nullable(StringEnum(NOTIFICATION_STATUSES, {
    description: 'An outgoing message\'s delivery: pending (sending), done (sent), failed (given up; see the inbox); null for an incoming one.',
  })),
  attachments: Type.Array(MessageAttachmentInfo),
}, { title: 'ThreadMessage' });
export type ThreadMessage = Static<typeof ThreadMessage>;

/** What POST /inbound/email answers once the message is filed. */
export const InboundFiled = Type.Object({
  id: Type.String({ description: 'The stored message\'s id.' }),
  matched: Type.Boolean({ description: 'Whether it was filed on an inquiry (by its reply token or In-Reply-To/References); false: it waits in the inbox\'s Unmatched view.' }),
  inquiry_id: nullable(Type.String({ description: 'The inquiry it joined; null when unmatched.' })),
}, { title: 'InboundFiled' });
export type InboundFiled = Static<typeof InboundFiled>;

// ── The webhook's events (INBOX_WEBHOOK_URL), documented under `webhooks` in /openapi.json ──

const event = <T extends string, D extends TSchema>(type: T, title: string, description: string, timestamp: string, data: D) =>
  Type.Object({ type: Type.Literal(type), timestamp: time(timestamp), data }, { title, description });

export const InquiryReceivedEvent = event('inquiry.received', 'InquiryReceivedEvent',
  'A new inquiry was stored (not sent for spam). webhook-id is the inquiry\'s id.', 'When it was received: the same on every retry.',
  Type.Object({
    id: Type.String(), name: Type.String(), email: Type.String(), phone: nullable(Type.String()), message: Type.String(),
    location: Type.String(), budget: Type.String(), phase: Type.String(),
    language: Type.Optional(Type.String({ description: `The language to answer the inquirer in (${LOCALES.join(', ')}). Always sent now; optional so that receivers written before it need no change.` })),
    received_at: time('When it was stored.'),
  }));
export type InquiryReceivedEvent = Static<typeof InquiryReceivedEvent>;

export const InquiryRepliedEvent = event('inquiry.replied', 'InquiryRepliedEvent',
  'The homeowner answered: a message was filed on the inquiry\'s conversation. webhook-id is `<inquiry id>.<message id>`.', 'When the message was received.',
  Type.Object({
    inquiry_id: Type.String(),
    message: Type.Object({
      id: Type.String(), received_at: time('When it was received.'), from: Type.String(), to: Type.String(), subject: Type.String(),
      text: Type.String({ description: 'The whole text, quoted history included.' }),
      attachments: Type.Array(MessageAttachmentInfo),
    }),
  }));
export type InquiryRepliedEvent = Static<typeof InquiryRepliedEvent>;

export const InquiryStageChangedEvent = event('inquiry.stage_changed', 'InquiryStageChangedEvent',
  'An operator moved the inquiry to another stage of the pipeline. webhook-id is `<inquiry id>.<activity id>`.', 'When it moved.',
  Type.Object({
    inquiry_id: Type.String(), from: Type.String(), to: Type.String(),
    by: Type.String({ description: 'An operator\'s address, cli:<user>, or system.' }), changed_at: time('When it moved.'),
  }));
export type InquiryStageChangedEvent = Static<typeof InquiryStageChangedEvent>;
