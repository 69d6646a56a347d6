# syntax=docker/dockerfile:1
# MagoTips: one image serving the API and the built web client. See docs/deploy.md.
#   docker build -t magotips .
#   docker run -p 3000:3000 --env-file .env.production magotips

# Node 24 LTS by default (Node 20's support ended in April 2026); the service also runs on 20.19+
# (docs/deploy.md), e.g. --build-arg NODE_IMAGE=node:20-bookworm-slim.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the client (vite) and the server bundle (esbuild) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
# npm ci needs every workspace's package.json that the lockfile names.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies of the API only, the bundles and the migrations ----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
# The web app is static files and @magotips/contracts is bundled into dist/server.js, so only
# apps/api's runtime dependencies are installed.
RUN npm ci --omit=dev --workspace=@magotips/api --include-workspace-root=false --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
# Read at start (apps/api/src/lib/paths.ts finds apps/api/drizzle beside dist/).
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
# Served by the API (default WEB_DIST_DIR: apps/web/dist beside apps/api).
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the outbox without SMTP_URL (and PGlite without DATABASE_URL). Writable by `node`.
RUN mkdir -p /app/data && chown node:node /app/data

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
USER node
EXPOSE 3000
# No curl in the slim image: Node's fetch. 503 (database or Redis down) counts as unhealthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Without --enable-source-maps (decision 0059); NODE_OPTIONS=--enable-source-maps maps traces.
# Flags and malloc settings: as scripts/build-steps.mjs SERVER_NODE_FLAGS and SERVER_ENV
# (decisions 0060, 0088).
ENV MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=1", "apps/api/dist/server.js"]
