import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { ASKED_FIELDS, BUDGETS, EXAMPLE_INQUIRY, Inquiry, INQUIRY_POLICY, LOCATIONS, PHASES } from '../contract/inquiry.js';
import { LOCALES } from '../contract/locales.js';
import { PATHS } from '../contract/paths.js';
import { Ok } from '../contract/responses.js';
import type { OperationDefinition } from './operation.js';
import { toolSchema, type ArgumentsSchema, type JsonSchema } from './schemas.js';

// submit_inquiry: a project inquiry, through the one inquiry use case (origin, the shared inquiry bucket,
// validation and storage happen there). In the browser it only fills in the contact form: the visitor sends it.

/** The Inquiry fields of the arguments; the operation's own idempotency_key travels beside them, not in the inquiry. */
const INQUIRY_FIELDS = Object.keys(Inquiry.properties);

const IDEMPOTENCY_KEY: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: INQUIRY_POLICY.idempotencyKeyMaxLength,
  description: 'Optional. A unique string chosen for this inquiry, in printable ASCII without spaces (e.g. a UUID). '
    + `Send the same key with the same fields when retrying, within ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours: `
    + 'the first answer is returned and the inquiry is stored once. The same key with other fields is refused '
    + '(idempotency_key_reused). Without a key, a retry stores a second inquiry.',
};

const ARGUMENTS: ArgumentsSchema = (() => {
  const inquiry = toolSchema(Inquiry);
  return { ...inquiry, type: 'object', properties: { ...(inquiry.properties as Record<string, JsonSchema>), idempotency_key: IDEMPOTENCY_KEY } };
})();

const TITLE = 'Submit a project inquiry';

const { inquiry: INQUIRY_LIMIT } = RATE_LIMIT_POLICIES;

const FIELDS_TEXT = `Required: name, email, message (the project: site, scope, timing), location (${LOCATIONS.join(', ')}), `
  + `budget (${BUDGETS.join(', ')}) and phase (${PHASES.join(', ')}); phone is optional. `
  + 'Use the real details the person gave you, with their consent; never invent them. ';

/** The API's and agents' own: on the website the page's language goes with the form, and nobody is asked it. */
const LANGUAGE_TEXT = `Optional language (${LOCALES.join(', ')}): the language the person wants the answer in; English when left out. `;

const LIMIT_TEXT = `At most ${INQUIRY_LIMIT.limit} inquiries per ${INQUIRY_LIMIT.windowSeconds / 60} minutes per client, shared by every way of sending one `
  + '(the website, the REST API, MCP and A2A). ';

const CONTACT = PATHS.contactPage;

export const submitInquiry: OperationDefinition = {
  title: () => TITLE,
  arguments: ARGUMENTS,
  // Not checked against its whole schema: the use case validates the Inquiry fields itself, after counting
  // the inquiry bucket (invalid submissions count too). Only the operation's own argument is checked first.
  checks: { type: 'object', properties: { idempotency_key: IDEMPOTENCY_KEY } },
  examples: [{ ...EXAMPLE_INQUIRY }],
  result: toolSchema(Ok),
  // Writes, but adds only: nothing is deleted or overwritten. Not idempotent as a hint: only a call that carries
  // an idempotency_key may be repeated without a second inquiry, and the hint speaks of every call. Open world:
  // the inquirer, an address from the arguments, is sent an acknowledgement, and the studio is told by mail.
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tool: {
    description: (studio) => `Deliver a project inquiry to the ${studio} inbox, with the same fields and rules as the website's contact form. `
      + FIELDS_TEXT
      + LANGUAGE_TEXT
      + 'A success ({"ok": true}) means the inquiry is stored and the studio will answer by email. '
      + LIMIT_TEXT
      + 'Not idempotent by itself: pass an idempotency_key and reuse it on retries to make the call safe to repeat. '
      + 'A failure is a result with isError: true carrying code, error and hint (and retry_after_seconds when you must wait).',
    purpose: 'sends a project inquiry to the studio inbox',
  },
  skill: {
    description: (studio, words) => `Delivers a project inquiry to the ${studio} inbox, with the fields and rules of POST ${PATHS.contact}. `
      + `${words.call(', ...')} with ${words.arguments}. ${FIELDS_TEXT}${LANGUAGE_TEXT}`
      + `Optional idempotency_key: reuse it on a retry within ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours and the inquiry is stored once. `
      + 'The answer is a message with a data part {"ok": true}: the inquiry is stored and the studio will answer by email. '
      + LIMIT_TEXT
      + words.refusal,
    tags: ['inquiry', 'contact', 'lead'],
  },
  browser: {
    description: (studio) => `Fill in the contact form of ${studio} (the ${CONTACT} page of this site) with a project inquiry, for the visitor to check and send: `
      + 'this tool never sends anything itself; the inquiry goes to the studio only when the visitor presses the form\'s own send button. '
      + FIELDS_TEXT
      + `On ${CONTACT} it fills in the form, then waits for the visitor: {"ok": true} once they have sent the inquiry; isError with code "not_sent" when they cleared the form instead; `
      + 'isError with code "invalid_field" and a message per field (in "fields") right away when a value does not fit the form. '
      + 'On another page it fills in nothing: isError with code "form_not_on_page" and the address to open in "url". '
      + LIMIT_TEXT,
    // The fields a person is asked: the form sends the page's language itself.
    arguments: ASKED_FIELDS,
    runs: { form: { page: CONTACT } },
  },
  // No `rateLimit` is passed, so the use case counts the inquiry bucket and reports its decision.
  run: async (args, caller, { inquiries, channel }) => {
    const fields = Object.fromEntries(INQUIRY_FIELDS.filter((f) => Object.hasOwn(args, f)).map((f) => [f, args[f]]));
    const { rateLimit } = await inquiries.submit(fields, {
      channel,
      ip: caller.ip,
      userAgent: caller.userAgent,
      origin: caller.origin,
      idempotencyKey: args.idempotency_key as string | undefined,
      clientId: caller.clientId,
    });
    return { value: { ok: true }, rateLimit };
  },
};
