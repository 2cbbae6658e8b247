import { catalogIn, pagePath, projectPath, servicePath, type Catalog } from '../catalog/catalog.js';
import { LOCALES, localePath, type Locale } from '../words/locale.js';
import type { Page, PageViews } from './page.js';
import { contactPage } from './pages/contact.js';
import { developersPage } from './pages/developers.js';
import { homePage } from './pages/home.js';
import { PROJECTS_INDEX_VIEWS, projectPage, projectsIndexPage } from './pages/projects.js';
import { servicePage, servicesIndexPage } from './pages/services.js';
import { textPage } from './pages/text.js';
import type { SiteContext } from './site-context.js';
import { SITE_PATHS } from './site-paths.js';

/** A page's address, known when routes are added, and its builder, run once the app is ready. */
export interface PageSource {
  path: string;
  /** The language the page is built in: its context's catalog and words. */
  locale: Locale;
  build(ctx: SiteContext): Page;
  /** The content file a text page comes from: its address is chosen by a file name, so it may collide. */
  file?: string;
  /** The views its query chooses (the projects index's filters). */
  views?: PageViews;
}

/** The pages of one language, in navigation order, at their addresses in it. */
function pagesIn(catalog: Catalog, locale: Locale): PageSource[] {
  const at = (path: string) => localePath(path, locale);
  return [
    { path: at(SITE_PATHS.home), locale, build: homePage },
    { path: at(SITE_PATHS.projects), locale, build: (ctx: SiteContext) => projectsIndexPage(ctx), views: PROJECTS_INDEX_VIEWS },
    ...catalog.projects.map((p) => ({ path: at(projectPath(p.slug)), locale, build: (ctx: SiteContext) => projectPage(p, ctx) })),
    { path: at(SITE_PATHS.services), locale, build: servicesIndexPage },
    ...catalog.services.map((s) => ({ path: at(servicePath(s.slug)), locale, build: (ctx: SiteContext) => servicePage(s, ctx) })),
    ...catalog.pages.map((entry) => ({ path: at(pagePath(entry.slug)), locale, build: (ctx: SiteContext) => textPage(entry, ctx), file: entry.file })),
    { path: at(SITE_PATHS.contact), locale, build: contactPage },
  ];
}

/**
 * Every HTML page of the site: each language's pages, then the developer page, which is written for
 * developers in English only. Whether a text page's address is free is checked where the routes are
 * added, against every route of the app (src/web/website.ts).
 */
export function pageSources(catalog: Catalog): PageSource[] {
  return [
    ...LOCALES.flatMap((locale) => pagesIn(catalogIn(catalog, locale), locale)),
    { path: SITE_PATHS.developers, locale: 'en', build: developersPage },
  ];
}
