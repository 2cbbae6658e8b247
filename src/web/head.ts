import type { Catalog, CatalogImage } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import type { ImageVariant } from '../images/recipe.js';
import { html, SafeHtml } from './html.js';
import type { Page } from './page.js';
import { IMAGE_SIZES, srcsetOf } from './picture.js';
import { SITE_PATHS } from './site-paths.js';
import { wordsOf } from '../words/words.js';
import { DEFAULT_LOCALE, LANGUAGE_TAGS, localePath, OG_LOCALES, type Locale } from '../words/locale.js';
import { languageVersions, type LayoutAssets, type PageFrame } from './page-frame.js';

// The <head> of every page: what a search engine, a link preview (Open Graph, Twitter) and an agent read
// before the body, and the files the browser should fetch first.


/** The width link previews are drawn at (Facebook, LinkedIn and X all recommend 1200 px). */
const PREVIEW_WIDTH = 1200;

/** The JPEG closest to the preview width: every preview service reads JPEG, not every one reads AVIF or WebP. */
export function previewVariant(image: CatalogImage): ImageVariant | undefined {
  const jpegs = image.variants.filter((v) => v.type === 'image/jpeg');
  return jpegs.reduce<ImageVariant | undefined>((best, v) =>
    best === undefined || Math.abs(v.width - PREVIEW_WIDTH) < Math.abs(best.width - PREVIEW_WIDTH) ? v : best, undefined);
}

/**
 * JSON inside <script>: the HTML parser ends the element at the first `</script`, whatever the JSON says,
 * and `<!--` changes how it looks for the end. Escaping `<`, `>` and `&` as JSON escapes keeps the same
 * value while no content can ever close or comment out the element.
 */
