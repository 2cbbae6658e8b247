import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendLink } from '../http/link-headers.js';
import { asMediaType, representation, sendRepresentation, type Representation } from '../http/representation.js';
import { HTML, MARKDOWN, pageFormat } from './accept.js';
import { layout, type PageFrame } from './layout.js';
import { LANGUAGE_TAGS, splitLocalePath } from '../words/locale.js';
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
  /** Content-Language of every representation: the page's language, which its address names. */
  language: string;
}

/** The language tag of the page at a site address: Content-Language of its answers. */
export function pageLanguage(path: string): string {
  return LANGUAGE_TAGS[splitLocalePath(path).locale];
}

/** A page's answer states its language (RFC 9110 §8.5), for HTML and Markdown alike. */
export function sayLanguage(reply: FastifyReply, rendered: { language: string }): FastifyReply {
  return reply.header('Content-Language', rendered.language);
}

export function renderPage(page: Page, frame: PageFrame): RenderedPage {
  const url = frame.baseUrl + page.path;
  const markdown = representation(markdownTwin(page, url), MARKDOWN_TYPE);
  return {
    page,
    url,
    language: pageLanguage(page.path),
    html: representation(layout(page, renderMarkdown(page.markdown, imageLookup(page.images ?? []), page.address ?? page.path), frame), HTML_TYPE),
    markdown,
    plain: asMediaType(markdown, PLAIN_TYPE),
    links: pageLinks(url),
  };
}

/** The representation the Accept header prefers (the twin as Markdown or plain text); all vary on Accept, and each links to the other. */
export function negotiatedRepresentation(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage, links = rendered.links): Representation {
  varyOnAccept(reply);
  sayLanguage(reply, rendered);
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
