# syntax=docker/dockerfile:1
#
# The API node (OPS-1, docs/deploy.md): the consumer API, the H5 site and the staff console in one
# image, run as `node dist/server/main.cjs` (the prebuilt server `npm start` runs, without the demo's
# defaults). The same image runs the one-off migration job (`node dist/server/migrate.cjs`) and the
# merchant CLI (`node dist/server/merchant.cjs <command>`).
#
# NOT BUILT HERE: the machine this was written on cannot pull base images. Written against the
# official node:20 Debian images; build and try it before relying on it:
#   docker build -t shop-api .
#   docker run --rm -p 8080:8080 -e DEMO_MODE=1 -e PAYMENTS=sandbox shop-api   # demo, embedded database in /data

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the H5 site, the staff console and the server's bundles -----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# API_BASE_URL unset: the H5 site calls the origin it is served from (the balancer's)
RUN npm run build:h5 && npm run build:console && npm run build:server

# ---- runtime dependencies: the production ones (the bundles require only these: test/server/server-bundle.test.ts)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ---- the node -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist/h5 \
    CONSOLE_DIR=/app/dist/console \
    DEMO_LARGE_SHOP=0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
# the server's bundles (our TypeScript compiled in), its migrations and the demo's images
COPY --from=build /app/dist/server ./dist/server
COPY server/drizzle ./server/drizzle
COPY server/src/demo/images ./server/src/demo/images
COPY --from=build /app/dist/h5 ./dist/h5
COPY --from=build /app/dist/console ./dist/console
# the embedded database and uploads (a single node without DATABASE_URL); unused with PostgreSQL
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# liveness only (docker's own check); the balancer reads /readyz
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: not ready, SHUTDOWN_GRACE_MS, websockets closed with 1012, exit (docs/operations.md)
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.cjs"]
