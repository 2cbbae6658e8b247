// `npm run build`, after the type check: bundles src/ into dist/ with esbuild, the service (dist/main.js)
// and the operator command (dist/cli/main.js), their shared code and their lazily imported parts in
// dist/chunks/. Why bundle: a start loaded ~1,100 ES modules and ~400 CommonJS files one by one, and Node's
// loader (resolve, stat, read, compile each) was half of the time to the first answer; one file per part
// is read and compiled at once. Plain JavaScript, so that it runs on node alone.
// `node deploy/bundle.mjs [folder]`: into dist/, or into another folder inside the repository (the tests
// bundle the source they run into one of their own; inside, so the package's imports map and node_modules
// are found from it as from dist/).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Native addons are found on disk at run time (bindings, prebuilt platform packages), and sharp is
// imported only when an image has to be made: all stay in node_modules. pg-native is pg's optional
// driver, not installed.
const external = ['better-sqlite3', 'better-sqlite3-node20', 'sharp', '@node-rs/argon2', 'pg-native'];

// The CommonJS packages inside an ES module bundle call require() for Node's built-ins: give them one.
const requireForCommonJs = "import { createRequire as createRequireForBundle } from 'node:module';\n"
  + 'const require = createRequireForBundle(import.meta.url);';

const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli/main.ts'],
  outbase: 'src',
  outdir,
  bundle: true,
  // A dynamic import() stays a separate file, loaded when first needed (the MCP SDK, nodemailer, sharp's users).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  banner: { js: requireForCommonJs },
  // Not keepNames: it re-names every function and class as it is created, closures per request too (3-6 %
  // of a read's CPU in the profile). Our error classes set their name themselves (ContentError, OAuthError…).
  keepNames: false,
  // For `node --enable-source-maps` when a stack trace has to be read against src/.
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
