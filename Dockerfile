# studio-api image: a build stage that runs deploy/build.sh (the very steps test/production-install.test.ts
# runs on a copy of the repository), then a slim runtime with the build and the production dependencies only.
# Build from the repository root: docker build -t studio-api .   (deploy/compose.yaml does it for you)

FROM node:24-slim AS build
# better-sqlite3 installs a prebuilt binary when one matches; these build it from source when none does.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN sh deploy/build.sh
# Every image variant the content plans, made now: a container starts warm and no visitor waits for an encode.
# Their names hash the sharp and libvips versions, the same node_modules the runtime stage copies.
RUN IMAGE_CACHE_DIR=/app/image-cache node dist/cli/main.js images build

FROM node:24-slim
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The pages' stylesheets and scripts, read from the package's "imports" map (#web-assets/) at start.
COPY --from=build /app/src/web/assets ./src/web/assets
COPY --from=build /app/content ./content
# The node user may add variants (content reloaded with new images) to the cache baked in above.
COPY --from=build --chown=node:node /app/image-cache ./image-cache
ENV IMAGE_CACHE_DIR=/app/image-cache
# The code stays root's and read-only; the node user writes only the SQLite store (DATABASE_URL's default)
# and the image cache.
# `studio …` is the operator command (package.json "bin"), e.g. docker compose exec api-1 studio inbox list.
RUN mkdir -p data && chown node:node data \
 && chmod 755 dist/cli/main.js && ln -s /app/dist/cli/main.js /usr/local/bin/studio
USER node
VOLUME /app/data
ENV PORT=3000
EXPOSE 3000
# The service stops gracefully on SIGTERM (in-flight requests finish, within 10 s) and reloads content on SIGHUP.
STOPSIGNAL SIGTERM
# slim has no curl: node asks /healthz itself.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` execs, run directly: node is PID 1 and gets SIGTERM and SIGHUP itself (npm forwards only
# SIGINT and SIGTERM), and no npm process sits beside it. A young generation of 4 MB semi-spaces: V8's
# default grows it to 32 MB (node 20) or 64 MB (node 24) under load, resident for good (bench/README.md, Start-up).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/main.js"]
