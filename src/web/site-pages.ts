import { pagePath, projectPath, servicePath, type Catalog } from '../catalog/catalog.js';
import type { Page } from './page.js';
import { contactPage } from './pages/contact.js';
import { developersPage } from './pages/developers.js';
import { homePage } from './pages/home.js';
import { projectPage, projectsIndexPage } from './pages/projects.js';
import { servicePage, servicesIndexPage } from './pages/services.js';
import { textPage } from './pages/text.js';
import type { SiteContext } from './site-context.js';
import { SITE_PATHS } from './site-paths.js';

/** A page's address, known when routes are added, and its builder, run once the app is ready. */
export interface PageSource {
  path: string;
  build(ctx: SiteContext): Page;
  /** The content file a text page comes from: its address is chosen by a file name, so it may collide. */
  file?: string;
}

/**
 * Every HTML page of the site, in navigation order. Whether a text page's address is free is checked
 * where the routes are added, against every route of the app (src/web/website.ts).
 */
export function pageSources(catalog: Catalog): PageSource[] {
  return [
    { path: SITE_PATHS.home, build: homePage },
    { path: SITE_PATHS.projects, build: projectsIndexPage },
    ...catalog.projects.map((p) => ({ path: projectPath(p.slug), build: (ctx: SiteContext) => projectPage(p, ctx) })),
    { path: SITE_PATHS.services, build: servicesIndexPage },
    ...catalog.services.map((s) => ({ path: servicePath(s.slug), build: (ctx: SiteContext) => servicePage(s, ctx) })),
    ...catalog.pages.map((entry) => ({ path: pagePath(entry.slug), build: () => textPage(entry), file: entry.file })),
    { path: SITE_PATHS.developers, build: developersPage },
    { path: SITE_PATHS.contact, build: contactPage },
  ];
}
