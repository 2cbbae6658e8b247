import { escapeHtml } from '../lib/escape-html.js';

// Everything placed in HTML that is not rendered Markdown goes through escapeHtml.
export { escapeHtml };

/** A tagged template that escapes every interpolated value unless it is already `SafeHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string { return this.value; }
}

type Part = string | number | SafeHtml | undefined | false | null | readonly Part[];

function emit(part: Part): string {
  if (part === undefined || part === null || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(emit).join('');
  return escapeHtml(part as string | number);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => { out += emit(value) + (strings[i + 1] ?? ''); });
  return new SafeHtml(out);
}
