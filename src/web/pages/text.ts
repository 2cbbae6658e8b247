import { coverOf, pagePath, type PageEntry } from '../../catalog/catalog.js';
import { mdText } from '../markdown.js';
import { entryImageMarkdown } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { untranslated } from './translation.js';

/** A text page from content/pages/: its own Markdown under its title. */
export function textPage(entry: PageEntry, ctx: SiteContext): Page {
  const images = entryImageMarkdown(entry);
  return {
    kind: 'text',
    title: entry.title,
    description: entry.description,
    path: ctx.href(pagePath(entry.slug)),
    cover: coverOf(entry),
    images: entry.images,
    modified: entry.modified,
    ...untranslated(entry, ctx),
    markdown: [`# ${mdText(entry.title)}`, images.cover, entry.body, images.gallery].filter(Boolean).join('\n\n'),
  };
}
