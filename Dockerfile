# Malice: the game service in a container.
#
#   docker build -t malice .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://user:password@host:5432/malice malice
#
# At start the server applies the SQL migrations in prisma/migrations (several replicas may start at once: the
# migrator takes a Postgres advisory lock), then serves GraphQL at :3000/graphql, GET /health (liveness) and
# GET /health/ready (readiness: the database and the LISTEN connection; docs/operations.md). NODE_ENV is
# production, so introspection and the explorer are off unless GRAPHQL_INTROSPECTION / GRAPHQL_EXPLORER say
# otherwise; every other setting is an environment variable too (src/config/config.ts).

# Node 24, a supported LTS line (22.14 or later also runs the server): Nest 12 is ESM-only and our CommonJS build
# loads it through require(esm). Both stages use the same Debian release, so the native modules installed in the
# first one run in the second.
ARG NODE_VERSION=24

# ---- build: every dependency, the generated Prisma client, the TypeScript compile, then production pruning --
# The full image, not -slim: should a native module have no prebuilt binary for this Node, its install script
# compiles it with python3, make and g++ from this image and the Node headers the image ships in /usr/local
# (nodedir: nothing is downloaded for it). On Node 24, argon2's prebuilt binary (Node-API 10) loads as it is.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
ENV npm_config_nodedir=/usr/local CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# `npm ci` runs our postinstall (scripts/prisma-generate.mjs: `prisma generate` from prisma/schema.prisma), so
# those files come first; this layer is reused until the lockfile or the schema changes.
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
# prisma generate (into src/generated), tsc, and the web client (Vite, then .br/.gz beside each file, into
# dist/web; docs/web.md): dist/ holds the server, the compiled Prisma client and the client's files, so the
# runtime needs neither the prisma CLI nor Vite (dev dependencies) nor src/ or web/. Pruning keeps the compiled
# argon2 and drops the dev dependencies and the optional embedded Postgres binaries (~60 MB; a container uses
# DATABASE_URL) and Vite's native bundler.
RUN npm run build && npm prune --omit=dev --omit=optional && npm cache clean --force

# ---- runtime: production dependencies, the compiled server and web client, migrations and the explorer page -
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Read at run time relative to dist/: src/db/migrator.ts and src/http/explorer.controller.ts.
COPY prisma/migrations ./prisma/migrations
COPY public ./public
# Files stay owned by root: the app (user node, uid 1000) reads them and writes nothing.
USER node
EXPOSE 3000
# Liveness: /health says the process serves, whatever the database's state. A database outage does not make the
# container unhealthy (restarting it would not bring the database back; the server reconnects by itself); take a
# copy out of a load balancer's rotation with /health/ready instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Without DATABASE_URL the server would try the embedded Postgres, which this image leaves out: say so plainly.
# `exec` makes node PID 1, so `docker stop` (SIGTERM) reaches its clean shutdown.
CMD ["sh", "-c", "if [ -z \"$DATABASE_URL\" ]; then echo 'DATABASE_URL must be set: postgresql://user:password@host:5432/database' >&2; exit 1; fi; exec node dist/main.js"]
