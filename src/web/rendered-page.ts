import type { FastifyReply, FastifyRequest } from 'fastify';
import { representation, sendRepresentation, type Representation } from '../http/representation.js';
import type { Catalog } from '../catalog/catalog.js';
import { prefersMarkdown } from './accept.js';
import { layout, type LayoutAssets } from './layout.js';
import { renderMarkdown } from './markdown.js';
import type { Page } from './page.js';
import { markdownTwin } from './twin.js';
import { addLink, addVary } from './response-headers.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** A page built once: both representations with their ETags. */
export interface RenderedPage {
  page: Page;
  url: string;
  html: Representation;
  markdown: Representation;
}

export function renderPage(page: Page, catalog: Catalog, baseUrl: string, assets: LayoutAssets): RenderedPage {
  const url = baseUrl + page.path;
  return {
    page,
    url,
    html: representation(layout(page, renderMarkdown(page.markdown), catalog, baseUrl, assets), HTML_TYPE),
    markdown: representation(markdownTwin(page, url), MARKDOWN_TYPE),
  };
}

/** The representation the Accept header prefers; both vary on Accept, and each links to the other. */
export function negotiatedRepresentation(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage, url = rendered.url): Representation {
  addVary(reply, 'Accept');
  if (prefersMarkdown(request.headers.accept)) {
    addLink(reply, `<${url}>; rel="alternate"; type="text/html"`);
    return rendered.markdown;
  }
  addLink(reply, `<${url}>; rel="alternate"; type="text/markdown"`);
  return rendered.html;
}

export function sendNegotiated(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage): FastifyReply {
  return sendRepresentation(request, reply, negotiatedRepresentation(request, reply, rendered));
}
