// Link extraction for the website tests: same-origin href/src values of an HTML page or Markdown document.
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

export function htmlLinks(body: string): string[] {
  return [...body.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]!.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!));
}

export function markdownLinks(body: string): string[] {
  return [...body.matchAll(/\]\(<?([^)>\s]+)>?\)/g)].map((m) => m[1]!);
}

/** The path and query of a same-origin link, or undefined for other origins, mailto: and fragments. */
export function sameOriginPath(link: string, base: string): string | undefined {
  if (/^(?:mailto|tel):/i.test(link) || link.startsWith('#')) return undefined;
  const url = new URL(link, `${base}/`);
  if (url.origin !== new URL(base).origin) return undefined;
  return url.pathname + url.search;
}
