import { stringify } from 'yaml';
import type { Page } from './page.js';

/** The Markdown twin of a page: YAML front matter (title, description, url), then the page's Markdown. */
export function markdownTwin(page: Page, url: string): string {
  const frontMatter = stringify({ title: page.title, description: page.description, url }, { lineWidth: 0 });
  const body = [page.markdown, page.appendix?.markdown].filter(Boolean).join('\n\n');
  return `---\n${frontMatter}---\n\n${body}\n`;
}

/** A page's Markdown twin as the site built it (src/web/rendered-page.ts), for surfaces that serve it other ways. */
export interface PageTwin {
  url: string;
  title: string;
  description: string;
  /** When the content behind the page last changed. */
  modified?: Date;
  /** The very bytes `Accept: text/markdown` and <path>.md answer with. */
  markdown: Buffer;
}

/** The twin of the page at a path once the site is built; undefined when no page has that path. */
export type PageTwins = (path: string) => PageTwin | undefined;
