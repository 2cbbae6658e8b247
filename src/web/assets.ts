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

export function registerAssets(app: FastifyInstance): LayoutAssets {
  const css = asset('site.css', 'text/css; charset=utf-8');
  const js = asset('contact.js', 'text/javascript; charset=utf-8');
  app.get('/assets/site.css', { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, css));
  app.get('/assets/contact.js', { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, js));
  return { stylesheet: versioned('/assets/site.css', css), contactScript: versioned('/assets/contact.js', js) };
}
