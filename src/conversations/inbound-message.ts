import { convert as htmlToText } from 'html-to-text';
import { parseAddressHeader, simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { messageIdsIn } from './message-ids.js';

// One raw RFC 5322 message (a homeowner's answer, as the mail provider's hook or the MTA's pipe hands it
// over) read into a plain InboundMessage. mailparser does the reading: MIME structure, transfer and
// charset decoding, encoded words, addresses. It is lenient on purpose (it reads whatever a mailbox
// holds), so what makes a message unfit to file is checked here, each refusal a one-line reason:
// mailparser reports none of these, it returns an empty message for them.

/**
 * The most attachment bytes (decoded) one message may carry. The route answers 413 above it; its body
 * limit is MAX_RAW_MESSAGE_BYTES.
 */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/**
 * The raw size that can still hold MAX_ATTACHMENT_BYTES: base64 (4 bytes per 3) in 76-character lines
 * with CRLF (78 per 76), and 1 MiB for the headers, the text and the MIME parts' own headers.
 */
export const MAX_RAW_MESSAGE_BYTES = Math.ceil(((MAX_ATTACHMENT_BYTES * 4) / 3) * (78 / 76)) + 1024 * 1024;
/** HTML longer than this is not turned into text (html-to-text's time grows with it); its text stays empty. */
const MAX_HTML_TO_TEXT = 2 * 1024 * 1024;

export interface Mailbox {
  address: string;
  /** The display name, decoded; empty when there is none. */
  name: string;
}

export interface InboundAttachment {
  /** As the sender named it (decoded); undefined when it has no name. Never a path to write to as is. */
  filename: string | undefined;
  contentType: string;
  /** Decoded bytes. */
  size: number;
  content: Buffer;
  /** An image or part the HTML body referred to (cid:), kept as an attachment and never rendered. */
  inline: boolean;
}

export interface InboundMessage {
  /** `<id>`, or undefined when the sender's mailer gave none. */
  messageId: string | undefined;
  inReplyTo: string | undefined;
  /** `<id>` each, oldest first, as the header lists them. */
  references: string[];
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  /** The envelope recipients the receiving systems recorded: Delivered-To, X-Original-To, Envelope-To. */
  deliveredTo: string[];
  /** Return-Path's address (the envelope sender), when there is one. */
  returnPath: string | undefined;
  subject: string;
  /** Undefined when the Date header is missing or unreadable. */
  date: Date | undefined;
  /** The whole plain text: the text part(s), or the HTML turned into text when there is none. */
  text: string;
  attachments: InboundAttachment[];
  /** Decoded bytes of every attachment together: what MAX_ATTACHMENT_BYTES limits. */
  attachmentBytes: number;
}

export type InboundMessageFault =
  | 'empty'
  | 'not-text'
  | 'no-separator'
  | 'bad-headers'
  | 'no-from'
  | 'no-boundary'
  | 'unreadable'
  | 'attachments-too-large';

/** A message refused: `fault` for the caller to answer by (413 for attachments-too-large), `message` one line for a person. */
export class InboundMessageError extends Error {
  constructor(
    readonly fault: InboundMessageFault,
    reason: string,
  ) {
    super(reason);
    this.name = 'InboundMessageError';
  }
}

/** Reads one raw message; throws InboundMessageError when it is not one to file. */
export async function parseInboundMessage(raw: Buffer): Promise<InboundMessage> {
  const message = withoutMboxLine(checkedRaw(raw));
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(message, {
      // Only the text is wanted: no HTML made from the text, no links, and inline images stay attachments.
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: MAX_HTML_TO_TEXT,
    });
  } catch (error) {
    throw new InboundMessageError('unreadable', `the message could not be read: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
  checkMultipart(parsed, message);
  const from = mailboxes(parsed.from)[0];
  if (!from) throw new InboundMessageError('no-from', 'the message has no From address');
  const attachments = parsed.attachments.map<InboundAttachment>((part) => ({
    filename: part.filename,
    contentType: part.contentType,
    size: part.content.length,
    content: part.content,
    inline: part.related === true || part.contentDisposition === 'inline',
  }));
  const attachmentBytes = attachments.reduce((sum, part) => sum + part.size, 0);
  if (attachmentBytes > MAX_ATTACHMENT_BYTES) {
    throw new InboundMessageError(
      'attachments-too-large',
      `the attachments come to ${attachmentBytes} bytes, more than the ${MAX_ATTACHMENT_BYTES} allowed`,
    );
  }
  return {
    messageId: messageIdsIn(parsed.messageId)[0],
    inReplyTo: messageIdsIn(parsed.inReplyTo)[0],
    references: messageIdsIn(parsed.references),
    from,
    to: mailboxes(parsed.to),
    cc: mailboxes(parsed.cc),
    replyTo: mailboxes(parsed.replyTo),
    deliveredTo: envelopeRecipients(parsed),
    returnPath: mailboxes(parseAddressHeader(headerValues(parsed, 'return-path')))[0]?.address,
    subject: parsed.subject ?? '',
    date: dateOf(parsed),
    text: textOf(parsed),
    attachments,
    attachmentBytes,
  };
}

/**
 * What mailparser would read as an empty message or as a body without headers: nothing at all, bytes
 * that are not text, no blank line after the headers, a header line that is not `Name: value`.
 */
function checkedRaw(raw: Buffer): Buffer {
  if (raw.length === 0 || raw.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a)) {
    throw new InboundMessageError('empty', 'the message is empty');
  }
  const end = headerEnd(raw);
  const head = raw.subarray(0, end ?? raw.length).toString('latin1');
  // A control byte other than tab, CR and LF in the headers: this is a file (an image, an archive), not a message.
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(head)) {
    throw new InboundMessageError('not-text', 'the message is binary data, not a text message');
  }
  if (end === undefined) throw new InboundMessageError('no-separator', 'the message has no blank line between its headers and its body');
  const lines = head.split(/\r?\n/);
  if (lines[0]!.startsWith('From ')) lines.shift(); // an mbox envelope line, as an MTA's pipe may write
  lines.forEach((line, index) => {
    // A header is `Name: value` (RFC 5322 2.2: printable ASCII but the colon), or continues the one before (folding).
    const folded = /^[ \t]/.test(line) && index > 0;
    if (!folded && !/^[\x21-\x39\x3b-\x7e]+:/.test(line)) {
      throw new InboundMessageError('bad-headers', `header line ${index + 1} is not a "Name: value" header`);
    }
  });
  return raw;
}

/** Where the header section ends (the index of its blank line), or undefined when there is none. */
function headerEnd(raw: Buffer): number | undefined {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const found = [crlf, lf].filter((index) => index >= 0);
  return found.length > 0 ? Math.min(...found) : undefined;
}

/** mailparser would take an mbox `From ` line for the start of the body. */
function withoutMboxLine(raw: Buffer): Buffer {
  if (raw.subarray(0, 5).toString('latin1') !== 'From ') return raw;
  return raw.subarray(raw.indexOf('\n') + 1);
}

/**
 * A multipart message without a boundary, or whose boundary never occurs in it, has lost its parts:
 * mailparser gives it an empty body without a word. Checked for the message's own Content-Type.
 */
function checkMultipart(parsed: ParsedMail, raw: Buffer): void {
  const contentType = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (!contentType?.value?.toLowerCase().startsWith('multipart/')) return;
  const boundary = contentType.params?.boundary;
  if (!boundary) throw new InboundMessageError('no-boundary', `the message is ${contentType.value} but has no boundary`);
  if (raw.indexOf(`--${boundary}`) < 0) {
    throw new InboundMessageError('no-boundary', `the message is ${contentType.value} but its boundary never occurs in it`);
  }
}

/** mailparser puts the time of parsing where a Date header does not parse: that is no date of the message's. */
function dateOf(parsed: ParsedMail): Date | undefined {
  const [value] = headerValues(parsed, 'date');
  if (value === undefined || Number.isNaN(new Date(value.trim()).getTime())) return undefined;
  return parsed.date;
}

function textOf(parsed: ParsedMail): string {
  if (parsed.text) return parsed.text;
  // mailparser turns HTML into text only for a message that is HTML alone; HTML inside multipart/mixed
  // (a mailer's HTML-only answer with an attachment) is left to us.
  if (typeof parsed.html === 'string' && parsed.html.length <= MAX_HTML_TO_TEXT) {
    return htmlToText(parsed.html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
  }
  return '';
}

function mailboxes(header: AddressObject | AddressObject[] | undefined): Mailbox[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects
    .flatMap((object) => object.value)
    .flatMap((entry) => entry.group ?? [entry])
    .filter((entry) => entry.address)
    .map((entry) => ({ address: entry.address!, name: entry.name ?? '' }));
}

/** The raw values of a header, each occurrence, without its name (mailparser's own reading of it varies by header). */
function headerValues(parsed: ParsedMail, key: string): string[] {
  return parsed.headerLines.filter((line) => line.key === key).map((line) => line.line.slice(line.line.indexOf(':') + 1));
}

function envelopeRecipients(parsed: ParsedMail): string[] {
  const values = ['delivered-to', 'x-original-to', 'envelope-to'].flatMap((key) => headerValues(parsed, key));
  return [...new Set(mailboxes(parseAddressHeader(values)).map((mailbox) => mailbox.address))];
}
