import type { Project, Service } from '../contract/catalog.js';
import { projectPath, servicePath, type ProjectEntry, type ServiceEntry } from './catalog.js';

// The public API shape of catalog entries: only the contract's fields, with absolute page URLs.
export function toProjectItem(entry: ProjectEntry, baseUrl: string): Project {
  return {
    slug: entry.slug,
    title: entry.title,
    ...(entry.location !== undefined && { location: entry.location }),
    ...(entry.description !== undefined && { description: entry.description }),
    ...(entry.scope !== undefined && { scope: [...entry.scope] }),
    url: baseUrl + projectPath(entry.slug),
  };
}

export function toServiceItem(entry: ServiceEntry, baseUrl: string): Service {
  return {
    slug: entry.slug,
    title: entry.title,
    ...(entry.description !== undefined && { description: entry.description }),
    ...(entry.capabilities !== undefined && { capabilities: entry.capabilities }),
    url: baseUrl + servicePath(entry.slug),
  };
}