export function scriptJson(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Open Graph and Twitter card. `url` is undefined on an error page, which has no address of its own. */
function previewTags(page: Page, url: string | undefined, catalog: Catalog, baseUrl: string, languages: { locale: Locale; others: Locale[] }): SafeHtml[] {
  const variant = page.cover && previewVariant(page.cover);
  const image = variant && page.cover && [
    html`<meta property="og:image" content="${baseUrl + variant.path}">`,
    html`<meta property="og:image:type" content="${variant.type}">`,
    html`<meta property="og:image:width" content="${variant.width}">`,
    html`<meta property="og:image:height" content="${variant.height}">`,
    html`<meta property="og:image:alt" content="${page.cover.alt}">`,
    html`<meta name="twitter:image" content="${baseUrl + variant.path}">`,
    html`<meta name="twitter:image:alt" content="${page.cover.alt}">`,
  ];
  return [
    html`<meta property="og:type" content="${page.kind === 'home' || page.kind === 'index' ? 'website' : 'article'}">`,
    html`<meta property="og:site_name" content="${catalog.site.name}">`,
    html`<meta property="og:locale" content="${OG_LOCALES[languages.locale]}">`,
    ...languages.others.map((other) => html`<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`),
    html`<meta property="og:title" content="${page.title}">`,
    html`<meta property="og:description" content="${page.description}">`,
    ...(url ? [html`<meta property="og:url" content="${url}">`] : []),
    html`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...(image ?? []),
  ];
}

/** The kinds of page that show their cover at the top, as a wide picture (src/web/pages, page-images.ts). */
const COVER_ON_TOP: ReadonlySet<Page['kind']> = new Set(['detail', 'text']);

/**
 * The cover at the top of a page: the preload lets the browser fetch it with the stylesheet instead of
 * after it. Same srcset and sizes as the <picture>'s AVIF source, so the browser picks the same file; a
 * browser without AVIF skips the hint by its type.
 */
function coverPreload(page: Page): SafeHtml | undefined {
  if (!COVER_ON_TOP.has(page.kind) || !page.cover || !page.cover.variants.some((v) => v.type === 'image/avif')) return undefined;
  return html`<link rel="preload" as="image" type="image/avif" imagesrcset="${srcsetOf(page.cover, 'image/avif')}" imagesizes="${IMAGE_SIZES.wide}" fetchpriority="high">`;
}

/** The script that opens a page's wide images in a dialog, with its words: only where such images are (src/web/markdown-images.ts). */
function imagesScript(page: Page, locale: Locale, assets: PageFrame['assets']): SafeHtml | undefined {
  if (!COVER_ON_TOP.has(page.kind) || !page.images?.length) return undefined;
  const words = wordsOf(locale).projects.enlarge;
  return html`<script src="${assets.imagesScript}" data-close="${words.close}" data-label="${words.dialog}" defer></script>`;
}

/** The page itself, in its language, then what it is about. */
function structuredData(page: Page, url: string, locale: Locale): SafeHtml | undefined {
  if (!page.structuredData?.length) return undefined;
  const webPage = { '@type': 'WebPage', '@id': url, url, name: page.title, inLanguage: LANGUAGE_TAGS[locale] };
  return html`<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', '@graph': [webPage, ...page.structuredData] })}</script>`;
}

/**
 * hreflang alternates (each language's version of the page, this one included, and x-default for the
 * default language's), for a page that is indexed; every version names all the others, so they point back.
 */
function alternateLinks(versions: Array<[Locale, string]>, baseUrl: string): SafeHtml[] {
  if (versions.length < 2) return [];
  const fallback = versions.find(([locale]) => locale === DEFAULT_LOCALE);
  return [
    ...versions.map(([locale, at]) => html`<link rel="alternate" hreflang="${LANGUAGE_TAGS[locale]}" href="${baseUrl + at}">`),
    ...(fallback ? [html`<link rel="alternate" hreflang="x-default" href="${baseUrl + fallback[1]}">`] : []),
  ];
}

/** The WebMCP script, with its tools in the page's language and the few words it shows the visitor. */
function webmcpScript(assets: LayoutAssets, locale: Locale): SafeHtml {
  const words = wordsOf(locale).site;
  return html`<script src="${assets.webmcpScript}" data-tools="${assets.webmcpTools[locale]}" data-filled="${words.assistantFilled}" data-check="${words.assistantCheck}" data-clear="${words.assistantClear}" data-no-answer="${words.noAnswer}" defer></script>`;
}

/** The head of a page. An error page and a person's own page are never indexed, so they have no canonical address. */
export function pageHead(page: Page, catalog: Catalog, locale: Locale, frame: PageFrame): SafeHtml {
  const { baseUrl, assets } = frame;
  const url = baseUrl + page.path;
  const unindexed = page.kind === 'error' || page.personal === true;
  const versions = unindexed ? [] : languageVersions(page.path, frame);
  const others = versions.map(([other]) => other).filter((other) => other !== locale);
  const title = page.path === localePath(SITE_PATHS.home, locale) ? catalog.site.name : `${page.title} — ${catalog.site.name}`;
  const lines = [
    html`<meta charset="utf-8">`,
    html`<meta name="viewport" content="width=device-width, initial-scale=1">`,
    html`<title>${title}</title>`,
    html`<meta name="description" content="${page.description}">`,
    unindexed ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${url}">`,
    ...alternateLinks(versions, baseUrl),
    ...previewTags(page, unindexed ? undefined : url, catalog, baseUrl, { locale, others }),
    // A person's own page has no Markdown twin (src/web/booking/manage-routes.ts says why).
    !page.personal && html`<link rel="alternate" type="text/markdown" href="${url}">`,
    html`<link rel="service-desc" type="application/openapi+json" href="${PATHS.openapi}">`,
    html`<link rel="stylesheet" href="${assets.stylesheet}">`,
    html`<link rel="icon" href="${assets.icon}" type="image/svg+xml">`,
    coverPreload(page),
    page.appendix && html`<script src="${assets.contactScript}" defer></script>`,
    page.bookingScript && html`<script src="${assets.bookingScript}" defer></script>`,
    imagesScript(page, locale, assets),
    // Every page offers the tools to an agent in the browser; without WebMCP the script does nothing.
    webmcpScript(assets, locale),
    structuredData(page, url, locale),
  ].filter((line): line is SafeHtml => line instanceof SafeHtml);
  return html`<head>\n${lines.map((line) => html`${line}\n`)}</head>`;
}
