# syntax=docker/dockerfile:1
# One image runs the shop (docs/decisions/001-stack-and-rendering.md): Node 24 runs server/*.ts
# directly (type stripping, no server build); the React client and its SSR bundle are built, and
# the server's dependencies are bundled into a small node_modules (scripts/bundle-server.ts,
# docs/decisions/025-lean-image.md).
#
#   docker build -t panel-shop .
#   docker run -p 3000:3000 -e BETTER_AUTH_SECRET=<32+ chars> -v shop-data:/data panel-shop
#
# It runs as uid 1000 (not root) and with a read-only root filesystem (`--read-only --tmpfs /tmp`):
# it writes only to /data.
#
# Without DATABASE_URL the shop keeps an embedded PostgreSQL (PGlite) in the /data volume;
# migrations and the catalog seed run at start inside server/main.ts. See .env.example.

ARG NODE_IMAGE=node:24-slim

# --- build: all dependencies, Vite client + SSR bundles into dist/, the runtime node_modules -----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# package.json travels with the lock file: its `overrides` (rolldown) must match the lock, or
# `npm ci` refuses to install.
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# Not `npm ci --omit=dev`: that installs whole packages, and the dev tools too as peer
# dependencies of runtime ones (about 330 MB). scripts/bundle-server.ts follows what the image
# runs and writes a node_modules of bundles plus the few packages that carry native code,
# WebAssembly or data files (sharp, PGlite, pdfkit's fonts): about 45 MB.
RUN npm run build && node scripts/bundle-server.ts /app/runtime

# --- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/runtime/node_modules ./node_modules
# package.json: "type": "module" makes Node treat server/*.ts as ES modules.
COPY package.json ./
COPY migrations ./migrations
COPY server ./server
# core/: rules the server shares with the client (language, roles, quantities, schemas). The
# server's imports from src/ are type-only (`import type`), which Node strips before loading.
COPY core ./core
COPY --from=build /app/dist ./dist
# App files stay root-owned (read-only for the app); only /data is writable. Prepared before
# VOLUME so a new named volume starts owned by `node` (a bind mount needs uid 1000 to write).
RUN mkdir -p /data && chown node:node /data
# By number: Kubernetes' runAsNonRoot can verify a numeric user only (`node` is uid 1000).
USER 1000:1000
VOLUME /data
EXPOSE 3000
# Liveness (/healthz: the process answers, no database call); orchestrators that route traffic ask
# /readyz. No curl in slim images: Node's fetch asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A young generation of 16 MB and an old space of 160 MB keep the resident memory near 250 MB
# under load (the live heap is about 50 MB; V8 otherwise sizes both from the machine's memory).
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=160", "server/main.ts"]
