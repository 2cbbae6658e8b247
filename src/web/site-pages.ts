import { pagePath, projectPath, servicePath, type Catalog } from '../catalog/catalog.js';
import type { Page } from './page.js';
import { contactPage } from './pages/contact.js';
import { developersPage } from './pages/developers.js';
import { homePage } from './pages/home.js';
import { projectPage, projectsIndexPage } from './pages/projects.js';
import { servicePage, servicesIndexPage } from './pages/services.js';
import { textPage } from './pages/text.js';
import type { SiteContext } from './site-context.js';

/** A page's address, known when routes are added, and its builder, run once the app is ready. */
export interface PageSource {
  path: string;
  build(ctx: SiteContext): Page;
}

const FIXED_PATHS = new Set(['/', '/projects', '/services', '/contact', '/developers', '/404']);

/** Every HTML page of the site, in navigation order. A text page may not take a fixed page's address. */
export function pageSources(catalog: Catalog): PageSource[] {
  for (const entry of catalog.pages) {
    if (FIXED_PATHS.has(pagePath(entry.slug))) throw new Error(`Content file ${entry.file}: the address ${pagePath(entry.slug)} is taken by a built-in page`);
  }
  return [
    { path: '/', build: homePage },
    { path: '/projects', build: projectsIndexPage },
    ...catalog.projects.map((p) => ({ path: projectPath(p.slug), build: (ctx: SiteContext) => projectPage(p, ctx) })),
    { path: '/services', build: servicesIndexPage },
    ...catalog.services.map((s) => ({ path: servicePath(s.slug), build: (ctx: SiteContext) => servicePage(s, ctx) })),
    ...catalog.pages.map((entry) => ({ path: pagePath(entry.slug), build: () => textPage(entry) })),
    { path: '/developers', build: developersPage },
    { path: '/contact', build: contactPage },
  ];
}
