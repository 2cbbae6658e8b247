import { coverOf, pagePath, type PageEntry } from '../../catalog/catalog.js';
import { mdText } from '../markdown.js';
import { entryImageMarkdown } from '../page-images.js';
import type { Page } from '../page.js';

/** A text page from content/pages/: its own Markdown under its title. */
export function textPage(entry: PageEntry): Page {
  const images = entryImageMarkdown(entry);
  return {
    kind: 'text',
    title: entry.title,
    description: entry.description,
    path: pagePath(entry.slug),
    cover: coverOf(entry),
    images: entry.images,
    modified: entry.modified,
    markdown: [`# ${mdText(entry.title)}`, images.cover, entry.body, images.gallery].filter(Boolean).join('\n\n'),
  };
}
