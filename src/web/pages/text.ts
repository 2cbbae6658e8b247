import { coverOf, pagePath, type CatalogImage, type PageEntry } from '../../catalog/catalog.js';
import { mdText } from '../markdown.js';
import { entryImageMarkdown, placeBodyImages } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { faqData, firmData } from '../structured-data.js';
import { officesMarkdown } from './offices.js';
import { untranslated } from './translation.js';

/** What a text page tells search engines: the firm where it lists the offices, the questions where it is a FAQ. */
function textPageData(entry: PageEntry, body: string, cover: CatalogImage | undefined, ctx: SiteContext): Page['structuredData'] {
  const data = [
    ...(entry.show_offices ? [firmData(ctx, cover)] : []),
    ...(entry.faq ? [faqData(entry, body, ctx)] : []),
  ];
  return data.length > 0 ? data : undefined;
}

/**
 * A text page from content/pages/: its own Markdown under its title, its images where the body names them
 * (the rest after it), and the studio's offices at the end when its front matter asks (`show_offices`).
 */
export function textPage(entry: PageEntry, ctx: SiteContext): Page {
  const { body, placed } = placeBodyImages(entry);
  const images = entryImageMarkdown(entry, ctx.words, placed);
  // The picture at the top (and in link previews): the cover, or the first image the body does not place.
  const cover = coverOf({ images: entry.images.filter((image) => !placed.has(image)) });
  const structuredData = textPageData(entry, body, cover, ctx);
  return {
    kind: 'text',
    title: entry.title,
    description: entry.description,
    path: ctx.href(pagePath(entry.slug)),
    cover,
    images: entry.images,
    modified: entry.modified,
    ...untranslated(entry, ctx),
    ...(structuredData && { structuredData }),
    markdown: [`# ${mdText(entry.title)}`, images.cover, body, entry.show_offices && officesMarkdown(ctx), images.gallery].filter(Boolean).join('\n\n'),
  };
}
