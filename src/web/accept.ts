// A small RFC 9110 §12.5.1 Accept parser: enough to choose between a page's two representations.
export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  /** Position in the header, to break ties in the client's own order. */
  index: number;
}

function parseQ(value: string | undefined): number {
  if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value.trim())) return value === undefined ? 1 : 0;
  return Number(value.trim());
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  const ranges: MediaRange[] = [];
  header.split(',').forEach((part, index) => {
    const [range = '', ...params] = part.split(';');
    const match = /^\s*([\w.+*!#$&^-]+)\/([\w.+*!#$&^-]+)\s*$/.exec(range);
    if (!match) return;
    const qParam = params.map((p) => p.split('=')).find(([name]) => name?.trim().toLowerCase() === 'q');
    ranges.push({ type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q: qParam ? parseQ(qParam[1]) : 1, index });
  });
  return ranges;
}

function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === type && range.subtype === subtype) return 3;
  if (range.type === type && range.subtype === '*') return 2;
  if (range.type === '*' && range.subtype === '*') return 1;
  return 0;
}

/** The range that decides an offer's quality: the most specific one that matches it. */
function decidingRange(ranges: MediaRange[], offer: string): MediaRange | undefined {
  const [type = '', subtype = ''] = offer.split('/');
  let best: MediaRange | undefined;
  let bestSpecificity = 0;
  for (const range of ranges) {
    const s = specificity(range, type, subtype);
    if (s > bestSpecificity) { best = range; bestSpecificity = s; }
  }
  return best;
}

/**
 * Picks one of `offers` (the server's preference first): highest q wins; equal q goes to the offer the
 * client named more specifically, then earlier; otherwise the server's order. No Accept: the first offer.
 * Returns undefined when the client accepts none of them.
 */
export function negotiate(header: string | undefined, offers: readonly string[]): string | undefined {
  const ranges = parseAccept(header);
  if (ranges.length === 0) return offers[0];
  let chosen: { offer: string; q: number; exact: boolean; index: number } | undefined;
  for (const offer of offers) {
    const range = decidingRange(ranges, offer);
    if (!range || range.q === 0) continue;
    const candidate = { offer, q: range.q, exact: range.subtype !== '*', index: range.index };
    const better = !chosen || candidate.q > chosen.q
      || (candidate.q === chosen.q && candidate.exact && !chosen.exact)
      || (candidate.q === chosen.q && candidate.exact && chosen.exact && candidate.index < chosen.index);
    if (better) chosen = candidate;
  }
  return chosen?.offer;
}

export const HTML = 'text/html';
export const JSON_TYPE = 'application/json';

/** Whether a form's own script asks for JSON (the API's shapes) rather than the page a browser without it gets. */
export function wantsJson(accept: string | undefined): boolean {
  return negotiate(accept, [HTML, JSON_TYPE]) === JSON_TYPE;
}
export const MARKDOWN = 'text/markdown';
export const PLAIN = 'text/plain';

/** What a page answers with: the HTML document, or its Markdown twin as Markdown or as plain text. */
export type PageFormat = typeof HTML | typeof MARKDOWN | typeof PLAIN;
const PAGE_FORMATS: readonly PageFormat[] = [HTML, MARKDOWN, PLAIN];

// Clients send few distinct Accept strings; a page answer looks its choice up instead of parsing again.
// Bounded so that made-up headers cannot grow it: the oldest entry leaves first.
const PREFERENCE_CACHE_SIZE = 256;
const preferenceCache = new Map<string, PageFormat>();

/** The page format the request prefers; HTML when it names none of them (or sends no Accept). */
export function pageFormat(accept: string | undefined): PageFormat {
  if (!accept) return HTML;
  const known = preferenceCache.get(accept);
  if (known !== undefined) return known;
  const format = (negotiate(accept, PAGE_FORMATS) ?? HTML) as PageFormat;
  if (preferenceCache.size >= PREFERENCE_CACHE_SIZE) preferenceCache.delete(preferenceCache.keys().next().value!);
  preferenceCache.set(accept, format);
  return format;
}
