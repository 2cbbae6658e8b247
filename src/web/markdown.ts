import MarkdownIt from 'markdown-it';
import { SafeHtml } from './html.js';
import { markdownImages, type ImageLookup } from './markdown-images.js';
import { markdownLists } from './markdown-lists.js';

// Content Markdown is rendered without raw HTML, and markdown-it's default validateLink refuses
// javascript:, vbscript:, file: and (non-image) data: links. linkify stays off: only written links are links.
const renderer = new MarkdownIt({ html: false, linkify: false, typographer: true });

/** Lower-case words joined by hyphens, accents dropped: the fragment a heading answers to (/developers#versioning, /es/faq#cuanto-cuesta-…). */
export function slugify(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// Headings get ids so that sections can be linked to; a repeated heading gets a numbered id.
renderer.core.ruler.push('heading_ids', (state) => {
  const used = new Map<string, number>();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const base = slugify(state.tokens[i + 1]?.content ?? '') || 'section';
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    token.attrSet('id', count === 0 ? base : `${base}-${count + 1}`);
  });
});

// Table alignment is a class, not markdown-it's style="text-align:…" attribute: the pages' Content-Security-Policy
// allows no inline style, and site.css aligns .align-left, .align-center and .align-right cells.
renderer.core.ruler.push('alignment_classes', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const alignment = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style') ?? ''))?.[1];
    if (!alignment) continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${alignment}`);
  }
});

// A code block scrolls sideways on a narrow screen, so a keyboard must be able to reach it (tabindex) and a
// screen reader must hear what it has reached: each <pre> is a region named "Code example N" (with its
// language when the fence gives one). The count lives in the render's env (a new object for each render).
for (const rule of ['fence', 'code_block'] as const) {
  const plain = renderer.renderer.rules[rule]!;
  renderer.renderer.rules[rule] = (tokens, idx, options, env, self) => {
    const counter = (env ?? {}) as { codeBlocks?: number };
    counter.codeBlocks = (counter.codeBlocks ?? 0) + 1;
    const language = tokens[idx]!.info.trim().split(/\s+/)[0];
    const name = `Code example ${counter.codeBlocks}${language ? ` (${language})` : ''}`;
    const attributes = ` tabindex="0" role="region" aria-label="${renderer.utils.escapeHtml(name)}"`;
    return plain(tokens, idx, options, env, self).replace(/^<pre/, `<pre${attributes}`);
  };
}

// Tables scroll sideways on a narrow screen too (site.css): focusable, so a keyboard can scroll them; a
// table keeps its own role, and with it its rows and columns, for a screen reader.
renderer.core.ruler.push('focusable_tables', (state) => {
  for (const token of state.tokens) if (token.type === 'table_open') token.attrSet('tabindex', '0');
});

renderer.use(markdownImages);
renderer.use(markdownLists);

/**
 * HTML of a page's Markdown; `images` are the catalog images it may show as pictures, `current` the
 * address the page answers at (its links there are marked as the current page).
 */
export function renderMarkdown(markdown: string, images?: ImageLookup, current?: string): SafeHtml {
  return new SafeHtml(renderer.render(markdown, { images, current }));
}

/** Escapes text placed inside generated Markdown so that a title never turns into markup. */
export function mdText(value: string): string {
  return value.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/^([#>+-])/, '\\$1');
}

/** A Markdown link; a URL with spaces or parentheses is wrapped in <> so it cannot end the link early. */
export function mdLink(text: string, url: string): string {
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>\s]/g, (c) => encodeURIComponent(c))}>` : url;
  return `[${mdText(text)}](${target})`;
}

/** A table cell: pipes and line breaks would end the cell. */
export function mdCell(value: string): string {
  return mdText(value).replace(/\r?\n/g, ' ');
}

/** A `## ` heading of a Markdown text and what follows it up to the next heading of its level or above. */
export interface MarkdownSection {
  /** The heading's text, without its Markdown. */
  heading: string;
  /** The HTML of the text under it. */
  html: string;
}

/**
 * The level-2 sections of a Markdown text, as markdown-it parses it (a FAQ's questions and answers): the
 * text before the first such heading is left out, and a deeper heading stays inside its section.
 */
export function markdownSections(markdown: string): MarkdownSection[] {
  const env = {};
  const tokens = renderer.parse(markdown, env);
  const sections: Array<{ heading: string; start: number; end: number }> = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' || Number(token.tag.slice(1)) > 2) return;
    const last = sections.at(-1);
    if (last && last.end < 0) last.end = i;
    if (token.tag !== 'h2') return;
    const heading = (tokens[i + 1]?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
    sections.push({ heading, start: i + 3, end: -1 });
  });
  return sections.map(({ heading, start, end }) => ({
    heading,
    html: renderer.renderer.render(tokens.slice(start, end < 0 ? tokens.length : end), renderer.options, env).trim(),
  }));
}
