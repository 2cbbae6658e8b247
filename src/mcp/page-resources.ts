import type {
  ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult, Resource, ResourceTemplateType as ResourceTemplate,
} from '@modelcontextprotocol/server';
import { pagePath, projectPath, servicePath, type Catalog } from '../catalog/catalog.js';
import type { PageTwin, PageTwins } from '../web/twin.js';
import { ProtocolError, RESOURCE_NOT_FOUND } from './jsonrpc.js';

// Every project, service and text page as an MCP resource: the Markdown twin the page answers
// `Accept: text/markdown` with, byte for byte, read from the site as it was built (never rendered a second
// way here). A resource's URI is its page's URL, so the resource and the page are one address.

const MARKDOWN = 'text/markdown';

export interface PageResourcesOptions {
  baseUrl: string;
  studioName: string;
  /** The paths of the pages served as resources, in the order resources/list gives them. */
  paths: readonly string[];
  twins: PageTwins;
}

/** The pages that are resources: every project, then every service, then every text page. */
export function resourcePaths(catalog: Catalog): string[] {
  return [
    ...catalog.projects.map((entry) => projectPath(entry.slug)),
    ...catalog.services.map((entry) => servicePath(entry.slug)),
    ...catalog.pages.map((entry) => pagePath(entry.slug)),
  ];
}

function resourceOf(path: string, twin: PageTwin): Resource {
  return {
    uri: twin.url,
    // The programmatic name: the page's path without its leading slash (projects/<slug>, services/<slug>, <slug>).
    name: path.slice(1),
    title: twin.title,
    description: twin.description,
    mimeType: MARKDOWN,
    size: twin.markdown.length,
    ...(twin.modified && { annotations: { lastModified: twin.modified.toISOString() } }),
  };
}

interface Entry {
  resource: Resource;
  text: string;
}

export class PageResources {
  /** By URI. A Map: URIs are user input, and a plain object would also "have" __proto__. */
  private entries?: ReadonlyMap<string, Entry>;
  private listing?: ListResourcesResult;
  readonly templates: ListResourceTemplatesResult;

  constructor(private readonly options: PageResourcesOptions) {
    const template: ResourceTemplate = {
      uriTemplate: options.baseUrl + projectPath('{slug}'),
      name: 'project',
      title: `${options.studioName} project`,
      description: 'A portfolio project\'s page as Markdown, by its slug (list_projects and resources/list give the slugs).',
      mimeType: MARKDOWN,
    };
    this.templates = { resourceTemplates: [template] };
  }

  /** resources/list: every page at once, no cursor (a few dozen pages, fixed until the content is reloaded). */
  list(): ListResourcesResult {
    this.listing ??= { resources: [...this.built().values()].map((entry) => entry.resource) };
    return this.listing;
  }

  /** resources/read of one page's URL; any other URI is the spec's -32602 (SEP-2164), with the URI as data. */
  read(uri: string): ReadResourceResult {
    const entry = this.built().get(uri);
    if (!entry) {
      throw new ProtocolError(RESOURCE_NOT_FOUND, 'Resource not found. resources/list names every resource of this server.', { uri });
    }
    return { contents: [{ uri, mimeType: MARKDOWN, text: entry.text }] };
  }

  /** Built on first use: the site builds its pages once the app is ready, after this surface was registered. */
  private built(): ReadonlyMap<string, Entry> {
    this.entries ??= new Map(this.options.paths.map((path) => {
      const twin = this.options.twins(path);
      if (!twin) throw new Error(`no page at ${path} to serve as a resource`);
      return [twin.url, { resource: resourceOf(path, twin), text: twin.markdown.toString('utf8') }];
    }));
    return this.entries;
  }
}
