#!/bin/sh
# npm's "prepare" script: npm runs it after `npm ci` and `npm install`. With the dev dependencies installed
# it builds dist/ (npm run build: type-checks src/, then bundles it) and draws the sample projects' images
# (deploy/sample-drawings.ts, which writes nothing once the sample projects are replaced), so
# `npm ci && npm start` works on a fresh clone. A production install
# (`npm ci --omit=dev`) has no compiler: it keeps the dist/ built before, and stops if there is none.
set -eu
if [ -x node_modules/.bin/tsc ]; then
  npm run build
  exec node --import tsx deploy/sample-drawings.ts
fi
if [ -f dist/main.js ]; then
  echo "studio-api: production install (no TypeScript compiler); the service runs the build in dist/"
  exit 0
fi
echo "studio-api: dist/ is missing and the TypeScript compiler is not installed (npm ci --omit=dev)." >&2
echo "Build first with the dev dependencies: npm ci (it builds), then npm ci --omit=dev." >&2
exit 1
