import type { MarkdownIt, Token } from 'markdown-it';
import { fallbackVariant, type CatalogImage } from '../catalog/catalog.js';
import { html } from './html.js';
import { pictureHtml, type ImageLayout } from './picture.js';

// Catalog images in a page's Markdown: `![alt](/images/…jpg "caption")`. The Markdown twin keeps the plain
// image (agents read alt, caption and the JPEG's address); the HTML gets a <picture> with every format and
// size. An image alone in a paragraph becomes a figure with its caption, linked to its largest file; one
// inside a list item is a card of a grid. The first image of a page is fetched eagerly (it is the one above the fold), every later one lazily.

/** The catalog images a page may show, by the address its Markdown names (the fallback JPEG's path). */
export type ImageLookup = ReadonlyMap<string, CatalogImage>;

export function imageLookup(images: Iterable<CatalogImage>): ImageLookup {
  return new Map([...images].map((image) => [fallbackVariant(image).path, image]));
}

interface ImageEnv {
  images?: ImageLookup;
  eagerTaken?: boolean;
}

/** Marks each image with its layout, and a paragraph holding only an image as a figure. */
function placeImages(tokens: Token[]): void {
  let listDepth = 0;
  tokens.forEach((token, i) => {
    if (token.type === 'list_item_open') listDepth += 1;
    if (token.type === 'list_item_close') listDepth -= 1;
    if (token.type !== 'inline' || !token.children) return;
    const layout: ImageLayout = listDepth > 0 ? 'card' : 'wide';
    for (const child of token.children) if (child.type === 'image') child.meta = { layout };
    const [only, ...rest] = token.children.filter((c) => !(c.type === 'text' && c.content.trim() === ''));
    const open = tokens[i - 1];
    const close = tokens[i + 1];
    if (listDepth === 0 && only?.type === 'image' && rest.length === 0 && open?.type === 'paragraph_open' && close?.type === 'paragraph_close') {
      open.meta = { figure: true };
      close.meta = { figure: true, caption: String(only.attrGet('title') ?? '') };
    }
  });
}

export function markdownImages(md: MarkdownIt): void {
  md.core.ruler.push('image_layout', (state) => placeImages(state.tokens));
  const defaultImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const state = env as ImageEnv | undefined;
    const image = state?.images?.get(String(token.attrGet('src') ?? ''));
    if (!image || !state) return defaultImage(tokens, idx, options, env, self);
    const eager = !state.eagerTaken;
    state.eagerTaken = true;
    const layout = (token.meta as { layout?: ImageLayout } | null)?.layout ?? 'wide';
    const picture = pictureHtml(image, layout, eager);
    // A wide image opens large: a plain link to its largest file, which images.js shows in a dialog.
    return layout === 'wide' ? html`<a class="enlarge" href="${fallbackVariant(image).path}">${picture}</a>`.value : picture.value;
  };
  const paragraphOpen = md.renderer.rules.paragraph_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  const paragraphClose = md.renderer.rules.paragraph_close ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.paragraph_open = (tokens, idx, options, env, self) =>
    (tokens[idx]!.meta as { figure?: boolean } | null)?.figure ? '<figure>' : paragraphOpen(tokens, idx, options, env, self);
  md.renderer.rules.paragraph_close = (tokens, idx, options, env, self) => {
    const meta = tokens[idx]!.meta as { figure?: boolean; caption?: string } | null;
    if (!meta?.figure) return paragraphClose(tokens, idx, options, env, self);
    return `${meta.caption ? html`<figcaption>${meta.caption}</figcaption>`.value : ''}</figure>\n`;
  };
}
