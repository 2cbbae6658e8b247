import type { TSchema } from 'typebox';
import type { CatalogImage } from '../catalog/catalog.js';
import type { SafeHtml } from './html.js';
import type { Locale } from '../words/locale.js';
import type { SiteContext } from './site-context.js';

/** A page of the site, Markdown first: the HTML is a layout around the rendering of `markdown`. */
export interface Page {
  title: string;
  description: string;
  /** Path on the origin, e.g. /projects/grove-courtyard-house. */
  path: string;
  /**
   * Where this view of the page answers, when not at `path`: a filtered view, `/projects?region=miami`.
   * Its canonical address and language versions stay `path`'s; its links to this address are the current page.
   */
  address?: string;
  markdown: string;
  /** Pages with a form: Markdown for the twin and HTML for the browser, placed after the main text. */
  appendix?: { markdown: string; html: SafeHtml; /** The section's accessible name; "Inquiry form" when not given. */ label?: string };
  /** A page of one person's own (their booking's manage page): never indexed, no canonical address, no preview URL. */
  personal?: boolean;
  /** The booking pages' script (src/web/assets/booking.js): each time also in the visitor's own zone. */
  bookingScript?: boolean;
  /** Layout hint for the stylesheet (home, index, detail, text). */
  kind: 'home' | 'index' | 'detail' | 'text' | 'form' | 'reference' | 'error' | 'booking';
  /** The image that stands for the page: link previews (Open Graph, Twitter) show it, the HTML preloads it. */
  cover?: CatalogImage;
  /** Every catalog image the page shows, in order (the sitemap lists them). */
  images?: readonly CatalogImage[];
  /** schema.org objects about what the page shows, sent as JSON-LD. */
  structuredData?: ReadonlyArray<Record<string, unknown>>;
  /** When the content behind the page last changed (the sitemap's lastmod). */
  modified?: Date;
  /**
   * The language of the page's own text when it is not the page's (an entry not yet translated): the
   * layout says so above it, and marks the text with its language. The page's language is its address's.
   */
  textLanguage?: Locale;
}

/**
 * The views of a page its query chooses (the projects index's filters): each built once with the pages,
 * the page itself answering the empty query. A query the schema refuses gets the `refused` view, with 400.
 */
export interface PageViews {
  /** The rules of the query, a route's querystring schema. */
  query: TSchema;
  /** The key of the view a checked query asks for: one of `views`, else the page itself. */
  keyOf(query: Record<string, unknown>): string;
  views: ReadonlyArray<{ key: string; build(ctx: SiteContext): Page }>;
  refused(ctx: SiteContext): Page;
}
