import { catalogIn, pagePath, type Catalog } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import { LANGUAGE_TAGS, localePath, splitLocalePath, type Locale } from '../words/locale.js';
import { wordsOf, type Words } from '../words/words.js';
import { SITE_PATHS } from './site-paths.js';
import { consultationsOffered } from './booking/offer.js';
import { pageHead } from './head.js';
import { languageVersions, type LayoutAssets, type PageFrame } from './page-frame.js';
import { html, type SafeHtml } from './html.js';
import type { Page } from './page.js';

export type { LayoutAssets, PageFrame };


export interface NavItem {
  path: string;
  label: string;
}

/**
 * The site's main navigation, for the people who may build with the studio: the portfolio, the services,
 * the text pages, contact, and booking a consultation where the studio offers one. The developer documents
 * are for agents and their authors: the footer links them, discreetly.
 */
export function navigation(catalog: Catalog, locale: Locale): NavItem[] {
  const words = wordsOf(locale).site;
  const at = (path: string) => localePath(path, locale);
  return [
    { path: at(SITE_PATHS.projects), label: words.projects },
    { path: at(SITE_PATHS.services), label: words.services },
    // A page's own short name for the menu (front matter `nav`, translated with its words), else its title.
    ...catalog.pages.map((p) => ({ path: at(pagePath(p.slug)), label: p.nav ?? p.title })),
    { path: at(SITE_PATHS.contact), label: words.contact },
    ...(consultationsOffered(catalog) ? [{ path: at(PATHS.bookPage), label: wordsOf(locale).booking.nav }] : []),
  ];
}

function isCurrent(item: string, path: string): boolean {
  return item === path || path.startsWith(`${item}/`);
}


/** Links to this page in the other languages, each named in its own language. */
function languageSwitcher(page: Page, locale: Locale, frame: PageFrame): SafeHtml {
  // A filtered view (/projects?region=miami) switches to the same view: the query is the same in every language.
  const query = page.address?.includes('?') ? page.address.slice(page.address.indexOf('?')) : '';
  const others = languageVersions(page.path, frame).filter(([other]) => other !== locale);
  if (others.length === 0) return html``;
  const links = others.map(([other, at]) => {
    const words = wordsOf(other).site;
    return html`<a href="${at + query}" hreflang="${LANGUAGE_TAGS[other]}" lang="${LANGUAGE_TAGS[other]}" title="${words.switchTo}">${words.languageName}</a>`;
  });
  return html`<nav class="language" aria-label="${wordsOf(locale).site.languageNav}">${links}</nav>`;
}

function header(catalog: Catalog, page: Page, locale: Locale, frame: PageFrame): SafeHtml {
  const { path } = page;
  const words = wordsOf(locale).site;
  const home = localePath(SITE_PATHS.home, locale);
  const contact = localePath(SITE_PATHS.contact, locale);
  const items = navigation(catalog, locale).map((item) => html`<li><a href="${item.path}"${isCurrent(item.path, path) ? html` aria-current="page"` : ''}>${item.label}</a></li>`);
  return html`<header class="site-header"><div class="wrap">
<a class="brand" href="${home}"${path === home ? html` aria-current="page"` : ''}>${catalog.site.name}</a>
<nav class="main-nav" aria-label="${words.mainNav}"><ul>${items}</ul></nav>
<div class="header-actions">${languageSwitcher(page, locale, frame)}<a class="button cta" href="${contact}">${words.startProject}</a></div>
</div></header>`;
}

/** A phone number as a tel: URI (RFC 3966): its digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

function footer(catalog: Catalog, words: Words): SafeHtml {
  const { site } = catalog;
  const offices = (site.offices ?? []).map((o) => html`<li>${o.city}</li>`);
  return html`<footer class="site-footer"><div class="wrap">
<div><p class="brand">${site.name}</p><p>${site.tagline}</p></div>
<div><h2>${words.site.studio}</h2><ul>${offices}</ul>
<p><a href="mailto:${site.email}">${site.email}</a>${site.phone ? html`<br><a href="${telHref(site.phone)}">${site.phone}</a>` : ''}</p></div>
<div class="developers"><a href="${PATHS.developers}" rel="help">${words.site.forDevelopers}</a></div>
</div></footer>`;
}

/** The line above a page whose text is still in another language, saying so in the page's own. */
function untranslatedNotice(page: Page, words: Words): SafeHtml {
  return page.textLanguage ? html`<p class="untranslated" role="note">${words.site.untranslated}</p>` : html``;
}

/** The HTML document around a page's rendered Markdown, in the page's language (its address says which). Everything but `main` is escaped text. */
export function layout(page: Page, main: SafeHtml, frame: PageFrame): string {
  const { locale } = splitLocalePath(page.path);
  const catalog = catalogIn(frame.catalog, locale);
  const words = wordsOf(locale);
  const textLang = page.textLanguage ? html` lang="${LANGUAGE_TAGS[page.textLanguage]}"` : '';
  return html`<!doctype html>
<html lang="${LANGUAGE_TAGS[locale]}">
${pageHead(page, catalog, locale, frame)}
<body class="page-${page.kind}">
<a class="skip-link" href="#content">${words.site.skipLink}</a>
${header(catalog, page, locale, frame)}
<main id="content" tabindex="-1"><div class="wrap">${untranslatedNotice(page, words)}<article class="prose"${textLang}>
${main}
</article>${page.appendix ? html`<section class="appendix" aria-label="${page.appendix.label ?? 'Inquiry form'}">${page.appendix.html}</section>` : ''}</div></main>
${footer(catalog, words)}
</body>
</html>
`.value;
}
