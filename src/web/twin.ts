import { stringify } from 'yaml';
import type { Page } from './page.js';

/** The Markdown twin of a page: YAML front matter (title, description, url), then the page's Markdown. */
export function markdownTwin(page: Page, url: string): string {
  const frontMatter = stringify({ title: page.title, description: page.description, url }, { lineWidth: 0 });
  const body = [page.markdown, page.appendix?.markdown].filter(Boolean).join('\n\n');
  return `---\n${frontMatter}---\n\n${body}\n`;
}
