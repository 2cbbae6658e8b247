import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { representation, sendRepresentation, type Representation } from '../http/representation.js';
import type { LayoutAssets } from './layout.js';

// The stylesheet and the contact script: read once, served with a year-long cache under a URL that
// carries their ETag, so a changed file gets a new URL. The path works from src/web and dist/web alike.
const ASSET_DIR = new URL('../../src/web/assets/', import.meta.url);
const IMMUTABLE = 'public, max-age=31536000, immutable';

function asset(name: string, contentType: string): Representation {
  return representation(readFileSync(new URL(name, ASSET_DIR), 'utf8'), contentType, IMMUTABLE);
}

function versioned(path: string, rep: Representation): string {
  return `${path}?v=${rep.etag.slice(1, 11)}`;
}

const CSS_PATH = '/assets/site.css';
const SCRIPT_PATH = '/assets/contact.js';
export const ASSET_PATHS: readonly string[] = [CSS_PATH, SCRIPT_PATH];

export function registerAssets(app: FastifyInstance): LayoutAssets {
  const css = asset('site.css', 'text/css; charset=utf-8');
  const js = asset('contact.js', 'text/javascript; charset=utf-8');
  app.get(CSS_PATH, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, css));
  app.get(SCRIPT_PATH, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, js));
  return { stylesheet: versioned(CSS_PATH, css), contactScript: versioned(SCRIPT_PATH, js) };
}
