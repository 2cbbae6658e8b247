import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { representation, sendRepresentation, type Representation } from '../http/representation.js';

// The stylesheets and the scripts: read once per process, served with a year-long cache under a
// URL that carries their ETag, so a changed file gets a new URL. The files are found through the package's
// "imports" map (#web-assets/, src/web/assets/), which holds from src/ and from any file of the bundle in dist/.
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/**
 * Every asset by its role: the site's pages use the stylesheet, the scripts and the icon; the operators'
 * inbox (src/inbox) adds its own stylesheet.
 */
const FILES = {
  stylesheet: { path: '/assets/site.css', file: 'site.css', type: CSS },
  contactScript: { path: '/assets/contact.js', file: 'contact.js', type: JS },
  /** The booking pages: each time also in the visitor's own zone, where it differs from the studio's. */
  bookingScript: { path: '/assets/booking.js', file: 'booking.js', type: JS },
  /** Opens a page's linked images large in a dialog; without it, the link opens the image itself. */
  imagesScript: { path: '/assets/images.js', file: 'images.js', type: JS },
  /** Registers the site's WebMCP tools when the browser offers WebMCP (their definitions: src/web/webmcp-tools.ts). */
  webmcpScript: { path: '/assets/webmcp.js', file: 'webmcp.js', type: JS },
  inboxStylesheet: { path: '/assets/inbox.css', file: 'inbox.css', type: CSS },
  /** The browser tab's icon, for the site and the inbox: a browser asks /favicon.ico only when a page names none. */
  icon: { path: '/assets/icon.svg', file: 'icon.svg', type: 'image/svg+xml' },
} as const;
type Role = keyof typeof FILES;

/** The versioned URL of each file, by role. */
export type FileAssets = Record<Role, string>;

export const ASSET_PATHS: readonly string[] = Object.values(FILES).map((f) => f.path);

let loaded: Record<Role, Representation> | undefined;
function representations(): Record<Role, Representation> {
  loaded ??= Object.fromEntries(Object.entries(FILES).map(([role, f]) =>
    [role, representation(readFileSync(new URL(import.meta.resolve(`#web-assets/${f.file}`)), 'utf8'), f.type, IMMUTABLE)])) as Record<Role, Representation>;
  return loaded;
}

/** An asset's URL that names its content: a changed body gets a new URL, so the year-long cache is safe. */
const versionedUrl = (path: string, rep: Representation): string => `${path}?v=${rep.etag.slice(1, 11)}`;

/** The versioned URL of every asset, for the layouts that link them. */
export function assetUrls(): FileAssets {
  const reps = representations();
  return Object.fromEntries(Object.entries(FILES).map(([role, f]) => [role, versionedUrl(f.path, reps[role as Role])])) as FileAssets;
}

/** The studio's icon where agents' documents name it (MCP's Icon): its versioned path and its media type. */
export function iconAsset(): { path: string; type: string } {
  return { path: assetUrls().icon, type: FILES.icon.type };
}

/** Serves one asset at its path and answers its versioned URL: the files below, and those the app makes from the content. */
export function registerAsset(app: FastifyInstance, path: string, rep: Representation): string {
  app.get(path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, rep));
  return versionedUrl(path, rep);
}

export function registerAssets(app: FastifyInstance): FileAssets {
  const reps = representations();
  return Object.fromEntries(Object.entries(FILES).map(([role, f]) => [role, registerAsset(app, f.path, reps[role as Role])])) as FileAssets;
}
