import { pagePath, type PageEntry } from '../../catalog/catalog.js';
import { mdText } from '../markdown.js';
import type { Page } from '../page.js';

/** A text page from content/pages/: its own Markdown under its title. */
export function textPage(entry: PageEntry): Page {
  return {
    kind: 'text',
    title: entry.title,
    description: entry.description,
    path: pagePath(entry.slug),
    markdown: `# ${mdText(entry.title)}\n\n${entry.body}`,
  };
}
