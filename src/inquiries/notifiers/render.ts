import { enumLabelOf } from '../../contract/inquiry-labels.js';
import { localeLabel } from '../../contract/locales.js';
import { escapeHtml } from '../../lib/escape-html.js';
import type { StudioTime } from '../../lib/studio-time.js';
import type { StoredInquiry } from '../ports.js';

// How an inquiry reads to a person at the studio: one list of labelled fields shared by the plain-text
// and HTML bodies of the email, so both always show the same fields in the same order. The time is the
// studio's (STUDIO_TIME_ZONE, with its abbreviation); the webhook's JSON keeps RFC 3339 UTC for machines.

/** "Label (raw-value)", so the studio sees the exact value that was submitted too. */
function enumField(field: string, value: string): string {
  return `${enumLabelOf(field, value) ?? 'Unknown'} (${singleLine(value)})`;
}

export interface LabelledField {
  label: string;
  value: string;
}

/**
 * Collapses every control character (CR, LF, TAB, NUL, DEL, C1) and run of whitespace into one space.
 * Single-line fields pass through here before they reach a header or a one-line slot of a body, so a
 * stray line break can neither inject a header nor fake an extra "Field: value" line.
 */
export function singleLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

/** The message keeps its line breaks (normalised to LF); other control characters are dropped. */
export function multiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').trim();
}

/** Every field except the message, in reading order, with enum values shown as label plus raw value. */
export function inquiryFields(inquiry: StoredInquiry, time: StudioTime): LabelledField[] {
  return [
    { label: 'Name', value: singleLine(inquiry.name) },
    { label: 'Email', value: singleLine(inquiry.email) },
    { label: 'Phone', value: inquiry.phone ? singleLine(inquiry.phone) : 'not given' },
    { label: 'Location', value: enumField('location', inquiry.location) },
    { label: 'Budget', value: enumField('budget', inquiry.budget) },
    { label: 'Phase', value: enumField('phase', inquiry.phase) },
    { label: 'Language', value: localeLabel(inquiry.language) },
    { label: 'Received', value: time.text(inquiry.receivedAt) },
    { label: 'Inquiry id', value: singleLine(inquiry.id) },
  ];
}

/** A subject a person can triage from the inbox list: who, where, how big. */
export function inquirySubject(inquiry: StoredInquiry): string {
  const location = enumLabelOf('location', inquiry.location) ?? singleLine(inquiry.location);
  const budget = enumLabelOf('budget', inquiry.budget) ?? singleLine(inquiry.budget);
  return `Project inquiry from ${singleLine(inquiry.name)}: ${location}, ${budget}`;
}

export function inquiryText(inquiry: StoredInquiry, time: StudioTime): string {
  const fields = inquiryFields(inquiry, time);
  const width = Math.max(...fields.map((f) => f.label.length)) + 2;
  const lines = fields.map((f) => `${`${f.label}:`.padEnd(width)}${f.value}`);
  return [
    'A new project inquiry reached the studio inbox.',
    '',
    ...lines,
    '',
    'Message:',
    multiLine(inquiry.message),
    '',
    `Reply to this email to answer ${singleLine(inquiry.name)} directly.`,
    '',
  ].join('\n');
}

export function inquiryHtml(inquiry: StoredInquiry, time: StudioTime): string {
  const rows = inquiryFields(inquiry, time).map((f) =>
    `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`);
  return [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif">',
    '<p>A new project inquiry reached the studio inbox.</p>',
    `<table>${rows.join('')}</table>`,
    '<h3>Message</h3>',
    // pre-wrap keeps the inquirer's line breaks without turning their text into markup.
    `<div style="white-space:pre-wrap">${escapeHtml(multiLine(inquiry.message))}</div>`,
    `<p>Reply to this email to answer ${escapeHtml(singleLine(inquiry.name))} directly.</p>`,
    '</body></html>',
    '',
  ].join('\n');
}
