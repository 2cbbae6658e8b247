import { ASKED_FIELDS, HONEYPOT_FIELD, Inquiry, type AskedField } from '../contract/inquiry.js';
import { PATHS } from '../contract/paths.js';
import { localePath, type Locale } from '../words/locale.js';
import { wordsOf, type Words } from '../words/words.js';
import { bookingOfferTemplate } from './booking/offer.js';
import { scriptFields } from './form-messages.js';
import { scriptJson } from './head.js';
import { html, type SafeHtml } from './html.js';
import { thanksParagraphs } from './inquiry-thanks.js';
import { enumLabel, fieldHints, fieldLabels } from './labels.js';
import { renderMarkdown } from './markdown.js';

// The inquiry form in a language, generated from the contract's Inquiry schema: its fields, required set,
// lengths and enum values; every word from the catalog (src/words/). Nothing here restates a limit. The
// form is sent as it is (novalidate): the studio's own words answer, never the browser's, with the script
// (src/web/assets/contact.js, from the rules block below) and without it (the server's page).

/** The contact form's class (site.css, contact.js, and webmcp.js through src/web/webmcp-tools.ts). */
export const INQUIRY_FORM_CLASS = 'inquiry-form';
/** The ids contact.js finds its rules and its thank-you text by. */
const RULES_ID = 'inquiry-form-rules';
const THANKS_ID = 'inquiry-thanks';
/** Sent as a hidden field, never asked: the page's language is the one the studio answers in. */
const LANGUAGE_FIELD = 'language' satisfies keyof Inquiry;

interface FieldSchema {
  type?: string;
  format?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
}

export interface FormState {
  values?: Record<string, string>;
  /** Error message per field name. */
  errors?: Record<string, string>;
  /** An error not tied to a field (rate limit, origin, inbox). */
  formError?: string;
}

/** Whether the form shows an error: the page's title then says so. */
export const showsError = (state: FormState): boolean => Boolean(state.formError) || Object.keys(state.errors ?? {}).length > 0;

const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };
const LONG_TEXT = 400;

interface Control { name: AskedField; schema: FieldSchema; required: boolean; value: string; invalid: boolean; locale: Locale }

function control({ name, schema, required, value, invalid, locale }: Control): SafeHtml {
  const common = html`id="f-${name}" name="${name}"${required ? html` required` : ''} aria-describedby="f-${name}-hint f-${name}-error"${invalid ? html` aria-invalid="true"` : ''}`;
  if (schema.enum) {
    const options = schema.enum.map((v) => html`<option value="${v}"${v === value ? html` selected` : ''}>${enumLabel(name, v, locale)}</option>`);
    return html`<select ${common}><option value=""${value === '' ? html` selected` : ''}>${wordsOf(locale).form.choose}</option>${options}</select>`;
  }
  const lengths = html`${schema.minLength !== undefined ? html` minlength="${schema.minLength}"` : ''}${schema.maxLength !== undefined ? html` maxlength="${schema.maxLength}"` : ''}`;
  if ((schema.maxLength ?? 0) > LONG_TEXT) return html`<textarea ${common}${lengths} rows="7">${value}</textarea>`;
  const type = schema.format === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text';
  return html`<input ${common} type="${type}"${lengths} autocomplete="${AUTOCOMPLETE[name] ?? 'off'}" value="${value}">`;
}

function field(name: AskedField, state: FormState, locale: Locale): SafeHtml {
  const schema = Inquiry.properties[name] as FieldSchema;
  const required = (Inquiry.required as string[]).includes(name);
  const error = state.errors?.[name];
  const words = wordsOf(locale).form;
  return html`<div class="field${error ? ' has-error' : ''}" data-field="${name}">
<label for="f-${name}">${fieldLabels(locale)[name]}${required ? '' : html` <span class="optional">${words.optional}</span>`}</label>
${control({ name, schema, required, value: state.values?.[name] ?? '', invalid: Boolean(error), locale })}
<p class="field-hint" id="f-${name}-hint">${fieldHints(locale)[name]}</p>
<p class="field-error" id="f-${name}-error"${error ? '' : html` hidden`}>${error ?? ''}</p>
</div>`;
}

/**
 * The list of problems at the top of the form, each a link to its field (GOV.UK's error summary): on the
 * page without script when the server refused the fields, and filled in by contact.js, which builds the
 * same list. Empty and hidden otherwise. Focused on arrival (autofocus), so it is read first.
 */
function errorSummary(words: Words, errors: Record<string, string>): SafeHtml {
  const shown = ASKED_FIELDS.filter((name) => errors[name]);
  const items = shown.map((name) => html`<li><a href="#f-${name}">${errors[name]!}</a></li>`);
  return html`<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title"${shown.length > 0 ? html` autofocus` : html` hidden`}>
<h2 id="error-summary-title">${words.form.summary}</h2>
<ul>${items}</ul>
</div>`;
}

/** A message about the whole form (rate limit, inbox unavailable, network): announced, and focused on arrival. */
function formStatus(message: string | undefined): SafeHtml {
  return html`<div class="form-status${message ? ' is-error' : ''}" role="alert" tabindex="-1"${message ? html` autofocus` : ''}>${message ?? ''}</div>`;
}

/** What contact.js reads: each field's rules from the schema with their words, and the words of the form's own messages. */
function scriptRules(words: Words, locale: Locale): SafeHtml {
  const rules = { fields: scriptFields(locale), errorTitle: words.form.errorTitle, network: words.form.network, failed: words.form.failed };
  return html`<script type="application/json" id="${RULES_ID}">${scriptJson(rules)}</script>`;
}

/** The thank-you text contact.js shows in place of the form: the thank-you page's own words. */
function thanksTemplate(words: Words, locale: Locale): SafeHtml {
  return html`<template id="${THANKS_ID}"><div class="form-status thanks" role="status" tabindex="-1">
<h2>${words.pages.thanks.heading}</h2>
${renderMarkdown(thanksParagraphs(locale).join('\n\n'))}</div></template>`;
}

/** The form in `locale`; with `offerBooking`, also the empty offer to book a consultation that contact.js shows once the inquiry is sent. */
export function contactForm(locale: Locale, state: FormState = {}, offerBooking = false): SafeHtml {
  const words = wordsOf(locale);
  const fields = ASKED_FIELDS.map((name) => field(name, state, locale));
  return html`<form class="${INQUIRY_FORM_CLASS}" method="post" action="${localePath(PATHS.contactPage, locale)}" novalidate>
${errorSummary(words, state.errors ?? {})}
${formStatus(state.formError)}
${fields}
<input type="hidden" name="${LANGUAGE_FIELD}" value="${locale}">
<div class="hp" aria-hidden="true"><label for="f-${HONEYPOT_FIELD}">${words.form.honeypot}</label><input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<p class="form-note">${words.form.note(words.form.responseTime)}</p>
<button type="submit" class="button">${words.form.submit}</button>
</form>${scriptRules(words, locale)}${thanksTemplate(words, locale)}${offerBooking ? bookingOfferTemplate(locale) : ''}`;
}
