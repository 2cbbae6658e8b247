import type { Catalog } from '../../catalog/catalog.js';
import { PATHS } from '../../contract/paths.js';
import { html, type SafeHtml } from '../html.js';
import type { Locale } from '../../words/locale.js';
import { bookingLanguage } from './language.js';

// The offer to book a consultation after an inquiry: a POST form whose hidden fields carry the inquiry's
// name, email, phone and id to the booking page, so nothing is typed twice and nothing lands in a URL
// (where logs and histories keep it). The page without script fills it on the server; contact.js clones
// the empty one the contact page holds in a <template> and fills it from the form it just sent.

/** What the offer carries; `inquiry_id` links the booking to the inquiry (the use case checks the address). */
export interface OfferValues {
  name?: string;
  email?: string;
  phone?: string;
  inquiry_id?: string;
}

const CARRIED = ['name', 'email', 'phone', 'inquiry_id'] as const;

/** The offer in a language: its words, and the booking page in that language. */
export function bookingOffer(locale: Locale, values: OfferValues = {}): SafeHtml {
  const lang = bookingLanguage(locale);
  const words = lang.words.offer;
  return html`<div class="booking-offer">
<h2>${words.heading}</h2>
<p>${words.text}</p>
<form method="post" action="${lang.href(PATHS.bookPage)}">
<input type="hidden" name="show" value="">
${CARRIED.map((field) => html`<input type="hidden" name="${field}" value="${values[field] ?? ''}">`)}
<button type="submit" class="button">${words.button}</button>
</form>
</div>`;
}

/** The empty offer for contact.js to fill after a sent inquiry (a <template> is inert: nothing in it runs or shows). */
export const bookingOfferTemplate = (locale: Locale): SafeHtml => html`<template id="booking-offer">${bookingOffer(locale)}</template>`;

/**
 * Whether the studio offers consultations: the content's schedule with at least one type, the very source
 * the use case's offered() reads (each content reload builds a new app around its catalog).
 */
export const consultationsOffered = (catalog: Catalog): boolean => (catalog.consultations?.kinds.length ?? 0) > 0;
