import type { FastifyInstance } from 'fastify';

/**
 * The routes one context adds itself (not those of its child contexts, which answer for their own
 * paths), observed as they are added, so that its 405 answers need no second mention of any route.
 */
export class RouteRegistry {
  private readonly byUrl = new Map<string, Set<string>>();

  constructor(scope: FastifyInstance) {
    const byUrl = this.byUrl;
    scope.addHook('onRoute', function record(this: FastifyInstance, route) {
      if (this !== scope || route.url.includes('*')) return;
      const methods = byUrl.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) methods.add(method.toUpperCase());
      byUrl.set(route.url, methods);
    });
  }

  /** The methods of each path added so far. */
  methodsByUrl(): Map<string, Set<string>> {
    return new Map([...this.byUrl].map(([url, methods]) => [url, new Set(methods)]));
  }
}
