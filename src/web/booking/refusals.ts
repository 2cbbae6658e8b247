import { BookingRequest } from '../../contract/consultation.js';
import type { ApiError } from '../../contract/errors.js';
import { waitText } from '../contact-submission.js';
import { problemsOf, type FormRules } from '../form-messages.js';
import type { BookingFormState } from './booking-form.js';
import { BOOKING_WORDS } from './words.js';

// A refusal of the booking use case in a person's words: the fields' problems next to each field (the
// contract's rules, src/web/form-messages.ts), everything else one message above the form. The values
// typed are always kept. A slot taken meanwhile is answered by the routes, which offer the nearest times.

const BOOKING_RULES: FormRules = { schema: BookingRequest, prompts: BOOKING_WORDS.prompts };

/** What a refused booking shows; `values` are the person's, put back into the form. */
export function refusalState(error: ApiError, values: Record<string, string>, body: Record<string, unknown>): BookingFormState {
  const keep = { ...values, start: '' };
  switch (error.code) {
    case 'invalid_field': {
      const problems = problemsOf(BOOKING_RULES, body);
      // A start the grid does not offer (too soon, a changed schedule): the contract's own words say which.
      const errors = Object.keys(problems).length > 0 ? problems : { [error.field ?? 'start']: error.message };
      return { values: keep, errors, formError: BOOKING_WORDS.problems(Object.keys(errors).length) };
    }
    case 'rate_limited': return { values: keep, errors: {}, formError: BOOKING_WORDS.rateLimited(waitText(error.retryAfterSeconds)) };
    case 'too_many_bookings': return { values: keep, errors: {}, formError: BOOKING_WORDS.tooMany };
    case 'inbox_unavailable': return { values: keep, errors: {}, formError: BOOKING_WORDS.unavailable };
    default: return { values: keep, errors: {}, formError: `${error.message} ${error.hint}` };
  }
}
