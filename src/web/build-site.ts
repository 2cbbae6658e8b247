import type { FastifyInstance } from 'fastify';
import { catalogIn, fallbackUrl, type Catalog } from '../catalog/catalog.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { jsonRepresentation, representation, type Representation } from '../http/representation.js';
import { skillMarkdown, skillsIndex } from './agent-skill.js';
import { llmsFullTxt, llmsTxt } from './agent-docs.js';
import { authMarkdown } from './auth-doc.js';
import { bookingOffer, consultationsOffered } from './booking/offer.js';
import { contactForm, showsError } from './contact-form.js';
import type { FormPages } from './contact-submission.js';
import { aiCatalog, API_CATALOG_TYPE, apiCatalog, robotsTxt, sitemapXml, type SitemapEntry } from './discovery.js';
import { layout, type LayoutAssets, type PageFrame } from './layout.js';
import { renderMarkdown } from './markdown.js';
import { contactPage } from './pages/contact.js';
import { notFoundPage } from './pages/not-found.js';
import { thanksPage } from './pages/thanks.js';
import { MARKDOWN_TYPE, PLAIN_TYPE, renderPage, type RenderedPage } from './rendered-page.js';
import type { OpenApiDocument } from '../http/openapi.js';
import { siteContextIn, type SiteContext } from './site-context.js';
import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, type Locale } from '../words/locale.js';
import { languageVersions } from './page-frame.js';
import type { PageSource } from './site-pages.js';
import { SITE_PATHS } from './site-paths.js';

/** Everything the site serves, built once per app on the first request that needs it (website.ts). */
export interface BuiltSite {
  /** Every language's pages, by address. */
  pages: Map<string, RenderedPage>;
  /** The views of the pages a query chooses, by the page's address: each view by its key, and the answer to a refused query. */
  views: Map<string, { byKey: Map<string, RenderedPage>; refused: RenderedPage }>;
  notFound: Record<Locale, RenderedPage>;
  /** Agent and discovery documents by path. */
  documents: Map<string, Representation>;
  formPages: Record<Locale, FormPages>;
}

export interface SiteInputs {
  catalog: Catalog;
  baseUrl: string;
  /** Whether the app answers GET at a path (documents of other surfaces are linked only when served). */
  serves(path: string): boolean;
  sources: PageSource[];
  assets: LayoutAssets;
}

/** A page in the sitemap: its versions in every language, and its images by their JPEG fallback, the one format every crawler reads. */
const sitemapEntry = ({ url, page }: RenderedPage, frame: PageFrame): SitemapEntry => ({
  url,
  modified: page.modified,
  images: (page.images ?? []).map((image) => fallbackUrl(image, frame.baseUrl)),
  alternates: languageVersions(page.path, frame).map(([locale, at]) => ({ hreflang: LANGUAGE_TAGS[locale], url: frame.baseUrl + at })),
});

type DocumentBuilder = (ctx: SiteContext, pages: RenderedPage[], frame: PageFrame) => Representation;

/** The agent and discovery documents by path: the routes are added from this map, and the site built from it. */
const DOCUMENTS = new Map<string, DocumentBuilder>([
  [PATHS.llms, (ctx, pages) => representation(llmsTxt(ctx, pages), PLAIN_TYPE)],
  [PATHS.llmsFull, (ctx, pages) => representation(llmsFullTxt(ctx, pages), PLAIN_TYPE)],
  [OAUTH_METADATA_PATHS.authGuide, (ctx) => representation(authMarkdown(ctx), MARKDOWN_TYPE)],
  [PATHS.skill, (ctx) => representation(skillMarkdown(ctx), MARKDOWN_TYPE)],
  [PATHS.skillFile, (ctx) => representation(skillMarkdown(ctx), MARKDOWN_TYPE)],
  // The digest is of the bytes the two addresses above serve: the same function builds them.
  [PATHS.skillsIndex, (ctx) => jsonRepresentation(skillsIndex(ctx, Buffer.from(skillMarkdown(ctx))))],
  // A Buffer, so the media type goes out exactly as RFC 9727 writes it (no charset parameter).
  [PATHS.apiCatalog, (ctx) => representation(Buffer.from(apiCatalog(ctx)), API_CATALOG_TYPE)],
  [PATHS.aiCatalog, (ctx) => jsonRepresentation(aiCatalog(ctx))],
  [SITE_PATHS.robots, (ctx) => representation(robotsTxt(ctx), PLAIN_TYPE)],
  [SITE_PATHS.sitemap, (_ctx, pages, frame) => representation(sitemapXml(pages.map((r) => sitemapEntry(r, frame))), 'application/xml; charset=utf-8')],
]);

export const DOCUMENT_PATHS: readonly string[] = [...DOCUMENTS.keys()];

/** The contact page re-rendered around a form state (errors, values), and the thank-you page, in one language. */
function formPages(ctx: SiteContext, frame: PageFrame): FormPages {
  const contact = contactPage(ctx);
  const thanksText = renderMarkdown(thanksPage(ctx).markdown);
  const thanks = layout(thanksPage(ctx), thanksText, frame);
  const main = renderMarkdown(contact.markdown);
  const offered = consultationsOffered(ctx.catalog);
  return {
    // With consultations, the thank-you page offers one, carrying the inquiry's details (per request).
    thanks: (offer) => (offered && offer
      ? layout({ ...thanksPage(ctx), appendix: { markdown: '', html: bookingOffer(ctx.locale, offer), label: ctx.words.booking.offer.heading } }, thanksText, frame)
      : thanks),
    // A form with errors says so in the page's title, as contact.js does while it shows them.
    form: (state) => layout({
      ...contact,
      title: showsError(state) ? ctx.words.form.errorTitle + contact.title : contact.title,
      appendix: { markdown: '', label: ctx.words.form.label, html: contactForm(ctx.locale, state, offered) },
    }, main, frame),
  };
}

/** One value per language of the site. */
function byLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
}

/** Runs once all routes exist: the developer page and llms-full.txt read the generated OpenAPI document. */
export function buildSite(app: FastifyInstance, inputs: SiteInputs): BuiltSite {
  const { catalog, baseUrl, assets, serves } = inputs;
  const openapi = app.swagger() as unknown as OpenApiDocument;
  const contexts = byLocale((locale) => siteContextIn(locale, { catalog: catalogIn(catalog, locale), baseUrl, openapi, serves }));
  const frame: PageFrame = { catalog, baseUrl, assets, serves };
  const rendered = inputs.sources.map((source) => renderPage(source.build(contexts[source.locale]), frame));
  // The agent documents are written in the default language, and list its pages.
  const own = rendered.filter((_, i) => inputs.sources[i]!.locale === DEFAULT_LOCALE);
  const documents = new Map([...DOCUMENTS].map(([path, build]) => [path, build(contexts[DEFAULT_LOCALE], path === SITE_PATHS.sitemap ? rendered : own, frame)]));
  const views = new Map(inputs.sources.flatMap((source) => {
    if (!source.views) return [];
    const ctx = contexts[source.locale];
    const byKey = new Map(source.views.views.map((view) => [view.key, renderPage(view.build(ctx), frame)]));
    return [[source.path, { byKey, refused: renderPage(source.views.refused(ctx), frame) }]];
  }));
  return {
    pages: new Map(rendered.map((r) => [r.page.path, r])),
    views,
    notFound: byLocale((locale) => renderPage(notFoundPage(contexts[locale]), frame)),
    documents,
    formPages: byLocale((locale) => formPages(contexts[locale], frame)),
  };
}
