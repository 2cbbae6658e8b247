import { PATHS } from '../contract/paths.js';

// The website's own addresses. Those other surfaces also name (developers, contact) come from PATHS;
// project and service pages are projectPath()/servicePath() of the catalog.
export const SITE_PATHS = {
  home: '/',
  projects: '/projects',
  services: '/services',
  developers: PATHS.developers,
  contact: PATHS.contactPage,
  /** The not-found page's own address: never served, only its twin's url when nothing else is known. */
  notFound: '/404',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  /** The WebMCP tools the pages register, made from the agent operations (src/web/webmcp-tools.ts). */
  webmcpTools: '/assets/webmcp-tools.json',
} as const;
