import type { FastifyInstance, FastifySchema, FastifyContextConfig } from 'fastify';

export interface RouteRecord {
  method: string;
  url: string;
  schema: (FastifySchema & { operationId?: string; summary?: string; deprecated?: boolean; hide?: boolean }) | undefined;
  config: FastifyContextConfig | undefined;
}

/**
 * Every route of the app as it is added. The API index, the 405 answers and the CORS policy all read
 * this one list, so a new route shows up in each of them without being named again.
 */
export class RouteRegistry {
  readonly routes: RouteRecord[] = [];

  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        this.routes.push({ method: method.toUpperCase(), url: route.url, schema: route.schema as RouteRecord['schema'], config: route.config });
      }
    });
  }

  methodsByUrl(): Map<string, Set<string>> {
    const byUrl = new Map<string, Set<string>>();
    for (const route of this.routes) {
      if (route.url.includes('*')) continue;
      byUrl.set(route.url, (byUrl.get(route.url) ?? new Set()).add(route.method));
    }
    return byUrl;
  }

  /** Routes that are API operations: they carry an operationId. HEAD twins of GET routes are left out. */
  operations(): RouteRecord[] {
    return this.routes.filter((r) => r.schema?.operationId && r.method !== 'HEAD');
  }
}
