import { HONEYPOT_FIELD, Inquiry } from '../contract/inquiry.js';
import { PATHS } from '../contract/paths.js';
import { bookingOfferTemplate } from './booking/offer.js';
import { html, type SafeHtml } from './html.js';
import { enumLabel, FIELD_LABELS } from './labels.js';

// The inquiry form, generated from the contract's Inquiry schema: its fields, required set, lengths and
// enum values. Nothing here restates a limit.

/** The studio's answer time, stated once: the contact and thank-you pages and contact.js (data-thanks) read it. */
export const RESPONSE_TIME = 'within two working days';
/** The contact form's class (site.css, contact.js, and webmcp.js through src/web/webmcp-tools.ts). */
export const INQUIRY_FORM_CLASS = 'inquiry-form';
export const THANKS_TEXT = `Your inquiry has reached the studio. A principal will answer ${RESPONSE_TIME}.`;

interface FieldSchema {
  type?: string;
  format?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  description?: string;
}

export interface FormState {
  values?: Record<string, string>;
  /** Error message per field name. */
  errors?: Record<string, string>;
  /** An error not tied to a field (rate limit, origin, inbox). */
  formError?: string;
}

const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };
const LONG_TEXT = 400;

function control(name: string, schema: FieldSchema, required: boolean, value: string, describedBy: string, invalid: boolean): SafeHtml {
  const id = `f-${name}`;
  const common = html`id="${id}" name="${name}"${required ? html` required` : ''} aria-describedby="${describedBy}"${invalid ? html` aria-invalid="true"` : ''}`;
  if (schema.enum) {
    const options = schema.enum.map((v) => html`<option value="${v}"${v === value ? html` selected` : ''}>${enumLabel(name, v)}</option>`);
    return html`<select ${common}><option value=""${value === '' ? html` selected` : ''}>Choose…</option>${options}</select>`;
  }
  const lengths = html`${schema.minLength !== undefined ? html` minlength="${schema.minLength}"` : ''}${schema.maxLength !== undefined ? html` maxlength="${schema.maxLength}"` : ''}`;
  if ((schema.maxLength ?? 0) > LONG_TEXT) return html`<textarea ${common}${lengths} rows="7">${value}</textarea>`;
  const type = schema.format === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text';
  return html`<input ${common} type="${type}"${lengths} autocomplete="${AUTOCOMPLETE[name] ?? 'off'}" value="${value}">`;
}

function field(name: string, schema: FieldSchema, state: FormState): SafeHtml {
  const required = (Inquiry.required as string[]).includes(name);
  const error = state.errors?.[name];
  const hintId = `f-${name}-hint`;
  const errorId = `f-${name}-error`;
  const label = (FIELD_LABELS as Record<string, string>)[name] ?? name;
  return html`<div class="field${error ? ' has-error' : ''}" data-field="${name}">
<label for="f-${name}">${label}${required ? '' : html` <span class="optional">(optional)</span>`}</label>
${control(name, schema, required, state.values?.[name] ?? '', `${hintId} ${errorId}`, Boolean(error))}
${schema.description ? html`<p class="field-hint" id="${hintId}">${schema.description}</p>` : ''}
<p class="field-error" id="${errorId}"${error ? '' : html` hidden`}>${error ?? ''}</p>
</div>`;
}

/** The form; with `offerBooking`, also the empty offer to book a consultation that contact.js shows once the inquiry is sent. */
export function contactForm(state: FormState = {}, offerBooking = false): SafeHtml {
  const fields = Object.entries(Inquiry.properties as Record<string, FieldSchema>).map(([name, schema]) => field(name, schema, state));
  return html`<form class="${INQUIRY_FORM_CLASS}" method="post" action="${PATHS.contactPage}" data-thanks="${THANKS_TEXT}">
<div class="form-status${state.formError ? ' is-error' : ''}" role="status" aria-live="polite" tabindex="-1">${state.formError ?? ''}</div>
${fields}
<div class="hp" aria-hidden="true"><label for="f-${HONEYPOT_FIELD}">Leave this field empty</label><input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<p class="form-note">Fields without “(optional)” are required. We answer every serious inquiry ${RESPONSE_TIME}.</p>
<button type="submit" class="button">Send inquiry</button>
</form>${offerBooking ? bookingOfferTemplate() : ''}`;
}
