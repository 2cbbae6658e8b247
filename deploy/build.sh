#!/bin/sh
# The production build, the one list of its steps: the Dockerfile's build stage runs this file, and so
# does test/deploy/production-install.test.ts on a copy of the repository. Run it at the repository's root.
set -eu
# 1. Every dependency, exactly as locked (dev ones too, even under NODE_ENV=production); npm's "prepare"
#    script (deploy/prepare.sh) type-checks src/ and bundles it into dist/ (deploy/bundle.mjs).
npm ci --include=dev
# 2. Again without the dev dependencies (TypeScript, tsx, the test tools): what the service runs on.
#    "prepare" finds no compiler this time and keeps the dist/ of step 1.
npm ci --omit=dev
