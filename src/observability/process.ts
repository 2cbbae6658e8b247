import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

/**
 * The process: prom-client's defaults (CPU, memory, heap, handles, GC, event-loop lag) and the share of
 * time the event loop was busy since the previous scrape, which lag alone does not show (a loop can be
 * busy 95 % of the time with each turn short).
 */
export function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  let last = performance.eventLoopUtilization();
  new Gauge({
    name: 'studio_event_loop_utilization_ratio', help: 'Share of time the event loop was busy since the previous scrape (0 to 1).',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
}
