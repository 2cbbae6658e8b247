import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { representation, sendRepresentation, type Representation } from '../http/representation.js';
import type { LayoutAssets } from './layout.js';

// The stylesheets and the contact script: read once per process, served with a year-long cache under a
// URL that carries their ETag, so a changed file gets a new URL. The path works from src/web and dist/web alike.
const ASSET_DIR = new URL('../../src/web/assets/', import.meta.url);
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const CSS = 'text/css; charset=utf-8';

/** Every asset by its role: the site's pages use the stylesheet, the script and the icon; the operators' inbox (src/inbox) adds its own stylesheet. */
const FILES = {
  stylesheet: { path: '/assets/site.css', file: 'site.css', type: CSS },
  contactScript: { path: '/assets/contact.js', file: 'contact.js', type: 'text/javascript; charset=utf-8' },
  inboxStylesheet: { path: '/assets/inbox.css', file: 'inbox.css', type: CSS },
  /** The browser tab's icon, for the site and the inbox: a browser asks /favicon.ico only when a page names none. */
  icon: { path: '/assets/icon.svg', file: 'icon.svg', type: 'image/svg+xml' },
} as const;
type Role = keyof typeof FILES;

export interface SiteAssets extends LayoutAssets {
  inboxStylesheet: string;
}

export const ASSET_PATHS: readonly string[] = Object.values(FILES).map((f) => f.path);

let loaded: Record<Role, Representation> | undefined;
function representations(): Record<Role, Representation> {
  loaded ??= Object.fromEntries(Object.entries(FILES).map(([role, f]) =>
    [role, representation(readFileSync(new URL(f.file, ASSET_DIR), 'utf8'), f.type, IMMUTABLE)])) as Record<Role, Representation>;
  return loaded;
}

/** The versioned URL of every asset, for the layouts that link them. */
export function assetUrls(): SiteAssets {
  const reps = representations();
  return Object.fromEntries(Object.entries(FILES).map(([role, f]) => [role, `${f.path}?v=${reps[role as Role].etag.slice(1, 11)}`])) as unknown as SiteAssets;
}

export function registerAssets(app: FastifyInstance): SiteAssets {
  const reps = representations();
  for (const [role, f] of Object.entries(FILES)) {
    const rep = reps[role as Role];
    app.get(f.path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, rep));
  }
  return assetUrls();
}
