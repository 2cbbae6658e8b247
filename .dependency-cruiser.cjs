// The structure rules of src/, held by dependency-cruiser (`npm run structure`; test/project/structure.test.ts
// runs the same check in `npm test`). Each rule is one sentence of the architecture: break one and the
// suite fails with the rule's name and the import that broke it. Paths are matched from the repository's root.

/** The use cases: what the service does, free of how it is reached and where it is stored. */
const USE_CASES = '^src/(inquiries|oauth|operators|catalog|conversations)/';
/** The Notifier port's adapters (SMTP, webhook): they sit beside their use case, and may use their mail driver. */
const NOTIFIERS = '^src/inquiries/notifiers/';
/** A package, as the rules see it: by the path it resolves to. */
const npm = (...names) => `(^|/)node_modules/(${names.join('|')})/`;
/** The web framework and its plugins. */
const FASTIFY = npm('fastify', '@fastify/[^/]+', 'fastify-plugin');
/** Frameworks and drivers: the web framework, the query builder, the database and Redis clients. */
const FRAMEWORKS = [FASTIFY, npm('kysely', 'pg', 'better-sqlite3', 'better-sqlite3-node20', 'ioredis')];
/** The mailer: a driver like the others, but the notifiers' own. */
const MAILER = npm('nodemailer');
/** The rooms that reach a use case from outside (HTTP, the stores, the surfaces, the protocols): use cases import none of them. */
const OUTER_ROOMS = '^src/(http|store|rest|web|inbox|mcp|a2a|cli|oauth/http)/';
/** The composition root: it alone picks the adapters (src/compose.ts for the service, src/cli/ for the operator command). */
const COMPOSITION_ROOT = ['^src/compose\\.ts$', '^src/cli/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle, type-only ones included: a cycle makes two rooms one room with two doors, and ' +
        'hides which of them is the lower one. Cut it by giving what both need a room of its own below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'use-cases-no-framework',
      comment:
        'The use cases (inquiries, oauth without oauth/http, operators, catalog, conversations) import no framework or ' +
        'driver and nothing of the rooms outside them (HTTP kit, stores, REST, web, inbox, MCP, A2A, CLI): ' +
        'they are reached through ports, never the other way round.',
      severity: 'error',
      from: { path: USE_CASES, pathNot: ['^src/oauth/http/', NOTIFIERS] },
      to: { path: [...FRAMEWORKS, MAILER, OUTER_ROOMS] },
    },
    {
      name: 'notifiers-no-framework',
      comment:
        'The notifiers are adapters of the inquiries\' Notifier port that live in the use case\'s room: ' +
        'the same rule as use-cases-no-framework, except that they may use nodemailer, their driver.',
      severity: 'error',
      from: { path: NOTIFIERS },
      to: { path: [...FRAMEWORKS, OUTER_ROOMS] },
    },
    {
      name: 'protocol-no-fastify',
      comment:
        'MCP and A2A: the protocol modules (tools, skills, results, cards, call contexts, the SDK\'s task ' +
        'store) import no Fastify, directly or through the shared HTTP kit (src/http/). Only their ' +
        'transport files do: each plugin.ts (the context) and route.ts (the endpoint); mcp/http-rules.ts ' +
        '(the transport\'s header rules); mcp/server-card.ts (serves the card document); ' +
        'a2a/jsonrpc-errors.ts (the endpoint\'s error handler).',
      severity: 'error',
      from: {
        path: '^src/(mcp|a2a)/',
        pathNot: [
          '^src/(mcp|a2a)/(plugin|route)\\.ts$',
          '^src/mcp/(http-rules|server-card)\\.ts$',
          '^src/a2a/jsonrpc-errors\\.ts$',
        ],
      },
      to: { path: [FASTIFY, '^src/http/'] },
    },
    {
      name: 'no-deeper-internals',
      comment:
        'The adapters of the ports (the Kysely stores under src/store/, the memory rate-limit store, the ' +
        'Redis adapters under src/redis/: its connection, the rate-limit and A2A task stores) are picked by the composition ' +
        'root alone (src/compose.ts, src/cli/): every other room sees the port, never the adapter behind it.',
      severity: 'error',
      from: { path: '^src/', pathNot: [...COMPOSITION_ROOT, '^src/store/', '^src/rate-limit/', '^src/redis/'] },
      to: { path: ['^src/store/', '^src/rate-limit/memory-store\\.ts$', '^src/redis/'] },
    },
    {
      name: 'store-plumbing-stays-in-store',
      comment:
        'The database\'s plumbing (table types, migrations, the SQLite driver) is the store\'s own: not ' +
        'even the composition root imports it; it opens, migrates and backs up through the store\'s entry ' +
        'points (database, migrate, backup). Matched by name, so it holds wherever store/ files them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' },
      to: { path: '^src/store/(.*/|)(schema\\.ts$|sqlite-driver\\.ts$|migrations/)' },
    },
    {
      name: 'web-not-to-protocols',
      comment:
        'The website offers the agent operations (WebMCP, SKILL.md, the developer page) from src/agent-tools and ' +
        'the contract, never from the MCP or A2A rooms: those are two other faces of the same operations.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/(mcp|a2a)/' },
    },
    {
      name: 'agent-tools-no-surface',
      comment:
        'An agent operation is whole without any of the surfaces that offer it (MCP, A2A, the website, the ' +
        'HTTP kit, Fastify): they render it, it knows none of them.',
      severity: 'error',
      from: { path: '^src/agent-tools/' },
      to: { path: [FASTIFY, '^src/(http|mcp|a2a|web|rest)/'] },
    },
    {
      name: 'whole-config-at-the-root',
      comment:
        'The whole configuration (src/config/load.ts) is read by the composition root and the entry points ' +
        'alone (compose.ts, start.ts, the operator command): every other room is given its own section ' +
        '(src/config/<section>.ts), so what it may read is its type.',
      severity: 'error',
      from: { path: '^src/', pathNot: [...COMPOSITION_ROOT, '^src/start\\.ts$', '^src/config/'] },
      to: { path: '^src/config/load\\.ts$' },
    },
    {
      name: 'src-not-to-test',
      comment: 'The service never imports the tests, their fixtures or the benchmarks.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'no-orphans',
      comment:
        'A module nobody imports is dead code, or an entry point: the entry points are named here ' +
        '(the service\'s main.ts, the operator command\'s cli/main.ts, and ' +
        'the browser scripts under web/assets/ that pages load by URL).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: ['(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$', '\\.d\\.ts$', '^src/main\\.ts$', '^src/cli/main\\.ts$', '^src/web/assets/'],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves: one the checker cannot follow is one no rule above can see, so it fails too.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // dependency-cruiser reads TypeScript through tsc only below version 7 (ours is 7): swc parses it
    // instead, and counts `import type` like any import, so type-only cycles are seen too.
    parser: 'swc',
    // What tsc would give with type-only imports kept: stated for when the parser is tsc again.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Resolve packages as Node does for our ESM: through their "exports" (typebox, the MCP and A2A SDKs).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
