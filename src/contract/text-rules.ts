// Text rules that schemas carry as JSON Schema `pattern`s, so that every reader of a schema (the
// validator, the OpenAPI document, MCP clients) sees them. ECMA-262 syntax, matched with the `u` flag.

/**
 * One line of text: no control character at all (C0, DEL, C1 such as NEL U+0085), and neither of the
 * Unicode line and paragraph separators, which break a line as surely as a line feed in a mail header or a log.
 */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$';

/** Free text: line feed, carriage return and tab are kept; every other control character is refused. */
export const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$';

/** An absolute http(s) URL (RFC 7591 client metadata URIs): the `uri` format alone also admits javascript: and data:. */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

/**
 * A day (YYYY-MM-DD, RFC 3339 full-date) or an instant (RFC 3339 date-time with its offset). Months, hours,
 * minutes and seconds are bounded here; a day the month lacks (02-30) is left to the reader of the value.
 */
export const DATE_OR_DATE_TIME_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])'
  + '([Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d))?$';

/** A page cursor as the service hands it out (base64url): clients copy it from a `next` link, never build one. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]+$';

/**
 * The custom keyword that trims a string before its other rules are checked ("  Ada " is "Ada", and
 * must still be 2 to 120 characters). The validator (src/contract/validator.ts) implements it; other
 * readers of the schema see it as an annotation.
 */
export const TRIM_KEYWORD = 'x-trim';

interface PatternRule {
  rule: string;
  /** What is wrong, after "The field \"x\"". */
  problem: string;
  hint(field: string): string;
}

/** What each pattern means, for error messages and hints. A Map: looked up by a schema's pattern text. */
export const PATTERN_RULES: ReadonlyMap<string, PatternRule> = new Map([
  [SINGLE_LINE_PATTERN, {
    rule: 'single-line', problem: 'must not contain control characters',
    hint: (field: string) => `Send "${field}" on one line, without control characters.`,
  }],
  [MULTI_LINE_PATTERN, {
    rule: 'no-control-characters', problem: 'must not contain control characters',
    hint: (field: string) => `Remove control characters from "${field}"; line breaks and tabs are fine.`,
  }],
  [HTTP_URL_PATTERN, {
    rule: 'http-url', problem: 'must be an http or https URL',
    hint: (field: string) => `Send "${field}" as an absolute http or https URL.`,
  }],
  [DATE_OR_DATE_TIME_PATTERN, {
    rule: 'date-or-date-time', problem: 'must be a date (2026-11-23) or a date-time with its offset (2026-11-23T09:30:00Z)',
    hint: (field: string) => `Send "${field}" as YYYY-MM-DD (a day, UTC) or as an RFC 3339 date-time such as 2026-11-23T09:30:00Z.`,
  }],
  [CURSOR_PATTERN, {
    rule: 'cursor', problem: 'is not a cursor this service handed out',
    hint: (field: string) => `Follow the "next" link of the previous page instead of building "${field}".`,
  }],
]);
