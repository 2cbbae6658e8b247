import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog.js';
import { appendLink } from '../http/link-headers.js';
import { asMediaType, representation, sendRepresentation, type Representation } from '../http/representation.js';
import { HTML, MARKDOWN, pageFormat } from './accept.js';
import { layout, type LayoutAssets } from './layout.js';
import { renderMarkdown } from './markdown.js';
import type { Page } from './page.js';
import { asPage, varyOnAccept } from './response-headers.js';
import { markdownTwin } from './twin.js';
import { imageLookup } from './markdown-images.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const PLAIN_TYPE = 'text/plain; charset=utf-8';

/** The Link values a page's answers carry: each representation names the other, the twin's own address names the page. */
export interface PageLinks {
  /** On the HTML answer. */
  toMarkdown: string;
  /** On the Markdown answer. */
  toHtml: string;
  /** On <path>.md, which only ever answers with Markdown. */
  canonical: string;
}

export function pageLinks(url: string): PageLinks {
  return {
    toMarkdown: `<${url}>; rel="alternate"; type="text/markdown"`,
    toHtml: `<${url}>; rel="alternate"; type="text/html"`,
    canonical: `<${url}>; rel="canonical"; type="text/html"`,
  };
}

/** A page built once: both representations with their ETags, and the Link values of its answers. */
export interface RenderedPage {
  page: Page;
  url: string;
  html: Representation;
  markdown: Representation;
  /** The Markdown twin as text/plain, for clients that read text but do not name Markdown. */
  plain: Representation;
  links: PageLinks;
}

export function renderPage(page: Page, catalog: Catalog, baseUrl: string, assets: LayoutAssets): RenderedPage {
  const url = baseUrl + page.path;
  const markdown = representation(markdownTwin(page, url), MARKDOWN_TYPE);
  return {
    page,
    url,
    html: representation(layout(page, renderMarkdown(page.markdown, imageLookup(page.images ?? [])), catalog, baseUrl, assets), HTML_TYPE),
    markdown,
    plain: asMediaType(markdown, PLAIN_TYPE),
    links: pageLinks(url),
  };
}

/** The representation the Accept header prefers (the twin as Markdown or plain text); all vary on Accept, and each links to the other. */
export function negotiatedRepresentation(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage, links = rendered.links): Representation {
  varyOnAccept(reply);
  const format = pageFormat(request.headers.accept);
  if (format === HTML) {
    appendLink(reply, links.toMarkdown);
    asPage(reply);
    return rendered.html;
  }
  appendLink(reply, links.toHtml);
  return format === MARKDOWN ? rendered.markdown : rendered.plain;
}

export function sendNegotiated(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage): FastifyReply {
  return sendRepresentation(request, reply, negotiatedRepresentation(request, reply, rendered));
}
