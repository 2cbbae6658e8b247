import { BookingRequest, type ConsultationType, type Slot, type SlotList } from '../../contract/consultation.js';
import { PATHS } from '../../contract/paths.js';
import { html, type SafeHtml } from '../html.js';
import { byDay, clockText, dayText } from './times.js';
import type { BookingLanguage } from './language.js';

// The booking page's HTML controls: the consultation types to choose from, a type's free times as radio
// buttons grouped by day, and the person's details. A plain form: it works without JavaScript, and
// booking.js only adds the visitor's own time beside each. Lengths come from the contract's BookingRequest.

/** The booking form's class (site.css, booking.js, and webmcp.js through src/web/webmcp-tools.ts). */
export const BOOKING_FORM_CLASS = 'booking-form';

/** The person's fields, in the form's order; inquiry_id travels hidden (carried over from an inquiry). */
export const DETAIL_FIELDS = ['name', 'email', 'phone', 'message'] as const;
/** Fields carried from page to page (the type or the weeks change) so that nothing is typed twice. */
export const CARRIED_FIELDS = [...DETAIL_FIELDS, 'inquiry_id'] as const;

export interface BookingFormState {
  values: Record<string, string>;
  /** Plain words per field name (start, name, email, …). */
  errors: Record<string, string>;
  /** One message above the form: a slot taken meanwhile, a limit, the store. */
  formError?: string;
}

/** Whether any field is carried: then moving between types and weeks posts them rather than linking. */
const carries = (values: Record<string, string>) => CARRIED_FIELDS.some((field) => (values[field] ?? '') !== '');

function hiddenCarried(values: Record<string, string>): SafeHtml[] {
  return CARRIED_FIELDS.filter((field) => (values[field] ?? '') !== '')
    .map((field) => html`<input type="hidden" name="${field}" value="${values[field]}">`);
}

/**
 * A move to another type or other weeks: a link, or, when details are carried, a small form that posts
 * them back (never in the URL, so no name or address lands in a log or a history).
 */
export function moveTo(lang: BookingLanguage, label: string, target: { type: string; from?: string }, values: Record<string, string>, rel?: string): SafeHtml {
  const page = lang.href(PATHS.bookPage);
  if (!carries(values)) {
    const query = new URLSearchParams({ type: target.type, ...(target.from && { from: target.from }) });
    return html`<a href="${page}?${query.toString()}#times"${rel ? html` rel="${rel}"` : ''}>${label}</a>`;
  }
  return html`<form class="move-form" method="post" action="${page}#times">${hiddenCarried(values)}
<input type="hidden" name="show" value="${target.type}">${target.from ? html`<input type="hidden" name="from" value="${target.from}">` : ''}
<button type="submit" class="link-button">${label}</button></form>`;
}

/** The types, each with its length, place and description, and the way to its times. */
export function typeChooser(lang: BookingLanguage, types: readonly ConsultationType[], chosen: string | undefined, values: Record<string, string>): SafeHtml {
  const { page, places } = lang.words;
  const items = types.map((type) => html`<li class="consultation-type${type.slug === chosen ? ' is-chosen' : ''}">
<h3>${type.title}</h3>
<p class="type-facts">${page.minutes(type.duration_minutes)} · ${places[type.place]}</p>
<p>${type.description}</p>
<p>${type.slug === chosen ? html`<strong>${page.chosenType}</strong>` : moveTo(lang, page.chooseType(type.title), { type: type.slug }, values)}</p>
</li>`);
  return html`<h2>${page.typesHeading}</h2><ul class="consultation-types">${items}</ul>`;
}

function slotRadio(lang: BookingLanguage, slot: Slot, index: number, zone: string, checked: boolean, invalid: boolean): SafeHtml {
  return html`<li><input type="radio" id="slot-${index}" name="start" value="${slot.start}" required${checked ? html` checked` : ''}${invalid ? html` aria-invalid="true" aria-describedby="f-start-error"` : ''}>
<label for="slot-${index}"><time class="studio-time" datetime="${slot.start}">${clockText(slot.start, zone, lang.words)}</time></label></li>`;
}

/** The free times grouped by the studio's day: a fieldset of radio buttons per day. */
export function slotPicker(lang: BookingLanguage, list: SlotList, state: BookingFormState): SafeHtml {
  const error = state.errors.start;
  let index = 0;
  const days = byDay(list.slots, list.time_zone).map(({ slots }) => html`<fieldset class="slot-day">
<legend>${dayText(slots[0]!.start, list.time_zone, lang.words)}</legend>
<ul>${slots.map((slot) => slotRadio(lang, slot, index++, list.time_zone, slot.start === state.values.start, Boolean(error)))}</ul>
</fieldset>`);
  return html`<p class="field-error" id="f-start-error"${error ? '' : html` hidden`}>${error ?? ''}</p>
${list.slots.length === 0 ? html`<p>${lang.words.page.noTimes}</p>` : days}`;
}

interface FieldRules { minLength?: number; maxLength?: number }
const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };

function detailField(lang: BookingLanguage, name: (typeof DETAIL_FIELDS)[number], state: BookingFormState): SafeHtml {
  const words = lang.words.page;
  const rules = BookingRequest.properties[name] as FieldRules;
  const required = (BookingRequest.required as string[]).includes(name);
  const error = state.errors[name];
  const id = `b-${name}`;
  const hint = name === 'phone' ? html`<p class="field-hint" id="${id}-hint">${words.phoneHint}</p>` : '';
  const attributes = html`id="${id}" name="${name}"${required ? html` required` : ''} aria-describedby="${hint ? `${id}-hint ` : ''}${id}-error"${error ? html` aria-invalid="true"` : ''}${rules.minLength !== undefined ? html` minlength="${rules.minLength}"` : ''}${rules.maxLength !== undefined ? html` maxlength="${rules.maxLength}"` : ''}`;
  const value = state.values[name] ?? '';
  const control = name === 'message'
    ? html`<textarea ${attributes} rows="4">${value}</textarea>`
    : html`<input ${attributes} type="${name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}" autocomplete="${AUTOCOMPLETE[name] ?? 'off'}" value="${value}">`;
  return html`<div class="field${error ? ' has-error' : ''}" data-field="${name}">
<label for="${id}">${words.fields[name]}${required ? '' : html` <span class="optional">${words.optional}</span>`}</label>
${control}${hint}
<p class="field-error" id="${id}-error"${error ? '' : html` hidden`}>${error ?? ''}</p>
</div>`;
}

/** The whole booking form of one type: its free times, the person's details, the button. */
export function bookingForm(lang: BookingLanguage, type: ConsultationType, list: SlotList, state: BookingFormState): SafeHtml {
  const words = lang.words.page;
  return html`<form class="${BOOKING_FORM_CLASS}" method="post" action="${lang.href(PATHS.bookPage)}">
<div class="form-status${state.formError ? ' is-error' : ''}" role="status" tabindex="-1">${state.formError ?? ''}</div>
<input type="hidden" name="type" value="${type.slug}">
${state.values.inquiry_id ? html`<input type="hidden" name="inquiry_id" value="${state.values.inquiry_id}">` : ''}
<fieldset class="slots"><legend>${words.pickLegend}</legend>
${slotPicker(lang, list, state)}
</fieldset>
<fieldset class="details"><legend>${words.detailsHeading}</legend>
${DETAIL_FIELDS.map((name) => detailField(lang, name, state))}
</fieldset>
<button type="submit" class="button">${words.submit}</button>
</form>`;
}
