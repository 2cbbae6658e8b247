import { BookingRequest } from '../../contract/consultation.js';
import type { ApiError } from '../../contract/errors.js';
import { problemsOf, type FormRules } from '../form-messages.js';
import type { BookingFormState } from './booking-form.js';
import type { BookingLanguage } from './language.js';

// A refusal of the booking use case in a person's words: the fields' problems next to each field (the
// contract's rules, src/web/form-messages.ts), everything else one message above the form. The values
// typed are always kept. A slot taken meanwhile is answered by the routes, which offer the nearest times.

const rulesIn = (lang: BookingLanguage): FormRules => ({ schema: BookingRequest, prompts: lang.words.page.prompts });

/** What a refused booking shows; `values` are the person's, put back into the form. */
export function refusalState(lang: BookingLanguage, error: ApiError, values: Record<string, string>, body: Record<string, unknown>): BookingFormState {
  const words = lang.words.page;
  const keep = { ...values, start: '' };
  switch (error.code) {
    case 'invalid_field': {
      const problems = problemsOf(rulesIn(lang), body, lang.locale);
      // A start the grid does not offer (too soon, a changed schedule): the contract's own words say which.
      const errors = Object.keys(problems).length > 0 ? problems : { [error.field ?? 'start']: error.message };
      return { values: keep, errors, formError: words.problems(Object.keys(errors).length) };
    }
    case 'rate_limited': return { values: keep, errors: {}, formError: words.rateLimited(error.retryAfterSeconds ?? 1) };
    case 'too_many_bookings': return { values: keep, errors: {}, formError: words.tooMany };
    case 'inbox_unavailable': return { values: keep, errors: {}, formError: words.unavailable };
    default: return { values: keep, errors: {}, formError: `${error.message} ${error.hint}` };
  }
}
