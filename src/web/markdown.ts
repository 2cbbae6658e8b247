import MarkdownIt from 'markdown-it';
import { SafeHtml } from './html.js';

// Content Markdown is rendered without raw HTML, and markdown-it's default validateLink refuses
// javascript:, vbscript:, file: and (non-image) data: links. linkify stays off: only written links are links.
const renderer = new MarkdownIt({ html: false, linkify: false, typographer: true });

export function renderMarkdown(markdown: string): SafeHtml {
  return new SafeHtml(renderer.render(markdown));
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
