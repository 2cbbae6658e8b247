import type { Catalog } from '../catalog/catalog.js';
import { pagePath } from '../catalog/catalog.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { SITE_PATHS } from './site-paths.js';
import { consultationsOffered } from './booking/offer.js';
import { BOOKING_WORDS } from './booking/words.js';
import { pageHead, type LayoutAssets } from './head.js';
import { html, type SafeHtml } from './html.js';
import type { Page } from './page.js';

export type { LayoutAssets };

export interface NavItem {
  path: string;
  label: string;
}

/**
 * The site's main navigation, for the people who may build with the studio: the portfolio, the services,
 * the text pages, contact, and booking a consultation where the studio offers one. The developer documents are for agents and their authors: the footer links them.
 */
export function navigation(catalog: Catalog): NavItem[] {
  return [
    { path: SITE_PATHS.projects, label: 'Projects' },
    { path: SITE_PATHS.services, label: 'Services' },
    ...catalog.pages.map((p) => ({ path: pagePath(p.slug), label: p.title.replace(/^(About|Our) (the )?/i, '') || p.title })),
    { path: SITE_PATHS.contact, label: 'Contact' },
    ...(consultationsOffered(catalog) ? [{ path: PATHS.bookPage, label: BOOKING_WORDS.nav }] : []),
  ];
}

function isCurrent(item: string, path: string): boolean {
  return item === path || path.startsWith(`${item}/`);
}

function header(catalog: Catalog, path: string): SafeHtml {
  const items = navigation(catalog).map((item) => html`<li><a href="${item.path}"${isCurrent(item.path, path) ? html` aria-current="page"` : ''}>${item.label}</a></li>`);
  return html`<header class="site-header"><div class="wrap">
<a class="brand" href="${SITE_PATHS.home}"${path === SITE_PATHS.home ? html` aria-current="page"` : ''}>${catalog.site.name}</a>
<nav aria-label="Main"><ul>${items}</ul></nav>
</div></header>`;
}

const AGENT_LINKS = [
  [PATHS.developers, 'Developer guide'], [PATHS.llms, 'llms.txt'], [PATHS.openapi, 'OpenAPI'], [OAUTH_METADATA_PATHS.authGuide, 'auth.md'],
] as const;

function footer(catalog: Catalog): SafeHtml {
  const { site } = catalog;
  const offices = (site.offices ?? []).map((o) => html`<li>${o.city}</li>`);
  return html`<footer class="site-footer"><div class="wrap">
<div><p class="brand">${site.name}</p><p>${site.tagline}</p></div>
<div><h2>Studio</h2><ul>${offices}</ul><p><a href="mailto:${site.email}">${site.email}</a>${site.phone ? html`<br>${site.phone}` : ''}</p></div>
<div><h2>For developers and agents</h2><ul>${AGENT_LINKS.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}</ul></div>
</div></footer>`;
}

/** The HTML document around a page's rendered Markdown. Everything but `main` is escaped text. */
export function layout(page: Page, main: SafeHtml, catalog: Catalog, baseUrl: string, assets: LayoutAssets): string {
  return html`<!doctype html>
<html lang="en">
${pageHead(page, catalog, baseUrl, assets)}
<body class="page-${page.kind}">
<a class="skip-link" href="#content">Skip to content</a>
${header(catalog, page.path)}
<main id="content" tabindex="-1"><div class="wrap"><article class="prose">
${main}
</article>${page.appendix ? html`<section class="appendix" aria-label="${page.appendix.label ?? 'Inquiry form'}">${page.appendix.html}</section>` : ''}</div></main>
${footer(catalog)}
</body>
</html>
`.value;
}
