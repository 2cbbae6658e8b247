import type { FastifyReply } from 'fastify';
import { PATHS } from '../contract/paths.js';

/** RFC 8288 links to the discovery documents, on every response of the origin. */
export function discoveryLinks(baseUrl: string): string {
  return [
    `<${baseUrl}${PATHS.openapi}>; rel="service-desc"; type="application/openapi+json"`,
    `<${baseUrl}${PATHS.apiCatalog}>; rel="api-catalog"; type="application/linkset+json"`,
    `<${baseUrl}${PATHS.developers}>; rel="service-doc"; type="text/html"`,
    `<${baseUrl}${PATHS.llms}>; rel="describedby"; type="text/plain"`,
    `<${baseUrl}${PATHS.skill}>; rel="describedby"; type="text/markdown"`,
    `<${baseUrl}${PATHS.mcpServerCard}>; rel="service-desc"; type="application/json"`,
    `<${baseUrl}${PATHS.agentCard}>; rel="service-desc"; type="application/json"`,
    // Agentic Resource Discovery's relation for the one index of the agent-facing documents.
    `<${baseUrl}${PATHS.aiCatalog}>; rel="ai-catalog"; type="application/json"`,
  ].join(', ');
}

/** Adds link-values to the response's Link header, after those already there (the discovery links first: security-headers.ts). */
export function appendLink(reply: FastifyReply, links: string): void {
  const existing = reply.getHeader('Link');
  reply.header('Link', existing ? `${String(existing)}, ${links}` : links);
}
